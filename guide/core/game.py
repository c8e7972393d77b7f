"""What a game brings to the table. The core (table, store, REPL, view server) knows no
game: it asks the campaign's Game for everything that is the game's own.

A game is a package under `guide/games/<id>/` (or a distribution of its own) that declares
a subclass of `Game` under the entry point group `guide.games` (see `guide.core.games`).
Every hook but `id`, `title` and `new_state` has a harmless default.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from guide.core.errors import GuideError
from guide.core.i18n import _
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.yamlsrc import Problem

if TYPE_CHECKING:
    import click

    from guide.core.table import Table


class Game:
    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    state_version: ClassVar[int] = 1      # stored in the campaign; bumped when the state changes shape
    commands: ClassVar[Registry] = Registry()
    table_class: ClassVar[type[Table] | None] = None   # a Table subclass with the game's lookups
    view_page: ClassVar[bytes | None] = None           # the TV page (None: the core's plain page)
    languages: ClassVar[tuple[str, ...]] = ("en",)     # what `guide play --lang` may choose

    # --- the campaign -----------------------------------------------------------------
    def new_state(self) -> dict:
        """The state of a new campaign: a JSON-able dict (described by the game's TypedDicts)."""
        raise NotImplementedError

    def public_state(self, table: Table) -> dict:
        """The JSON of `guide state` for this game."""
        return {"schema": 1, "game": self.id, **table.state}

    # --- the game's data (cards, boxes, booklets) ---------------------------------------
    def load(self, boxes: list[Path]) -> Any:
        """The bundled box plus extra `--box` folders, as the game's own library
        (`table.library`). Raise DataError with a positioned first problem."""
        return None

    def check(self, paths: list[Path], *, facts: bool = False) -> tuple[list[Problem], str]:
        """Validate data files (`guide check --game ID`): the problems, and a summary line.
        `facts` (`guide check --facts`): also list what the data presents as true without
        backing it (a fact with no source, a placeholder); a game with no such data ignores it."""
        return [], "ok: this game reads no data files"

    def schemas(self) -> dict[str, dict]:
        """The JSON Schemas of the game's data files, by name (`guide schema --game ID`)."""
        return {}

    def cards(self, library: Any, card_type: str | None) -> Result:
        """The table of `guide cards [--type T]`; a GuideError for an unknown type."""
        raise GuideError(_("the {game} game has no cards to list").format(game=self.id))

    def card(self, library: Any, name: str) -> list[str]:
        """One card in full for `guide card NAME`; a GuideError for an unknown name."""
        raise GuideError(_("the {game} game has no cards to show").format(game=self.id))

    # --- the table's looks ------------------------------------------------------------
    def language(self, table: Table) -> str:
        """The language the table speaks (guide.core.i18n): `guide play --lang`, remembered by
        the campaign; a game with a command of its own for it says so here."""
        return table.lang

    def prompt(self, table: Table) -> str:
        return f"guide ({self.id})> "

    def toolbar(self, table: Table) -> str | list[tuple[str, str]] | None:
        """The bottom toolbar: text, or prompt_toolkit fragments (style, text); None: none."""
        return None

    def render(self, event: dict, table: Table) -> str | None:
        """One story event as the game master reads it (None: not shown), in the table's
        language (`table.lang`, one of `languages`). A game renders its own kinds and leaves
        the core's (a roll) to this."""
        from guide.core.commands import render

        return render(event)

    def render_story(self, events: list[dict], table: Table) -> list[str]:
        """The lines of one command's story: each event through `render` by default; a game
        may say a run of events in one line (three Kaverit gaining the same XP)."""
        return [line for line in (self.render(e, table) for e in events) if line]

    def gm_only(self, event: dict) -> bool:
        """Is this story event for the game master's eyes only (a reminder, a question, a
        secret)? `log` leaves such events out unless asked for them (`log --gm`)."""
        return False

    def view(self, table: Table) -> dict:
        """What the TV page shows: only what every player may see."""
        return {"game": self.id, "title": self.title}

    def notices(self, table: Table) -> list[str]:
        """Lines said once when the table opens, before anything else (e.g. what a --box
        replaces); none by default."""
        return []

    def greeting(self) -> str:
        return _("{title}: type help, or Tab to complete; Ctrl-D leaves.").format(title=self.title)

    # --- seats: each player's own page (guide.core.seats) ---------------------------------
    seat_policy: ClassVar[str] = "gm"     # "gm": a seat's move waits for the game master's
                                          # Enter; "apply": a legal move runs at once
    seat_page: ClassVar[bytes | None] = None   # a seat's page (None: the core's plain one)

    def seats(self, table: Table) -> list[str]:
        """Who has a seat now (one page each); none by default."""
        return []

    def seat_view(self, table: Table, seat: str) -> dict:
        """What that seat's page shows: what everyone may see, plus its own secrets."""
        return self.view(table)

    def seat_moves(self, table: Table, seat: str) -> list[tuple[str, str]]:
        """The moves that seat may make now: (label, command line), each legal as it is."""
        return []

    # --- the command line ---------------------------------------------------------------
    def cli(self) -> list[click.Command]:
        """Extra `guide` subcommands of this game (e.g. a group `guide cave ...`)."""
        return []
