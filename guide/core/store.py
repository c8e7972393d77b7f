"""The campaign store: one SQLite file, one transaction per command.

Tables: `meta` (which app wrote the file, its schema version), `commands` (each command
line with its changes to the state and the story events, with every die inside), and
`snapshots` (the whole state every SNAPSHOT_EVERY commands, so a long evening opens as fast
as a short one). `undo` marks the last change inactive; `redo` brings it back; a new change
drops whatever was undone. `meta` also records which game the campaign is of and the
version of that game's state. The store knows no game's rules.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from guide.core.errors import GuideError
from guide.core.state import apply

APP = "kaverini-guide"
SCHEMA = 1                 # the store's own tables
DEFAULT_GAME = "kaverini"  # campaigns written before games were recorded
SNAPSHOT_EVERY = 100
_HEADER = b"SQLite format 3\x00"


class CampaignError(GuideError):
    """A campaign file that cannot be used; the message is one line for the user."""


@dataclass
class Entry:
    seq: int
    at: str
    line: str
    kind: str          # "change" (undoable) or "note" (story only: rolls, looks)
    story: list[dict]


def game_of(path: Path) -> str | None:
    """The game a campaign file is of, without changing it; None for a new (missing or
    empty) file. A file that is not a campaign is a CampaignError."""
    meta = _probe(path)
    return None if meta is None else meta.get("game", DEFAULT_GAME)


def _probe(path: Path) -> dict[str, str] | None:
    """The `meta` table of an existing campaign file (None: a new file), read without
    changing anything; a CampaignError for anything that is not a campaign this guide reads."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    if path.is_dir():
        raise CampaignError(f"{path}: is a folder, not a campaign file")
    with path.open("rb") as f:
        if f.read(16) != _HEADER:
            raise CampaignError(f"{path}: not a guide campaign file (left untouched)")
    try:
        probe = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            probe.execute("PRAGMA quick_check(1)").fetchone()
            return _read_meta(path, probe)
        finally:
            probe.close()
    except sqlite3.DatabaseError as e:
        raise CampaignError(f"{path}: damaged or not a campaign ({e}); left untouched") from None


def _read_meta(path: Path, db: sqlite3.Connection) -> dict[str, str]:
    try:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.OperationalError:
        raise CampaignError(f"{path}: an SQLite file, but not a guide campaign"
                            " (left untouched)") from None
    if meta.get("app") != APP:
        raise CampaignError(f"{path}: not a guide campaign (left untouched)")
    version = int(meta.get("schema", "0"))
    if version > SCHEMA:
        raise CampaignError(f"{path}: made by a newer guide (campaign schema {version},"
                            f" this guide reads {SCHEMA}); upgrade guide to open it")
    return meta


