"""What the rules share: their events frozen as data (the dice are the core's DiceLike)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec

from guide.core.state import copied

P = ParamSpec("P")
Event = dict[str, Any]      # one event a rule tells, as data (its "kind" and its fields)


def emits(fn: Callable[P, list[Event]]) -> Callable[P, list[Event]]:
    """A rule's events are data frozen at the moment they happen: copies, never views of the
    state the rule goes on changing."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> list[Event]:
        return copied(fn(*args, **kwargs))

    return wrapper
