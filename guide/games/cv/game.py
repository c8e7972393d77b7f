"""CV as a game of the table (guide.core): the symbol dice, the track and the score sheet."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from guide.core.box import bundled
from guide.core.errors import DataError, GuideError
from guide.core.game import Game
from guide.core.i18n import domain
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.table import Table
from guide.core.yamlsrc import Problem

from . import library as box
from . import screen
from .commands import commands
from .library import Library
from .model import new_state
from .protocol import RuleError
from .render import Renderer

_, ngettext, pgettext = domain("cv").functions()


class CvGame(Game):
    id = "cv"
    title = "CV"
    state_version = 1
    commands: ClassVar[Registry] = commands
    languages = ("en", "uk")
    view_page = resources.files("guide.games.cv.view").joinpath("page.html").read_bytes()

    def __init__(self) -> None:
        self.library: Library | None = None

    def new_state(self) -> dict:
        return dict(new_state())

    def _folders(self, boxes: list[Path]) -> list[Path]:
        mine = [f for f in bundled(self.id) if (f / "symbols.yaml").is_file()]
        return (mine or [box.bundled()]) + list(boxes)

    def load(self, boxes: list[Path]) -> Library:
        try:
            self.library = box.load(self._folders(boxes))
        except box.DataError as e:
            raise DataError(str(e)) from None
        return self.library

    def check(self, paths: list[Path], *, facts: bool = False) -> tuple[list[Problem], str]:
        problems = []
        for path in paths:
            try:
                box.load([*self._folders([]), path if path.is_dir() else path.parent])
            except box.DataError as e:
                problems.append(Problem(str(path), 1, 1, str(e)))
        return problems, f"ok: {len(paths)} folder(s) read over the CV box"

    def cards(self, library: Library, card_type: str | None) -> Result:
        """`guide cards --game cv`: the special cards the seed describes (the rest are the
        table's own)."""
        chosen = library.specials
        if card_type is not None:
            try:
                wanted = library.card_type(card_type)
            except RuleError as e:
                raise GuideError(str(e)) from None
            chosen = [s for s in chosen if s.type == wanted]
        rows = [[", ".join(map(str, s.ids)), s.en, s.uk, library.types[s.type].en if s.type else "(table's)",
                 s.text["en"]] for s in chosen]
        return Result(headers=["no.", "card", "Ukrainian", "type", "what it does"], rows=rows)

    def card(self, library: Library, name: str) -> list[str]:
        found = library.special(name)
        if found is None:
            raise GuideError(_("{name!r} is not a special card of the seed (guide cards --game cv)").format(
                name=name))
        number, s = found
        kind = library.types[s.type].en if s.type else "typed by the table"
        return [f"{number} {s.en} ({s.uk}), {kind}", s.text["en"], s.text["uk"]]

    def public_state(self, table: Table) -> dict:
        return screen.public_state(table)

    def prompt(self, table: Table) -> str:
        return screen.prompt(table)

    def toolbar(self, table: Table) -> str | None:
        return screen.toolbar(table)

    def render(self, event: dict, table: Table) -> str | None:
        if self.library is None or event.get("kind") == "roll":
            return super().render(event, table)
        return Renderer(self.library, screen.speaks(table)).render(event)

    def view(self, table: Table) -> dict[str, Any]:
        return screen.view(table)

    def greeting(self) -> str:
        return _("CV, the dice, track and score sheet. Type help, or Tab to complete; Ctrl-D leaves.")

    def language(self, table: Table) -> str:
        return screen.speaks(table)
