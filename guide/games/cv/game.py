"""CV as a game of the table (guide.core): the symbol dice, the track and the score sheet."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from typing import ClassVar

from guide.core import turns
from guide.core.bots.kit import BotKit
from guide.core.box import Doc, FileKind
from guide.core.box import load as load_box
from guide.core.errors import GuideError
from guide.core.events import Events
from guide.core.game import Catalogue, Game
from guide.core.i18n import domain
from guide.core.players import Player
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.seats import Move
from guide.core.secrets import Secret
from guide.core.settings import Settings
from guide.core.template import BoxTemplate, slug
from guide.core.viewers import TV, Viewer
from guide.core.yamlsrc import Problem

from . import library as box
from . import render, screen, seats, secrets
from .bots import KIT
from .commands import commands
from .library import Library
from .model import VERSION, CvTable, migrate, new_state
from .render import Renderer

_, ngettext, pgettext = domain("cv").functions()


def _cost(library: Library, symbols: tuple[str, ...] | None) -> str:
    """Symbols counted, in the table's language: "3 Money, Health"; "-" for none."""
    counted = Counter(symbols or ())
    return ", ".join(library.symbols[s].here if n == 1 else
                     pgettext("symbols", "{n} {symbol}").format(n=n, symbol=library.symbols[s].here)
                     for s, n in counted.items()) or "-"


class CvGame(Game):
    id = "cv"
    title = "CV"
    commands: ClassVar[Registry] = commands
    events = Events(dict.fromkeys(render.KINDS, lambda event, table: Renderer(
        table.library, table.language).render(event)))
    settings = Settings(
        # the table's language: guide play --lang, or CV's own `lang` command (state["lang"])
        languages=("en", "uk"),
        state_version=VERSION, migrate=migrate,
        view_page=resources.files("guide.games.cv.view").joinpath("page.html").read_bytes(),
        seat_page=resources.files("guide.games.cv.view").joinpath("seat.html").read_bytes(),
        seat_policy="apply",      # no game master: a seat's legal move runs at once
        greeting=lambda: _("CV, the dice, track and score sheet. Type help, or Tab to complete;"
                           " Ctrl-D leaves."))

    def new_state(self) -> dict:
        return dict(new_state())

    def files(self) -> tuple[FileKind, ...]:
        return box.files()

    def build(self, docs: list[Doc]) -> tuple[Library | None, list[Problem]]:
        return box.build(docs)

    def box_template(self, name: str | None, source: CvTable | None = None) -> BoxTemplate:
        """`guide new box [NAME] --game cv [--to DIR] [--from CAMPAIGN]`: box.yaml, every card
        of the box to fill from the table's own cards (library.template; docs/cv.md, "The
        table's own cards"), with the cards the campaign `source`'s table typed; NAME names
        the folder."""
        folder = slug(name) if name and slug(name) else "cv-box"
        typed = None if source is None else [dict(k) for k in source.state.get("known", [])]
        # the language the table typed in: guide play --lang (remembered) or `lang`
        lang = "uk" if source is not None and source.language == "uk" else "en"
        said = [_("A CV card file in {folder}: fill it from your box, then guide check {folder}"
                  " --game cv")]
        if typed == []:
            said.insert(0, _("The campaign's table typed no card yet: none is in it"))
        elif typed is not None:
            said.insert(0, ngettext("{count} card the table typed is in it, as typed (a partial card"
                                    " file: write each one's number from the card)",
                                    "{count} cards the table typed are in it, as typed (a partial card"
                                    " file: write each one's number from the card)",
                                    len(typed)).format(count=len(typed)))
        return BoxTemplate({"box.yaml": box.template(load_box(self, []), typed, lang)}, folder, said)

    def cards(self, library: Library) -> Catalogue:
        return Catalogue(lambda card_type: self.card_table(library, card_type),
                         lambda name: self.card(library, name))

    def card_table(self, library: Library, card_type: str | None) -> Result:
        """`guide cards --game cv`: the table's card file (--box) if it holds cards, else the
        special cards the seed describes (the rest are the table's own)."""
        wanted = library.card_type(card_type) if card_type is not None else None
        if library.box:
            decks = {d.id: d for d in library.all_decks()}
            listed = [c for c in sorted(library.box.values(), key=lambda c: c.number)
                      if wanted is None or wanted in c.types]
            rows = [[c.number, c.here, decks[c.deck].here, " / ".join(library.types[t].here for t in c.types),
                     _cost(library, c.cost)] for c in listed]
            headers = [_("no."), _("card"), _("deck"), _("type"), _("cost")]
            return Result(headers=headers, rows=rows)
        # A special card's two names one under the other; what it does is broken into lines
        # under its heading (guide.core.result keeps a table to 79 columns, nothing cut)
        chosen = [s for s in library.specials if wanted is None or s.type == wanted]
        rows = [[", ".join(map(str, s.ids)), f"{s.en}\n{s.uk}",
                 library.types[s.type].en if s.type else _("(table's)"), s.text["en"]] for s in chosen]
        headers = [_("no."), _("card"), _("type"), _("what it does")]
        return Result(headers=headers, rows=rows)

    def card(self, library: Library, name: str) -> list[str]:
        c = library.box_card(name)
        if c is not None:
            deck = library.deck_named(c.deck)
            lines = [f"{c.number} {c.en} ({c.uk}), {' / '.join(library.types[t].here for t in c.types)},"
                     f" {deck.here if deck else c.deck}",
                     _("cost: {cost}; gives: {gives}; dice: {dice}; upkeep: {upkeep}; points: {points}")
                     .format(cost=_cost(library, c.cost), gives=_cost(library, c.tokens), dice=c.dice,
                             upkeep=_cost(library, c.upkeep),
                             points=_("none") if c.points is None else c.points)]
            if c.special is not None:
                lines += [c.special.text["en"], c.special.text["uk"]]
            return lines
        found = library.special(name)
        if found is None:
            raise GuideError(_("{name!r} is not a special card of the seed (guide cards --game cv)").format(
                name=name))
        number, s = found
        kind = library.types[s.type].en if s.type else _("typed by the table")
        return [f"{number} {s.en} ({s.uk}), {kind}", s.text["en"], s.text["uk"]]

    def prompt(self, table: CvTable) -> str:
        return screen.prompt(table)

    def toolbar(self, table: CvTable) -> str | None:
        return screen.toolbar(table)

    def secret_variants(self, table: CvTable) -> list[Secret]:
        return secrets.secret_variants(table.state, table.library)

    def view(self, table: CvTable, viewer: Viewer = TV) -> dict:
        """What each viewer sees (guide.core.viewers): the TV, `guide state`,
        and each seat's page with its own secret goal and hand."""
        if viewer.kind == "state":
            return screen.public_state(table)
        if viewer.seat is not None:
            return seats.seat_view(table, viewer.seat)
        return screen.view(table)

    def players(self, table: CvTable) -> list[Player]:
        """Every player of the sheet, whose turn it is said by the turn order (guide.core.turns;
        a sheet typed on paper has players but no turns)."""
        return [turns.player(table.state["order"], p["name"]) for p in table.state["players"]]

    def bots(self) -> BotKit:
        return KIT

    def seat_moves(self, table: CvTable, seat: str) -> list[Move]:
        return seats.seat_moves(table, seat)

