"""Kaivo as a game of the table (`guide play --game kaivo`)."""

from __future__ import annotations

import math
from importlib import resources
from typing import ClassVar

import click

from guide.core import turns
from guide.core.bots.kit import BotKit
from guide.core.bots.seating import bots_of
from guide.core.box import Doc, FileKind
from guide.core.events import Events
from guide.core.game import Clock, Game
from guide.core.i18n import domain
from guide.core.players import Player
from guide.core.registry import Registry
from guide.core.seats import Move, bot_level
from guide.core.secrets import Secret
from guide.core.settings import REFUSE_HIDDEN, Settings
from guide.core.viewers import TV, Viewer
from guide.core.yamlsrc import Problem

from . import bots, deck, match, render, screen, seats, secrets, tv_words
from . import commands as kaivo_commands
from .botkit import KIT
from .commands import commands
from .library import KaivoTable, Library
from .model import VERSION, migrate, new_state
from .table import clock_limit

_, ngettext, pgettext = domain("kaivo").functions()


class KaivoGame(Game):
    id = "kaivo"
    title = "Kaivo"
    commands: ClassVar[Registry] = commands
    # K-TURN-1 "can not be put back, because that would be a free peek": in a dealt round,
    # undo is refused past a command that drew a card from the deck (yours or a bot's), or
    # that showed a person a card they had not seen (the call's reveal, a peek, a glimpse
    # caught, a card turned face up; commands._tell says so); what only bots saw goes back
    # with the state; the score sheet draws nothing and keeps its full undo
    settings = Settings(
        state_version=VERSION, migrate=migrate,
        undo_policy=REFUSE_HIDDEN,
        view_page=resources.files("guide.games.kaivo").joinpath("page.html").read_bytes(),
        seat_page=resources.files("guide.games.kaivo").joinpath("seat.html").read_bytes(),
        seat_policy="apply",        # no game master: a seat's legal move runs at once
        greeting=lambda: _("Kaivo: players NAME NAME for a score sheet, or deal --bots N to play;"
                           " help lists the commands; Ctrl-D leaves."))
    events = Events(dict.fromkeys(render.RENDER, kaivo_commands.said))   # render.py

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

    def public_state(self, table: KaivoTable) -> dict:
        return screen.public_state(table.state, screen.viewer(table.state), self.shown(table))

    def shown(self, table: KaivoTable) -> set[int] | None:
        """K-DEAL-1: the cards your screens show now (those seen in the box's last seconds)."""
        s = table.state
        return screen.showing(s, screen.viewer(s), table.now(), table.library.rules.hints)

    def prompt(self, table: KaivoTable) -> str:
        return screen.prompt(table.state)

    def toolbar(self, table: KaivoTable) -> str | None:
        s = table.state
        clock = self.timer(table) if match.acting(s) == screen.viewer(s) else None
        return screen.toolbar(s, self.shown(table), clock, table.library.rules.powers)

    # --- K-CLOCK-1 on the core's timer: the safe move is played on time, also when nobody
    # types (the move of the seat to act, which `_act` turns into the safe move once more
    # than the limit has passed) ------------------------------------------------------------
    def timer(self, table: KaivoTable) -> float | None:
        s = table.state
        tbl, start = s["table"], kaivo_commands.clock_start(table)
        if start is None or tbl is None:
            return None
        limit = clock_limit(table.library.rules, tbl["phase"])
        if limit is None:
            return None
        left = start + limit - table.now()
        return left if left < 0 else math.nextafter(left, math.inf)   # "more than" the limit

    def clock(self, table: KaivoTable) -> Clock | None:
        seats.hide_seen(table)              # the core asks at least every second
        seconds = self.timer(table)
        return None if seconds is None else Clock(seconds, self.on_time(table))

    def on_time(self, table: KaivoTable) -> str | None:
        s = table.state
        seat = match.acting(s)
        if seat is None:
            return None
        name = s["players"][seat]["name"]
        return table.registry.move("draw", "", who=None if seat == screen.viewer(s) else name).line

    def players(self, table: KaivoTable) -> list[Player]:
        """At a dealt table each person has a seat, a bot none; a friend waiting to join has
        one already. "You" play at the keyboard: only your own secrets reach the terminal; a
        friend's or a bot's are not kept (commands._tell), their seat's view reads them from
        the state. The score sheet's players have no seat. Whose turn it is: the dealt
        round's turn order's (guide.core.turns) by seat, the round's names being those of
        the deal (a seat a bot took in the round keeps its turn)."""
        s = table.state
        dealt = s["mode"] == "play"
        you = screen.viewer(s)
        t = s["table"] if dealt else None
        now = None if t is None else turns.current(t["order"])
        return [*(Player(p["name"], seat=dealt and not p["bot"], bot=p["bot"], keyboard=i == you,
                         turn=t is not None and t["names"][i] == now)
                  for i, p in enumerate(s["players"])),
                *(Player(name) for name in (s["joining"] if dealt else []))]

    def view(self, table: KaivoTable, viewer: Viewer = TV) -> dict:
        """What each viewer sees (guide.core.viewers): the TV; `guide state`, what the
        terminal's screens show; a seat's page, that seat's knowledge (knowledge.py)."""
        if viewer.kind == "state":
            return self.public_state(table)
        if viewer.seat is not None:
            return self.seat_view(table, viewer.seat)
        view = screen.tv(table.state, self.title)
        played = bots_of(table).levels          # seats a bot plays at the table (`bot NAME`)
        for p in view["players"]:
            p["bot"] = p["bot"] or p["name"] in played
        return {**view, "said": tv_words.said(view)}        # the page's words (issue 25)

    # --- seats: friends at the table, each on their own phone (seats.py) -------------------
    def secret_variants(self, table: KaivoTable) -> list[Secret]:
        return secrets.secret_variants(table.state)

    def seat_view(self, table: KaivoTable, seat: str) -> dict:
        s = table.state
        clock = self.timer(table) if s["clock"] else None
        tbl = s["table"]
        if clock is None and tbl is not None and kaivo_commands.page_waits(table):
            # K-CLOCK-1: the seat's seconds run from when its page opens: a page opening on
            # this content counts them down whole, as the table does from then
            clock = clock_limit(table.library.rules, tbl["phase"])
        return seats.seat_view(table, seat, clock, memory=bot_level(table, seat) is not None)

    def bots(self) -> BotKit:
        return KIT

    def seat_moves(self, table: KaivoTable, seat: str) -> list[Move]:
        return seats.seat_moves(table, seat)

    def cli(self) -> list[click.Command]:
        from .cli import kaivo

        return [kaivo]


