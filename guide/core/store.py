"""The campaign store: one SQLite file, one transaction per command.

Tables: `meta` (which app wrote the file, its schema version), `commands` (each command
line with its changes to the state and the story events, with every die inside), and
`snapshots` (the whole state every SNAPSHOT_EVERY commands, so a long evening opens as fast
as a short one). `undo` marks the last change inactive; `redo` brings it back; a new change
drops whatever was undone. `meta` also records which game the campaign is of and the
version of that game's state. The store knows no game's rules.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from guide.core import holding
from guide.core.errors import GuideError
from guide.core.files import file_kind
from guide.core.i18n import N_, _
from guide.core.state import apply, well_formed
from guide.core.text import shown_path

APP = "kaverini-guide"
SCHEMA = 2                 # the store's own tables; 2: changes name their kind (state.py)
DEFAULT_GAME = "kaverini"  # campaigns written before games were recorded
SNAPSHOT_EVERY = 100
_LAST_ACTIVE = "active=1 ORDER BY seq DESC"     # the change undo takes back
_FIRST_UNDONE = "active=0 ORDER BY seq"          # the change redo brings back
_HEADER = b"SQLite format 3\x00"


class CampaignError(GuideError):
    """A campaign file that cannot be used; the message is one line for the user."""


class SaveError(CampaignError):
    """A command, undo or redo that could not be written (full or read-only disk): nothing
    of it was saved, and nothing saved before was lost."""


RECOVER = N_("restore a backup copy of the file, or salvage what is readable with"
              " `sqlite3 FILE .recover | sqlite3 NEW.sqlite`")


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


def _probe(path: Path, writing: bool = False) -> dict[str, str] | None:
    """The `meta` table of an existing campaign file (None: a new file), read without
    changing anything; a CampaignError, with the real reason, for anything that is not a
    campaign this guide reads (or, `writing`, may write): a device, a pipe, a damaged file."""
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        _check_folders(path, writing)
        return None
    except OSError as e:
        raise CampaignError(_("{path}: cannot open the campaign: {why}").format(
            path=shown_path(path), why=disk_words(e))) from None
    if stat.S_ISDIR(info.st_mode):
        raise CampaignError(_("{path}: is a folder, not a campaign file").format(path=shown_path(path)))
    if not stat.S_ISREG(info.st_mode):
        raise CampaignError(_("{path}: is {kind}, not a campaign file (a campaign is a regular"
                              " file; left untouched)").format(path=shown_path(path),
                                                                kind=file_kind(info.st_mode)))
    if writing and not os.access(path.parent, os.W_OK):
        raise CampaignError(_("{path}: its folder is read-only, so the campaign cannot be"
                              " saved there (nothing was changed; copy it to a writable folder,"
                              " or read it with guide state)").format(path=shown_path(path)))
    if info.st_size == 0:
        return None
    if info.st_nlink > 1 and holding.held_through_another_name(path):
        raise CampaignError(_("{path}: already open in another guide, by another name of the"
                              " same file (a hard link); close that one first (nothing was"
                              " changed)").format(path=shown_path(path)))
    seen = _seen(path, info)
    if seen is not None and _probed is not None and _probed[0] == seen:
        return dict(_probed[1])     # the same file, unchanged since it was checked
    meta = _check_file(path)
    _remember(seen, meta)
    return meta


# The last campaign file found whole, and how it was then (guide play probes it for its game,
# then to open it): quick_check reads the whole file, which grows with the history.
_probed: tuple[tuple, dict[str, str]] | None = None


def _seen(path: Path, info: os.stat_result) -> tuple | None:
    """The file and its WAL as they are now: identity, size, and the times any write
    changes (st_ctime_ns cannot be set back); None if it cannot be told."""
    try:
        wal = os.stat(f"{path}-wal")
        log: tuple = (wal.st_ino, wal.st_size, wal.st_mtime_ns, wal.st_ctime_ns) \
            if wal.st_size else ()       # an empty one (a reader leaves it) holds nothing
    except FileNotFoundError:
        log = ()
    except OSError:
        return None
    return (str(path.absolute()), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns,
            info.st_ctime_ns, log)


def _remember(seen: tuple | None, meta: dict[str, str]) -> None:
    global _probed
    _probed = None if seen is None else (seen, dict(meta))


def _check_file(path: Path) -> dict[str, str]:
    """The meta table of a campaign file, once SQLite's quick_check finds it whole."""
    try:
        with path.open("rb") as f:
            header = f.read(16)
    except OSError as e:
        raise CampaignError(_("{path}: cannot read the campaign: {why}").format(
            path=shown_path(path), why=disk_words(e))) from None
    if header != _HEADER:
        raise CampaignError(_("{path}: not a guide campaign file (left untouched)").format(
            path=shown_path(path)))
    try:
        probe = sqlite3.connect(_read_uri(path), uri=True)
        try:
            answer = probe.execute("PRAGMA quick_check(1)").fetchone()
            if answer is None or answer[0] != "ok":
                raise CampaignError(damaged(path, answer[0] if answer else "?"))
            return _read_meta(path, probe)
        finally:
            probe.close()
    except sqlite3.DatabaseError as e:
        name = getattr(e, "sqlite_errorname", "") or ""
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            raise CampaignError(damaged(path, e)) from None
        raise CampaignError(untouched(path, e)) from None


