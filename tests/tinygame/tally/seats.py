"""Tally's players and what each seat may do: the players are the state's turn order
(guide.core.turns: everyone in play has a seat of their own, and the core learns whose turn
it is from it), and a seat's moves are data: the command and its values by parameter name
(`table.registry.move`), from which the core writes the line, quoted as it needs, whatever
the names hold."""

from __future__ import annotations

from guide.core import turns
from guide.core.i18n import domain
from guide.core.moves import Move
from guide.core.players import Player
from guide.core.sealed import code

from .rules import FACES

_, ngettext, pgettext = domain("tally", __package__).functions()


def players(table) -> list[Player]:
    return turns.players(table.state["turns"])


def moves(table, seat: str) -> list[Move]:
    """A guess of each face, on the seat's turn (or to open a round, when it is nobody's),
    until it has guessed this round."""
    box, now = table.state["guesses"], turns.current(table.state["turns"])
    if now not in (None, seat) or (seat in box["choices"] and not box["revealed"]):
        return []
    return [guess(table, seat, face) for face in FACES]


def guess(table, seat: str, face: int) -> Move:
    """The seat's guess of `face`, which names the face by the seat's code
    (guide.core.sealed.code): the line the journal keeps, and the terminal's undo and redo
    say, tells nothing of it."""
    return table.registry.move("guess", _("guess {face}").format(face=face), name=seat,
                               face=code(table.state["guesses"], seat, face) or face)


def guess_line(table, seat: str, face: int) -> str:
    """The line a seat's page sends for that guess now (the tests send it as a page would)."""
    return guess(table, seat, face).line
