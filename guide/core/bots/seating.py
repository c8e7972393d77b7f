"""The bots at a table: which seats a bot plays and at which level (`bot NAME`), kept in the
campaign file outside the journal (undo never takes a bot away), and their next move.

A bot plays when its seat has a move, one move at a time, as an ordinary command from that
seat (one transaction, its story saying "a bot" played it). After an undo the bots wait for
a person's next command (`Table.bots_wait`), so that an undo is never a free re-roll. A
move the table refuses is not tried again until something changes.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from guide.core.bots import choose, kit_of

if TYPE_CHECKING:
    from guide.core.result import Result
    from guide.core.table import Table


class BotSeats:
    def __init__(self, table: Table):
        self.table = table
        store = table.store
        self.levels: dict[str, str] = dict(store.bot_seats()) if store is not None else {}
        seed = table.dice.seed
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(64)
        self.count = 0                   # bot moves made (a table without a store counts them)
        self._refused: tuple[int, str, str] | None = None   # (changed, seat, line) refused
        self.last: str | None = None     # the seat of the last bot move: the next asked after it

    def set(self, seat: str, level: str | None) -> None:
        """A bot of that level takes the seat (None: it goes back to a person)."""
        if level is None:
            self.levels.pop(seat, None)
        else:
            self.levels[seat] = level
        if self.table.store is not None and not self.table.store.read_only:
            self.table.store.save_bot_seats(self.levels)

    def level(self, seat: str) -> str | None:
        return self.levels.get(seat)

    def number(self) -> int:
        """The move number a bot's numbers are seeded from: the commands the journal holds
        (undone ones not counted), so the same point of the game gives the same choice."""
        store = self.table.store
        return store.count() if store is not None else self.count

    def due(self) -> tuple[str, str, str] | None:
        """The next bot move, (seat, level, line), or None: no bot seat has a move, or the
        bots wait (after an undo, for a person's next command)."""
        t = self.table
        if t.bots_wait or not self.levels:
            return None
        for seat in after(t.game.seats(t), self.last):
            level = self.levels.get(seat)
            if level is None:
                continue
            move = choose(t, seat, level, self.seed, self.number())
            if move is None:
                continue
            if self._refused == (t.changed, seat, move.line):
                continue
            return seat, level, move.line
        return None

    def refused(self, seat: str, line: str) -> None:
        """The table refused that bot move: not tried again until something changes."""
        self._refused = (self.table.changed, seat, line)

    def played(self, seat: str | None = None) -> None:
        self.count += 1
        self.last = seat


def after(seats: list[str], last: str | None) -> list[str]:
    """The seats in turn, beginning after `last` (the seat that made the last bot move): a
    seat that may pass or act (Taverne's call 2) is asked before the one who moved asks
    again, so no bot keeps the others from a call by acting first every time."""
    if last not in seats:
        return seats
    at = seats.index(last) + 1
    return seats[at:] + seats[:at]


def bots_of(table: Table) -> BotSeats:
    """The table's bots, made on first use."""
    found = table.services.get("bots")
    if found is None:
        found = table.services["bots"] = BotSeats(table)
    return found


def playable(table: Table) -> bool:
    """May bots play at this table (a game with seats, no game master, and a BotKit)?"""
    return table.game.seat_policy == "apply" and kit_of(table) is not None


def clocked(table: Table) -> bool:
    """Does the prompt (or a script) need the clock: the game's own (Game.timer), or bots
    that may play on their turn without anyone typing?"""
    from guide.core.game import Game

    return type(table.game).timer is not Game.timer or playable(table)


def next_bot(table: Table) -> tuple[str, str, str] | None:
    """The bot move due now, if the table has bots at all."""
    if not playable(table):
        return None
    return bots_of(table).due()


def run_bot(table: Table, seat: str, level: str, line: str) -> Result | str:
    """Run a bot's move through the table like a typed line from its seat: its Result, or
    the one-line error (and then it is not tried again until something changes)."""
    from guide.core.repl.attempt import attempt

    outcome = attempt(table, line, seat=seat, bot=level)
    bots = bots_of(table)
    if isinstance(outcome, str):
        bots.refused(seat, line)
    else:
        bots.played(seat)
    return outcome
