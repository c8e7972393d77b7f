"""What a game brings to the table. The core (table, store, REPL, view server) knows no
game: it asks the campaign's Game for everything that is the game's own.

A game is a package under `guide/games/<id>/` (or a distribution of its own) that declares
a subclass of `Game` under the entry point group `guide.games` (see `guide.core.games`).
Every hook but `id`, `title` and `new_state` has a harmless default; what is a value, not a
question about the table, is one of its `settings` (guide.core.settings).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from guide.core.box import Doc, FileKind
from guide.core.errors import GuideError
from guide.core.events import Events
from guide.core.i18n import _
from guide.core.moves import Move
from guide.core.players import Player
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.secrets import Secret
from guide.core.settings import REFUSE_HIDDEN, REPLAY, UNDO_POLICIES, Settings
from guide.core.template import BoxTemplate
from guide.core.viewers import TV, Viewer
from guide.core.yamlsrc import Problem

if TYPE_CHECKING:
    import click

    from guide.core.bots.kit import BotKit
    from guide.core.table import Table

__all__ = ["REFUSE_HIDDEN", "REPLAY", "UNDO_POLICIES", "Catalogue", "Clock", "Game", "Settings"]


@dataclass(frozen=True)
class Clock:
    """A game's clock now (Game.clock): `seconds` until it acts (0 or less: now), and the
    command `line` it runs then (None: nothing after all)."""
    seconds: float
    line: str | None


@dataclass(frozen=True)
class Catalogue:
    """A game's cards for `guide cards` and `guide card` (Game.cards): `table(card_type)`, the
    table of the cards (of that type), and `detail(name)`, one card in full; a GuideError
    for an unknown type or name."""
    table: Any          # Callable[[str | None], Result]
    detail: Any         # Callable[[str], list[str]]


class Game:
    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    commands: ClassVar[Registry] = Registry()
    settings: ClassVar[Settings] = Settings()
    """The game's settings (guide.core.settings.Settings): its state's version, languages,
    undo policy, pages, ... each with a default."""

    # --- the campaign -----------------------------------------------------------------
    def new_state(self) -> dict:
        """The state of a new campaign: a JSON-able dict (described by the game's TypedDicts)."""
        raise NotImplementedError

    # --- the game's data (cards, boxes, booklets), read by the core: guide.core.box ------
    def files(self) -> tuple[FileKind, ...]:
        """The kinds of data file the game reads, each with its JSON Schema; none by default.
        The core finds, reads and validates them (guide.core.box) for a table, `guide check`
        and `guide schema` alike."""
        return ()

    def build(self, docs: list[Doc]) -> tuple[Any, list[Problem]]:
        """The game's library (`table.library`) of the valid documents, bundled box first,
        then each --box; and the problems no schema can say, positioned (`Doc.problem`)."""
        return None, []

    def box_template(self, name: str | None) -> BoxTemplate | None:
        """What `guide new box [NAME] --game ID` writes for a table to fill from its own box
        (guide.core.template.BoxTemplate: files valid as they stand, so `guide check` passes
        them and `guide play --box` reads them; the contract checks both); a GuideError for a
        NAME it cannot take; None (the default): the bundled box is all a table needs. Never
        a card's text the rulebook does not print: the template shows where the table
        writes it. A game whose template may start from a campaign (`guide new box --from
        CAMPAIGN`) takes a keyword `source`: that campaign's table, read-only."""
        return None

    def cards(self, library: Any) -> Catalogue:
        """The game's cards for `guide cards [--type T]` and `guide card NAME` (a Catalogue);
        by default none to list or show."""
        def none(what: object) -> Result:
            raise GuideError(_("the {game} game has no cards to list").format(game=self.id))

        def no_card(name: str) -> list[str]:
            raise GuideError(_("the {game} game has no cards to show").format(game=self.id))

        return Catalogue(none, no_card)

    # --- the terminal -------------------------------------------------------------------
    def prompt(self, table: Table) -> str:
        return f"guide ({self.id})> "

    def toolbar(self, table: Table) -> str | list[tuple[str, str]] | None:
        """The bottom toolbar: text, or prompt_toolkit fragments (style, text); None: none."""
        return None

    events: ClassVar[Events] = Events()
    """The game's events in words (guide.core.events): each kind it tells, the function
    that says it in the table's language (`table.language`, one of its languages), and
    which kinds are the game master's alone."""

    def view(self, table: Table, viewer: Viewer = TV) -> dict:
        """What `viewer` sees (guide.core.viewers), the one place a game says who sees what:
        `TV`, the TV page: only what every player may see (the core adds `schema` and
        `game`); `STATE`, the JSON of `guide state` (with `schema` and `game`); a seat
        (`viewers.seat(name)`), its page: what everyone may see plus its own secrets.
        By default the state is public whole and a seat sees the TV."""
        if viewer.kind == "state":
            return {"schema": 1, "game": self.id, **table.state}
        return {"game": self.id, "title": self.title}

    # --- the players and their moves (guide.core.players, guide.core.seats) --------------
    def players(self, table: Table) -> Sequence[Player]:
        """Who is at the table now (guide.core.players.Player: a name, a seat of their own
        or none, a person or a bot, the one at the keyboard), in the game's order; those
        with a seat get a page each. None by default."""
        return []

    def seat_moves(self, table: Table, seat: str) -> Sequence[Move]:
        """The moves that seat may make now, each legal as it is: a `guide.core.moves.Move`
        as data, `table.registry.move(command, label, group, detail, **values)` (the command
        by name, its values by parameter name; the line is built from the command's
        declaration). Its page's buttons, a bot's choices and the contract's random lines
        are these."""
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
    # to hide, in `view` (for every viewer), as Tally's hands are. Events a game's rules
    # return as data, told with `Table.tell_all`, say the same with a `private` key.

    # --- bots and the bench (guide.core.bots): the one hook for them -------------------
    def bots(self) -> BotKit | None:
        """The game's part in bots and `guide bench` (guide.core.bots.kit.BotKit: how a
        bench game starts and ends, the sampler of what a seat cannot see, the heuristic,
        its own levels and figures). None (the default): no bot plays this game."""
        return None

    # --- the clock: a game that acts on time ------------------------------------------
    def clock(self, table: Table) -> Clock | None:
        """The game's clock (a turn clock running out), or None when none runs (the
        default): the seconds until it acts, read with `table.now()`, and the command line it
        runs then. Asked after every command and about every second while the prompt waits.
        The line runs through the table like a typed line, also when nobody types (the REPL
        prints it above the prompt; a script or pipe runs it between lines or while waiting
        for one), and its story starts with "(on time)"; it runs with no one to ask. A line
        that is refused, or that changes nothing, is not run again until another command
        has changed something."""
        return None

    # --- the command line ---------------------------------------------------------------
    def cli(self) -> list[click.Command]:
        """Extra `guide` subcommands of this game (e.g. a group `guide cave ...`)."""
        return []
