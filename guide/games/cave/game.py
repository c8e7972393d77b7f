"""Cave escape as a game of the table (entry point `cave = "guide.games.cave.game:CaveGame"`)."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

import click

from guide.core import turns
from guide.core.bots.kit import BotKit
from guide.core.box import Doc, FileKind
from guide.core.events import Events
from guide.core.game import Game
from guide.core.i18n import domain
from guide.core.moves import Move
from guide.core.players import Player
from guide.core.reference import RulesPage
from guide.core.registry import Registry
from guide.core.secrets import Secret
from guide.core.settings import Settings
from guide.core.story import say
from guide.core.viewers import TV, Viewer
from guide.core.yamlsrc import Problem

from . import public, rules_text, secrets
from .bots import KIT
from .box import Box, box_of
from .box import kind as box_kind
from .cli import cave_group
from .commands import CaveTable, commands
from .render import RENDER
from .seats import pictures, seat_moves
from .state import SCHEMA, current, migrate, new_state, round_of

_, ngettext, pgettext = domain("cave").functions()


def page(name: str) -> bytes:
    """A page of the game (the TV's, a seat's) with the game's own script and stylesheet
    (cave.js, cave.css) put in, so both pages draw the cave the same way."""
    here = resources.files("guide.games.cave")
    text = here.joinpath(name).read_text("utf-8")
    for part in ("cave.css", "cave.js"):
        text = text.replace(f"/* {part} */", here.joinpath(part).read_text("utf-8"))
    return text.encode("utf-8")


class CaveGame(Game):
    id = "cave"
    title = "Cave escape"
    commands: ClassVar[Registry] = commands
    events = Events.of(RENDER)   # render.py: one function per kind
    settings = Settings(
        state_version=SCHEMA, migrate=migrate,     # state 2: the turn order is the core's
        view_page=page("page.html"), seat_page=page("seat.html"),
        seat_policy="apply",     # no game master: the companion is the box, a legal move runs at once
        menu_rows=3,             # the 17-line map stays on a 24-line screen above the prompt
        # docs/cave.md: the rules as the companion applies them, C- ids (guide.core.reference)
        rules=lambda: RulesPage(_("Cave escape's rules"), "C-", rules_text.rules),
        greeting=lambda: _("Cave escape: character NAME, start, move; help; Ctrl-D leaves."))

    def new_state(self) -> dict:
        return dict(new_state())

    def files(self) -> tuple[FileKind, ...]:
        return (box_kind(),)

    def build(self, docs: list[Doc]) -> tuple[Box | None, list[Problem]]:
        """The last box.yaml given (a --box folder's) in place of the bundled one."""
        return box_of(docs[-1]) if docs else (None, [])

    def prompt(self, table: CaveTable) -> str:
        state = table.state
        ch = current(state)
        if ch is None:
            return "cave> " if state["phase"] == "setup" else _("cave (over)> ")
        return _("cave (round {round}: {who})> ").format(round=round_of(state), who=ch["name"])

    def toolbar(self, table: CaveTable) -> str | None:
        return public.toolbar(table.state)

    def view(self, table: CaveTable, viewer: Viewer = TV) -> dict:
        """What each viewer sees (guide.core.viewers): nothing is secret in a cooperative
        game; `guide state` is the rules page's JSON, and a seat's page is the TV's with the
        pictures of the new tile's turns on its move buttons."""
        if viewer.kind == "state":
            return public.public_state(table.state, table.library)
        shown = public.view(table.state, table.library, self.story(table))
        if viewer.seat is not None:
            shown["pictures"] = pictures(table, viewer.seat)
        return shown

    def story(self, table: CaveTable, most: int = 8) -> list[str]:
        """The last lines of the evening's story that every player may read (oldest first):
        no private die, nothing for the game master alone (guide.core.story, viewer "log")."""
        if table.store is None:
            return []
        lines: list[str] = []
        for entry in reversed(table.store.entries(limit=most)):
            lines[:0] = say(table, entry.story, "log")
            if len(lines) >= most:
                break
        return lines[-most:]

    def secret_variants(self, table: CaveTable) -> list[Secret]:
        return secrets.secret_variants(table.state)

    def players(self, table: CaveTable) -> list[Player]:
        """Every character is a seat, moved from its player's phone, whose turn it is said by
        the turn order (guide.core.turns); one out of the cave keeps its seat and its page."""
        order = table.state["turns"]
        return [turns.player(order, c["name"]) for c in table.state["characters"]]

    def seat_moves(self, table: CaveTable, seat: str) -> list[Move]:
        return seat_moves(table, seat)

    def bots(self) -> BotKit:
        return KIT

    def cli(self) -> list[click.Command]:
        return [cave_group]

