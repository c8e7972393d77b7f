"""The designers' workbench, `guide cave sim`: every knob of the box from the command line,
sweeps printed as tables in 80 columns, the figures with their intervals as text, JSON and
CSV, and worker processes that play the same games and die with their parent."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from installed import guide, guide_env
from support import children

from guide.games.cave import knobs
from guide.games.cave.box import load_box
from guide.games.cave.cli import cave_group, plan
from guide.games.cave.sim import Run, simulate_runs

RAW = knobs.raw_box(None)


@pytest.mark.parametrize("typed, path", [
    ("tiles.straight", ("tiles", "shapes", "straight")), ("energy", ("character", "energy")),
    ("Mental", ("character", "mental")), ("exit_in_last", ("tiles", "exit_in_last")),
    ("item_bonus", ("challenge", "item_bonus")), ("events.fire", ("events", "fire")),
    ("tiles.dead_end", ("tiles", "shapes", "dead end")),
    ("meals.poisonous", ("meals", "unprepared", "poisonous")),
    ("food", ("food",)), ("cross", ("sim", "cross_chance")), ("every_entry", ("challenge", "every_entry"))])
def test_every_knob_of_the_box_has_a_name(typed, path):
    assert knobs.find(RAW, typed, "--set") == path


def test_an_unknown_knob_is_one_line_with_a_suggestion():
    wanted = r"^--set enrgy: no knob of the box named 'enrgy'; did you mean 'energy'\?$"
    with pytest.raises(knobs.KnobError, match=wanted):
        knobs.find(RAW, "enrgy", "--set")


def test_an_unknown_knob_lists_the_known_ones_in_the_same_order_every_run():
    """The names offered were drawn from a set, so the "known:" list came out in the order of
    the run's string hashes (PYTHONHASHSEED); it is one order now, whatever the seed."""
    code = ("from guide.games.cave import knobs\n"
            "try:\n    knobs.find(knobs.raw_box(None), 'bogus', '--set')\n"
            "except knobs.KnobError as e:\n    print(e)")
    said = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
            for seed in range(4)}
    assert len(said) == 1 and "known: board.width, width, board.height" in said.pop()


def test_a_set_turns_the_box_and_the_normal_tiles_make_up_the_count_C_TILE_1():
    box, notes = knobs.box_with(RAW, [(("tiles", "shapes", "straight"), 12)], "tiles.straight=12")
    assert box.shapes["straight"] == 12 and box.contents["normal"] == 6
    assert notes == ["tiles.normal=6, so that the contents match the 36 tiles"]
    assert load_box().shapes["straight"] == 16                    # the bundled box is untouched


def test_a_value_the_box_refuses_is_one_line_naming_the_option():
    with pytest.raises(knobs.KnobError, match=r"^--set energy=x: 'x' is not a whole number$"):
        knobs.value_like(8, "x", "--set energy=x")
    refused = r"^tiles.normal=3: the box refuses it: tiles: 40 shapes but 33 contents$"
    with pytest.raises(knobs.KnobError, match=refused):
        knobs.box_with(RAW, [(("tiles", "contents", "normal"), 3)], "tiles.normal=3")


def test_sweep_values_are_a_range_or_a_list():
    assert knobs.sweep_values(8, "6..10", "--sweep") == [6, 7, 8, 9, 10]
    assert knobs.sweep_values(0.5, "0.3,0.5", "--sweep") == [0.3, 0.5]
    assert knobs.sweep_values(True, "true,false", "--sweep") == [True, False]
    with pytest.raises(knobs.KnobError, match="runs downward"):
        knobs.sweep_values(8, "10..6", "--sweep")


def test_the_knobs_change_the_games_C_SET_3():
    runs, knob = plan(None, 2, 80, 3, (("exit_in_last", "41"),), ("energy", "4,12"))
    assert knob == "character.energy"
    assert [(r.box.energy, r.box.exit_in_last) for r in runs] == [(4, 41), (12, 41)]
    weak, strong = simulate_runs(runs)
    assert sum(weak.rounds) < sum(strong.rounds) and sum(weak.tiles) < sum(strong.tiles)
    assert weak.settings == {"tiles.exit_in_last": 41, "character.energy": 4}


def test_two_workers_play_the_same_games_as_one():
    box = load_box()
    runs = [Run(box, 3, 150, 7), Run(box, 2, 120, 8)]
    assert simulate_runs(runs, 2) == simulate_runs(runs, 1)


@pytest.fixture
def installed(tmp_path):
    return guide_env(tmp_path)


def test_a_sweep_prints_tables_in_80_columns(installed):
    r = guide(installed, "cave", "sim", "--players", "4", "--games", "40", "--sweep", "energy=6..8",
              "--set", "tiles.straight=14")
    assert (r.returncode, r.stderr) == (0, "")
    lines = r.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    assert lines[0].startswith("Cave escape, 4 players, 40 games each (seed 1), character.energy = 6, 7, 8")
    assert lines[2] == "  note: tiles.normal=8, so that the contents match the 38 tiles"
    head = lines.index("Escaped: % of the games, and the 95% interval")
    assert lines[head + 1].split()[:3] == ["character.energy", "0", "of"]
    assert [line.split()[0] for line in lines[head + 2:head + 5]] == ["6", "7", "8"]
    assert any(line.startswith("The games: tiles laid") for line in lines)
    assert any(line.startswith("Deaths: % of the characters") for line in lines)


