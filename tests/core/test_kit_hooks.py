"""The hooks a game may use (guide/core/game.py), each with Tally: its own percentile, a start
option of its own, a migrate hook for older campaigns, an undo policy that refuses to go past
a hidden draw, private dice and draws, and a timer that acts on time (at the prompt, in a
script or pipe, also when nobody types)."""

from __future__ import annotations

import json
import sqlite3
import sys
import threading
from dataclasses import replace

import pexpect
import pytest
from installed import guide
from test_tiny_game import GAME_DIR, installed, tally_table  # noqa: F401 - the fixture

from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.game import REPLAY, Game
from guide.core.game import Clock as GameClock
from guide.core.repl.run import run_batch
from guide.core.result import text
from guide.core.seats import Desk
from guide.core.store import Store
from guide.core.table import Table
from guide.core.viewers import public_state

sys.path.insert(0, str(GAME_DIR))
from tally import TallyGame  # noqa: E402


def dump(t: Table) -> str:
    return json.dumps(t.state, sort_keys=True)


# --- the percentile per game --------------------------------------------------------------
def test_the_core_percentile_is_one_d100_and_kaverini_keeps_r_dice_2(installed):  # noqa: F811
    t = Table(TallyGame(), None, None, Dice(1))
    assert text(t.execute("roll d% --dice 45")).splitlines()[-1] == "45"
    assert t.dice.drawn == [(100, 45)]
    assert guide(installed, "roll", "d%", "--dice", "45", "--game", "tally").stdout \
        .splitlines()[-1] == "45"
    kaverini = guide(installed, "roll", "d%", "--dice", "4,5")    # R-DICE-2, tens and ones
    assert kaverini.stdout.splitlines() == ["d% (tens 4, ones 5) = 45", "45"]


# --- a start option of the game's own -----------------------------------------------------
def test_a_games_own_start_option_and_another_games_refused(installed, tmp_path):  # noqa: F811
    campaign = tmp_path / "t.sqlite"
    r = guide(installed, "play", "--game", "tally", "--campaign", str(campaign), "--count", "5",
              stdin="total\n")
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "The count is 5."
    again = guide(installed, "play", "--campaign", str(campaign), "--count", "9",
                  stdin="total\n")                    # only a new tally starts at N
    assert again.stdout.splitlines()[-1] == "The count is 5."
    other = tmp_path / "other.sqlite"
    wrong = guide(installed, "play", "--game", "tally", "--campaign", str(other),
                  "--adventure", "amsterdam", stdin="total\n")
    assert wrong.returncode == 1 and not other.exists()          # nothing was made
    assert wrong.stderr.strip() == ("error: --adventure: no such option of guide play, nor a"
                                    " start option of the tally game (its own: --count)")
    helped = guide(installed, "play", "--help").stdout
    assert "--adventure ID (kaverini)" in helped and "--count N (tally)" in helped


# --- older campaigns: migrate ---------------------------------------------------------------
class TallyOne(TallyGame):
    """Tally as it was at state 1: no alarms, no hands."""

    settings = replace(TallyGame.settings, state_version=1, migrate=None)

    def new_state(self) -> dict:
        return {"count": 0, "rolls": [], "players": [], "guesses": TallyGame().new_state()
                ["guesses"]}

    def players(self, table) -> list:
        return []                                  # nobody joins it; today's reads "turns"


def version_one(path) -> None:
    t = Table(TallyOne(), Store(path, game="tally", state_version=1), None, Dice(1))
    t.execute("add 3")
    t.execute("die --roll 4")
    t.close()


def meta(path, key: str) -> str:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()[0]
    finally:
        db.close()


def test_an_older_campaign_is_upgraded_on_open_and_undo_stops_there(tmp_path):
    path = tmp_path / "old.sqlite"
    version_one(path)
    t = tally_table(path)                                   # Tally at state 3
    assert t.state == {**t.state, "count": 7, "rolls": [4], "alarm": None, "hands": {}}
    assert meta(path, "state_version") == "3"
    assert "(the campaign was upgraded from state 1 to 3; undo stops here)" in text(
        t.execute("log"))
    before = dump(t)
    with pytest.raises(CommandError, match=r"^cannot undo past the upgrade of the campaign"
                                           r" from state 1 to 3; nothing changed$"):
        t.execute("undo")
    assert dump(t) == before
    t.execute("join Ann")
    t.execute("undo")                                       # after the upgrade: as ever
    assert dump(t) == before
    t.close()
    again = tally_table(path)                               # upgraded once, not at every open
    assert dump(again) == before and again.store.count() == 3
    again.close()


