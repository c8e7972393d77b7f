"""Bots: a seat played by the program, at the table (`bot NAME`) and on the bench
(`guide bench`), for every game with seats and no game master.

A bot is given exactly what its seat's page is given, and nothing else: the seat's view
(`guide.core.seats.view_for`) and its moves (`moves_for`, each a ready command line). It
answers with one of those moves, which the table runs as an ordinary command from that seat.
Its random numbers come from the table's seed, the seat and the move number, so the same
view at the same point always gives the same choice (an undo is never a free re-roll).

Levels (`LEVELS`, plus a game's own in its `BotKit.levels`):
- `random`: any legal move, each as likely;
- `think`: determinization (guide.core.bots.think): the game's sampler deals the hidden part
  of the state as the seat may believe it (from the box, the public story and the seat's own
  view, never the true state), each candidate move is played out on the real rules in
  memory, many times, and the best on average is kept.

What a game brings (`Game.bots`, one hook): a `BotKit` (guide.core.bots.kit).
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING, Any

from guide.core.bots.seen import PASS, Level, Seen, random_level
from guide.core.seats import Move, moves_for, view_for

if TYPE_CHECKING:
    from guide.core.bots.kit import BotKit
    from guide.core.table import Table

__all__ = ["LEVELS", "PASS", "Level", "Seen", "choose", "kit_of", "levels_of", "random_level"]


def _think(seen: Seen) -> Move:
    from guide.core.bots.think import think

    return think(seen)


LEVELS: dict[str, Level] = {"random": random_level, "think": _think}


def kit_of(table: Table) -> BotKit | None:
    return table.game.bots()


def levels_of(table: Table) -> dict[str, Level]:
    """The levels a bot of this game may play: the core's and the game's own."""
    kit = kit_of(table)
    out = dict(LEVELS)
    if kit is not None:
        out.update(kit.levels)
        if not kit.can_think:
            out.pop("think")
    return out


def rng_for(seed: Any, seat: str, number: int) -> random.Random:
    """A bot's random numbers for one move: from the table's seed, the seat and the move
    number (a stable hash: the same in every process)."""
    key = f"{seed}\x00{seat}\x00{number}".encode()
    return random.Random(int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big"))


def choose(table: Table, seat: str, level: str, seed: Any, number: int) -> Move | None:
    """The move a bot of `level` makes for `seat` now (None: the seat has none)."""
    kit = kit_of(table)
    moves = kit.moves(table, seat) if kit is not None else moves_for(table, seat)
    if kit is not None:
        moves = [m for m in moves if not kit.never(m)]
    if not moves:
        return None
    view = kit.view(table, seat) if kit is not None else view_for(table, seat)
    if kit is not None and kit.waits(view, seat):
        return None
    if kit is not None and kit.optional(view, seat):
        moves.append(PASS)
    elif len(moves) == 1:
        return moves[0]
    seen = Seen(seat, view, moves, rng_for(seed, seat, number), table.game, table.library, kit,
                type(table))
    chosen = levels_of(table)[level](seen)
    return None if chosen is PASS else chosen