def sim(*args: str):
    """`guide cave sim ARGS` in this process (click's runner): output, error and exit code."""
    return CliRunner().invoke(cave_group, ["sim", *args])


def test_json_and_csv_carry_every_figure_with_its_interval():
    args = ["--players", "3", "--games", "30", "--sweep", "item_bonus=0,4", "--workers", "1"]
    data = json.loads(sim(*args, "--json").stdout)
    assert (data["game"], data["sweep"], len(data["runs"])) == ("cave", "challenge.item_bonus", 2)
    run = data["runs"][0]
    assert run["settings"] == {"challenge.item_bonus": 0}
    assert [e["escaped"] for e in run["escaped"]] == [0, 1, 2, 3]
    assert sum(e["count"] for e in run["escaped"]) == 30
    for figure in (run["tiles_laid"], run["rounds"], run["turns"]):
        assert figure["low"] <= figure["mean"] <= figure["high"]
    assert {"count", "share", "low", "high"} == set(run["exit_drawn"])
    rows = list(csv.DictReader(io.StringIO(sim(*args, "--csv").stdout)))
    assert [row["challenge.item_bonus"] for row in rows] == ["0", "4"]
    assert float(rows[0]["escaped_0_share"]) == pytest.approx(run["escaped"][0]["share"])
    assert float(rows[0]["tiles_laid_mean"]) == pytest.approx(run["tiles_laid"]["mean"])


def test_bad_options_are_one_line_and_exit_1():
    for args, message in ((["--set", "enrgy=6"], "--set enrgy: no knob of the box named 'enrgy'"),
                          (["--set", "energy=lots"], "--set energy=lots: 'lots' is not a whole number"),
                          (["--sweep", "food=1..3"], "a list cannot be swept"),
                          (["--json", "--csv"], "--json or --csv, not both")):
        r = sim("--games", "5", *args)
        assert r.exit_code != 0 and r.stdout == ""
        assert len(r.stderr.splitlines()) == 1 and message in r.stderr, r.stderr


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_with_their_parent_even_by_kill_9(installed):
    parent = subprocess.Popen([sys.executable, "-m", "guide", "cave", "sim", "--players", "4",
                               "--games", "1000000", "--workers", "2"], env=installed,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(workers := children(parent.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(workers) >= 2, "the workers never started"
    finally:
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 30
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers), "a worker outlived its parent"


def test_a_knob_at_the_boxs_own_value_plays_the_same_games():
    box = load_box()
    same, _ = knobs.box_with(RAW, [(("character", "energy"), box.energy)], "energy=8")
    assert same == box                   # the entries keep their order: the same shuffles


def test_every_option_of_cave_sim_says_what_it_is():
    # --games and --seed showed only '[default: 1000; 1<=x<=1000000]' and '[default: 1]'
    sim = cave_group.commands["sim"]
    assert [p.name for p in sim.params if isinstance(p, click.Option) and not p.help] == []
    out = CliRunner().invoke(cave_group, ["sim", "--help"], terminal_width=80).output
    assert "Games played for each number of characters" in " ".join(out.split())


def test_the_sim_and_the_bench_play_the_same_numbers_of_characters(installed):
    # the sim played 1 to 8 characters and the bench 1 to 4 ('the cave game is for 1 to 4,
    # not 6'); both are bound by the bench's seat names (8); a table takes 12 (docs/limits.md)
    from guide.games.cave.bots import KIT
    from guide.games.cave.setup import MAX_CHARACTERS
    players = next(p for p in cave_group.commands["sim"].params if p.name == "players")
    assert (players.type.min, players.type.max) == (KIT.players[1], KIT.players[2]) == (1, 8)
    assert len(KIT.seat_names(8)) == 8 and MAX_CHARACTERS == 12
    r = guide(installed, "bench", "--game", "cave", "--players", "8", "--games", "2", "--levels",
              "random", "--workers", "1")
    assert r.returncode == 0, r.stderr
    assert "2 games of 8 players" in r.stdout and "8 of 8:" in r.stdout


def test_a_box_file_played_is_named_above_its_figures(tmp_path):
    """`--box FOLDER` played a copy of the box with one change, and the report read as the
    bundled box's: the same heading, nothing naming the file. The text says it first; the JSON
    carries it (null for the bundled box)."""
    folder = tmp_path / "mybox"
    folder.mkdir()
    bundled = Path(knobs.__file__).parents[3] / "cards" / "cave" / "box.yaml"
    (folder / "box.yaml").write_text(bundled.read_text().replace("exit_in_last: 10 ", "exit_in_last: 25 "))
    args = ["--players", "2", "--games", "5", "--workers", "1"]
    for extra in ([], ["--sweep", "energy=7,8"]):
        r = sim(*args, "--box", str(folder), *extra)
        assert r.exit_code == 0, r.output
        assert r.stdout.splitlines()[0] == f"Box: {folder / 'box.yaml'}, in place of the bundled one"
    assert not sim(*args).stdout.startswith("Box:")
    assert json.loads(sim(*args, "--box", str(folder), "--json").stdout)["box"] == str(folder / "box.yaml")
    assert json.loads(sim(*args, "--json").stdout)["box"] is None