def test_an_older_campaign_read_only_is_upgraded_in_memory_only(tmp_path):
    path = tmp_path / "old.sqlite"
    version_one(path)
    t = Table(TallyGame(), Store(path, read_only=True, game="tally", state_version=2), None,
              Dice(1))
    assert (t.state["count"], t.state["hands"]) == (7, {})
    t.close()
    assert meta(path, "state_version") == "1"


def test_a_game_that_cannot_upgrade_leaves_the_file_untouched(tmp_path):
    class Three(TallyGame):
        settings = replace(TallyGame.settings, state_version=3,
                           migrate=None)            # the default: knows no older shape

    path = tmp_path / "old.sqlite"
    version_one(path)
    with pytest.raises(Exception, match="a campaign of state 1 that this guide \\(state 3\\)"
                                        " cannot upgrade"):
        Table(Three(), Store(path, game="tally", state_version=3), None, Dice(1))
    assert meta(path, "state_version") == "1"


# --- the undo policy ----------------------------------------------------------------------
def test_undo_refuses_to_go_past_a_hidden_draw_and_changes_nothing(tmp_path):
    """docs/architecture.md: under "refuse past a hidden draw" a refused undo changes nothing and
    says why; undo and redo up to that point are exact."""
    t = tally_table(tmp_path / "c.sqlite")
    t.execute("join Ann")
    t.execute("draw Ann --roll 5")
    drawn = dump(t)
    t.execute("add 2")
    t.execute("undo")
    assert dump(t) == drawn
    t.execute("redo")
    t.execute("undo")
    version = t.store.version()
    with pytest.raises(CommandError) as refused:
        t.execute("undo")
    assert str(refused.value) == ("cannot undo 'draw Ann --roll 5': it drew a card, hidden from"
                                  " the players, and taking it back would be a free peek;"
                                  " nothing changed")
    assert dump(t) == drawn and t.store.version() == version
    t.close()
    assert dump(tally_table(tmp_path / "c.sqlite")) == drawn


def test_the_replay_policy_undoes_a_draw_like_any_command(tmp_path):
    class Replaying(TallyGame):
        settings = replace(TallyGame.settings, undo_policy=REPLAY)

    t = Table(Replaying(), Store(tmp_path / "c.sqlite", game="tally", state_version=2), None,
              Dice(1))
    t.execute("join Ann")
    joined = dump(t)
    t.execute("draw Ann --roll 5")
    t.execute("undo")
    assert dump(t) == joined


# --- private dice and draws ---------------------------------------------------------------
def test_a_private_roll_and_draw_reach_only_their_seat(tmp_path):
    t = tally_table(tmp_path / "c.sqlite")
    t.execute("join Ann")
    t.execute("join Ben")
    shown = text(t.execute("roll 1d20 --for ann --dice 17"))
    assert shown == "(something only Ann may see: on Ann's own page)"
    assert "17" not in shown
    shown = text(t.execute("draw Ann --roll 6"))
    assert "6" not in shown and "Ann draws a card (hidden)." in shown
    ann, ben = Desk.payload_of(t, "Ann"), Desk.payload_of(t, "Ben")
    assert ann["private"] == ["1d20 (17) = 17", "Ann draws a 6."] and ann["view"]["hand"] == [6]
    assert "private" not in ben and ben["view"]["hand"] == []
    everyone = json.dumps([t.game.view(t), public_state(t), ben])
    assert "17" not in everyone and '"hand": [6]' not in everyone
    log = text(t.execute("log"))
    assert "(17)" not in log and "= 17" not in log and "draws a 6" not in log
    assert "Ann draws a card (hidden)." in log
    gm = text(t.execute("log --gm"))         # the terminal is no seat's: Ann's secrets are hers
    assert "(17)" not in gm and "draws a 6" not in gm
    assert gm.count("(something only Ann may see: on Ann's own page)") == 2


