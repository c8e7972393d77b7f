"""What Cave escape's state hides (Game.secret_variants, guide.core.secrets): nothing of a
character (a cooperative game: every seat sees the table), only the order of what is
still face down (C-SET-2, C-DECK-1..3): the cave tiles to draw, the event, meal and food
decks. No one's (None) until drawn, but the top tile: the page of the character to move
shows its shape among the move's turns (docs/cave.md, Seats: "the page shows the top
tile's shape once a direction is opened"), so it is that character's. The tiles keep
C-SET-2's two parts apart (the exit is among the last eleven): a swap stays inside one."""

from __future__ import annotations

from typing import Any

from guide.core.secrets import Secret
from guide.core.state import copied

from .state import CaveState, current

BOTTOM = 11          # C-SET-2: the last 10 tiles and the exit, shuffled apart
ALL = 10 ** 6


def _swap(items: list[Any], lo: int, hi: int) -> tuple[int, int] | None:
    """Two neighbours in items[lo:hi] that differ."""
    for i in range(max(lo, 0), min(hi, len(items)) - 1):
        if items[i] != items[i + 1]:
            return i, i + 1
    return None


def secret_variants(state: CaveState) -> list[Secret]:
    out: list[Secret] = []
    cut = len(state["tiles"]["draw"]) - BOTTOM
    mover = current(state)
    where: list[tuple[str, list[str], int, int, str | None]] = [
        ("the top cave tile", ["tiles", "draw"], 0, min(cut, 2),
         mover["name"] if mover is not None else None),
        ("the cave tiles' order", ["tiles", "draw"], 1, cut, None),
        ("the order of the cave's last tiles", ["tiles", "draw"], max(cut, 1), ALL, None),
        ("the event deck's order", ["events", "draw"], 0, ALL, None),
        ("the meal deck's order", ["meals", "draw"], 0, ALL, None),
        ("the food deck's order", ["food"], 0, ALL, None)]
    for what, path, lo, hi, audience in where:
        s: Any = copied(state)
        items = s
        for key in path:
            items = items[key]
        pair = _swap(items, lo, hi)
        if pair is not None:
            a, b = pair
            items[a], items[b] = items[b], items[a]
            out.append(Secret(audience, dict(s), what))
    return out
