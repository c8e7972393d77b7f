"""What a bot is given for one move (`Seen`), and the one level every game has: `random`."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from guide.core.moves import Move

if TYPE_CHECKING:
    from guide.core.bots.kit import BotKit
    from guide.core.game import Game
    from guide.core.table import Table


@dataclass
class Seen:
    """All a bot is given for one move: its seat, the seat's view and moves, its own random
    numbers, and for play-outs the game and its box (the library), never the table's state."""
    seat: str
    view: dict
    moves: list[Move]
    rng: random.Random
    game: Game
    library: Any
    kit: BotKit | None
    table_class: type[Table]      # the tables a play-out runs on: the real table's own class


Level = Callable[[Seen], Move]

PASS = Move("pass")
"""The move of waiting for now: offered (last in `Seen.moves`) only where the kit says the
seat's moves are all optional (`BotKit.optional`: Taverne's call 2, Loot spent or kept);
a level that picks it makes no move."""


def random_level(seen: Seen) -> Move:
    """`random`: any legal move, each as likely (passing too, where it may pass)."""
    return seen.moves[seen.rng.randrange(len(seen.moves))]