def damaged(path: Path, why: object) -> str:
    """One line, whatever SQLite says (quick_check's "*** in database main ***" banner above
    its finding is left out)."""
    found = [line.strip() for line in str(why).splitlines()
             if line.strip() and not line.strip().startswith("***")]
    return _("{path}: the campaign file is damaged ({why}); it was left untouched:"
             " {recover}").format(path=shown_path(path), why="; ".join(found) or why, recover=_(RECOVER))


def untouched(path: Path, e: BaseException) -> str:
    return _("{path}: cannot open the campaign: {why}; it was left untouched").format(
        path=shown_path(path), why=disk_words(e))


def _read_uri(path: Path) -> str:
    """Reading only. On a read-only disk SQLite cannot make the files WAL reading needs; no
    writer can be at work there either, so the file is read as it stands (immutable), unless
    a crashed writer left a WAL whose commands must be read too. (A folder merely closed to
    this user is not enough: the game master may be writing there.)"""
    wal = Path(f"{path}-wal")
    try:
        frozen = bool(os.statvfs(path.parent).f_flag & os.ST_RDONLY) and not (
            wal.exists() and wal.stat().st_size > 0)
    except OSError:
        frozen = False
    return f"file:{path}?mode=ro" + ("&immutable=1" if frozen else "")


def _check_folders(path: Path, writing: bool) -> None:
    """A new campaign's folders: refuse a file standing where a folder must be, or (to
    write) a read-only folder."""
    for parent in path.parents:
        try:
            info = parent.stat()
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as e:
            raise CampaignError(_("{path}: cannot reach {folder}: {why}").format(
                path=shown_path(path), folder=shown_path(parent), why=disk_words(e))) from None
        if not stat.S_ISDIR(info.st_mode):
            raise CampaignError(_("{path}: {folder} is {kind}, not a folder").format(
                path=shown_path(path), folder=shown_path(parent), kind=file_kind(info.st_mode)))
        if writing and not os.access(parent, os.W_OK):
            raise CampaignError(_("{path}: {folder} is read-only, so no campaign can be made"
                                  " there").format(path=shown_path(path), folder=shown_path(parent)))
        return


def _read_meta(path: Path, db: sqlite3.Connection) -> dict[str, str]:
    try:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.OperationalError:
        raise CampaignError(_("{path}: an SQLite file, but not a guide campaign"
                              " (left untouched)").format(path=shown_path(path))) from None
    if meta.get("app") != APP:
        raise CampaignError(_("{path}: not a guide campaign (left untouched)").format(path=shown_path(path)))
    version = int(meta.get("schema", "0"))
    if version > SCHEMA:
        raise CampaignError(_("{path}: made by a newer guide (campaign schema {version},"
                              " this guide reads {known}); upgrade guide to open it").format(
                                  path=shown_path(path), version=version, known=SCHEMA))
    return meta


