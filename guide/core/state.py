"""A campaign's state is one plain JSON-able dict (its shape is the game's); this module
holds the changes that lead from one state to the next.

A command runs on a copy of the state; `diff` turns what it changed into a list of changes,
which the store keeps. Replaying the changes of the active commands, from the latest
snapshot, rebuilds exactly the same state (`apply`).

A change names what it does in its first item, so no value a user types can be read as
anything but a value: `["set", path, value]` or `["del", path]`. Campaigns written before
(store schema 1) hold `[path, value]` pairs, where the value `"__delete__"` meant a
deletion (a name typed as `__delete__` was lost that way); `apply` still reads them as they
were written and replayed then, so an old journal rebuilds the state it always did.
"""

from __future__ import annotations

import pickle
from typing import Any, TypeVar

SET, DELETE = "set", "del"
LEGACY_DELETE = "__delete__"     # the deletion marker of schema-1 journals (read only)

Change = list[Any]
T = TypeVar("T")


def copied(state: T) -> T:
    """A copy of a state, or of any part of one, to change without touching the original.
    A state is JSON data (dicts, lists, strings, numbers, booleans, None: the store keeps it
    as JSON), for which a pickle round trip gives what copy.deepcopy gives (shared parts stay
    shared) in about a fifth of the time; every command copies the state it runs on."""
    if state is None or isinstance(state, (str, int, float)):
        return state                  # a string, a number, True or None is its own copy
    copy: T = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    return copy


def diff(old: Any, new: Any, path: tuple = ()) -> list[Change]:
    """Changes that turn `old` into `new`: ["set", path, value], ["del", path]."""
    if type(old) is not type(new):
        return [[SET, list(path), new]]
    if isinstance(old, dict):
        out: list[Change] = []
        for key, value in new.items():
            if key not in old:
                out.append([SET, list(path + (key,)), value])
            elif old[key] != value:
                out += diff(old[key], value, path + (key,))
        out += [[DELETE, list(path + (key,))] for key in old if key not in new]
        return out
    if isinstance(old, list) and len(old) == len(new):
        out = []
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                out += diff(a, b, path + (i,))
        return out
    return [] if old == new else [[SET, list(path), new]]


def well_formed(change: Any) -> bool:
    """Is this a change `apply` reads (this encoding or schema 1's)?"""
    if not isinstance(change, list) or not change:
        return False
    if change[0] == SET:
        return len(change) == 3 and isinstance(change[1], list)
    if change[0] == DELETE:
        return len(change) == 2 and isinstance(change[1], list) and bool(change[1])
    return len(change) == 2 and isinstance(change[0], list)        # schema 1: [path, value]


def apply(state: dict, changes: list[Change]) -> dict:
    """Apply changes in place (and return the state)."""
    for change in changes:
        if change[0] == SET:
            _set(state, change[1], change[2])
        elif change[0] == DELETE:
            _delete(state, change[1])
        elif change[1] == LEGACY_DELETE and change[0]:             # schema 1's deletion
            _delete(state, change[0])
        else:                                                      # schema 1's [path, value]
            _set(state, change[0], change[1])
    return state


def _set(state: dict, path: list, value: Any) -> None:
    if not path:
        state.clear()
        state.update(copied(value))
        return
    _parent(state, path)[path[-1]] = copied(value)


def _delete(state: dict, path: list) -> None:
    del _parent(state, path)[path[-1]]


def _parent(state: dict, path: list) -> Any:
    target: Any = state
    for key in path[:-1]:
        target = target[key]
    return target
