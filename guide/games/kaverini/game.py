"""Kaverini (Jared Gimbel, 2015) as a game of the table: the Tour Guide's companion."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import ClassVar

import click

from guide.core.bots.kit import BotKit
from guide.core.box import FileKind, refused
from guide.core.dice import TENS_AND_ONES
from guide.core.errors import GuideError
from guide.core.events import Events
from guide.core.game import Catalogue, Game
from guide.core.i18n import domain
from guide.core.players import Player
from guide.core.reference import RulesPage
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.seats import Move
from guide.core.secrets import Secret
from guide.core.settings import Loader, Settings, Start
from guide.core.table import Table
from guide.core.template import BoxTemplate
from guide.core.viewers import TV, Viewer
from guide.core.yamlsrc import Problem
from guide.games.kaverini import commands as _commands  # noqa: F401 - registers the commands
from guide.games.kaverini import rules_text, screen, secrets, words
from guide.games.kaverini.cards_text import card_detail, card_table
from guide.games.kaverini.data.loader import (
    Library,
    bundled_library,
    library_with,
    load,
)
from guide.games.kaverini.data.tables import SCHEMA_NAMES, load_schema
from guide.games.kaverini.model import CARD_TYPES
from guide.games.kaverini.registry import commands
from guide.games.kaverini.state import STATE_VERSION, migrate, new_state
from guide.games.kaverini.story import render_story
from guide.games.kaverini.table import KaveriniTable
from guide.games.kaverini.view import seats
from guide.games.kaverini.view.model import player_view

_, ngettext, pgettext = domain("kaverini").functions()


def load_box(boxes: list[Path]) -> Library:
    """The bundled cards and adventures with the --box folders', read card by card."""
    library, problems = library_with(boxes)
    if problems:
        raise refused(problems, "kaverini", boxes)
    return library


def check(paths: list[Path], facts: bool = False) -> tuple[list[Problem], str]:
    """`guide check`: what `load_box` refuses; with `facts`, also what an adventure presents
    as true without backing it (facts.py)."""
    try:
        known = bundled_library()
    except RuntimeError:  # checking the bundled box itself while it is broken
        known = None
    library, problems = load(paths, known=known)
    if facts:
        from guide.games.kaverini.facts import fact_problems

        problems = sorted(problems + [p for a in library.adventures.values()
                                      for p in fact_problems(a)])
    cards = ngettext("{count} card", "{count} cards", len(library.cards)).format(
        count=len(library.cards))
    adventures = ngettext("{count} adventure", "{count} adventures",
                          len(library.adventures)).format(count=len(library.adventures))
    return problems, _("ok: {cards}, {adventures}").format(cards=cards, adventures=adventures)


def notices(library: Library) -> list[str]:
    """What the --box replaces of the bundled box, said when the table opens."""
    return [_("the --box {what} replaces the bundled one").format(what=what)
            for what in library.replaced]


def start_options() -> list[click.Option]:
    return [click.Option(["--adventure", "adventure_id"], default=None, metavar="ID",
                         help=_("Start this adventure when none is running (the bundled"
                                " one: amsterdam)."))]


def start_lines(table: Table, options: dict) -> list[str]:
    """`guide play --adventure ID`: start it when none is running."""
    adventure = options.get("adventure_id")
    if not adventure or table.state.get("adventure"):
        return []
    return [table.registry.move("adventure", "", adventure_id=str(adventure)).line]


class KaveriniGame(Game):
    id = "kaverini"
    title = "Kaverini"
    commands: ClassVar[Registry] = commands
    settings = Settings(
        state_version=STATE_VERSION, migrate=migrate,
        percentile=TENS_AND_ONES,        # R-DICE-2: d% is two d10, tens and ones
        table_class=KaveriniTable,
        view_page=resources.files("guide.games.kaverini.view").joinpath("page.html").read_bytes(),
        seat_page=resources.files("guide.games.kaverini.view").joinpath("seat.html").read_bytes(),
        # docs/rules.md: the rules as guide plays them, R- ids (guide.core.reference)
        rules=lambda: RulesPage(_("The rules as guide plays them"), "R-", rules_text.rules),
        greeting=lambda: _("Kaverini. Type help for the commands; Tab completes; Ctrl-D leaves."),
        start=Start(start_options, start_lines),
        loader=Loader(load_box, check, notices))
    # words.py says each kind (an older event stored with its own words says those); the
    # story says a run of events in one line where it can (story.py); the GM's own kinds,
    # a secret item and a foe's secret move stay out of `log` but with --gm
    events = Events.of(dict.fromkeys(words.RENDERERS, words.render), gm=words.GM_ONLY,
                       gm_if=secrets.kept_from_log, join=render_story,
                       default=lambda event, table: words.render(event))

    def new_state(self) -> dict:
        return dict(new_state())

    def files(self) -> tuple[FileKind, ...]:
        """Any YAML file holds cards or an adventure (its loader reads it card by card)."""
        return tuple(FileKind(name, "*", load_schema(name)) for name in SCHEMA_NAMES)

    def cards(self, library: Library) -> Catalogue:
        return Catalogue(lambda card_type: self.card_table(library, card_type),
                         lambda name: self.card(library, name))

    def card_table(self, library: Library, card_type: str | None) -> Result:
        if card_type is not None and card_type not in CARD_TYPES:
            raise GuideError(_("--type: one of {value}, not {card_type!r}").format(
                value=', '.join(CARD_TYPES), card_type=card_type))
        return card_table(c for c in library.cards.values() if card_type in (None, c.type))

    def card(self, library: Library, name: str) -> list[str]:
        from guide.games.kaverini.commands.lookup import find_card

        return card_detail(find_card(library, name))

    def prompt(self, table: Table) -> str:
        return screen.prompt_text(_kaverini(table))

    def toolbar(self, table: Table) -> list[tuple[str, str]]:
        return screen.toolbar(_kaverini(table))

    def view(self, table: Table, viewer: Viewer = TV) -> dict:
        """What each viewer sees (guide.core.viewers): the TV and `guide state`
        show no secret of the Tour Guide's; a seat's page adds its Kaveri's own."""
        kaverini = _kaverini(table)
        if viewer.kind == "state":
            return kaverini.public_state()
        if viewer.seat is not None:
            return seats.seat_view(kaverini, viewer.seat)
        return player_view(kaverini)

    def secret_variants(self, table: Table) -> list[Secret]:
        return secrets.secret_variants(_kaverini(table))

    def players(self, table: Table) -> list[Player]:
        """Every Kaveri is a seat (the Tour Guide keeps the keyboard)."""
        return [Player(k["name"]) for k in table.state["kaverit"]]

    def bots(self) -> BotKit:
        """The Strategy Game's bench (guide/games/kaverini/bots.py); at an adventure's table
        no bot plays a Kaveri (the Tour Guide runs it: seat_policy "gm")."""
        from guide.games.kaverini.bots import KIT

        return KIT

    def seat_moves(self, table: Table, seat: str) -> list[Move]:
        return seats.seat_moves(_kaverini(table), seat)

    def cli(self) -> list[click.Command]:
        from guide.games.kaverini.cli import odds
        from guide.games.kaverini.shabbat import print_command

        return [odds, print_command]

    def box_template(self, name: str | None) -> BoxTemplate:
        from guide.games.kaverini.newbox import template

        return template(name)


def _kaverini(table: Table) -> KaveriniTable:
    assert isinstance(table, KaveriniTable)     # Game.settings.table_class: every table of this game
    return table
