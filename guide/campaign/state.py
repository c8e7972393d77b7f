"""The campaign state: one plain JSON-able dict, and the changes that lead from one to the next.

A command runs on a copy of the state; `diff` turns what it changed into a list of changes
(set a path to a value, or delete it), which the store keeps. Replaying the changes of the
active commands, from the latest snapshot, rebuilds exactly the same state (`apply`).
"""

from __future__ import annotations

import copy
from typing import Any

SCHEMA = 1
_DELETE = "__delete__"


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


def diff(old: Any, new: Any, path: tuple = ()) -> list[list]:
    """Changes that turn `old` into `new`: [path, value] to set, [path, "__delete__"] to remove."""
    if type(old) is not type(new):
        return [[list(path), new]]
    if isinstance(old, dict):
        out = []
        for key, value in new.items():
            if key not in old:
                out.append([list(path + (key,)), value])
            elif old[key] != value:
                out += diff(old[key], value, path + (key,))
        out += [[list(path + (key,)), _DELETE] for key in old if key not in new]
        return out
    if isinstance(old, list) and len(old) == len(new):
        out = []
        for i, (a, b) in enumerate(zip(old, new, strict=False)):
            if a != b:
                out += diff(a, b, path + (i,))
        return out
    return [] if old == new else [[list(path), new]]


def apply(state: dict, changes: list[list]) -> dict:
    """Apply changes in place (and return the state)."""
    for path, value in changes:
        if not path:
            state.clear()
            state.update(copy.deepcopy(value))
            continue
        target = state
        for key in path[:-1]:
            target = target[key]
        last = path[-1]
        if value == _DELETE:
            del target[last]
        else:
            target[last] = copy.deepcopy(value)
    return state
