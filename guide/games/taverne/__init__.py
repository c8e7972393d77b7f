"""Taverne de la Licorne: the Pillar's assistant for a tavern brawl (docs/taverne.md).

Pure rules over one JSON-able state (model, counters, seating, placements, quarrels, turn,
arrivals, adjust, variants, chrono), the per-viewer view (views.view_for), the renderer of
events (render), the box (box, cards/taverne/) and the command forms (commands)."""
