"""Issue 41, item 5: CV's numbers typed as digits int() refuses (² ①) were an internal
error; each is one clear line that changes nothing."""

from __future__ import annotations

import copy

import pytest

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