class Store:
    def __init__(self, path: Path, read_only: bool = False, game: str = DEFAULT_GAME,
                 state_version: int = 1):
        """Open (or create) a campaign of `game`; an existing one must be of that game and
        of a state version this guide reads."""
        self.path = path
        self.read_only = read_only
        self._lock_fd: int | None = None
        self._writes = 0                                # write transactions tried (entries)
        self._recent: dict[int | None, tuple[int, list[Entry]]] = {}
        self._held: tuple[int, int] | None = None      # the file's (device, inode) held
        self.game = game
        self.state_version = state_version
        self.found_version = state_version     # the file's own, once read (_check_game)
        # Tests arm this to act at a chosen point of a write ("begin", "written",
        # "committed"), e.g. to deliver a SIGINT there.
        self.hook: Callable[[str], None] | None = None
        meta = _probe(path, writing=not read_only)
        if meta is None and read_only:
            raise CampaignError(_("{path}: no such campaign").format(path=shown_path(path)))
        if meta is not None:
            self._check_game(meta)
        try:
            if read_only:
                self.db = sqlite3.connect(_read_uri(path), uri=True)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._open_writing()
        except (sqlite3.Error, OSError) as e:
            self._unlock()
            raise CampaignError(untouched(path, e)) from None
        self._check_meta()

    def _open_writing(self) -> None:
        self._lock()
        self.db = sqlite3.connect(self.path, isolation_level=None)
        # Durability: WAL with synchronous=FULL makes a committed command survive a
        # crash or a power cut; a command in flight is rolled back as a whole.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self._create()
        if self.db.execute("SELECT 1 FROM seats LIMIT 1").fetchone():
            self._owner_only()       # tokens in a file made before campaigns were 0600

    def _check_game(self, meta: dict[str, str]) -> None:
        found = meta.get("game", DEFAULT_GAME)
        if found != self.game:
            raise CampaignError(_("{path}: a {found} campaign, not {game} (open it with"
                                  " --game {found}, or name another --campaign)").format(
                                      path=shown_path(self.path), found=found, game=self.game))
        version = int(meta.get("state_version", "1"))
        self.found_version = version       # an older one is upgraded by the table (migrate)
        if version > self.state_version:
            raise CampaignError(_("{path}: made by a newer version of the {found} game"
                                  " (state {version}, this guide reads {known}); upgrade guide"
                                  " to open it").format(path=shown_path(self.path), found=found,
                                                        version=version,
                                                        known=self.state_version))

    def _lock(self) -> None:
        try:
            self._lock_fd = holding.lock(self.path)
        except holding.HeldError as e:
            raise CampaignError(str(e)) from None
        self._held = holding.identity(self._lock_fd)

    def _unlock(self) -> None:
        if self._lock_fd is not None:
            holding.unlock(self._lock_fd)
            self._lock_fd = None

    def _still_held(self) -> None:
        """Before a save is acknowledged: is the file at the path still the one this table
        holds? If it was deleted or replaced, nothing of this save is kept, the campaign held
        is written back (guide.core.holding), and a SaveError says where."""
        what = holding.gone(self.path, self._held) if self._held else None
        if what is None:
            return
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")
        was = self.path
        try:
            copy = holding.copy_out(self.db, self.path)
            self.db.close()
            self._unlock()
            self.path = holding.put_back(copy, self.path)
            self._open_writing()
        except (sqlite3.Error, OSError) as e:
            raise SaveError(_("{path}: the campaign file was {what} while this guide had it"
                              " open, and it could not be written back ({why}): this command"
                              " was not saved; what was saved before lives only in this table"
                              " until it closes").format(path=shown_path(was), what=_(what),
                                                         why=disk_words(e))) from None
        if self.path == was:
            raise SaveError(_("{path}: the campaign file was {what} while this guide had it"
                              " open: this command was not saved; the campaign as saved before"
                              " was written back there and the table goes on with it: type"
                              " the command again").format(path=shown_path(was), what=_(what)))
        raise SaveError(_("{path}: the campaign file was {what} while this guide had it open:"
                          " this command was not saved; the campaign as saved before was"
                          " written back to {new} and the table goes on with it: type the"
                          " command again").format(path=shown_path(was), what=_(what),
                                                   new=shown_path(self.path)))

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
            # each seat's secret link (guide.core.seats): outside the journal, never undone
            self.db.execute("CREATE TABLE IF NOT EXISTS seats (seat TEXT PRIMARY KEY, token TEXT)")
            # 'version' grows with every append, undo and redo, in the same transaction (version())
            self.db.executemany("INSERT OR IGNORE INTO meta VALUES (?, ?)", [
                ("app", APP), ("schema", str(SCHEMA)), ("game", self.game),
                ("state_version", str(self.state_version)), ("version", "0")])
            self.db.execute("COMMIT")

    def _check_meta(self) -> None:
        try:
            self._check_game(_read_meta(self.path, self.db))
        except CampaignError:
            self.close()
            raise

    def close(self) -> None:
        self.db.close()
        self._unlock()

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """Reads that meet a damaged file or damaged rows say so, with the file's name."""
        try:
            yield
        except sqlite3.DatabaseError as e:
            raise CampaignError(damaged(self.path, e)) from None

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write transaction: all of it or, on a full or read-only disk, none of it."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            self._hook("begin")
            yield
            self.db.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1"
                            " WHERE key='version'")
            self._hook("written")
            self._still_held()
            self.db.execute("COMMIT")
        except SaveError:
            raise
        except sqlite3.Error as e:
            if self.db.in_transaction:
                try:
                    self.db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            raise SaveError(_("{path}: cannot save: {why}. Nothing was lost: this command was"
                              " not saved, the campaign is as it was before it; type it again"
                              " once the disk has room and is writable").format(
                                  path=shown_path(self.path), why=disk_words(e))) from None
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        finally:
            self._writes += 1          # committed or not: what entries() read is read again
        self._hook("committed")

    def _hook(self, point: str) -> None:
        if self.hook is not None:
            self.hook(point)

    # --- reading --------------------------------------------------------------------
    def head(self) -> int:
        row = self.db.execute("SELECT MAX(seq) FROM commands WHERE kind='change' AND active=1"
                              ).fetchone()
        return row[0] or 0

    def load(self, new_state: Callable[[], dict]) -> dict:
        """The state after every active change: latest snapshot (or `new_state()`), then the
        changes after it."""
        with self._reading():
            head = self.head()
            row = self.db.execute("SELECT seq, state FROM snapshots WHERE seq <= ? ORDER BY seq"
                                  " DESC LIMIT 1", (head,)).fetchone()
            seq = row[0] if row else 0
            try:
                base, state = (row[0], _object(row[1])) if row else (0, new_state())
                for at, changes in self.db.execute(
                        "SELECT seq, changes FROM commands WHERE kind='change' AND active=1"
                        " AND seq > ? AND seq <= ? ORDER BY seq", (base, head)):
                    seq = at                     # named in the message if this one is damaged
                    apply(state, _changes(changes))
            except (ValueError, KeyError, IndexError, TypeError, AttributeError,
                    RecursionError) as e:
                raise CampaignError(command_damaged(self.path, seq,
                                                    f"{type(e).__name__}: {e}")) from None
        return state

    def version(self) -> tuple[int, int]:
        """Changes whenever the campaign does (a command added, undone or redone, a seat's
        link, the language), for a follower that polls it (`guide view`, in another process
        than the table writing): the counter each write transaction raises in that same
        transaction (meta 'version'), and SQLite's data_version, which changes whenever
        another connection commits (also a writer of an older guide, which kept no counter).
        Two lookups, whatever the length of the history (it read every command, 5,000 of
        them a poll on a long campaign)."""
        with self._reading():
            row = self.db.execute("SELECT value FROM meta WHERE key='version'").fetchone()
            others = self.db.execute("PRAGMA data_version").fetchone()[0]
        counted = int(row[0]) if row and str(row[0]).isdecimal() else -1
        return counted, int(others)

    def journal(self) -> tuple[int, int, int]:
        """The journal as the file holds it: its last command, how many are active, how
        many in all (reads every command: for checks, not for polling)."""
        with self._reading():
            last, active, count = self.db.execute(
                "SELECT MAX(seq), SUM(active), COUNT(*) FROM commands").fetchone()
        return last or 0, active or 0, count

    def entries(self, limit: int | None = None) -> list[Entry]:
        """The active commands, the last `limit` of them, to read (not to change: the same
        entries are given to every reader until the next write).

        A table that writes its campaign is its only writer (the lock), so between two of its
        writes the journal is the same: it is read once, not once for each seat's page after
        a command (that grew with the square of the party, issue 31, item 12). A reader
        (read_only) follows another's writes and reads every time."""
        cached = self._recent.get(limit) if not self.read_only else None
        if cached is None or cached[0] != self._writes:
            sql = ("SELECT seq, at, line, kind, story FROM commands WHERE active=1 ORDER BY seq"
                   " DESC")
            with self._reading():
                rows = self.db.execute(sql + (f" LIMIT {int(limit)}" if limit else "")
                                       ).fetchall()
            cached = (self._writes, [self._entry(*row) for row in reversed(rows)])
            if not self.read_only and limit is not None:
                self._recent = {**{k: v for k, v in self._recent.items()
                                   if v[0] == self._writes}, limit: cached}
        return list(cached[1])

    def _entry(self, seq: int, at: object, line: object, kind: object, story: str) -> Entry:
        try:
            events = json.loads(story)
            if not isinstance(events, list) or not all(isinstance(e, dict) and
                                                       isinstance(e.get("kind"), str)
                                                       for e in events):
                raise ValueError(_("the story is not a list of events"))
        except (ValueError, TypeError) as e:
            raise CampaignError(command_damaged(self.path, seq, e)) from None
        return Entry(seq, str(at), str(line), str(kind), events)

    def last_change(self) -> Entry | None:
        """The change `undo` would take back, with its story (the table's undo policy reads
        it before undoing)."""
        row = self._change_row(_LAST_ACTIVE)
        return None if row is None else self._entry(*row)

    def next_redo(self) -> Entry | None:
        """The change `redo` would bring back, with its story."""
        row = self._change_row(_FIRST_UNDONE)
        return None if row is None else self._entry(*row)

    def _change_row(self, which: str) -> tuple | None:
        """The first change `which` (an SQL condition and order) finds."""
        with self._reading():
            return self.db.execute("SELECT seq, at, line, kind, story FROM commands WHERE"
                                   f" kind='change' AND {which} LIMIT 1").fetchone()

    def seat_tokens(self) -> dict[str, str]:
        """Each seat's token (guide.core.seats); {} for a campaign that has none yet."""
        try:
            with self._reading():
                return dict(self.db.execute("SELECT seat, token FROM seats").fetchall())
        except sqlite3.OperationalError:          # a campaign from before seats, read-only
            return {}

    def _meta(self, key: str) -> str | None:
        """A value the campaign keeps outside the journal (the meta table); None when unset."""
        with self._reading():
            row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row and row[0] else None

    def _save_meta(self, key: str, value: str) -> None:
        with self._writing():
            self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def seat_address(self) -> str | None:
        """Where the running table serves its view and seats (`http://HOST:PORT/`), if it does."""
        return self._meta("served")

    def save_seat_address(self, address: str | None) -> None:
        """Say where the table serves now (None: it stopped), for `guide seats`."""
        self._save_meta("served", address or "")

    def tv_token(self) -> str | None:
        """The token of the TV's address, kept from one evening to the next (None: none yet),
        so that a page left open on the TV follows the table again after a restart."""
        return self._meta("tv token")

    def save_tv_token(self, token: str) -> None:
        self._save_meta("tv token", token)
        self._owner_only()

    def language(self) -> str | None:
        """The language the campaign's table speaks (`guide play --lang`), if one was chosen."""
        return self._meta("lang")

    def save_language(self, code: str) -> None:
        """Remember the table's language (`guide play --lang`) for the next evening."""
        self._save_meta("lang", code)

    def bot_seats(self) -> dict[str, str]:
        """The seats bots play, with their level (guide.core.bots.seating); outside the journal."""
        try:
            found = json.loads(self._meta("bots") or "{}")
        except ValueError:
            return {}
        return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}

    def save_bot_seats(self, levels: dict[str, str]) -> None:
        """Remember which seats bots play (`bot NAME`, `bot NAME --off`)."""
        self._save_meta("bots", json.dumps(levels, ensure_ascii=False))

    def save_seat_token(self, seat: str, token: str) -> None:
        """Give a seat its (new) token: a link issued or reissued, in one transaction."""
        with self._writing():
            self.db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?)", (seat, token))
        self._owner_only()

    def _owner_only(self) -> None:
        if self._lock_fd is not None:
            holding.owner_only(self.path, self._lock_fd)

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM commands WHERE kind='change' AND active=1"
                               ).fetchone()[0]

    # --- writing --------------------------------------------------------------------
    def append(self, line: str, changes: list, story: list[dict], state_after: dict) -> None:
        """One command, in one transaction: its changes, its story, and maybe a snapshot."""
        with self._writing():
            seq = self._insert(line, "change" if changes else "note", changes, story)
            if changes and self._changes_since_snapshot() >= SNAPSHOT_EVERY:
                self._snapshot(seq, state_after)

    def _insert(self, line: str, kind: str, changes: list, story: list[dict]) -> int | None:
        """A command's row (`kind` as Entry's); its seq. A new change forgets what was undone
        (no more redo), and from the first change in this encoding on (guide.core.state) an
        older guide must not read the file: it would take these changes for damaged ones."""
        if kind == "change":
            self.db.execute("DELETE FROM commands WHERE kind='change' AND active=0")
            self.db.execute("UPDATE meta SET value=? WHERE key='schema' AND value<>?",
                            (str(SCHEMA), str(SCHEMA)))
        return self.db.execute(
            "INSERT INTO commands (at, line, kind, active, changes, story) VALUES"
            " (?, ?, ?, 1, ?, ?)", (datetime.now().isoformat(timespec="seconds"), line, kind,
                                    json.dumps(changes), json.dumps(story))).lastrowid

    def _snapshot(self, seq: int | None, state: dict) -> None:
        self.db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?)", (seq, json.dumps(state)))

    def upgrade(self, line: str, changes: list, story: list[dict], state_after: dict,
                version: int) -> None:
        """An older campaign upgraded (Game.migrate): the changes as one command, a snapshot
        of the upgraded state, and the file's new state version, in one transaction."""
        with self._writing():
            self._snapshot(self._insert(line, "change", changes, story), state_after)
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('state_version', ?)",
                            (str(version),))
        self.found_version = version

    def save_state_version(self, version: int) -> None:
        """A new campaign's state version (one opened by a game newer than the Store's)."""
        self._save_meta("state_version", str(version))
        self.found_version = version

    def _changes_since_snapshot(self) -> int:
        last = self.db.execute("SELECT MAX(seq) FROM snapshots").fetchone()[0] or 0
        return self.db.execute("SELECT COUNT(*) FROM commands WHERE seq > ? AND kind='change'"
                               " AND active=1", (last,)).fetchone()[0]

    def undo(self) -> Entry | None:
        """Take back the last active change (its snapshots go with it)."""
        return self._switch(_LAST_ACTIVE, 0)

    def redo(self) -> Entry | None:
        """Bring back the first change taken back."""
        return self._switch(_FIRST_UNDONE, 1)

    def _switch(self, which: str, active: int) -> Entry | None:
        row = self._change_row(which)
        if row is None:
            return None
        with self._writing():
            self.db.execute("UPDATE commands SET active=? WHERE seq=?", (active, row[0]))
            if not active:
                self.db.execute("DELETE FROM snapshots WHERE seq >= ?", (row[0],))
        return self._entry(*row)        # its line and story: undo names it, redo retells it


