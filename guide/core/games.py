"""Finding the installed games: the entry point group `guide.games` (as pytest and httpie
find their plugins), each naming a `Game` subclass. The built-in games are declared in
pyproject.toml; a game can ship as a distribution of its own."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from guide.core.errors import GuideError
from guide.core.game import Game
from guide.core.i18n import _
from guide.core.names import suggest

GROUP = "guide.games"
DEFAULT = "kaverini"


@cache
def installed() -> dict[str, str]:
    """Game id -> the entry point's value (module:attribute), without importing any game."""
    return {ep.name: ep.value for ep in entry_points(group=GROUP)}


@cache
def load(game_id: str) -> Game:
    """The game of that id, ready to use; a one-line GuideError for an unknown one."""
    for ep in entry_points(group=GROUP):
        if ep.name == game_id:
            cls = ep.load()
            if not (isinstance(cls, type) and issubclass(cls, Game)) or cls.id != game_id:
                raise GuideError(_("the entry point {game!r} ({value}) is not a guide game").format(
                    game=game_id, value=ep.value))
            return cls()
    known = sorted(installed())
    raise GuideError(_("no game {game!r} is installed{suggestion} (installed: {known})").format(
        game=game_id, suggestion=suggest(game_id, known), known=", ".join(known) or _("none")))
