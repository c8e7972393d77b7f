"""Issue 31, item 2: no value a user types collides with the state diff's encoding. A name
`__delete__` was the diff's deletion marker: acknowledged, then another state in the file.
Changes now name their kind; the journals of existing campaigns (schema 1) still load. In
every game, random lines and names like the marker: tests/contract/test_hardening_contract.py."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from tally import TallyGame

from guide.core.repl.run import attempt, open_table
from guide.core.state import apply, diff
from guide.core.store import SCHEMA, CampaignError, Store

TALLY = TallyGame()
VERSION = TALLY.settings.state_version


def file_state(path: Path) -> dict:
    """The state a Tally campaign file holds."""
    reader = Store(path, read_only=True, game="tally", state_version=VERSION)
    try:
        return reader.load(TALLY.new_state)
    finally:
        reader.close()


def test_a_value_spelled_like_the_old_marker_is_a_value():
    old = {"a": 1, "names": ["Ann", "Bob"], "by": {"Ann": 1}}
    new = {"a": "__delete__", "names": ["__delete__", "Bob"], "by": {"__delete__": "__delete__"}}
    assert apply(json.loads(json.dumps(old)), json.loads(json.dumps(diff(old, new)))) == new
    assert apply(json.loads(json.dumps(new)), diff(new, old)) == old


def test_a_schema_1_journal_still_loads_and_carries_on(tmp_path, tally_installed):
    """A campaign from before: [path, value] rows, deletions by the marker, meta at schema 1.
    It reads as it always did, read-only leaves it at schema 1, and once a new change is
    written an older guide is told the file is newer (it would read the new rows as damage)."""
    path = tmp_path / "old.sqlite"
    store = Store(path, game="tally", state_version=VERSION)
    for line, changes in (("a", [[["hands", "Ann"], [3]]]),
                          ("b", [[["hands", "Ann"], "__delete__"]]),
                          ("c", [[["rolls"], [4]], [["hands", "Bob"], [2]]])):
        store.append(line, changes, [], {})
    store.db.execute("UPDATE meta SET value='1' WHERE key='schema'")
    store.close()
    expected = TALLY.new_state()
    expected["rolls"] = [4]
    expected["hands"]["Bob"] = [2]
    assert file_state(path) == expected
    assert _schema(path) == "1"
    again = open_table(path, [], 1)
    assert again.state == expected
    assert not isinstance(attempt(again, "add 1"), str)
    after = again.state
    again.close()
    assert _schema(path) == str(SCHEMA)
    assert file_state(path) == after
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA + 1),))
    db.commit()
    db.close()
    with pytest.raises(CampaignError, match="made by a newer guide"):
        Store(path, read_only=True, game="tally", state_version=VERSION)


def _schema(path: Path) -> str:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0]
    finally:
        db.close()


def test_a_change_of_neither_encoding_is_named_damaged(tmp_path, tally_installed):
    path = tmp_path / "c.sqlite"
    table = open_table(path, [], 1, game_id="tally")
    attempt(table, "add 1")
    table.close()
    db = sqlite3.connect(path)
    db.execute("""UPDATE commands SET changes='[["put", ["x"], 1]]'""")
    db.commit()
    db.close()
    with pytest.raises(CampaignError, match="command #1 of the campaign is damaged"):
        Store(path, read_only=True, game="tally", state_version=VERSION).load(TALLY.new_state)


