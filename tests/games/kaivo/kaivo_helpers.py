"""Kaivo test helpers: the bundled deck and bots, a table laid out by hand, dice with given faces."""

from __future__ import annotations

from guide.core import turns
from guide.games.kaivo import bots, deck
from guide.games.kaivo.model import Table
from guide.games.kaivo.table import letters_for


class Faces:
    """A Dice that shows the faces it is given, then fails loudly."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def d(self, sides: int) -> int:
        face = self.faces.pop(0)
        assert 1 <= face <= sides
        return face


def rig(hands: list[list[int]], discard: list[int], deck_: list[int], turn: int = 0,
        names: list[str] | None = None) -> Table:
    """A round laid out by hand: card values per seat, the discard pile and the deck (tops
    last); the outer cards seen by their owners (K-DEAL-1)."""
    names = names or ["Ann", "Ben", "Cid", "Dee"][: len(hands)]
    cards: list[int] = []

    def ids(values: list[int]) -> list[int]:
        out = list(range(len(cards), len(cards) + len(values)))
        cards.extend(values)
        return out

    hand_ids = [ids(h) for h in hands]
    discard_ids, deck_ids = ids(discard), ids(deck_)
    order = turns.new(names)
    turns.start(order, names[turn])
    return Table(cards=cards, deck=deck_ids, discard=discard_ids, hands=hand_ids,
                 seen=[[h[0], h[-1]] for h in hand_ids], caught=[[] for _ in hands],
                 badges=[""] * len(cards), face_up=[], placed=[], order=order,
                 phase="turn", held=None, power=None, glimpsed=False, caller=None, names=names,
                 letters=letters_for(names), scores=[0] * len(hands))


def set_turn(t: Table, seat: int, played: int | None = None, starter: int | None = None) -> None:
    """A rigged round's turn: `seat` to act, after `played` turns this round, the round
    started at `starter` (each kept as it was when not given)."""
    order = t["order"]
    order["current"] = t["names"][seat]
    if played is not None:
        order["turn"] = played + 1
    if starter is not None:
        order["first"] = t["names"][starter]


rules = deck.load()            # the bundled deck file
levels = bots.load_bots()      # the bundled bots
