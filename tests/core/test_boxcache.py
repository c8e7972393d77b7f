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

from guide.core import boxcache
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
    code = (f"import pickle, sys; from guide.core.games import load;"
            f" sys.stdout.buffer.write(pickle.dumps(load({game_id!r}).load([])))")

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
    assert game(game_id).load([]) == fresh


def test_a_fifo_or_a_device_in_a_box_is_left_to_the_build(box):
    """The key never reads what is not a regular file (a FIFO would block the table)."""
    os.mkfifo(box / "pipe.yaml")
    calls: list[int] = []
    files = lambda: sorted(box.glob("*.yaml"))  # noqa: E731
    built = boxcache.cached("test", [box], files, [], lambda: calls.append(1) or "built")
    assert built == "built" and calls == [1]
    assert not (box.parent / "cache").exists()                 # nothing stored for it