def command_damaged(path: Path, seq: object, why: object) -> str:
    return _("{path}: command #{seq} of the campaign is damaged ({why}); it was left"
             " untouched: {recover}").format(path=shown_path(path), seq=seq, why=why, recover=_(RECOVER))


def _object(text: str) -> dict:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(_("a snapshot is not a state"))
    return value


def _changes(text: str) -> list:
    value = json.loads(text)
    if not isinstance(value, list) or not all(well_formed(c) for c in value):
        raise ValueError(_("its changes are not changes of a state"))
    return value


def disk_words(e: BaseException) -> str:
    """What is wrong with the disk, in words: full, read-only, or the system's own words."""
    name = getattr(e, "sqlite_errorname", "") or ""
    code = getattr(e, "errno", None)
    if name.startswith("SQLITE_FULL") or code in (errno.ENOSPC, errno.EDQUOT):
        return _("the disk is full")
    if name.startswith("SQLITE_READONLY") or code == errno.EROFS:
        return _("the disk or folder is read-only")
    if code in (errno.EACCES, errno.EPERM):
        return _("permission denied")
    if name.startswith("SQLITE_CANTOPEN"):
        return _("the file cannot be opened (a read-only folder, or one that is gone?)")
    if isinstance(e, OSError):
        return e.strerror or str(e)
    return str(e)
