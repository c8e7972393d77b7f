"""Clear words for a broken disk (issue 14, items 11-13) and a version that a follower
never misses (issue 11, item 7): full and read-only disks, damaged files and rows, and
paths that are not regular files, each refused with the real reason and left untouched."""

import hashlib
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from tally import TallyGame

from conftest import Play, guide
from guide.core.dice import Dice
from guide.core.repl.run import StartError, open_table, run_one
from guide.core.store import CampaignError, Store
from guide.core.table import Table


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_version_grows_with_every_command_undo_and_redo(tally):
    store = tally.table.store
    seen = [store.version()]
    for line in ("add 1", "undo", "add 2", "undo", "redo", "roll 1d6", "add 3"):
        tally.do(line)
        seen.append(store.version())
    assert all(a < b for a, b in zip(seen, seen[1:], strict=False)), seen


@pytest.fixture
def tmpfs(tmp_path):
    """A tiny disk of our own (root's tmpfs), or a clean skip where mounting is not allowed."""
    where = tmp_path / "disk"
    where.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=300k", "tmpfs", str(where)],
                       capture_output=True)
    if r.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    yield where
    subprocess.run(["umount", "-l", str(where)], check=True)


def fill(folder: Path) -> Path:
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    for size in (65536, 4096, 1):
        try:
            while True:
                os.write(fd, b"x" * size)
        except OSError:
            pass
    os.close(fd)
    return filler


def test_a_disk_that_fills_during_play_says_so_and_loses_nothing(tmpfs, tally_installed):
    play = Play(tmpfs / "c.sqlite", game_id="tally")
    play.do("join A", "add 1")
    filler = fill(tmpfs)
    for line in ("add 1", "undo"):
        ok, text = run_one(play.table, line)
        assert not ok and "cannot save: the disk is full. Nothing was lost" in text, text
    assert play.state["count"] == 1
    filler.unlink()
    play.do("add 1")
    play = play.reopen()
    assert play.state["count"] == 2
    play.close()


def test_a_full_database_is_refused_like_a_full_disk(tally):
    """Without a tmpfs: SQLite's own page limit gives the same SQLITE_FULL."""
    db = tally.table.store.db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count={pages}")
    before = tally.state
    ok, text = run_one(tally.table, "join " + "x" * 6000)     # a name longer than a page
    assert not ok and "the disk is full. Nothing was lost" in text
    assert tally.state == before


def test_a_read_only_folder_is_named_not_called_damaged(tmpfs, tally_installed, tally_env):
    play = Play(tmpfs / "c.sqlite", game_id="tally")
    play.do("join A", "add 1")
    play.close()
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    r = guide("play", "--campaign", str(tmpfs / "c.sqlite"), input="add 1\n", env=tally_env)
    assert r.returncode == 1
    assert "its folder is read-only" in r.stderr and "damaged" not in r.stderr
    state = guide("state", "--campaign", str(tmpfs / "c.sqlite"), env=tally_env)   # still read
    assert state.returncode == 0 and '"count": 1' in state.stdout
    r = guide("play", "--game", "tally", "--campaign", str(tmpfs / "new" / "c.sqlite"),
              input="add 1\n", env=tally_env)
    assert "is read-only, so no campaign can be made there" in r.stderr


def campaign_with_commands(path: Path, count: int = 150) -> None:
    """A Tally campaign (tests/tinygame): a player joins, then `count` additions."""
    game = TallyGame()
    table = Table(game, Store(path, game=game.id, state_version=game.settings.state_version),
                  None, Dice(1))
    for line in ["join A", *[f"add {1 + i % 3}" for i in range(count)]]:
        table.execute(line)
    table.store.close()


@pytest.fixture(scope="module")
def long_campaign(tmp_path_factory) -> Path:
    """150 commands, so a snapshot and changes after it: built once, copied by each test."""
    path = tmp_path_factory.mktemp("long") / "c.sqlite"
    campaign_with_commands(path)
    return path


def copy_of(campaign: Path, tmp_path: Path) -> Path:
    path = tmp_path / "c.sqlite"
    shutil.copyfile(campaign, path)
    return path


def test_a_corrupted_file_fails_the_opening_check_and_is_left_untouched(long_campaign, tmp_path):
    path = copy_of(long_campaign, tmp_path)
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 6 * page
    data[3 * page + 8: 5 * page] = b"\xa5" * (2 * page - 8)   # two pages of the tables
    path.write_bytes(bytes(data))
    before = digest(path)
    with pytest.raises(CampaignError) as e:
        Store(path, game="tally", state_version=TallyGame.settings.state_version)
    message = str(e.value)
    assert message.startswith(f"{path}: the campaign file is damaged")
    assert "left untouched" in message and ".recover" in message
    assert digest(path) == before


@pytest.mark.parametrize("sql", [
    "UPDATE commands SET changes='not json' WHERE seq=140",
    "UPDATE commands SET changes='[[1]]' WHERE seq=140",
    "UPDATE commands SET changes='[[[\"players\", 7, \"hp\"], 3]]' WHERE seq=140",
    "UPDATE snapshots SET state='[]'",
])
def test_edited_rows_are_named_not_a_crash(long_campaign, tmp_path, sql, tally_installed):
    path = copy_of(long_campaign, tmp_path)
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.close()
    before = digest(path)
    with pytest.raises(StartError) as e:
        open_table(path, [], None)
    message = e.value.format_message()
    assert message.startswith(f"{path}: command #") and "is damaged" in message
    assert "left untouched" in message
    assert digest(path) == before


def test_guide_play_on_edited_rows_says_so_in_one_line(long_campaign, tmp_path, tally_env):
    path = copy_of(long_campaign, tmp_path)
    db = sqlite3.connect(path)
    db.execute("UPDATE commands SET changes='[[1]]' WHERE seq=140")
    db.commit()
    db.close()
    r = guide("play", "--campaign", str(path), input="add 1\n", env=tally_env)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"error: {path}: command #140 of the campaign is damaged")


def test_a_damaged_story_row_is_named_by_log(tally):
    tally.do("add 1")
    db = sqlite3.connect(tally.path)
    db.execute("UPDATE commands SET story='{' WHERE seq=3")
    db.commit()
    db.close()
    ok, text = run_one(tally.table, "log")
    assert not ok and f"{tally.path}: command #3 of the campaign is damaged" in text


@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_a_campaign_that_is_not_a_regular_file_is_refused(tmp_path, kind):
    if kind == "device":
        path = Path("/dev/null")
        existed = Path("/dev/null-journal").exists()
    else:
        path = tmp_path / "pipe.sqlite"
        os.mkfifo(path)
        existed = False
    r = guide("play", "--campaign", str(path), input="log\n", timeout=30)
    assert r.returncode == 1
    assert "not a campaign file (a campaign is a regular file" in r.stderr
    assert ("a device" if kind == "device" else "a pipe (FIFO)") in r.stderr
    assert Path(f"{path}-journal").exists() == existed
    assert not Path(f"{path}-wal").exists()


def test_a_file_standing_where_a_folder_must_be(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    r = guide("play", "--campaign", str(afile / "x.sqlite"), input="log\n")
    assert r.stderr.strip() == f"error: {afile / 'x.sqlite'}: {afile} is a file, not a folder"
