"""Kaivo as a game of the table (`guide play --game kaivo`)."""

from __future__ import annotations

import math
import shlex
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import ClassVar, cast

import click

from guide.core.errors import DataError
from guide.core.game import Game
from guide.core.registry import Registry
from guide.core.table import Table
from guide.core.yamlsrc import Problem

from . import bots, deck, match, render, screen, seats
from . import commands as kaivo_commands
from .commands import commands
from .model import KaivoState, new_state
from .table import clock_limit


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

    def load(self, boxes: list[Path]) -> Library:
        """The bundled deck and bots; a --box folder with its own deck.yaml or bots.yaml
        replaces them (the last one given wins)."""
        deck_dir = bots_dir = deck.bundled()
        for box in boxes:
            if (box / "deck.yaml").is_file():
                deck_dir = box
            if (box / "bots.yaml").is_file():
                bots_dir = box
        try:
            return Library(deck.load(deck_dir), bots.load_bots(bots_dir))
        except deck.DeckError as e:
            raise DataError(str(e)) from None

    def check(self, paths: list[Path], *, facts: bool = False) -> tuple[list[Problem], str]:
        problems = []
        for path in paths:
            folder = path if path.is_dir() else path.parent
            try:
                if path.is_dir() or path.name == "deck.yaml":
                    deck.load(folder)
                if path.is_dir() or path.name == "bots.yaml":
                    bots.load_bots(folder)
            except deck.DeckError as e:
                problems.append(Problem(str(path), 1, 1, str(e)))
        return problems, "ok: the deck and bots files can be played"

    def public_state(self, table: Table) -> dict:
        return screen.public_state(_state(table))

    def prompt(self, table: Table) -> str:
        return screen.prompt(_state(table))

    def toolbar(self, table: Table) -> str | None:
        return screen.toolbar(_state(table))

    # --- K-CLOCK-1 on the core's timer: the safe move is played on time, also when nobody
    # types (the move of the seat to act, which `_act` turns into the safe move once more
    # than the limit has passed) ------------------------------------------------------------
    def timer(self, table: Table) -> float | None:
        s = _state(table)
        tbl, seat = s["table"], match.acting(s)
        if not s["clock"] or s["clock_at"] is None or tbl is None or seat is None:
            return None
        limit = clock_limit(table.library.rules, tbl["phase"])
        if limit is None:
            return None
        left = s["clock_at"] + limit - kaivo_commands.now()
        return left if left < 0 else math.nextafter(left, math.inf)   # "more than" the limit

    def on_time(self, table: Table) -> str | None:
        s = _state(table)
        seat = match.acting(s)
        if seat is None:
            return None
        name = s["players"][seat]["name"]
        return "draw" if seat == screen.viewer(s) else f"draw --as {shlex.quote(name)}"

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


