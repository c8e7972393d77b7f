"""The Game class holds few hooks, each one a question every game answers: at most 20, one
of them kept for the bots (`bots`: a game's BotKit, guide.core.bots), each written by at
least two of the built-in games (the template game in the tests does not count). What a game needs
alone is its own code or one of its settings (guide.core.settings)."""

from __future__ import annotations

from guide.core import games
from guide.core.game import Game

MOST = 20
KEPT_FOR_BOTS = "bots"


def hooks() -> list[str]:
    """Every method and attribute of Game's own body, settings included, dunders aside."""
    return [name for name in vars(Game) if not (name.startswith("__") and name.endswith("__"))]


def test_game_has_at_most_twenty_hooks_with_one_kept_for_the_bots():
    assert len(hooks()) <= MOST, hooks()
    assert KEPT_FOR_BOTS in hooks()


def test_every_hook_is_written_by_at_least_two_games():
    built_in = [type(games.load(game_id)) for game_id in games.installed()]
    for name in hooks():
        writers = [cls.__name__ for cls in built_in
                   if any(name in vars(k) for k in cls.__mro__ if k is not Game and k is not object)]
        assert len(writers) >= 2, f"{name}: written by {writers or 'no game'}"
