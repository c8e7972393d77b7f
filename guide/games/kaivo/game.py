"""Kaivo as a game of the table (`guide play --game kaivo`)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import ClassVar, cast

import click

from guide.core.box import Doc, FileKind
from guide.core.game import Game
from guide.core.registry import Registry
from guide.core.table import Table
from guide.core.yamlsrc import Problem

from . import bots, deck, render, screen, seats
from .commands import commands
from .model import KaivoState, new_state


@dataclass(frozen=True)
class Library:
    rules: deck.Rules
    bots: bots.Bots


def _state(table: Table) -> KaivoState:
    return cast(KaivoState, table.state)


class KaivoGame(Game):
    id = "kaivo"
    title = "Kaivo"
    state_version = 1
    commands: ClassVar[Registry] = commands
    view_page = resources.files("guide.games.kaivo").joinpath("page.html").read_bytes()
    seat_page = resources.files("guide.games.kaivo").joinpath("seat.html").read_bytes()
    seat_policy = "apply"           # no game master: a seat's legal move runs at once

    def new_state(self) -> dict:
        return dict(new_state())

    def files(self) -> tuple[FileKind, ...]:
        return deck.files()

    def build(self, docs: list[Doc]) -> tuple[Library | None, list[Problem]]:
        """The last deck.yaml and the last bots.yaml given win (a --box folder's replace
        the bundled ones)."""
        last = {doc.kind.name: doc for doc in docs}
        if "deck" not in last or "bots" not in last:     # refused already, with a position
            return None, []
        rules, problems = deck.rules_of(last["deck"])
        if rules is None:
            return None, problems
        return Library(rules, bots.bots_of(last["bots"])), []

    def public_state(self, table: Table) -> dict:
        return screen.public_state(_state(table))

    def prompt(self, table: Table) -> str:
        return screen.prompt(_state(table))

    def toolbar(self, table: Table) -> str | None:
        return screen.toolbar(_state(table))

    def render(self, event: dict, table: Table) -> str | None:
        # only the terminal's own private events were told (commands._tell)
        text = render.render(event, event["to"][0] if "to" in event else None)
        return text if text is not None else super().render(event, table)

    def view(self, table: Table) -> dict:
        return screen.tv(_state(table), self.title)

    # --- seats: friends at the table, each on their own phone (seats.py) -------------------
    def seats(self, table: Table) -> list[str]:
        return seats.seats(_state(table))

    def seat_view(self, table: Table, seat: str) -> dict:
        return seats.seat_view(_state(table), seat, self.title)

    def seat_moves(self, table: Table, seat: str) -> list[tuple[str, str]]:
        return seats.seat_moves(_state(table), seat, table.library.rules)

    def greeting(self) -> str:
        return ("Kaivo: players NAME NAME for a score sheet, or deal --bots N to play; "
                "help lists the commands; Ctrl-D leaves.")

    def cli(self) -> list[click.Command]:
        from .cli import kaivo

        return [kaivo]


