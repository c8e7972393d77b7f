"""Taverne de la Licorne as a game of the table: the Pillar's assistant."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

from guide.core.bots.kit import BotKit
from guide.core.box import Doc, FileKind
from guide.core.events import Events
from guide.core.game import Catalogue, Clock, Game
from guide.core.i18n import domain
from guide.core.players import Player
from guide.core.registry import Registry
from guide.core.seats import Move
from guide.core.secrets import Secret
from guide.core.settings import REFUSE_HIDDEN, Settings, load
from guide.core.template import BoxTemplate, slug
from guide.core.text import toolbar_width
from guide.core.viewers import TV, Viewer
from guide.core.yamlsrc import Problem

from . import box, cards_text, chrono, secrets, template, toolbar, views
from . import seats as own_seats
from .bots import KIT
from .commands import box_of, commands
from .model import STATE_VERSION, TaverneTable, migrate, new_state
from .render import RENDER, page_words, render

_, ngettext, pgettext = domain("taverne").functions()


class TaverneGame(Game):
    id = "taverne"
    title = "Taverne de la Licorne"
    commands: ClassVar[Registry] = commands
    # render.py: RENDER, and T-EXC-1's card; Characters and Weapons in the table's language
    events = Events(dict.fromkeys(RENDER, lambda event, table: render(box_of(table).shown_event(event))))
    settings = Settings(
        languages=("en", "fr"),
        state_version=STATE_VERSION, migrate=migrate,
        undo_policy=REFUSE_HIDDEN,     # T-UNDO-1: never back past a reveal of what was sealed
        view_page=resources.files("guide.games.taverne").joinpath("page.html").read_bytes(),
        seat_page=resources.files("guide.games.taverne").joinpath("seat.html").read_bytes(),
        seat_policy="apply",   # the Pillar is a player: a seat's legal move applies at once
        greeting=lambda: _("{title}: seat players (player NAME --loot N), then start; type"
                           " help, or Tab to complete; Ctrl-D leaves.").format(title=TaverneGame.title))

    def new_state(self) -> dict:
        return dict(new_state())

    def files(self) -> tuple[FileKind, ...]:
        return box.files()

    def build(self, docs: list[Doc]) -> tuple[box.Box, list[Problem]]:
        return box.build(docs)

    def box_template(self, name: str | None) -> BoxTemplate:
        """`guide new box [NAME] --game taverne [--to DIR]`: the table's cards to fill from
        its own box (template.py); never a card's text. NAME names the folder."""
        folder = slug(name) if name and slug(name) else "taverne-box"
        return BoxTemplate(template.template(load(self, [])), folder, [
            _("A Taverne card file in {folder}: fill it from your box, then guide check"
              " {folder} --game taverne")])

    def cards(self, library: box.Box) -> Catalogue:
        return Catalogue(lambda card_type: cards_text.table(library, card_type),
                         lambda name: cards_text.detail(library, name))

    # --- seats: each player's own phone (guide.core.seats; seats.py) ---------------------
    def secret_variants(self, table: TaverneTable) -> list[Secret]:
        return secrets.secret_variants(table.state)

    def players(self, table: TaverneTable) -> list[Player]:
        """Every player seated has a seat, away, entering or shown the door included (their
        page shows the table; an away player's move is coming back); whose turn it is:
        views.players."""
        return views.players(table.state)

    def seat_view(self, table: TaverneTable, seat: str) -> dict:
        """The table as the player `seat` may see it: public, plus their own sealed choices
        (their Attack and Trick, their Dodge divisions, their bid), pile and targets."""
        box = box_of(table)
        view = {"title": self.title, **views.view_for(table.state, seat)}
        for c in view["counters"].values():     # Characters in the table's language
            c["character"] = c["character"] and box.shown(c["character"])
        view["ko_pile"] = [box.shown(c) for c in view["ko_pile"]]
        view["you"] = view.pop("me", None)
        tv = self.tv(table)                         # public: the TV's own sentences
        extra = own_seats.page(table.state, seat, box, tv["said"])
        view["said"] = extra.pop("said")
        if view["you"] is not None:
            view["you"].update(extra)
        return view

    def bots(self) -> BotKit:
        return KIT

    def seat_moves(self, table: TaverneTable, seat: str) -> list[Move]:
        return own_seats.moves(table.state, seat, box_of(table))

    # --- T-CHRONO-2: the round clock on the core's timer ------------------------------
    def clock(self, table: TaverneTable) -> Clock | None:
        seconds = chrono.seconds_left(table.state, table.now())
        return None if seconds is None else Clock(seconds, "chrono time")

    def prompt(self, table: TaverneTable) -> str:
        return toolbar.prompt(table.state)

    def toolbar(self, table: TaverneTable) -> str | None:
        clock = chrono.clock_line(table.state, table.now())    # T-CHRONO-2: the round clock
        suffix = f" | {clock}" if clock else ""
        return " " + toolbar.toolbar(table.state, box_of(table).calls,
                                     width=toolbar_width() - 1 - len(suffix)) + suffix

    def view(self, table: TaverneTable, viewer: Viewer = TV) -> dict:
        """What each viewer sees (guide.core.viewers): the TV and `guide state`
        are public; a seat's page adds that player's sealed choices."""
        if viewer.kind == "state":         # `guide state`: public only (views.view_for)
            return views.public_state(table.state)
        if viewer.seat is not None:
            return self.seat_view(table, viewer.seat)
        return self.tv(table)

    def tv(self, table: TaverneTable) -> dict:
        box = box_of(table)
        view = views.tv(table.state, box.calls)
        for seat in view["seats"]:              # Characters in the table's language
            seat["character"] = seat["character"] and box.shown(seat["character"])
        return {"title": self.title, **view, "said": page_words(view)}