def test_a_roll_for_the_game_master_shows_at_the_terminal_only(tmp_path):
    t = tally_table(tmp_path / "c.sqlite")
    t.execute("join Ann")
    assert text(t.execute("roll 2d6 --for gm --dice 3,4")) == "2d6 (3, 4) = 7\n7"
    assert "= 7" not in text(t.execute("log")) and "private" not in Desk.payload_of(t, "Ann")
    assert "2d6 (3, 4) = 7" in text(t.execute("log --gm"))
    with pytest.raises(CommandError, match="^no seat named .Zed."):
        t.execute("roll 1d6 --for Zed")


# --- the timer ----------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.at = 1000.0

    def __call__(self) -> float:
        return self.at


def test_the_timer_says_when_and_the_timed_line_runs_through_the_table(tmp_path):
    t = tally_table(tmp_path / "c.sqlite")
    t.now = clock = Clock()
    assert t.timer() is None and t.due() is None
    t.execute("alarm 30")
    assert t.timer() == 30 and t.due() is None
    clock.at += 31
    line = t.due()
    assert line == "ring"
    assert text(t.execute(line, timed=True)) == "(on time)\nThe bell rings: the count is 1."
    assert t.timer() is None and t.state["count"] == 1
    assert "(on time)" in text(t.execute("log"))


def test_a_timed_line_that_changes_nothing_is_not_run_again_until_something_changes(tmp_path):
    class Stubborn(TallyGame):
        def clock(self, table) -> GameClock | None:
            rings = super().clock(table)            # refused: the count cannot go below 0
            return None if rings is None else GameClock(rings.seconds, "add -100")

    t = Table(Stubborn(), Store(tmp_path / "c.sqlite", game="tally", state_version=2), None,
              Dice(1))
    t.now = clock = Clock()
    t.execute("alarm 0")
    assert t.due() == "add -100"
    with pytest.raises(CommandError):
        t.execute("add -100", timed=True)
    assert t.due() is None and t.timer() is None     # idle: no loop of refusals
    t.execute("add 1")
    clock.at += 1
    assert t.due() == "add -100"                     # asked again once the table moved on


def test_a_pipe_runs_the_timed_line_while_nobody_writes(tmp_path, capsys):
    """The next line waits until the bell has rung (or 20 s: then the test fails)."""
    t = tally_table(tmp_path / "c.sqlite")
    rang = threading.Event()
    t.listeners.append(lambda table: table.state["count"] and rang.set())

    def lines():
        yield "alarm 0.05"
        assert rang.wait(20), "the bell did not ring while the pipe was silent"
        yield "total"

    assert run_batch(t, lines()) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["The bell will ring in 0.05 s.", "(on time)",
                   "The bell rings: the count is 1.", "The count is 1."]


def test_a_script_runs_a_due_timed_line_before_its_next_line(tmp_path, capsys):
    t = tally_table(tmp_path / "c.sqlite")
    t.now = clock = Clock()
    t.execute("alarm 10")
    clock.at += 11
    assert run_batch(t, ["total\n"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "(on time)", "The bell rings: the count is 1.", "The count is 1."]


def test_the_repl_rings_on_time_while_nobody_types(installed, tmp_path):  # noqa: F811
    env = dict(installed, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--game", "tally",
                                           "--campaign", str(tmp_path / "r.sqlite")],
                          env=env, encoding="utf-8", timeout=20, dimensions=(24, 80))
    try:
        child.expect(r"tally \(0\)>")
        child.sendline("alarm 0.2")
        child.expect("The bell will ring in 0.2 s.")
        child.expect(r"\(on time\)")                      # nothing typed since
        child.expect("The bell rings: the count is 1.")
        child.expect(r"tally \(1\)>")
    finally:
        child.close(force=True)


def test_a_game_without_a_clock_has_no_timer(tmp_path):
    class Plain(Game):
        def new_state(self) -> dict:
            return {}

    t = Table(Plain(), None, None, Dice(1))
    assert t.timer() is None and t.due() is None
