"""Cave escape as a game of the table (entry point `cave = "guide.games.cave.game:CaveGame"`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

import click

from guide.core.box import bundled
from guide.core.errors import DataError
from guide.core.game import Game
from guide.core.registry import Registry
from guide.core.yamlsrc import Problem

from . import public, reference  # noqa: F401  (reference registers `rules`)
from .box import Box, BoxError, load_box
from .cli import cave_group
from .commands import commands
from .render import render
from .seats import seat_moves
from .state import CaveState, current, new_state

BOX_FILE = "box.yaml"


def box_files(folders: Iterable[Path]) -> list[Path]:
    """The Cave escape box files among --box folders (or files)."""
    out: list[Path] = []
    for p in folders:
        if p.is_file():
            out.append(p)
        elif (p / BOX_FILE).is_file():
            out.append(p / BOX_FILE)
    return out


def box_from(boxes: list[Path]) -> Box:
    """The bundled box, or the last --box folder's box.yaml in its place."""
    chosen = box_files(boxes) or [p / BOX_FILE for p in bundled("cave") if (p / BOX_FILE).is_file()]
    try:
        return load_box(chosen[-1] if chosen else None)
    except BoxError as e:
        raise DataError(str(e)) from None


class CaveGame(Game):
    id = "cave"
    title = "Cave escape"
    state_version = 1
    commands: ClassVar[Registry] = commands
    view_page = resources.files("guide.games.cave").joinpath("page.html").read_bytes()
    seat_policy = "apply"        # no game master: the companion is the box, a legal move runs at once
    menu_rows = 3                # the 17-line map stays on a 24-line screen above the prompt

    def new_state(self) -> dict:
        return dict(new_state())

    def load(self, boxes: list[Path]) -> Box:
        return box_from(boxes)

    def check(self, paths: list[Path], *, facts: bool = False) -> tuple[list[Problem], str]:
        """Box files checked; `facts` finds nothing more: every choice the rulebook does not make
        is marked as the companion's in the box and on the rules page."""
        problems: list[Problem] = []
        files = box_files(paths) or [p for p in paths if p.is_file()]
        for path in files:
            try:
                load_box(path)
            except BoxError as e:
                problems.append(Problem(str(path), e.line, e.column, e.message))
        missing = [p for p in paths if not box_files([p])]
        problems += [Problem(str(p), 1, 1, f"no {BOX_FILE} here") for p in missing]
        return problems, f"ok: {len(files)} Cave escape box file(s)"

    def schemas(self) -> dict[str, dict]:
        text = resources.files("guide.games.cave").joinpath("schemas", "box.schema.json").read_text()
        return {"box": json.loads(text)}

    def public_state(self, table: Any) -> dict:
        return public.public_state(_state(table), table.library)

    def prompt(self, table: Any) -> str:
        state = _state(table)
        ch = current(state)
        if ch is None:
            return "cave> " if state["phase"] == "setup" else "cave (over)> "
        return f"cave (round {state['round']}: {ch['name']})> "

    def toolbar(self, table: Any) -> str | None:
        return public.toolbar(_state(table))

    def render(self, event: dict, table: Any) -> str | None:
        return render(event) or super().render(event, table)

    def view(self, table: Any) -> dict:
        return public.view(_state(table), table.library, self.story(table))

    def story(self, table: Any, most: int = 8) -> list[str]:
        """The last lines of the evening's story, as the table read them (oldest first)."""
        if table.store is None:
            return []
        lines: list[str] = []
        for entry in reversed(table.store.entries(limit=most)):
            lines[:0] = self.render_story(entry.story, table)
            if len(lines) >= most:
                break
        return lines[-most:]

    def seats(self, table: Any) -> list[str]:
        return [c["name"] for c in _state(table)["characters"]]

    def seat_moves(self, table: Any, seat: str) -> list[tuple[str, str]]:
        return seat_moves(_state(table), table.library, seat)

    def greeting(self) -> str:
        return "Cave escape: character NAME, start, move; help; Ctrl-D leaves."

    def cli(self) -> list[click.Command]:
        return [cave_group]


def _state(table: Any) -> CaveState:
    return table.state  # type: ignore[no-any-return]
