"""CV's numbers as a user may type them: digits int() refuses (² ①) were an internal error
(issue 41, item 5), and KEY=VALUE numbers past the 15-digit limit were taken (issue 31,
item 5; docs/limits.md); each is one clear line that changes nothing."""

from __future__ import annotations

import copy

import pytest
from support import lines_of

from guide.core.errors import CommandError
from guide.core.repl.run import open_table


@pytest.mark.parametrize("line, says", [
    ("card Ann ²", "Ann has no card '²'"),
    ("card Ann #①", "Ann has no card '#①'"),
    ("goal Ann ①", "'①' is not a life goal"),
    ("public ² 79", "is not a life goal"),
    ("change Ann ² 3 money", "'²' changes no symbol"),
    ("change Ann t² 3 money", "'t²' changes no symbol"),
])
def test_cv_digits_int_refuses_are_refused_in_one_line(tmp_path, line, says):
    """"²".isdigit() is True and int("²") a ValueError: a number is ASCII digits (V-*)."""
    table = open_table(tmp_path / "cv.sqlite", [], 1, game_id="cv")
    try:
        table.execute("players Ann Bob Cid")
        before = copy.deepcopy(table.state)
        with pytest.raises(CommandError) as e:
            table.execute(line)
        assert says in str(e.value)
        assert table.state == before
    finally:
        table.store.close()


def test_key_value_numbers_keep_the_15_digit_limit(tmp_path):
    """CV's `cv NAME COUNT=N...` took a 21-digit number (V-SCORE); KEY=VALUE is read like
    every other number of a command line."""
    out = lines_of(tmp_path / "cv.sqlite", "cv", "players Ann Bob",
                   "cv Ann health=123456789012345678901", "cv Ann health=999999999999999")
    assert out[1] == ("error: cv: counts is a number of 21 digits; at most 15 digits are"
                      " read")
    assert not out[2].startswith("error: cv: counts is a number")
