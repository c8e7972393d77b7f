"""Finding the installed games: the entry point group `guide.games` (as pytest and httpie
find their plugins), each naming a `Game` subclass. The built-in games are declared in
pyproject.toml; a game can ship as a distribution of its own.

Start-up: scanning every installed distribution's entry points costs tens of milliseconds,
more in a large environment, so the built-in games (BUILTIN, listed beside the games in
guide/games/__init__.py, the same table as pyproject.toml's, held to it by
tests/core/test_games_builtin.py) are found first without a scan; any other id is looked up
in the entry points. A built-in id is the built-in game, even where another distribution
declares one of that name."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from guide.core.errors import GuideError
from guide.core.game import Game
from guide.core.i18n import _, domain
from guide.core.names import suggest

GROUP = "guide.games"
DEFAULT = "kaverini"

# The distribution's own games, listed beside them (guide/games/__init__.py); read by name,
# so the core imports no game.
BUILTIN: dict[str, str] = getattr(import_module("guide.games"), "BUILTIN", {})


@cache
def installed() -> dict[str, str]:
    """Game id -> the entry point's value (module:attribute), without importing any game:
    the built-in games, then those of every distribution's entry points."""
    from importlib.metadata import entry_points

    found = dict(BUILTIN)
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, ep.value)
    return found


def _load_value(value: str) -> object:
    module, _sep, attribute = value.partition(":")
    found: object = import_module(module)
    for part in filter(None, attribute.split(".")):       # as EntryPoint.load reads it
        found = getattr(found, part)
    return found


@cache
def load(game_id: str) -> Game:
    """The game of that id, ready to use; a one-line GuideError for an unknown one."""
    value = BUILTIN.get(game_id)
    if value is None:
        from importlib.metadata import entry_points

        value = next((ep.value for ep in entry_points(group=GROUP) if ep.name == game_id), None)
    if value is not None:
        cls = _load_value(value)
        if not (isinstance(cls, type) and issubclass(cls, Game)) or cls.id != game_id:
            raise GuideError(_("the entry point {game!r} ({value}) is not a guide game").format(
                game=game_id, value=value))
        domain(game_id)                  # its catalogue, for the words the core shows of it
        return cls()
    known = sorted(installed())
    raise GuideError(_("no game {game!r} is installed{suggestion} (installed: {known})").format(
        game=game_id, suggestion=suggest(game_id, known), known=", ".join(known) or _("none")))
