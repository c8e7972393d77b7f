"""Internal errors the attack of issue 41 (item 5) found, each now one clear line that
changes nothing (no "internal error (...)", no traceback): `house RULE`, CV's numbers typed
as digits int() refuses (² ①), a YAML key that is a list in every game's file, a --box
folder nested 1,500 deep, and an `odds` worker killed mid-run."""

from __future__ import annotations

import copy
import os
import signal
import subprocess
import sys
import time

import pytest
from test_hardening_workers import children, wait_for

from conftest import KAVERI_LINE, ROOT
from guide.core import box, games, settings
from guide.core.errors import CommandError, GuideError
from guide.core.repl.run import open_table


def test_house_with_a_rule_and_no_value_says_the_rule(play):
    assert play.do("house gladness") == ("gladness = confrontation (How long Cheer's gladness"
                                         " lasts (R-FX-4).)")
    play.do("house gladness round")
    assert play.do("house gladness").startswith("gladness = round (")


@pytest.mark.parametrize("line, says", [
    ("card Ann ²", "Ann has no card '²'"),
    ("card Ann #①", "Ann has no card '#①'"),
    ("goal Ann ①", "'①' is not a life goal"),
    ("public ² 79", "is not a life goal"),
    ("change Ann ² 3 money", "'²' changes no symbol"),
    ("change Ann t² 3 money", "'t²' changes no symbol"),
])
def test_cv_digits_int_refuses_are_refused_in_one_line(tmp_path, line, says):
    """"²".isdigit() is True and int("²") a ValueError: a number is ASCII digits (V-*)."""
    table = open_table(tmp_path / "cv.sqlite", [], 1, game_id="cv")
    try:
        table.execute("players Ann Bob Cid")
        before = copy.deepcopy(table.state)
        with pytest.raises(CommandError) as e:
            table.execute(line)
        assert says in str(e.value)
        assert table.state == before
    finally:
        table.store.close()


GAMES = sorted(games.installed())


def _first_file(game_id: str) -> str:
    return box.yaml_files(box.bundled(game_id))[0][0].name


@pytest.mark.parametrize("game_id", GAMES)
def test_a_list_as_a_key_is_a_positioned_problem(game_id, tmp_path):
    folder = tmp_path / "box"
    folder.mkdir()
    target = folder / _first_file(game_id)
    target.write_text("{[1]: b}\n", encoding="utf-8")
    game = games.load(game_id)
    problems = settings.check(game, [target])[0]
    assert f"{target}:1:2: a key must be a plain value" in [str(p) for p in problems]
    with pytest.raises(GuideError, match=f"^{target}:1:"):
        settings.load(game, [folder])


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


def test_odds_with_a_worker_killed_says_so_and_the_table_goes_on(tmp_path):
    """The kernel's out-of-memory killer takes a worker of `odds`: BrokenProcessPool was an
    internal error; it is one line, offering to run the command again, and the script goes
    on."""
    env = {**os.environ, "GUIDE_DATA_DIR": str(tmp_path / "data")}
    table = subprocess.Popen([sys.executable, "-m", "guide", "play", "--campaign",
                              str(tmp_path / "c.sqlite")], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert table.stdin is not None
    table.stdin.write(f"adventure amsterdam\n{KAVERI_LINE}\n"
                      "odds --scene 2 --runs 200000 --seed 1\nwp A 1\n")
    table.stdin.flush()
    try:
        wait_for(lambda: len(children(table.pid)) >= 2)
        time.sleep(0.2)                         # the pool at work
        os.kill(children(table.pid)[0], signal.SIGKILL)
        out, err = table.communicate(timeout=60)
    finally:
        table.kill()
    assert err.strip() == ("error: odds: the simulation lost a worker process (the system"
                           " stopped it, perhaps short of memory); nothing changed: type the"
                           " command again to run it again")
    assert "A gets 1 world point (1 now)." in out
