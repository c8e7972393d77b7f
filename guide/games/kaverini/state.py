"""Kaverini's campaign state: one JSON-able dict (the store diffs it, undo rebuilds it)."""

from __future__ import annotations

SCHEMA = 1          # the `guide state` JSON's schema (../shared/docs/table-script.md)


def new_state() -> dict:
    return {
        "adventure": None,        # {"id", "title", "currency"} of the running adventure
        "kaverit": [],            # Kaveri sheets, in the order they joined
        "companions": [],         # companion card names with the party
        "lost_companions": [],    # companions that left for the rest of the adventure
        "buddies": [],            # {"name", "hp", "max_hp"}
        "confrontation": None,
        "quotes_told": [],
        "npcs": [],               # friendly characters already engaged (R-QL-2)
        "shop_wp": [],            # shops where a world point was spent this visit (R-WP-4)
        "house": {},              # house rules switched from their defaults
        "tweaks": {},             # card key -> {stat: value}, this campaign only (7.3)
        "flipped": [],            # double-sided cards showing their back (5.6)
        "strategy": None,
    }
