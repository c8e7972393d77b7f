"""The games the contract runs for, listed in one place: every installed game, and Tally,
the template game of the tests (tests/tinygame, a folder that runs as a package of its
own). Every contract test and every test that runs "for each game" takes them from here."""

from __future__ import annotations

import sys
from pathlib import Path

from guide.core import games
from guide.core.game import Game

TINYGAME = Path(__file__).resolve().parents[1] / "tinygame"
if str(TINYGAME) not in sys.path:
    sys.path.insert(0, str(TINYGAME))

from tally import TallyGame  # noqa: E402


def game_ids() -> list[str]:
    """Every installed game's id, then Tally's."""
    return sorted(games.installed()) + ["tally"]


def game_of(game_id: str) -> Game:
    return TallyGame() if game_id == "tally" else games.load(game_id)
