"""What a game brings to the table. The core (table, store, REPL, view server) knows no
game: it asks the campaign's Game for everything that is the game's own.

A game is a package under `guide/games/<id>/` (or a distribution of its own) that declares
a subclass of `Game` under the entry point group `guide.games` (see `guide.core.games`).
Every hook but `id`, `title` and `new_state` has a harmless default.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from guide.core import box
from guide.core.box import Doc, FileKind
from guide.core.dice import ONE_D100
from guide.core.errors import GuideError
from guide.core.events import Events
from guide.core.i18n import _
from guide.core.players import Player
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.seats import AnyMove
from guide.core.secrets import Secret
from guide.core.template import BoxTemplate
from guide.core.viewers import TV, Viewer
from guide.core.yamlsrc import Problem

if TYPE_CHECKING:
    import click

    from guide.core.reference import RulesPage
    from guide.core.table import Table


# Undo policies (Game.undo_policy; decisions.md, "Undo policies and the contract")
REPLAY = "replay"                              # undo and redo go anywhere, exactly
REFUSE_HIDDEN = "refuse past a hidden draw"    # undo stops at a command that drew hidden
                                               # information (Table.drew_hidden)
UNDO_POLICIES = (REPLAY, REFUSE_HIDDEN)



class Game:
    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    state_version: ClassVar[int] = 1      # stored in the campaign; bumped when the state changes shape
    commands: ClassVar[Registry] = Registry()
    table_class: ClassVar[type[Table] | None] = None   # a Table subclass with the game's lookups
    view_page: ClassVar[bytes | None] = None           # the TV page (None: the core's plain page)
    languages: ClassVar[tuple[str, ...]] = ("en",)     # what `guide play --lang` may choose
    # lines the REPL keeps free under the prompt for the completion menu; a game whose board
    # must stay on the screen above the prompt (Cave escape's map at 80x24) keeps fewer
    menu_rows: ClassVar[int] = 8

    # --- the campaign -----------------------------------------------------------------
    def new_state(self) -> dict:
        """The state of a new campaign: a JSON-able dict (described by the game's TypedDicts)."""
        raise NotImplementedError

    # --- the game's data (cards, boxes, booklets), read by the core: guide.core.box ------
    def files(self) -> tuple[FileKind, ...]:
        """The kinds of data file the game reads, each with its JSON Schema; none by default."""
        return ()

    def build(self, docs: list[Doc]) -> tuple[Any, list[Problem]]:
        """The game's library (`table.library`) of the valid documents, bundled box first,
        then each --box; and the problems no schema can say, positioned (`Doc.problem`)."""
        return None, []

    def load(self, boxes: list[Path]) -> Any:
        """The bundled box plus extra `--box` folders, as the game's library; DataError with
        a positioned first problem."""
        return box.load(self, boxes)

    def check(self, paths: list[Path], *, facts: bool = False) -> tuple[list[Problem], str]:
        """Validate data files (`guide check`): the problems (exactly what `load` refuses),
        and a summary line. `facts` (`guide check --facts`): also list what the data
        presents as true without backing it; a game with no such data ignores it."""
        if not self.files():
            return [], _("ok: this game reads no data files")
        return box.check(self, paths), _("ok: the {title} files read cleanly").format(title=self.title)

    def box_template(self, name: str | None) -> BoxTemplate | None:
        """What `guide new box [NAME] --game ID` writes for a table to fill from its own box
        (guide.core.template.BoxTemplate: files valid as they stand, so `guide check` passes
        them and `guide play --box` reads them; the contract checks both); a GuideError for a
        NAME it cannot take; None (the default): the bundled box is all a table needs. Never
        a card's text the rulebook does not print: the template shows where the table
        writes it."""
        return None

    def schemas(self) -> dict[str, dict]:
        """The JSON Schemas of the game's data files, by name (`guide schema --game ID`)."""
        return {kind.name: kind.schema for kind in self.files()}

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

    events: ClassVar[Events] = Events()
    """The game's events in words (guide.core.events): each kind it tells, the function
    that says it in the table's language (`table.lang`, one of `languages`), and which
    kinds are the game master's alone."""

    def view(self, table: Table, viewer: Viewer = TV) -> dict:
        """What `viewer` sees (guide.core.viewers), the one place a game says who sees what:
        `TV`, the TV page: only what every player may see (the core adds `schema` and
        `game`); `STATE`, the JSON of `guide state` (with `schema` and `game`); a seat
        (`viewers.seat(name)`), its page: what everyone may see plus its own secrets;
        By default the state is public whole and a seat sees the TV."""
        if viewer.kind == "state":
            return {"schema": 1, "game": self.id, **table.state}
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
    seat_page: ClassVar[bytes | None] = None   # a seat's page (None: the core's plain one;
                                               # built on the page kit, guide/core/view/README.md)

    def players(self, table: Table) -> Sequence[Player]:
        """Who is at the table now (guide.core.players.Player: a name, a seat of their own
        or none, a person or a bot, the one at the keyboard), in the game's order; those
        with a seat get a page each. None by default."""
        return []

    def seat_moves(self, table: Table, seat: str) -> Sequence[AnyMove]:
        """The moves that seat may make now, each legal as it is: a `guide.core.seats.Move`
        (the command line, its label, the groups its button sits in, small print), or a
        plain (label, command line) pair."""
        return []

    def secret_variants(self, table: Table) -> list[Secret]:
        """What the state hides, as variants of it (guide.core.secrets.Secret): each the
        state changed ONLY in one hidden thing (a face-down card's value, a deck's order, a
        sealed choice), with who may see it (a seat's name; "gm", the game master's screens
        alone; None, no one until it is revealed). The contract renders every screen (the
        TV, each seat's page, the terminal's prompt and toolbar, completion, `log`, `undo`)
        for the state and for each variant: those not entitled must not differ. Default:
        none (a game with nothing hidden in its state)."""
        return []

    # Private dice and draws need no hook: a command tells an event that only one seat (or
    # the game master, "gm") may see with `table.tell_private(who, kind, **data)` (the core's
    # `roll EXPR --for WHO` does). That seat's page lists it under "private"; the terminal
    # says only that there is one; `log` leaves it out but with --gm; the TV view, the other
    # seats and completion never see it. A hidden card kept in the state stays the game's
    # to hide, in `view` (for every viewer), as Tally's hands are. Events a
    # game's rules return as data, told with `Table.tell_all`, say the same with a
    # `private` key (a seat's name or "gm"): one way to say who may see an event.

    # --- the rules page: the `rules` command (guide.core.reference) ------------------------
    def rules_page(self) -> RulesPage | None:
        """The game's rules as `rules` shows them: a `RulesPage` (a title, the ids' prefix,
        and the game's own reading of its page into `Rule`s). None (the default): the game
        has no `rules` command."""
        return None

    # --- the command line ---------------------------------------------------------------
    def cli(self) -> list[click.Command]:
        """Extra `guide` subcommands of this game (e.g. a group `guide cave ...`)."""
        return []

    # --- the dice -----------------------------------------------------------------------
    percentile: ClassVar[str] = ONE_D100
    """What `d%` means in `roll` (guide.core.dice): ONE_D100, one die of a hundred faces (the
    default), or TENS_AND_ONES, two d10 read as tens and ones (Kaverini's R-DICE-2)."""

    # --- the start (guide play) --------------------------------------------------------
    def start_options(self) -> list[click.Option]:
        """Options of `guide play` that are this game's own (Kaverini: `--adventure ID`);
        none by default. Another game's option is refused with the ones this game has."""
        return []

    def start(self, table: Table, **options: Any) -> list[str]:
        """The command lines `guide play` runs before the first prompt or line, from the
        start options' values (each through the table, like a typed line)."""
        return []

    # --- undo: what it may take back ---------------------------------------------------
    undo_policy: ClassVar[str] = REPLAY
    """REPLAY (the default): undo takes back any command and redo brings it back, exactly.
    REFUSE_HIDDEN: a command that drew hidden information (a card from the deck, a private
    die) says so with `table.drew_hidden(what)`, and undo refuses to go past it, with a
    one-line reason that changes nothing (Kaivo's dealt rounds): undone and redone, the
    draw would be a free peek. Undo and redo up to that command stay exact."""

    # --- the clock: a game that acts on time ------------------------------------------
    def timer(self, table: Table) -> float | None:
        """Seconds until the game acts on its own (a turn clock running out; 0 or less: now),
        or None when no clock runs (the default). Read the time with `table.now()`. Asked
        after every command and about every second while the prompt waits."""
        return None

    def on_time(self, table: Table) -> str | None:
        """The command line to run when `timer` has come to 0 (None: nothing after all). It
        runs through the table like a typed line, also when nobody types (the REPL prints it
        above the prompt; a script or pipe runs it between lines or while waiting for one),
        and its story starts with "(on time)"; it runs with no one to ask (`table.ask` is
        None, as in a script). A line that is refused, or that changes nothing, is not run
        again until another command has changed something."""
        return None

    # --- older campaigns ----------------------------------------------------------------
    def migrate(self, state: dict, from_version: int) -> dict:
        """The state of a campaign saved at `from_version` (< `state_version`), upgraded to
        this version's shape: when such a campaign opens, the table writes the upgrade as
        one command of its own ("upgraded"), which undo does not go past. The default knows
        no older shape and refuses (a GuideError names the versions); a game that bumps
        `state_version` writes how to get from each older one."""
        raise GuideError(_("the {id} game cannot upgrade a campaign of state {from_version} to"
                           " {state_version}").format(
            id=self.id, from_version=from_version, state_version=self.state_version))
