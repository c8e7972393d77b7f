"""File names reach the terminal shown, never raw (issue 41, item 4), in every game with
data files: a folder or a file of a box named with escape codes (a colour, a terminal
title) and a newline (a forged `guide check` line) is printed through
guide.core.text.shown_path by `guide check` and `guide play --box`."""

from __future__ import annotations

import pytest
from gamelist import installed_ids

from conftest import guide
from guide.core import box, games

# the installed games that read data files, and of those the ones with a bundled box (a game
# of its own distribution may read none, and has no bundled box: guide.core.box.bundled)
READING = [g for g in installed_ids() if games.load(g).files()]
BUNDLED = [g for g in READING if box.yaml_files(box.bundled(g))[0]]
HOSTILE = "box\x1b]0;pwned\x07\x1b[31m\nforged:1:1: all good\n\u202e"
SHOWN = r"box\x1b]0;pwned\x07\x1b[31m\nforged:1:1: all good\n\u202e"


def clean(out: str) -> None:
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, out
    assert not any(line.startswith("forged") for line in out.splitlines()), out
    assert "Traceback" not in out


@pytest.fixture
def folder(tmp_path):
    hostile = tmp_path / HOSTILE
    hostile.mkdir()
    return hostile


@pytest.mark.parametrize("game_id", BUNDLED)
def test_check_and_play_show_a_hostile_folder_name(game_id, folder, tmp_path):
    name = box.yaml_files(box.bundled(game_id))[0][0].name
    (folder / name).write_text("broken: [\n", encoding="utf-8")
    checked = guide("check", "--game", game_id, str(folder))
    assert checked.returncode == 1
    clean(checked.stdout + checked.stderr)
    assert checked.stdout.startswith(f"{tmp_path}/{SHOWN}/{name}:2:1: ")
    played = guide("play", "--game", game_id, "--box", str(folder), "--campaign",
                   str(tmp_path / "c.sqlite"), input="")
    assert played.returncode != 0
    clean(played.stdout + played.stderr)
    assert f"{tmp_path}/{SHOWN}/{name}:2:1: " in played.stderr


@pytest.mark.parametrize("game_id", READING)
def test_a_hostile_file_name_in_a_box_is_shown(game_id, tmp_path):
    folder = tmp_path / "box"
    folder.mkdir()
    (folder / f"{HOSTILE}.yaml").write_text("x: 1\n", encoding="utf-8")
    checked = guide("check", "--game", game_id, str(folder))
    clean(checked.stdout + checked.stderr)
    assert f"{folder}/{SHOWN}.yaml:1:1: " in checked.stdout
