"""Shared fixtures: every test's own data folder, a table on a fresh campaign in a temporary
folder (`play`), and Tally's table for a core test that needs a game, any game (`tally`).
A game's own fixtures are in its tests/games/<game>/conftest.py. The helpers every test
imports (`from conftest import Play, guide, ...`) are tests/support.py's, re-exported here
(support.py says why)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TINYGAME = ROOT / "tests" / "tinygame"
# Tally, the template game that lives only in the tests, is imported by name (`from tally
# import ...`) by the core's and the contract's tests, whichever runs first
sys.path.insert(0, str(TINYGAME))

from support import *  # noqa: E402,F403  (what every conftest gives: support.py)
from support import Play  # noqa: E402

from guide.core import games, i18n  # noqa: E402

# The parsed boxes' cache (guide.core.boxcache) of this test session, not the user's: every
# test and every `guide` subprocess of the session share it.
if "GUIDE_CACHE_DIR" not in os.environ:
    import tempfile

    os.environ["GUIDE_CACHE_DIR"] = tempfile.mkdtemp(prefix="guide-cache-")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GUIDE_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _english():
    """Every test begins in English: a table set to Ukrainian or French (`lang uk`, --lang)
    sets the process's language (guide.core.i18n), which a test after it in the same worker
    read (CV's box tests failed after its score tests)."""
    i18n.use(i18n.ENGLISH)
    yield
    i18n.use(i18n.ENGLISH)


@pytest.fixture
def play(tmp_path):
    yield from Play(tmp_path / "campaign.sqlite").held()


TALLY_PLAYERS = ("Ann", "Bob")


@pytest.fixture
def tally_installed(monkeypatch):
    """Tally (tests/tinygame/tally.py), the template game, found by guide.core.games in this
    process as it would be by its entry point: `Play(path, game_id="tally")` starts it."""
    monkeypatch.setitem(games.BUILTIN, "tally", "tally:TallyGame")


@pytest.fixture
def tally(tmp_path, tally_installed):
    """A Tally table with Ann and Bob joined: the table of a core test that needs a game,
    when any game proves the same."""
    p = Play(tmp_path / "campaign.sqlite", game_id="tally")
    p.do(*(f"join {name}" for name in TALLY_PLAYERS))
    yield from p.held()


@pytest.fixture
def tally_env(tmp_path):
    """The environment of a `guide` subprocess (`guide(..., env=tally_env)`) in which Tally
    is installed beside the project's games (tests/installed.py): `--game tally` starts it."""
    from installed import guide_env

    return guide_env(tmp_path, {"tally": "tally:TallyGame"}, paths=(TINYGAME,))
