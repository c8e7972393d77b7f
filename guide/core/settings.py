"""A game's settings: what the core needs to know of a game that is a value, not a question
about the table (`Game.settings`). Most games set a few (their state's version, their
languages, their pages); everything has a default. What only one game needs is a setting
too, so that the `Game` class keeps to the hooks every game answers.

The functions below are the core's way to read them (the start options of `guide play`,
the data a table loads, the upgrade of an older campaign)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from guide.core.dice import ONE_D100
from guide.core.errors import GuideError
from guide.core.i18n import _, ngettext

if TYPE_CHECKING:
    import click

    from guide.core.game import Game
    from guide.core.reference import RulesPage
    from guide.core.table import Table
    from guide.core.yamlsrc import Problem

# Undo policies (Settings.undo_policy)
REPLAY = "replay"                              # undo and redo go anywhere, exactly
REFUSE_HIDDEN = "refuse past a hidden draw"    # undo stops at a command that drew hidden
                                               # information (Table.drew_hidden)
UNDO_POLICIES = (REPLAY, REFUSE_HIDDEN)


@dataclass(frozen=True)
class Start:
    """Options of `guide play` that are a game's own (Kaverini: `--adventure ID`): `options`
    makes them (click options, their help in the table's language); `lines` gives the
    command lines to run before the first prompt or line, from their values (each through
    the table, like a typed line). Another game's option is refused naming this game's."""
    options: Callable[[], list[click.Option]]
    lines: Callable[[Table, dict[str, Any]], list[str]]


@dataclass(frozen=True)
class Loader:
    """A game that reads its data files its own way (Kaverini's card-by-card loader), in
    place of the core's (guide.core.box, from `Game.files` and `Game.build`): `load` the
    bundled box plus the `--box` folders (a DataError with a positioned first problem);
    `check` files for `guide check` (the problems, exactly what `load` refuses, and a
    summary line; `facts`: also what the data presents as true without backing it);
    `notices`, lines said once when a table opens on that library (what a --box replaces)."""
    load: Callable[[list[Path]], Any]
    check: Callable[[list[Path], bool], tuple[list[Problem], str]]
    notices: Callable[[Any], list[str]] = lambda library: []


@dataclass(frozen=True)
class Settings:
    """A game's settings (every one has a default).

    - `state_version`: stored in each campaign, bumped when the state changes shape, with
      `migrate(state, from_version)` giving the state of a campaign saved at an older one
      (the table writes the upgrade as one command of its own, which undo does not go past);
    - `languages`: what `guide play --lang` may choose (the first is the default); a game
      whose own command chooses the language keeps the choice in its state's `lang`;
    - `undo_policy`: REPLAY (undo and redo go anywhere, exactly) or REFUSE_HIDDEN (a command
      that drew hidden information says so with `table.drew_hidden(what)`, and undo refuses
      to go past it: Kaivo's dealt rounds);
    - `percentile`: what `d%` means in `roll` (guide.core.dice): ONE_D100 or TENS_AND_ONES
      (Kaverini's R-DICE-2);
    - `seat_policy`: "gm" (a seat's move waits for the game master's Enter) or "apply" (a
      legal move runs at once);
    - `view_page`, `seat_page`: the TV's and a seat's page (None: the core's plain ones;
      built on the page kit, guide/core/view/README.md);
    - `menu_rows`: lines the REPL keeps free under the prompt for the completion menu (a
      board that must stay on screen, Cave escape's map, keeps fewer);
    - `greeting`: the line the REPL opens with (None: the core's);
    - `table_class`: a Table subclass with the game's lookups (Kaverini's);
    - `rules`: the game's rules page, for the `rules` command (guide.core.reference);
    - `start`: start options of `guide play` (`Start`); `loader`: a loader of its own."""
    state_version: int = 1
    migrate: Callable[[dict, int], dict] | None = None
    languages: tuple[str, ...] = ("en",)
    undo_policy: str = REPLAY
    percentile: str = ONE_D100
    seat_policy: str = "gm"
    view_page: bytes | None = None
    seat_page: bytes | None = None
    menu_rows: int = 8
    greeting: Callable[[], str] | None = None
    table_class: type[Table] | None = None
    rules: Callable[[], RulesPage] | None = None
    start: Start | None = None
    loader: Loader | None = None


# --- what the core reads of them ---------------------------------------------------------
def load(game: Game, boxes: list[Path]) -> Any:
    """The game's library: the bundled box plus the `--box` folders."""
    from guide.core import box

    loader = game.settings.loader
    return loader.load(list(boxes)) if loader is not None else box.load(game, list(boxes))


def check(game: Game, paths: list[Path], facts: bool = False) -> tuple[list[Problem], str]:
    """`guide check`: the problems of those files (what `load` refuses) and a summary."""
    from guide.core import box

    loader = game.settings.loader
    if loader is not None:
        return loader.check(list(paths), facts)
    if not game.files():
        return [], _("ok: this game reads no data files")
    return box.check(game, list(paths)), _("ok: the {title} files read cleanly").format(
        title=game.title)


def schemas(game: Game) -> dict[str, dict]:
    """The JSON Schemas of the game's data files, by name (`guide schema --game ID`)."""
    return {kind.name: kind.schema for kind in game.files()}


def notices(table: Table) -> list[str]:
    """Lines said once when the table opens (what a --box replaces)."""
    loader = table.game.settings.loader
    return [] if loader is None else loader.notices(table.library)


def greeting(game: Game) -> str:
    """The line the prompt opens with at a new table: the game's, else the core's."""
    said = game.settings.greeting
    if said is not None:
        return said()
    return _("{title}: type help, or Tab to complete; Ctrl-D leaves.").format(title=game.title)


def opening(game: Game, played: int) -> str:
    """The line the prompt opens with: the game's greeting at a new table; at a campaign
    that held `played` commands when it was opened (before `guide play`'s own start lines),
    the same words for every game: a game's greeting tells how to begin, which is past
    (Kaivo's "players NAME NAME ..." over a round under way)."""
    if not played:
        return greeting(game)
    return ngettext("{title}: reopened after {count} command; status shows the table, log what"
                    " happened; Ctrl-D leaves.",
                    "{title}: reopened after {count} commands; status shows the table, log what"
                    " happened; Ctrl-D leaves.", played).format(title=game.title, count=played)


def start_options(game: Game) -> list[click.Option]:
    start = game.settings.start
    return [] if start is None else start.options()


def start_lines(table: Table, values: dict[str, Any]) -> list[str]:
    start = table.game.settings.start
    return [] if start is None else start.lines(table, values)


def rules_page(game: Game) -> RulesPage | None:
    rules = game.settings.rules
    return None if rules is None else rules()


def upgrade(game: Game, state: dict, from_version: int) -> dict:
    """The state of a campaign saved at `from_version`, upgraded to the game's version."""
    migrate = game.settings.migrate
    if migrate is None:
        raise GuideError(_("the {id} game cannot upgrade a campaign of state {from_version} to"
                           " {state_version}").format(
            id=game.id, from_version=from_version, state_version=game.settings.state_version))
    return migrate(state, from_version)
