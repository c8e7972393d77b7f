"""A game's parsed, validated box kept between runs (issue 32): reading and validating the
bundled box is most of a one-command `guide play` after the imports, and it is the same work
every time the files are the same.

The cache is checked, never trusted blindly. Its entry for a set of box paths holds a key
made of the files' paths and their whole content, and the size and time of every file of the
code that builds the value (the core and the game's package: a changed schema, loader or
model invalidates it too), with the game, the language the table speaks (a build's problems
are worded in it), the guide and Python versions; the value is used only when that key is
the one computed now from the files on disk. The build reads the very bytes the key was
hashed from (each file is read once), so a file saved during a build cannot leave one
version's key on another version's library. A changed file means a new build, written over
the entry. A cache that cannot be read is rebuilt, one that cannot be written
is not an error (the table starts all the same, it only does the work again next time).

The value is a pickle, which runs code as it loads: an entry is unpickled only when its key,
written in plain text before it, is the key of now, and only from a regular file (not a
link) that belongs to this user and that nobody else may write, in a folder nobody else may
write (the folder is made so, 0700; a shared or loose one is not used at all).

Where: platformdirs' user cache folder for `kaverini-guide`, or `GUIDE_CACHE_DIR`; the
value `off` switches the cache off (the tests of the loaders themselves, a benchmark).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

import guide
from guide.core.i18n import current
from guide.core.yamlsrc import Snapshot, reading_from

T = TypeVar("T")
FORMAT = 3                        # 2: the key in plain text before the pickle; 3: the game and
                                  # the language in the key
MAGIC = b"guide box cache %d\n" % FORMAT
ENV = "GUIDE_CACHE_DIR"


def cache_dir() -> Path | None:
    """The cache folder, or None when switched off (GUIDE_CACHE_DIR=off)."""
    override = os.environ.get(ENV)
    if override == "off":
        return None
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("kaverini-guide", appauthor=False))


def _code_files(packages: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for package in packages:
        if package.is_file():
            found.append(package)
            continue
        for root, dirs, names in os.walk(package):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            found += [Path(root) / n for n in sorted(names) if n.endswith((".py", ".json"))]
    return found


class Uncacheable(Exception):
    """A data file that is not a regular file of a readable size: the build reads it (and
    says what is wrong with it); the cache does not try."""


MAX_FILE = 5 * 1024 * 1024        # guide.core.yamlsrc reads no bigger file


def _read(path: Path) -> bytes:
    """A regular file's bytes, opened without blocking (a FIFO or a device in a --box must
    not hang the table: the build refuses it, with its reason)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_FILE:
            raise Uncacheable(str(path))
        with os.fdopen(fd, "rb") as f:
            fd = -1
            return f.read(MAX_FILE + 1)
    finally:
        if fd >= 0:
            os.close(fd)


def snapshot(files: Iterable[Path]) -> Snapshot:
    """Every data file's bytes, read once: the key is hashed from them and the build reads
    them (guide.core.yamlsrc.reading_from), never the disk again. OSError when a data file
    cannot be read, Uncacheable for one that is not a regular file of at most MAX_FILE
    bytes."""
    return Snapshot({Path(path): _read(path) for path in files})


def content_key(name: str, taken: Snapshot, code: Iterable[Path]) -> str:
    """The key of a build: the game (or the entry's name), the language it speaks (its
    problems are in it), the versions, every data file's path and bytes, every code file's
    path, size and modification time."""
    h = hashlib.blake2b(digest_size=32)
    h.update(f"{FORMAT}\0{guide.__version__}\0{sys.version}\0{name}\0{current()}\0".encode())
    for path, data in taken.files.items():
        h.update(f"{path}\0{len(data)}\0".encode())
        h.update(data)
    for path in _code_files(code):
        st = path.stat()
        h.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()


def cached(name: str, paths: list[Path], files: Callable[[], list[Path]],
           code: Iterable[Path], build: Callable[[], T]) -> T:
    """`build()`, or the value it gave before on the same files and code. `name` and `paths`
    say which entry (one per game and set of box paths); `files()` lists the data files the
    build reads (their content is the key, and the build reads that very content); `code`
    the files and package folders (at any depth) of the code that builds it. A build that
    reads a data file `files()` did not list is not kept."""
    folder = cache_dir()
    if folder is None:
        return build()
    code = [Path(c) for c in code]
    try:
        taken = snapshot(files())
        key = content_key(name, taken, code)
    except (OSError, Uncacheable):  # the build names the file that cannot be read
        return build()
    which = hashlib.blake2b("\0".join(map(str, paths)).encode(), digest_size=12).hexdigest()
    entry = folder / f"box-{name}-{which}.pickle"
    trusted = _private(folder)
    if trusted:
        try:
            found = _entry(entry, key)
            if found is not None:
                return found[0]  # type: ignore[return-value]  # built by `build` before
        except Exception:  # noqa: BLE001 - missing, truncated, of another version: build again
            pass
    with reading_from(taken):
        value = build()
    if not taken.missed:
        _write(entry, key, value)
    return value


def _mine(st: os.stat_result) -> bool:
    """Whether a file or folder is this user's and nobody else may write it (where the
    system has users and modes: not on Windows, whose user folders are the user's)."""
    if not hasattr(os, "geteuid"):
        return True
    return st.st_uid == os.geteuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _private(folder: Path) -> bool:
    """Whether the cache folder exists and only this user may write it (_write makes a
    missing one so)."""
    try:
        st = folder.stat()
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and _mine(st)


def _entry(entry: Path, key: str) -> tuple[object] | None:
    """The value stored under `key` (in a 1-tuple), or None: a missing entry, another key,
    or a file that is not a regular file of this user's that only this user may write. The
    pickle is read only after all that is checked."""
    fd = os.open(entry, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or not _mine(st):
            return None
        if f.readline() != MAGIC or f.readline() != key.encode() + b"\n":
            return None
        return (pickle.load(f),)


def _write(entry: Path, key: str, value: object) -> None:
    """Write the entry atomically (a reader sees the old one or the new one); any failure
    (a read-only folder, a full disk, a value that cannot be pickled) is ignored."""
    try:
        entry.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(entry.parent):
            return
        fd, tmp = tempfile.mkstemp(dir=entry.parent, prefix=entry.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(MAGIC + key.encode() + b"\n")
                pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, entry)
        except BaseException:
            os.unlink(tmp)
            raise
    except Exception:  # noqa: BLE001 - a cache that cannot be written is not an error
        pass


def core_code() -> list[Path]:
    """The core's own modules (its top level: the box, schema and YAML readers among them)."""
    return sorted(Path(__file__).resolve().parent.glob("*.py"))
