"""A campaign's state is one plain JSON-able dict (its shape is the game's); this module
holds the changes that lead from one state to the next.

A command runs on a copy of the state; `diff` turns what it changed into a list of changes
(set a path to a value, or delete it), which the store keeps. Replaying the changes of the
active commands, from the latest snapshot, rebuilds exactly the same state (`apply`).
"""

from __future__ import annotations

import copy
from typing import Any

_DELETE = "__delete__"


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
