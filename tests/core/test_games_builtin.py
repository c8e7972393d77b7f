"""The built-in games are found without scanning the distributions (issue 32), and they are
exactly the games pyproject.toml declares as entry points."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from guide.core import games

ROOT = Path(__file__).resolve().parents[2]


def test_the_built_in_list_is_pyprojects_entry_points():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert games.BUILTIN == declared[games.GROUP]


def test_every_installed_game_is_listed_with_the_built_in_ones():
    assert set(games.BUILTIN) <= set(games.installed())


def test_a_built_in_game_loads_without_reading_any_distribution():
    code = ("import importlib.metadata as m, sys\n"
            "def refuse(*a, **k): raise SystemExit('scanned the distributions')\n"
            "m.entry_points = refuse; m.distributions = refuse\n"
            "from guide.core import games\n"
            "print(games.load('kaverini').id, games.load('cave').id)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["kaverini", "cave"]
