"""Cave escape (docs/cave.md; rules page cave-escape.md, ids C-...): the companion is the whole box.

Pure rules over a JSON-able state (state.py), the box as data (box.py, cards/cave/box.yaml),
the map (mapview.py), the event renderer (render.py) and the headless simulator (sim.py).
"""
