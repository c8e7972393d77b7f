"""Variants of a state for `Game.secret_variants` (guide.core.secrets): the state copied
(guide.core.state.copied) with one hidden thing changed, in the two shapes the games' secrets
modules write: a value put in place of another (`changed`: Taverne's sealed Weapon or target)
and a face-down pile's order changed by swapping two neighbours that differ (`reordered`:
Cave escape's tiles and decks, CV's card piles). The state given is never changed."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import getitem
from typing import Any

from guide.core.state import copied

Path = Sequence[Any]           # keys and list indexes, from the state's top


def changed(state: Any, path: Path, value: Any) -> dict:
    """A copy of the state with the value at `path` replaced by `value`."""
    out = copied(state)
    reduce(getitem, path[:-1], out)[path[-1]] = value
    return dict(out)


def reordered(state: Any, path: Path, lo: int = 0, hi: int | None = None) -> dict | None:
    """A copy of the state with the first two neighbours of the list at `path` that differ,
    both within items[lo:hi], swapped; None when no two there differ (a pile of one card,
    or of cards all alike, has no order to hide)."""
    items = reduce(getitem, path, state)
    end = len(items) if hi is None else min(hi, len(items))
    at = next((i for i in range(max(lo, 0), end - 1) if items[i] != items[i + 1]), None)
    if at is None:
        return None
    out = copied(state)
    pile = reduce(getitem, path, out)
    pile[at], pile[at + 1] = pile[at + 1], pile[at]
    return dict(out)
