"""Issue 31, item 5: no command line reaches a user as an internal error. A non-ASCII
sealed code was one (T-CALL-4): it is refused in one line."""

from __future__ import annotations

from support import lines_of


def test_T_CALL_4_a_non_ascii_sealed_code_is_refused_in_one_line(tmp_path):
    out = lines_of(tmp_path / "t.sqlite", "taverne", "player Ann --loot 3",
                   "player Bob --loot 2", "start", "call", "call", "call",
                   "sealed Ann é", "sealed Ann 名前🙂")
    assert out[3].startswith("Result(")
    for shown in out[-2:]:
        assert shown == ("error: that choice is not open to Ann now; choose again on the"
                         " seat's page")
