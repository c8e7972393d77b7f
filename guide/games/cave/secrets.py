"""What Cave escape's state hides (Game.secret_variants, guide.core.secrets): nothing of a
character (a cooperative game: every seat sees the table), only the order of what is
still face down (C-SET-2, C-DECK-1..3): the cave tiles to draw, the event, meal and food
decks. No one's (None) until drawn, but the top tile: the page of the character to move
shows its shape among the move's turns (docs/cave.md, Seats: "the page shows the top
tile's shape once a direction is opened"), so it is that character's. The tiles keep
C-SET-2's two parts apart (the exit is among the last eleven): a swap stays inside one."""

from __future__ import annotations

from guide.core.secrets import Secret
from guide.core.variants import reordered

from .state import CaveState, current

BOTTOM = 11          # C-SET-2: the last 10 tiles and the exit, shuffled apart


def secret_variants(state: CaveState) -> list[Secret]:
    out: list[Secret] = []
    cut = len(state["tiles"]["draw"]) - BOTTOM
    mover = current(state)
    where: list[tuple[str, list[str], int, int | None, str | None]] = [
        ("the top cave tile", ["tiles", "draw"], 0, min(cut, 2),
         mover["name"] if mover is not None else None),
        ("the cave tiles' order", ["tiles", "draw"], 1, cut, None),
        ("the order of the cave's last tiles", ["tiles", "draw"], max(cut, 1), None, None),
        ("the event deck's order", ["events", "draw"], 0, None, None),
        ("the meal deck's order", ["meals", "draw"], 0, None, None),
        ("the food deck's order", ["food"], 0, None, None)]
    for what, path, lo, hi, audience in where:
        variant = reordered(state, path, lo, hi)        # two neighbours in items[lo:hi] swapped
        if variant is not None:
            out.append(Secret(audience, variant, what))
    return out
