"""What a game brings to its bots and its bench (`Game.bots`, the one hook for them): a
`BotKit`. Everything has a default but `setup` and `outcome`, which the bench needs."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from guide.core.bots import Level
    from guide.core.seats import Move
    from guide.core.table import Table


@dataclass
class Outcome:
    """How a game ended: the seats that won (a shared win names each; a cooperative game's
    party win names every seat), its length in moves, and the game's own figures of it."""
    winners: list[str]
    moves: int = 0
    figures: dict[str, Any] = field(default_factory=dict)


class BotKit:
    """A game's part in bots and the bench."""
    cooperative: bool = False              # the seats win or lose together (Cave escape)
    players: tuple[int, int, int] = (2, 2, 4)   # the bench's default, least and most players
    default_levels: tuple[str, ...] = ("random", "think")
    levels: dict[str, Level] = {}          # the game's own levels, beside the core's
    max_moves: int = 2000                  # a bench game stopped past this many moves
    think_samples: int = 8                 # the think level's play-outs per candidate
    think_depth: int = 40                  # ... and their moves before the heuristic judges
    think_candidates: int = 8              # ... and the candidates it weighs at most

    @property
    def can_think(self) -> bool:
        return type(self).sample is not BotKit.sample

    # --- what a bot plays --------------------------------------------------------------
    # By default a bot plays the game's seats, seeing and moving as their pages do. A game
    # whose bench plays something other than its table's seats (Kaverini: the Strategy
    # Game's players, where the table's seats are Kaverit and a Tour Guide runs them) says
    # here who its bench's seats are, what each sees and what each may do.
    def seats(self, table: Table) -> list[str]:
        """The seats bots play, in turn order (by default the game's)."""
        from guide.core.players import seats

        return seats(table)

    def moves(self, table: Table, seat: str) -> list[Move]:
        """The moves a seat may make now, each a ready line (by default its page's)."""
        from guide.core.seats import moves_for

        return moves_for(table, seat)

    def view(self, table: Table, seat: str) -> dict:
        """All a bot of the seat sees (by default its page's view)."""
        from guide.core.seats import view_for

        return view_for(table, seat)

    # --- what a bot does at all ---------------------------------------------------------
    def waits(self, view: dict, seat: str) -> bool:
        """Does the seat's view say the table waits for nothing from it now (its moves are
        all optional: a bot leaves them)? By default a seat with moves is to act."""
        return False

    def refusal(self) -> str | None:
        """Why `bot` is refused at this game's table though its bench has bots (Kaverini: the
        Tour Guide runs an adventure's Kaverit), in the game's own words; None: the core's."""
        return None

    def away(self, table: Table, name: str) -> str | None:
        """The way back to the table for the player `name` names (a seat, or a name no seat
        has now, as typed) if they left it, in the game's own words, a clause without its
        full stop (Kaivo: "Ben left the table; join Ben brings them back"): `bot` adds it to
        what it says of that name. None (the default): nothing to add."""
        return None

    def optional(self, view: dict, seat: str) -> bool:
        """Are the seat's moves all optional now, and may a bot make one or pass (Taverne's
        call 2: Loot spent or kept while the Pillar has yet to call)? A passing bot is asked
        again once the table has moved on. By default no."""
        return False

    def never(self, move: Any) -> bool:
        """A move no bot makes: leaving the table, a deliberate Mistake (not the game's
        play, the table's life)."""
        return False

    # --- the bench -------------------------------------------------------------------
    def notes(self, boxes: list) -> list[str]:
        """What the bench assumes where the box lacks what the rulebook leaves to the table
        (Taverne: Initial Loot drawn from 1 to 3, no powers), said before its figures."""
        return []

    def need(self, boxes: list) -> str | None:
        """Why the bench cannot run with these boxes (CV: it needs a card file), or None."""
        return None

    def setup(self, seats: list[str], rng: random.Random) -> list[str]:
        """The command lines that start a game of these seats (in memory, no store)."""
        raise NotImplementedError

    def setup_for(self, table: Table, seats: list[str], rng: random.Random) -> list[str]:
        """The same, for a kit whose setup reads the box (Kaverini buys the box's cards): the
        new table, empty, with its library. By default `setup`."""
        return self.setup(seats, rng)

    def seat_names(self, players: int) -> list[str]:
        return ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"][:players]

    def outcome(self, table: Table) -> Outcome | None:
        """How the game ended, once it has (the bench, the referee, reads the state); None
        while it runs."""
        raise NotImplementedError

    def figures(self, outcomes: list[Outcome], seats: list[str]) -> list[str]:
        """The game's own figures of a bench run, as lines (wins by seat, ...)."""
        return []

    def figures_json(self, outcomes: list[Outcome], seats: list[str]) -> dict[str, Any]:
        return {}

    # --- the think level ---------------------------------------------------------------
    def sample(self, library: Any, view: dict, seat: str, rng: random.Random) -> dict | None:
        """A whole state of the game as the seat may believe it: its view, with what it
        cannot see dealt at random from what the box holds and the view has not shown. It
        reads the box, the public story and the view only, never the table's state."""
        raise NotImplementedError

    def candidates(self, moves: list, view: dict, seat: str, rng: random.Random) -> list:
        """The moves the think level weighs (by default at most `think_candidates`, drawn at
        random): a game may pick them from the seat's view (CV: every take, a few rerolls;
        Taverne: no division naming a value the Weapon cannot be)."""
        if len(moves) > self.think_candidates:
            return rng.sample(moves, self.think_candidates)
        return list(moves)

    def recast(self, move: Any, table: Table, seat: str) -> str | None:
        """The line that makes the seat's move on a sampled table (None: none does). By
        default the move's own line; a game whose lines carry a code of the table's own
        secret (Taverne's sealed choices) finds the same move among the sample's."""
        return move.line

    def value(self, table: Table, seat: str) -> float:
        """The heuristic: how good the (sampled, played-out) state is for the seat, 0 to 1,
        where a play-out is cut short."""
        return 0.5

    def playout(self, moves: list, rng: random.Random, table: Table, seat: str) -> Any:
        """A play-out's move for a seat (by default any move): a game may guide it."""
        return moves[rng.randrange(len(moves))]


Sampler = Callable[[Any, dict, str, random.Random], dict | None]
