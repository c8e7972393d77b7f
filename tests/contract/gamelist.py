"""The games the contract runs for, listed in one place: every installed game, and Tally,
the template game of the tests (tests/tinygame, a folder that runs as a package of its
own). Every contract test and every test that runs "for each game" takes them from here,
and each game's scenes: the lines that set up its tables (tests/games/<game>/scenes.py,
Tally's tests/tinygame/scenes.py)."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

from guide.core import games
from guide.core.game import Game

TESTS = Path(__file__).resolve().parents[1]
TINYGAME = TESTS / "tinygame"
if str(TINYGAME) not in sys.path:
    sys.path.insert(0, str(TINYGAME))

from tally import TallyGame  # noqa: E402


def game_ids() -> list[str]:
    """Every installed game's id, then Tally's."""
    return sorted(games.installed()) + ["tally"]


def installed_ids() -> list[str]:
    """Every installed game's id: those a `guide` subprocess finds (Tally is found only where
    a test installs it)."""
    return sorted(games.installed())


def game_of(game_id: str) -> Game:
    return TallyGame() if game_id == "tally" else games.load(game_id)


def scenes_file(game_id: str) -> Path:
    return (TINYGAME if game_id == "tally" else TESTS / "games" / game_id) / "scenes.py"


@cache
def scenes(game_id: str) -> ModuleType:
    """The game's scenes module; a game with none fails the test that asks, saying where."""
    path = scenes_file(game_id)
    if not path.is_file():
        raise AssertionError(f"{game_id} gives no scenes: write {path} (as Tally's)")
    spec = importlib.util.spec_from_file_location(f"scenes_{game_id}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def given_scenes() -> dict[str, ModuleType]:
    """The scenes of every game that gives them, by game id."""
    return {g: scenes(g) for g in game_ids() if scenes_file(g).is_file()}
