"""Issue 31, item 5: no command line reaches a user as an internal error. A non-ASCII
sealed code (Taverne, T-CALL-4) and KEY=VALUE numbers past the 15-digit limit (docs/limits.md)
were two; a bounded fuzz of every installed game's commands, with Tab's words and hostile ones
(unicode, numbers past every bound, KEY=VALUE), looks for the rest."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hardening_walk import SETUP, random_line

from guide.core import games
from guide.core.repl.attempt import attempt
from guide.core.repl.run import open_table


def lines_of(path: Path, game_id: str, *lines: str) -> list[str]:
    table = open_table(path, [], 1, game_id=game_id)
    try:
        return [str(attempt(table, line)) for line in lines]
    finally:
        table.close()


def test_T_CALL_4_a_non_ascii_sealed_code_is_refused_in_one_line(tmp_path):
    out = lines_of(tmp_path / "t.sqlite", "taverne", "player Ann --loot 3",
                   "player Bob --loot 2", "start", "call", "call", "call",
                   "sealed Ann é", "sealed Ann 名前🙂")
    assert out[3].startswith("Result(")
    for shown in out[-2:]:
        assert shown == ("error: that choice is not open to Ann now; choose again on the"
                         " seat's page")


def test_key_value_numbers_keep_the_15_digit_limit(tmp_path):
    """CV's `cv NAME COUNT=N...` took a 21-digit number (V-SCORE); KEY=VALUE is read like
    every other number of a command line."""
    out = lines_of(tmp_path / "cv.sqlite", "cv", "players Ann Bob",
                   "cv Ann health=123456789012345678901", "cv Ann health=999999999999999")
    assert out[1] == ("error: cv: counts is a number of 21 digits; at most 15 digits are"
                      " read")
    assert not out[2].startswith("error: cv: counts is a number")


@pytest.mark.parametrize("game_id", sorted(games.installed()))
def test_random_and_unicode_arguments_never_give_an_internal_error(game_id):
    rng = random.Random(f"fuzz {game_id}")
    internal = []
    for round_ in range(6):
        with tempfile.TemporaryDirectory() as folder:
            table = open_table(Path(folder) / "c.sqlite", [], round_, game_id=game_id)
            try:
                for line in SETUP.get(game_id, []):
                    attempt(table, line)
                for _ in range(60):
                    line = random_line(table, rng.choice, lambda n: rng.randint(0, n))
                    shown = attempt(table, line)
                    if isinstance(shown, str) and shown.startswith("error: internal error"):
                        internal.append(f"{line!r}: {shown}")
            finally:
                table.close()
    assert internal == []
