"""The players at a table, as the core knows them: who sits where (a seat is a page of a
player's own, with their secrets and their moves), a person or a bot at each, and the one at
the keyboard where the game master also plays (Kaivo's "You"). A game says who they are now,
from its state (`Game.players`); joining, leaving and coming back are its commands, and the
core follows: a seat's link is issued when a player with a seat appears, and a page whose
player is gone gets nothing. A game with a turn order keeps it with guide.core.turns, which
also says whose turn it is (`Player.turn`; `acting(table)` reads it).

`named(what)` is the parameter that names a player, the same in every game: matched the way
people type names (guide.core.names.resolve), offered by Tab."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from guide.core.params import Named

if TYPE_CHECKING:
    from guide.core.table import Table


@dataclass(frozen=True)
class Player:
    """One at the table: `name` as the state writes it; `seat`, whether they have a page of
    their own (a bot has none); `bot`, a bot plays them; `keyboard`, they are the one at the
    game master's keyboard (its screen shows their private events); `turn`, it is their
    turn to act (a game with a turn order says so: guide.core.turns.players)."""
    name: str
    seat: bool = True
    bot: bool = False
    keyboard: bool = False
    turn: bool = False


def players(table: Table | None) -> list[Player]:
    """Everyone at the table now, in the game's order."""
    return [] if table is None else list(table.game.players(table))


def names(table: Table | None, words: list[str] | None = None) -> list[str]:
    """The players' names, in the game's order."""
    return [p.name for p in players(table)]


def seats(table: Table) -> list[str]:
    """The names of the players with a seat (a page of their own)."""
    return [p.name for p in players(table) if p.seat]


def keyboard(table: Table) -> str | None:
    """The player at the keyboard (None: the keyboard is the game master's alone)."""
    return next((p.name for p in players(table) if p.keyboard), None)


def acting(table: Table | None) -> list[str]:
    """Whose turn it is (Player.turn), in the game's order: none in a game without turns,
    or when it is nobody's; pages, bots and the toolbar read it here, not from the game."""
    return [p.name for p in players(table) if p.turn]


def named(what: Callable[[], str], convert: bool = True, **options: Any) -> Named:
    """The parameter that names one of the players (`what`: the game's word for them, in its
    own catalogue: `lambda: pgettext("what", "player")`). `convert=False` keeps the name as
    typed, for a command that may name a new one."""
    return Named(what, names, convert=convert, **options)
