"""Internal errors the attack of issue 41 (item 5) found, each now one clear line that
changes nothing (no "internal error (...)", no traceback): a --box folder nested 1,500
deep. The others are a game's (Kaverini's `house RULE` and `odds` worker killed mid-run,
CV's numbers typed as digits int() refuses) or every game's (a YAML key that is a list:
tests/contract/test_data_contract.py)."""

from __future__ import annotations

import os

import pytest

from conftest import ROOT
from guide.core import box, games, settings


@pytest.fixture
def deep(tmp_path):
    """A box nested 1,500 folders deep, holding a file at each end; removed bottom-up by
    the test itself: pytest's own clean-up (shutil.rmtree) recurses as os.walk did, and a
    tree this deep left behind breaks the next run's clean-up."""
    top = tmp_path / "box"
    folders = [top]
    os.mkdir(top)
    for _ in range(1500):                  # pathlib's and os's makedirs recurse too
        folders.append(folders[-1] / "d")
        os.mkdir(folders[-1])
    (folders[-1] / "box.yaml").write_text("x: 1\n", encoding="utf-8")
    (top / "a.yaml").write_text("x: 1\n", encoding="utf-8")
    try:
        yield top, folders[-1]
    finally:
        for folder in reversed(folders):
            for entry in os.scandir(folder):
                if not entry.is_dir(follow_symlinks=False):
                    os.unlink(entry.path)
            os.rmdir(folder)


def test_a_box_nested_1500_folders_deep_is_walked(deep):
    """os.walk recursed once a folder: 1,500 of them exceeded Python's recursion limit."""
    top, deepest = deep
    files, problems = box.yaml_files([top])
    assert files == [top / "a.yaml", deepest / "box.yaml"] and problems == []
    found = settings.check(games.load("cave"), [top])[0]
    assert any(p.file == str(deepest / "box.yaml") for p in found)


def test_the_walk_keeps_os_walks_order(tmp_path):
    """Files of a folder, sorted, before its subfolders, sorted; a link to a folder is not
    followed (os.walk's order, which a box's later files overriding earlier ones rely on)."""
    import os as _os

    for rel in ("b/z.yaml", "b/a.yml", "a/c/x.yaml", "a/y.yaml", "m.yaml", "n.txt"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x: 1\n")
    (tmp_path / "link").symlink_to(tmp_path / "a")

    walked = []
    for root, dirs, names in _os.walk(tmp_path):
        dirs.sort()
        walked += [f"{root}/{n}" for n in sorted(names) if n.endswith((".yaml", ".yml"))]
    assert [str(p) for p in box.yaml_files([tmp_path])[0]] == walked
    assert len(walked) == 5
    assert [str(p) for p in box.yaml_files([ROOT / "cards"])[0]] == [
        f"{root}/{n}" for root, dirs, names in _sorted_walk(ROOT / "cards") for n in names]


def _sorted_walk(top):
    for root, dirs, names in os.walk(top):
        dirs.sort()
        yield root, dirs, sorted(n for n in names if n.endswith((".yaml", ".yml")))
