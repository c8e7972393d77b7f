"""The parsed, validated box kept between runs (issue 32): checked against the files' content
and the code every time, rebuilt when either changed, and never an error when it cannot be
read or written."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from guide.core import boxcache, settings
from guide.core.games import load as game


def build_counting(folder: Path, calls: list[int]):
    def build():
        calls.append(1)
        return sorted(p.read_text() for p in folder.glob("*.yaml"))
    return build


def cached(folder: Path, calls: list[int], code=()):
    files = lambda: sorted(folder.glob("*.yaml"))  # noqa: E731
    return boxcache.cached("test", [folder], files, list(code), build_counting(folder, calls))


@pytest.fixture
def box(tmp_path, monkeypatch):
    monkeypatch.setenv("GUIDE_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "box"
    folder.mkdir()
    (folder / "a.yaml").write_text("cards: []\n")
    return folder


def test_the_second_run_takes_the_stored_value(box):
    calls: list[int] = []
    assert cached(box, calls) == ["cards: []\n"]
    assert cached(box, calls) == ["cards: []\n"]
    assert len(calls) == 1


def test_a_changed_file_means_a_new_build(box):
    calls: list[int] = []
    cached(box, calls)
    (box / "a.yaml").write_text("cards: [] # edited\n")      # same size class, new content
    assert cached(box, calls) == ["cards: [] # edited\n"]
    (box / "b.yaml").write_text("cards: []\n")                # a new file
    assert len(cached(box, calls)) == 2
    assert len(calls) == 3


def test_the_same_size_and_time_but_other_bytes_is_still_a_change(box):
    calls: list[int] = []
    path = box / "a.yaml"
    cached(box, calls)
    st = path.stat()
    path.write_text("cards: {}\n")                            # as long as before
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))       # and the same time
    assert cached(box, calls) == ["cards: {}\n"]
    assert len(calls) == 2


def test_changed_code_means_a_new_build(box, tmp_path):
    calls: list[int] = []
    code = tmp_path / "loader.py"
    code.write_text("x = 1\n")
    cached(box, calls, [code])
    code.write_text("x = 22\n")
    cached(box, calls, [code])
    assert len(calls) == 2


def test_a_damaged_or_forged_entry_is_rebuilt(box, tmp_path):
    calls: list[int] = []
    cached(box, calls)
    (entry,) = (tmp_path / "cache").iterdir()
    entry.write_bytes(b"not a pickle")
    assert cached(box, calls) == ["cards: []\n"]
    entry.write_bytes(pickle.dumps(("another key", ["forged"])))
    assert cached(box, calls) == ["cards: []\n"]
    assert len(calls) == 3


class Marks:
    """A pickle that, once loaded, leaves a file behind: proof that it was unpickled."""

    def __init__(self, path: Path):
        self.path = path

    def __reduce__(self):
        return (Path.touch, (self.path,))


def forge(entry: Path, value: object, key: bytes | None = None) -> None:
    """The entry with another value under its own key (or `key`), as only someone who may
    write the cache could make it."""
    with entry.open("rb") as f:
        magic, own = f.readline(), f.readline()
    entry.write_bytes(magic + (own if key is None else key + b"\n") + pickle.dumps(value))


def test_an_entry_of_another_key_is_never_unpickled(box, tmp_path):
    calls: list[int] = []
    cached(box, calls)
    (entry,) = (tmp_path / "cache").iterdir()
    forge(entry, Marks(tmp_path / "ran"), key=b"0" * 64)
    assert cached(box, calls) == ["cards: []\n"]
    entry.write_bytes(pickle.dumps(("another key", Marks(tmp_path / "ran"))))   # format 1's
    assert cached(box, calls) == ["cards: []\n"]
    assert not (tmp_path / "ran").exists()
    assert len(calls) == 3


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="users and modes")
def test_an_entry_or_a_folder_others_may_write_is_not_read(box, tmp_path):
    calls: list[int] = []
    cached(box, calls)
    folder = tmp_path / "cache"
    (entry,) = folder.iterdir()
    assert folder.stat().st_mode & 0o777 == 0o700 and entry.stat().st_mode & 0o777 == 0o600
    forge(entry, ["forged"])
    assert cached(box, calls) == ["forged"]          # the forgery works on a private entry
    entry.chmod(0o666)
    assert cached(box, calls) == ["cards: []\n"]     # not on one others may write
    forge(entry, ["forged"])
    entry.chmod(0o600)
    folder.chmod(0o777)
    assert cached(box, calls) == ["cards: []\n"]     # nor in a folder others may write
    assert entry.read_bytes().endswith(pickle.dumps(["forged"]))     # which it leaves alone
    assert len(calls) == 3


def test_a_linked_entry_is_not_followed(box, tmp_path):
    calls: list[int] = []
    cached(box, calls)
    (entry,) = (tmp_path / "cache").iterdir()
    elsewhere = tmp_path / "elsewhere"
    entry.rename(elsewhere)
    forge(elsewhere, ["forged"])
    entry.symlink_to(elsewhere)
    assert cached(box, calls) == ["cards: []\n"]
    assert len(calls) == 2


def test_a_cache_that_cannot_be_written_is_not_an_error(box, tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv("GUIDE_CACHE_DIR", str(blocker / "cache"))   # under a file: no folder
    calls: list[int] = []
    assert cached(box, calls) == cached(box, calls) == ["cards: []\n"]
    assert len(calls) == 2


def test_off_switches_it_off(box, tmp_path, monkeypatch):
    monkeypatch.setenv("GUIDE_CACHE_DIR", "off")
    calls: list[int] = []
    cached(box, calls)
    cached(box, calls)
    assert len(calls) == 2 and not (tmp_path / "cache").exists()


@pytest.mark.parametrize("game_id", ["kaverini", "cave", "cv", "taverne", "kaivo"])
def test_every_games_cached_box_is_the_box_it_builds(game_id, tmp_path):
    """The bundled box through the cache, in a new process, equals the one built without."""
    code = (f"import pickle, sys; from guide.core.games import load; from guide.core import settings;"
            f" sys.stdout.buffer.write(pickle.dumps(settings.load(load({game_id!r}), [])))")

    def library(cache: str):
        env = {**os.environ, "GUIDE_CACHE_DIR": cache}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env,
                             check=True)
        return pickle.loads(out.stdout)

    fresh = library("off")
    first = library(str(tmp_path / "c"))       # builds and stores
    assert list((tmp_path / "c").iterdir())
    second = library(str(tmp_path / "c"))      # reads the stored one
    assert fresh == first == second
    assert settings.load(game(game_id), []) == fresh


def test_a_fifo_or_a_device_in_a_box_is_left_to_the_build(box):
    """The key never reads what is not a regular file (a FIFO would block the table)."""
    os.mkfifo(box / "pipe.yaml")
    calls: list[int] = []
    files = lambda: sorted(box.glob("*.yaml"))  # noqa: E731
    built = boxcache.cached("test", [box], files, [], lambda: calls.append(1) or "built")
    assert built == "built" and calls == [1]
    assert not (box.parent / "cache").exists()                 # nothing stored for it
