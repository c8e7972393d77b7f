"""The campaign store: one transaction per command, undo/redo across restarts, snapshots,
and files that are not campaigns refused and left untouched."""

import fcntl
import hashlib
import json
import sqlite3

import pytest
from tally import TallyGame

from conftest import guide
from guide.core import store as store_module
from guide.core.state import apply, diff
from guide.core.store import CampaignError, Store

TALLY_VERSION = TallyGame.settings.state_version


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_diff_and_apply_round_trip():
    a = {"players": [], "house": {"rounds": 0}, "told": [], "count": 0}
    b = json.loads(json.dumps(a))
    b["players"].append({"name": "A", "hp": 3})
    b["house"]["gladness"] = "round"
    b["told"] = [4]
    c = json.loads(json.dumps(b))
    c["players"][0]["hp"] = 2
    del c["house"]["gladness"]
    assert apply(json.loads(json.dumps(a)), diff(a, b)) == b
    assert apply(json.loads(json.dumps(b)), diff(b, c)) == c
    assert diff(c, c) == []


def test_undo_restores_the_exact_previous_state_also_after_a_restart(tally):
    before = tally.state
    tally.do("add 3")
    assert tally.state != before
    play = tally.reopen()
    play.do("undo")
    assert play.state == before
    play = play.reopen()
    assert play.state == before
    play.do("redo")
    assert play.state["count"] == 3
    play.close()


def test_undo_skips_rolls_and_a_new_change_clears_redo(tally):
    tally.do("add 1", "roll 1d6", "undo")
    assert tally.state["count"] == 0
    tally.do("add 2")
    assert "nothing to redo" in tally.fails("redo")


def test_nothing_to_undo(play):
    assert play.fails("undo") == "nothing to undo"


def test_long_logs_rebuild_from_snapshots(tally, monkeypatch):
    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 10)
    p = tally                                # two players joined: 2 commands, then 35
    for _ in range(35):
        p.do("add 1")
    snaps = p.table.store.db.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0]
    assert snaps == 3
    state = p.state
    p = p.reopen()
    assert p.state == state
    p.do("undo")
    assert p.state["count"] == 34
    p.close()


def test_not_a_campaign_is_refused_and_untouched(tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_text("shopping list\n")
    before = digest(junk)
    with pytest.raises(CampaignError, match="not a guide campaign file"):
        Store(junk)
    assert digest(junk) == before


def test_other_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "other.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    before = digest(path)
    with pytest.raises(CampaignError, match="not a guide campaign"):
        Store(path)
    assert digest(path) == before


def test_newer_campaign_is_refused(tmp_path):
    path = tmp_path / "c.sqlite"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value='99' WHERE key='schema'")
    db.commit()
    db.close()
    before = digest(path)
    with pytest.raises(CampaignError, match="newer guide"):
        Store(path)
    assert digest(path) == before


def test_truncated_campaign_is_refused(tally, tally_env):
    path = tally.path
    tally.do("add 1")
    tally.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    before = digest(path)
    r = guide("state", "--campaign", str(path), env=tally_env)
    assert r.returncode == 1 and r.stderr.startswith("error: ") and "Traceback" not in r.stderr
    assert digest(path) == before


def test_campaign_locked_by_another_guide(tmp_path):
    path = tmp_path / "c.sqlite"
    first = Store(path)
    try:
        with pytest.raises(CampaignError, match="already open in another guide"):
            Store(path)
        r = guide("play", "--campaign", str(path), input="log\n")
        assert r.returncode == 1 and "already open in another guide" in r.stderr
    finally:
        first.close()


def test_durability_settings(tmp_path):
    s = Store(tmp_path / "c.sqlite")
    assert s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert s.db.execute("PRAGMA synchronous").fetchone()[0] == 2   # FULL
    s.close()


def test_lock_is_flock_on_the_file(tmp_path):
    path = tmp_path / "c.sqlite"
    s = Store(path)
    with open(path, "rb") as f:
        with pytest.raises(BlockingIOError):
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    s.close()


def _steps(store: Store, call) -> int:
    """SQLite's virtual machine steps a call takes (the work, exactly)."""
    steps = []
    store.db.set_progress_handler(lambda: steps.append(1), 1)
    try:
        call()
    finally:
        store.db.set_progress_handler(None, 1)
    return len(steps)


def test_version_reads_the_same_few_rows_however_long_the_history(tally):
    """`guide view` polls it every 0.4 s: it counted every command (SUM, COUNT) at each poll."""
    tally.do("add 1")                     # with the two players' joins: 3 commands
    tally.close()
    path = tally.path
    short = Store(path, read_only=True, game="tally", state_version=TALLY_VERSION)
    small = _steps(short, short.version)
    short.close()
    db = sqlite3.connect(path)
    with db:                              # a history of 5,000 more commands (notes: rolls)
        db.executemany("INSERT INTO commands (at, line, kind, active, changes, story) VALUES"
                       " ('2026-01-01T20:00:00', 'roll 1d6', 'note', 1, '[]', '[]')",
                       [()] * 5000)
    db.close()
    long = Store(path, read_only=True, game="tally", state_version=TALLY_VERSION)
    assert long.db.execute("SELECT COUNT(*) FROM commands").fetchone()[0] == 5003
    assert _steps(long, long.version) == small < 100
    long.close()


def test_version_follows_another_process_writing_undo_included(tmp_path, tally_env):
    """What `guide view` sees (a read-only store of its own) while `guide play` writes the
    campaign in another process: every change, undo and redo included; and a writer that
    keeps no counter (an older guide's) through SQLite's own data_version."""
    path = tmp_path / "c.sqlite"
    r = guide("play", "--game", "tally", "--campaign", str(path), input="join A\n", env=tally_env)
    assert r.returncode == 0, r.stderr
    follower = Store(path, read_only=True, game="tally", state_version=TALLY_VERSION)
    seen = [follower.version()]
    for lines in ("add 1\n", "undo\n", "redo\n", "undo\nundo\n", "roll 1d6\n"):
        r = guide("play", "--campaign", str(path), input=lines, env=tally_env)
        assert r.returncode == 0, r.stderr
        seen.append(follower.version())
        assert seen[-1] != seen[-2], (lines, seen)
    assert follower.version() == seen[-1]             # nothing written: the same
    older = sqlite3.connect(path)                     # a writer without the counter
    with older:
        older.execute("DELETE FROM meta WHERE key='version'")
    before = follower.version()
    with older:
        assert older.execute("UPDATE commands SET active=1 - active WHERE seq=(SELECT"
                             " MAX(seq) FROM commands WHERE kind='change')").rowcount == 1
    older.close()
    assert follower.version() != before
    follower.close()
