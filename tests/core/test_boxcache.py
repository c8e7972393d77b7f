"""The parsed, validated box kept between runs (issue 32): checked against the files' content
and the code every time, rebuilt when either changed, and never an error when it cannot be
read or written."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from guide.core import boxcache


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


def test_a_fifo_or_a_device_in_a_box_is_left_to_the_build(box):
    """The key never reads what is not a regular file (a FIFO would block the table)."""
    os.mkfifo(box / "pipe.yaml")
    calls: list[int] = []
    files = lambda: sorted(box.glob("*.yaml"))  # noqa: E731
    built = boxcache.cached("test", [box], files, [], lambda: calls.append(1) or "built")
    assert built == "built" and calls == [1]
    assert not (box.parent / "cache").exists()                 # nothing stored for it


# --- issue 41, item 2: the build reads the bytes hashed; the key holds game and language ---

def _reading_build(folder: Path, saved_during: dict[str, str]):
    """A build that reads its files as every game's does (guide.core.yamlsrc), with an
    editor saving a file in the middle of it (after the key was hashed)."""
    from guide.core.yamlsrc import compose_file

    def build():
        for name, text in saved_during.items():
            (folder / name).write_text(text)
        saved_during.clear()
        return [compose_file(p, p.name)[0].value for p in sorted(folder.glob("*.yaml"))]
    return build


def test_a_file_saved_during_the_build_cannot_leave_another_versions_library(box):
    """The key is hashed from the file as A; B is saved during the build: the build reads
    A (the bytes hashed), so the entry for A holds A's library, also once A is back."""
    files = lambda: sorted(box.glob("*.yaml"))  # noqa: E731
    (box / "a.yaml").write_text("v: A\n")
    saved = {"a.yaml": "v: B\n"}
    built = boxcache.cached("test", [box], files, [], _reading_build(box, saved))
    assert built[0][0][1].value == "A"                       # what was hashed, not B
    (box / "a.yaml").write_text("v: A\n")                    # a checkout brings A back
    again = boxcache.cached("test", [box], files, [], _reading_build(box, {}))
    assert again[0][0][1].value == "A"
    (box / "a.yaml").write_text("v: B\n")
    assert boxcache.cached("test", [box], files, [], _reading_build(box, {}))[0][0][1].value \
        == "B"


def test_a_build_that_reads_a_file_not_hashed_is_not_kept(box, tmp_path):
    from guide.core.yamlsrc import compose_file

    other = tmp_path / "other.yaml"
    other.write_text("v: 1\n")
    calls: list[int] = []

    def build():
        calls.append(1)
        return compose_file(other, "other")[0].value[0][1].value

    files = lambda: sorted(box.glob("*.yaml"))  # noqa: E731
    assert boxcache.cached("test", [box], files, [], build) == "1"
    other.write_text("v: 2\n")
    assert boxcache.cached("test", [box], files, [], build) == "2"
    assert len(calls) == 2


def test_the_key_holds_the_game_and_the_language(box):
    from guide.core.i18n import speaking

    calls: list[int] = []
    files = lambda: sorted(box.glob("*.yaml"))  # noqa: E731
    boxcache.cached("one", [box], files, [], lambda: calls.append(1))
    with speaking("fr"):
        boxcache.cached("one", [box], files, [], lambda: calls.append(1))
    boxcache.cached("one", [box], files, [], lambda: calls.append(1))    # English again
    assert len(calls) == 3          # one entry per set of paths: French replaced English
    taken = boxcache.snapshot(files())
    assert boxcache.content_key("one", taken, []) != boxcache.content_key("two", taken, [])


def test_a_box_refused_in_french_is_refused_in_english_next(tmp_path):
    """`guide --lang fr play --game taverne --box BAD`, then the same in English: the
    English table says it in English (the cache kept the French problems)."""
    from conftest import ROOT, guide

    bad = tmp_path / "bad"
    bad.mkdir()
    text = (ROOT / "cards" / "taverne" / "licorne.yaml").read_text(encoding="utf-8")
    assert "initial_loot: null, power: null}" in text
    (bad / "licorne.yaml").write_text(
        text.replace("initial_loot: null, power: null}", "initial_loot: 7, power: null}", 1),
        encoding="utf-8")
    env = {"GUIDE_CACHE_DIR": str(tmp_path / "cache")}
    said = []
    for lang in (["--lang", "fr"], [], ["--lang", "fr"]):
        r = guide(*lang, "play", "--game", "taverne", "--box", str(bad), "--campaign",
                  str(tmp_path / "c.sqlite"), input="", env=env)
        assert r.returncode != 0 and "Traceback" not in r.stderr
        said.append(r.stderr)
    assert "doit valoir au plus 3, pas 7" in said[0] and "doit valoir" in said[2]
    assert "initial_loot must be at most 3, not 7" in said[1] and "doit" not in said[1]
