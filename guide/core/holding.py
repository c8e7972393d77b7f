"""The campaign file a table holds open: its lock, and that it is still the file at its path.

A table locks its campaign (flock, so a second guide is refused, also through a symlink) and
notes the file's identity (device and inode). A file deleted or replaced while open would
take every later "saved" command into a file no one can open again, and let a second table
start afresh at the same path (issue 31, item 7); so before a save is acknowledged the store
compares the path with the file it holds (`gone`), refuses that save, and writes the
campaign it holds back (`write_back`): to the path if it is free, else beside it, never over
another file. Campaign files hold the seats' tokens: they are created readable by their
owner only (0600).
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import stat
from pathlib import Path

from guide.core.errors import GuideError
from guide.core.i18n import N_, _
from guide.core.processes import hold_in_parent_only, release
from guide.core.text import shown_path

MODE = 0o600


class HeldError(GuideError):
    """The campaign cannot be held: open in another guide, or its journal in use."""


def lock(path: Path) -> int:
    """Open and lock `path` (made 0600 if new): the descriptor, or a HeldError."""
    if not path.exists() and any(Path(f"{path}{end}").exists() for end in ("-wal", "-shm")):
        raise HeldError(_("{path}: the file is missing but its journal ({name}-wal, {name}-shm)"
                          " is there: another guide may hold it open (the file deleted while"
                          " open: that guide writes it back at its next command); if none"
                          " does, remove {name}-wal and {name}-shm first").format(
                              path=shown_path(path), name=shown_path(path.name)))
    fd = os.open(path, os.O_RDWR | os.O_CREAT, MODE)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise HeldError(_("{path}: already open in another guide; close that one first")
                        .format(path=shown_path(path))) from None
    hold_in_parent_only(fd)   # a worker forked by a command (odds) must not keep the lock
    return fd


def held_through_another_name(path: Path) -> bool:
    """Whether another table holds this file (its lock) through another name of it, a hard
    link. SQLite names a campaign's journal (-wal, -shm) after the name it was opened by:
    read by this name, the file would lack the holder's last commands (they are in the
    other name's -wal), look like no campaign at all, and leave a -wal and -shm of this name
    behind (issue 41). A table holding it by this name has this name's -wal there."""
    try:
        if Path(f"{path.resolve()}-wal").exists():
            return False           # held by this name, or by none (a crash's journal)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)     # released as it is closed
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def unlock(fd: int) -> None:
    if release(fd):
        # unlocked before it is closed: a child forked a moment ago may not have closed its
        # copy yet (it shares the lock until it does), and the campaign must be free now
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError:
            pass
    try:
        os.close(fd)
    except OSError:          # in a forked child the descriptor was closed at fork
        pass


def owner_only(path: Path, fd: int) -> None:
    """A campaign that holds seats' tokens, made before files were created 0600, becomes
    readable by its owner only (with its -wal and -shm): a token read is a seat taken."""
    _owner_only(fd)
    for end in ("-wal", "-shm"):
        try:
            journal = os.open(f"{path}{end}", os.O_RDONLY)
        except OSError:
            continue
        try:
            _owner_only(journal)
        finally:
            os.close(journal)


def _owner_only(fd: int) -> None:
    try:
        mode = stat.S_IMODE(os.fstat(fd).st_mode)
        if mode & 0o077:
            os.fchmod(fd, mode & 0o700)
    except OSError:
        pass                      # not ours to change (another owner's file)


def identity(fd: int) -> tuple[int, int]:
    info = os.fstat(fd)
    return info.st_dev, info.st_ino


def gone(path: Path, held: tuple[int, int]) -> str | None:
    """How the file at `path` is no longer the one held ("deleted", "replaced by another
    file"), or None while it is. A path that cannot be looked at is left to the save."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return N_("deleted")
    except OSError:
        return None
    return None if (info.st_dev, info.st_ino) == held else N_("replaced by another file")


def copy_out(db: sqlite3.Connection, path: Path) -> Path:
    """A copy of the campaign `db` holds, in a new file (0600) beside `path`: its name."""
    temporary = path.with_name(f".{path.name}.writing-back-{os.getpid()}")
    os.close(os.open(temporary, os.O_RDWR | os.O_CREAT | os.O_TRUNC, MODE))
    try:
        copy = sqlite3.connect(temporary)
        try:
            db.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")   # one file; WAL again once reopened
        finally:
            copy.close()
        with open(temporary, "rb+") as f:
            os.fsync(f.fileno())
    except BaseException:
        _remove(temporary)
        raise
    return temporary


def put_back(temporary: Path, path: Path) -> Path:
    """The copy at `path` if nothing is there, else at the first free
    `NAME-recovered-N.sqlite` beside it (never over another file): where it went."""
    try:
        for n in range(1000):
            target = path if n == 0 else path.with_name(f"{path.stem}-recovered-{n}{path.suffix}")
            if n > 0 and any(Path(f"{target}{end}").exists() for end in ("-wal", "-shm")):
                continue
            try:
                os.link(temporary, target)     # no clobber: EEXIST if anything is there
                return target
            except FileExistsError:
                continue
        raise OSError(_("no free name beside {path}").format(path=shown_path(path)))
    finally:
        _remove(temporary)


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