class Store:
    def __init__(self, path: Path, read_only: bool = False, game: str = DEFAULT_GAME,
                 state_version: int = 1):
        """Open (or create) a campaign of `game`; an existing one must be of that game and
        of a state version this guide reads."""
        self.path = path
        self.read_only = read_only
        self._lock_fd: int | None = None
        self.game = game
        self.state_version = state_version
        meta = _probe(path)
        if meta is None and read_only:
            raise CampaignError(f"{path}: no such campaign")
        if meta is not None:
            self._check_game(meta)
        if read_only:
            self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._lock()
            self.db = sqlite3.connect(path, isolation_level=None)
            # Durability: WAL with synchronous=FULL makes a committed command survive a
            # crash or a power cut; a command in flight is rolled back as a whole.
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self._create()
        self._check_meta()

    def _check_game(self, meta: dict[str, str]) -> None:
        found = meta.get("game", DEFAULT_GAME)
        if found != self.game:
            raise CampaignError(f"{self.path}: a {found} campaign, not {self.game} (open it"
                                f" with --game {found}, or name another --campaign)")
        version = int(meta.get("state_version", "1"))
        if version > self.state_version:
            raise CampaignError(f"{self.path}: made by a newer version of the {found} game"
                                f" (state {version}, this guide reads {self.state_version});"
                                " upgrade guide to open it")

    def _lock(self) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise CampaignError(f"{self.path}: already open in another guide; close that one"
                                " first") from None
        self._lock_fd = fd

    def _create(self) -> None:
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            self.db.execute("CREATE TABLE IF NOT EXISTS commands (seq INTEGER PRIMARY KEY,"
                            " at TEXT, line TEXT, kind TEXT, active INTEGER, changes TEXT,"
                            " story TEXT)")
            self.db.execute("CREATE INDEX IF NOT EXISTS changes ON commands (kind, active, seq)")
            self.db.execute("CREATE TABLE IF NOT EXISTS snapshots (seq INTEGER PRIMARY KEY,"
                            " state TEXT)")
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('app', ?)", (APP,))
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('game', ?)", (self.game,))
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('state_version', ?)",
                            (str(self.state_version),))
            self.db.execute("COMMIT")

    def _check_meta(self) -> None:
        try:
            self._check_game(_read_meta(self.path, self.db))
        except CampaignError:
            self.close()
            raise

    def close(self) -> None:
        self.db.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    # --- reading --------------------------------------------------------------------
    def head(self) -> int:
        row = self.db.execute("SELECT MAX(seq) FROM commands WHERE kind='change' AND active=1"
                              ).fetchone()
        return row[0] or 0

    def load(self, new_state: Callable[[], dict]) -> dict:
        """The state after every active change: latest snapshot (or `new_state()`), then the
        changes after it."""
        head = self.head()
        row = self.db.execute("SELECT seq, state FROM snapshots WHERE seq <= ? ORDER BY seq DESC"
                              " LIMIT 1", (head,)).fetchone()
        base, state = (row[0], json.loads(row[1])) if row else (0, new_state())
        for (changes,) in self.db.execute(
                "SELECT changes FROM commands WHERE kind='change' AND active=1 AND seq > ?"
                " AND seq <= ? ORDER BY seq", (base, head)):
            apply(state, json.loads(changes))
        return state

    def version(self) -> tuple:
        """Changes whenever a command is added, undone or redone (for readers that follow)."""
        return tuple(self.db.execute("SELECT MAX(seq), SUM(active), COUNT(*) FROM commands"
                                     ).fetchone())

    def entries(self, limit: int | None = None) -> list[Entry]:
        sql = "SELECT seq, at, line, kind, story FROM commands WHERE active=1 ORDER BY seq DESC"
        rows = self.db.execute(sql + (f" LIMIT {int(limit)}" if limit else "")).fetchall()
        return [Entry(s, at, line, kind, json.loads(story)) for s, at, line, kind, story in
                reversed(rows)]

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM commands WHERE kind='change' AND active=1"
                               ).fetchone()[0]

    # --- writing --------------------------------------------------------------------
    def append(self, line: str, changes: list, story: list[dict], state_after: dict) -> None:
        """One command, in one transaction: its changes, its story, and maybe a snapshot."""
        kind = "change" if changes else "note"
        at = datetime.now().isoformat(timespec="seconds")
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            if kind == "change":  # a new change forgets what was undone (no more redo)
                self.db.execute("DELETE FROM commands WHERE kind='change' AND active=0")
            cur = self.db.execute(
                "INSERT INTO commands (at, line, kind, active, changes, story) VALUES"
                " (?, ?, ?, 1, ?, ?)", (at, line, kind, json.dumps(changes), json.dumps(story)))
            if kind == "change" and self._changes_since_snapshot() >= SNAPSHOT_EVERY:
                self.db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?)",
                                (cur.lastrowid, json.dumps(state_after)))
            self.db.execute("COMMIT")

    def _changes_since_snapshot(self) -> int:
        last = self.db.execute("SELECT MAX(seq) FROM snapshots").fetchone()[0] or 0
        return self.db.execute("SELECT COUNT(*) FROM commands WHERE seq > ? AND kind='change'"
                               " AND active=1", (last,)).fetchone()[0]

    def undo(self) -> Entry | None:
        """Take back the last active change (its snapshots go with it)."""
        return self._switch("active=1 ORDER BY seq DESC", 0)

    def redo(self) -> Entry | None:
        """Bring back the first change taken back."""
        return self._switch("active=0 ORDER BY seq", 1)

    def _switch(self, which: str, active: int) -> Entry | None:
        row = self.db.execute("SELECT seq, at, line, kind, story FROM commands WHERE"
                              f" kind='change' AND {which} LIMIT 1").fetchone()
        if row is None:
            return None
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("UPDATE commands SET active=? WHERE seq=?", (active, row[0]))
            if not active:
                self.db.execute("DELETE FROM snapshots WHERE seq >= ?", (row[0],))
            self.db.execute("COMMIT")
        return Entry(row[0], row[1], row[2], row[3], json.loads(row[4]))
