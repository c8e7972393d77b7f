"""Kaivo's part in the core's bots and `guide bench --game kaivo` (guide.core.bots.kit): a
match of friends' seats (`deal --friends`), every seat played by a core bot from its own
page; looks (K-DEAL-1's taps to see a card) and leaving or joining the table are not moves a
bot makes.

Levels: `random`, and Kaivo's own three, `easy`, `normal` and `hard` (bots.py, their knobs in
cards/kaivo/bots.yaml), which decide from the seat's memory: a page shows a card the seat saw
only for the box's seconds (K-DEAL-1), so a seat played by a bot is given, in its view, all
its seat has seen and remembers (`you.memory`, seats.seat_view: the seat's own knowledge,
never a card it has not seen). The level's move is the seat's move of the same command line.
The bench compares `random` with `hard` by default."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from guide.core.bots.kit import BotKit, Outcome
from guide.core.dice import Dice
from guide.core.i18n import domain
from guide.core.line import build
from guide.core.table import Table

from .bots import choose
from .match import away
from .model import LEVELS
from .render import YOU
from .seats import as_command

if TYPE_CHECKING:
    from guide.core.bots import Seen
    from guide.core.seats import Move

_, ngettext, pgettext = domain("kaivo").functions()


def level(name: str) -> Callable[[Seen], Move]:
    """Kaivo's level `name` as a core bot: its choice from the seat's memory, as the seat's
    move (a level that finds no such move, or a seat with no memory, plays any move)."""

    def play(seen: Seen) -> Move:
        memory = seen.view.get("you", {}).get("memory")
        if memory is not None and memory["phase"] != "over" and memory["turn"] == memory["me"]:
            lib = seen.library
            action = choose(memory, lib.rules, lib.bots.levels[name],
                            Dice(seen.rng.getrandbits(64), record=False))
            command, values = as_command(memory["names"], action)
            wanted = {**values, "who": seen.seat}
            found = next((m for m in seen.moves
                          if m.command == command and dict(m.values) == wanted), None)
            if found is not None:
                return found
        return seen.moves[seen.rng.randrange(len(seen.moves))]

    play.__name__ = play.__qualname__ = name
    return play


class KaivoBots(BotKit):
    players = (2, 2, 4)
    max_moves = 6000
    default_levels = ("random", "hard")
    levels = {name: level(name) for name in LEVELS}

    def away(self, table: Table, name: str) -> str | None:
        """K-JOIN-1: a player who left is back at the table only by `join NAME` (before the
        round's end they keep their seat; after it, they take a bot's seat at the next deal);
        `bot NAME` and `bot NAME --off` say so."""
        found = away(table.state, name)
        if found is None:
            return None
        who, leaving = found
        line = build(["join", who])
        if leaving and who == YOU:          # the terminal's own player (only before the round ends)
            return _("You are leaving the table (safe moves until the round ends):"
                     " {line} brings you back to your seat").format(line=line)
        if leaving:
            return _("{name} is leaving the table (safe moves until the round ends):"
                     " {line} brings them back to their seat").format(name=who, line=line)
        return _("{name} left the table: {line} brings them back (to a bot's seat, at the"
                 " next deal)").format(name=who, line=line)

    def never(self, move: Any) -> bool:
        return move.line.split()[0] in ("look", "leave", "join")

    def setup_for(self, table: Table, seats: list[str], rng: random.Random) -> list[str]:
        return [table.registry.move("deal", "", friends=",".join(seats), n_bots=0).line]

    def outcome(self, table: Table) -> Outcome | None:
        s: Any = table.state
        if not s["winners"]:
            return None
        return Outcome(list(s["winners"]), figures={"rounds": s["round"]})

    def figures(self, outcomes: list[Outcome], seats: list[str]) -> list[str]:
        n = max(len(outcomes), 1)
        return [f"rounds a match (mean): {sum(o.figures['rounds'] for o in outcomes) / n:.1f}"]


KIT = KaivoBots()
