"""Tally as a game of the table (guide.core.game.Game): its id and title, its state, its
commands and events, its settings, and the hooks it answers, each a line that hands over
to the module that knows (seats.py, view.py, secrets.py)."""

from __future__ import annotations

from typing import Any

import click

from guide.core.game import Clock, Game
from guide.core.i18n import domain
from guide.core.moves import Move
from guide.core.players import Player
from guide.core.secrets import Secret
from guide.core.settings import REFUSE_HIDDEN, Settings, Start
from guide.core.viewers import TV, Viewer

from . import seats, secrets, state
from .commands import commands
from .events import events
from .view import seen_by

_, ngettext, pgettext = domain("tally", __package__).functions()


def start_options() -> list[click.Option]:
    """`guide play --game tally --count N`: a start option of the game's own."""
    return [click.Option(["--count", "start_count"], type=click.IntRange(0, 1000), default=None,
                         metavar="N", help="A new tally starts at N.")]


def start_lines(table, options: dict[str, Any]) -> list[str]:
    """The lines `--count N` runs first: the count starts at N (only a new tally's)."""
    count = options.get("start_count")
    return [f"add {count}"] if count and table.state["count"] == 0 else []


class TallyGame(Game):
    id = "tally"
    title = "Tally (a test game)"
    commands = commands
    events = events
    settings = Settings(state_version=state.VERSION, migrate=state.migrate,
                        languages=("en", "fr"), undo_policy=REFUSE_HIDDEN,
                        seat_policy="apply",        # no game master: a seat's move runs at once
                        start=Start(start_options, start_lines))

    def new_state(self) -> dict:
        return dict(state.new_state())

    def players(self, table) -> list[Player]:
        return seats.players(table)

    def seat_moves(self, table, seat: str) -> list[Move]:
        return seats.moves(table, seat)

    def view(self, table, viewer: Viewer = TV) -> dict:
        return seen_by(table, viewer)

    def secret_variants(self, table) -> list[Secret]:
        return secrets.variants(table)

    def clock(self, table) -> Clock | None:
        """The bell rings on time: `ring` runs when the alarm is due."""
        alarm = table.state["alarm"]
        return None if alarm is None else Clock(alarm - table.now(), "ring")

    def prompt(self, table) -> str:
        return f"tally ({table.state['count']})> "

    def toolbar(self, table) -> str:
        count, rolls = table.state["count"], len(table.state["rolls"])
        return " " + ngettext("count {count}, {rolls} roll", "count {count}, {rolls} rolls",
                              rolls).format(count=count, rolls=rolls)
