"""Helpers for the Cave escape tests: a started game, and rigging the next tiles and cards
without breaking the box's counts (tiles and cards are only reordered or swapped)."""

from __future__ import annotations

from guide.core.dice import Dice
from guide.games.cave.box import Box, load_box
from guide.games.cave.setup import add_character, start
from guide.games.cave.state import CaveState, new_state

BOX = load_box()


def game(*names: str, seed: int = 1, at: tuple[int, int] | None = None, box: Box = BOX,
         upright: bool = False) -> CaveState:
    state = new_state()
    for name in names or ("Ann",):
        add_character(state, box, name)
    start(state, box, Dice(seed), at, upright)
    return state


def next_tiles(state: CaveState, *tiles: tuple[str, str]) -> None:
    """Put cave tiles of these (shape, content) on top of the draw pile, in order; a missing
    pairing is made by swapping contents between two cave tiles (counts unchanged)."""
    for depth, (shape, content) in enumerate(tiles):
        draw = state["tiles"]["draw"]
        pieces = state["pieces"]
        rest = draw[depth:]
        found = next((t for t in rest if pieces[t]["shape"] == shape and pieces[t]["content"] == content),
                     None)
        if found is None:
            found = next(t for t in rest if pieces[t]["shape"] == shape)
            donor = next(t for t in [*rest, *pieces] if t.startswith("t") and t != found
                         and pieces[t]["content"] == content and t not in draw[:depth])
            pieces[found]["content"], pieces[donor]["content"] = content, pieces[found]["content"]
        draw.remove(found)
        draw.insert(depth, found)


def next_events(state: CaveState, *cards: str) -> None:
    draw = state["events"]["draw"]
    for depth, card in enumerate(cards):
        draw.remove(card)
        draw.insert(depth, card)


def next_meals(state: CaveState, *sides: tuple[str, str]) -> None:
    """Meal cards with these [unprepared, prepared] sides next; sides are swapped between cards
    when no card pairs them (counts of each side unchanged)."""
    draw = state["meals"]["draw"]
    for depth, (raw, cooked) in enumerate(sides):
        rest = draw[depth:]
        found = next((m for m in rest if m == [raw, cooked]), None)
        if found is None:
            found = next(m for m in rest if m[0] == raw)
            other = next(m for m in rest if m[1] == cooked and m is not found)
            found[1], other[1] = cooked, found[1]
        draw.remove(found)
        draw.insert(depth, found)


def faces(*values: int) -> Dice:
    """The table's own dice, in order (then seed 0)."""
    return Dice(0, faces=list(values))
