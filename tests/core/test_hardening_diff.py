"""Issue 31, item 2: no value a user types collides with the state diff's encoding. A name
`__delete__` was the diff's deletion marker: acknowledged, then another state in the file.
Changes now name their kind; the journals of existing campaigns (schema 1) still load."""

from __future__ import annotations

import json
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hardening_walk import SETUP, random_line
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guide.core import games
from guide.core.repl.run import attempt, open_table
from guide.core.state import apply, diff
from guide.core.store import SCHEMA, CampaignError, Store
from guide.games.kaverini.state import new_state


def file_state(path: Path, game_id: str) -> dict:
    game = games.load(game_id)
    reader = Store(path, read_only=True, game=game_id, state_version=game.settings.state_version)
    try:
        return reader.load(game.new_state)
    finally:
        reader.close()


def test_a_value_spelled_like_the_old_marker_is_a_value():
    old = {"a": 1, "names": ["Ann", "Bob"], "by": {"Ann": 1}}
    new = {"a": "__delete__", "names": ["__delete__", "Bob"], "by": {"__delete__": "__delete__"}}
    assert apply(json.loads(json.dumps(old)), json.loads(json.dumps(diff(old, new)))) == new
    assert apply(json.loads(json.dumps(new)), diff(new, old)) == old


@pytest.mark.parametrize("game_id, lines, check", [
    ("kaverini", ["adventure amsterdam", "exchange __delete__ 2"], "house"),
    ("taverne", ["player __delete__ --loot 3", "player Bob --loot 2", "start"], "status"),
    ("cv", ["players __delete__ Bob Cid"], "status")])
def test_a_name_spelled_like_the_old_marker_survives_a_reopen(tmp_path, game_id, lines, check):
    path = tmp_path / "c.sqlite"
    table = open_table(path, [], 3, game_id=game_id)
    for line in lines:
        assert not isinstance(attempt(table, line), str), line
    expected = table.state
    table.close()
    assert file_state(path, game_id) == expected
    again = open_table(path, [], 3)
    try:
        assert again.state == expected
        assert not isinstance(attempt(again, check), str)
    finally:
        again.close()


def test_a_schema_1_journal_still_loads_and_carries_on(tmp_path):
    """A campaign from before: [path, value] rows, deletions by the marker, meta at schema 1.
    It reads as it always did, read-only leaves it at schema 1, and once a new change is
    written an older guide is told the file is newer (it would read the new rows as damage)."""
    path = tmp_path / "old.sqlite"
    store = Store(path)
    for line, changes in (("a", [[["house", "gladness"], "round"]]),
                          ("b", [[["house", "gladness"], "__delete__"]]),
                          ("c", [[["quotes_told"], [4]], [["house", "told"], "x"]])):
        store.append(line, changes, [], {})
    store.db.execute("UPDATE meta SET value='1' WHERE key='schema'")
    store.close()
    expected = new_state()
    expected["quotes_told"] = [4]
    expected["house"]["told"] = "x"
    assert file_state(path, "kaverini") == expected
    assert _schema(path) == "1"
    again = open_table(path, [], 1)
    assert again.state == expected
    assert not isinstance(attempt(again, "adventure amsterdam"), str)
    after = again.state
    again.close()
    assert _schema(path) == str(SCHEMA)
    assert file_state(path, "kaverini") == after
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA + 1),))
    db.commit()
    db.close()
    with pytest.raises(CampaignError, match="made by a newer guide"):
        Store(path, read_only=True)


def _schema(path: Path) -> str:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0]
    finally:
        db.close()


def test_a_change_of_neither_encoding_is_named_damaged(tmp_path):
    path = tmp_path / "c.sqlite"
    table = open_table(path, [], 1)
    attempt(table, "adventure amsterdam")
    table.close()
    db = sqlite3.connect(path)
    db.execute("""UPDATE commands SET changes='[["put", ["x"], 1]]'""")
    db.commit()
    db.close()
    with pytest.raises(CampaignError, match="command #1 of the campaign is damaged"):
        Store(path, read_only=True).load(new_state)


@pytest.mark.parametrize("game_id", sorted(games.installed()))
@settings(max_examples=4, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_memory_equals_the_file_after_every_random_command(game_id, data):
    """Random commands of every installed game, names like `__delete__` among them: after
    each, the state in memory is the state a reopened file holds."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.sqlite"
        table = open_table(path, [], data.draw(st.integers(0, 10 ** 6), label="seed"),
                           game_id=game_id)
        try:
            lines = list(SETUP.get(game_id, []))
            for _ in range(20):
                for line in lines:
                    attempt(table, line)
                    assert table.state == file_state(path, game_id), line
                lines = [random_line(
                    table, lambda words: data.draw(st.sampled_from(words)),
                    lambda n: data.draw(st.integers(0, n)))]
        finally:
            table.close()
