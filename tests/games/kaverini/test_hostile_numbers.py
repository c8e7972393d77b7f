"""Hostile numbers and text typed at the table (issue 14, items 5, 6 and 10): bounded
amounts (data/limits.yaml, docs/limits.md), level-ups in one event whatever their count
(R-LVL-1), clear refusals instead of internal errors, and no control characters or
look-alike names getting into the campaign."""

import pytest

from guide.core.repl.run import run_one
from guide.games.kaverini.data.tables import limits


def test_r_lvl_1_a_big_gain_is_one_event_with_each_levels_points(party):
    party.do("xp Bob 999")                     # level 1 -> 1000, Insensitive: L points each
    events = party.table.store.entries(limit=1)[0].story
    assert [e["kind"] for e in events] == ["xp", "level"]
    level = events[1]
    assert (level["first"], level["level"]) == (2, 1000)
    assert level["gained"] == [2, 3, "...", 1000] and level["total"] == sum(range(2, 1001))
    assert party.kaveri("Bob")["points"] == sum(range(2, 1001))
    assert "Bob reaches level 1000: 2 + 3 + ... + 1000 = 500499 points to spend" \
        in party.do("log 1")


def test_r_lvl_1_focused_points_in_the_single_event(party):
    party.do("xp Ann 3")
    level = party.table.store.entries(limit=1)[0].story[1]
    assert level["gained"] == [3, 4, 5] and level["total"] == 12


def test_xp_beyond_the_limit_is_refused_and_changes_nothing(party):
    most = limits()["xp"]
    assert f"Ann has 1 XP; at most {most:,} XP in all" in party.fails("xp Ann 10000000")
    party.do(f"xp Ann {most - 1}")
    assert party.kaveri("Ann")["xp"] == most
    assert "so at most 0 more" in party.fails("xp Ann 1")


@pytest.mark.parametrize("line, says", [
    ("xp Ann " + "9" * 27, "amount is a number of 27 digits; at most 15 digits are read"),
    ("exchange T nan", "rate must be a finite number, not nan"),
    ("exchange S inf", "rate must be a finite number, not inf"),
    ("exchange Q 1e308", "the rate must be from 0.0001 to 10000, not 1e+308"),
    ("money Ann " + "7" * 4200, "is a number of 4200 digits"),
    ("money Ann 1000000000", "Ann would have 1,000,000,300; at most 1,000,000,000 money"),
    ("wp Ann 1001", "at most 1,000 in all"),
    ('export "A\x00B"', "control or invisible character (U+0000)"),
    ("heal Ann ²", "'²' is not a number or full"),
    ("heal Ann " + "9" * 5000, "is not a number or full"),
])
def test_hostile_numbers_get_a_clear_refusal(party, line, says):
    before = party.state
    ok, text = run_one(party.table, line)
    assert not ok and "internal error" not in text
    assert says in text, text
    assert party.state == before


def test_money_then_exchange_stays_within_bounds(party):
    party.do("money Ann 999999000", "exchange K 1")
    assert "at most 1,000,000,000 money" in party.fails("exchange Q 2")
    assert party.kaveri("Ann")["money"] == 999999300


@pytest.mark.parametrize("name, says", [
    ("'   '", "a name must not be blank"),
    ("''", "a name must not be blank"),
    ("'Ann\u200b'", "control or invisible character (U+200B ZERO WIDTH SPACE)"),
    ("'\u202eennA'", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("'Eve\x1b]52;c;aGVsbG8=\x07'", "U+001B"),
    ("'Ann\rBob'", "U+000D"),
    ("'\u0410nn'", "'Аnn' looks like the name of 'Ann'"),          # Cyrillic А
    ("'B\u00f6b'", "'Böb' looks like the name of 'Bob'"),
    ("ANN", "there is already a Kaveri named 'ANN'"),
])
def test_kaveri_names_refused_at_the_border(party, name, says):
    line = f"kaveri {name} --ability Lagom --technique Sadness --technique Love --technique Cheer"
    assert says in party.fails(line)


def test_a_fact_with_a_terminal_escape_is_refused(party):
    assert "U+001B" in party.fails("kaveri Cid --ability Lagom --technique Sadness --technique"
                                   " Love --technique Cheer --fact $'\x1b[2J'")


def test_export_to_a_pipe_is_refused_not_hung(party, tmp_path):
    import os

    pipe = tmp_path / "sheet.md"
    os.mkfifo(pipe)
    assert f"export: {pipe} is not a regular file" in party.fails(f"export Ann --to {pipe}")


def test_ascii_look_alikes_are_refused_too(party):
    """Digits that pass for letters (confusables.yaml): B0b reads as Bob."""
    line = "kaveri {} --ability Lagom --technique Sadness --technique Love --technique Cheer"
    assert "'B0b' looks like the name of 'Bob'" in party.fails(line.format("B0b"))
    party.do(line.format("Ann1"))                 # reads as Annl: nobody's name, accepted
    assert [k["name"] for k in party.state["kaverit"]] == ["Ann", "Bob", "Ann1"]
