"""The core carries a game it has never heard of: Tally (tests/tinygame/tally.py) runs
through the same table, store, undo, REPL and view, and `guide games` lists it once its
entry point is installed. Nothing in guide/ knows Tally."""

from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path

import pexpect
import pytest
from installed import guide, guide_env

from conftest import ROOT
from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.repl.completer import candidates
from guide.core.result import text
from guide.core.store import CampaignError, Store
from guide.core.table import Table

sys.path.insert(0, str(ROOT / "tests" / "tinygame"))
from tally import TallyGame  # noqa: E402

GAME_DIR = ROOT / "tests" / "tinygame"


def tally_table(path: Path) -> Table:
    return Table(TallyGame(), Store(path, game="tally", state_version=TallyGame.settings.state_version),
                 None, Dice(1))


def test_commands_run_store_and_undo_through_the_core(tmp_path):
    t = tally_table(tmp_path / "c.sqlite")
    assert text(t.execute("add 3")) == "Added 3: the count is 3."
    assert text(t.execute("die --roll 4")) == "The d6 shows 4: the count is 7."
    assert t.story[0]["dice"] == [[6, 4]]            # the die is inside the event
    with pytest.raises(CommandError, match="cannot go below 0"):
        t.execute("add -8")
    assert (t.state["count"], t.state["rolls"]) == (7, [4])   # a refused command changed nothing
    assert text(t.execute("undo")) == "Undone: die --roll 4"
    assert (t.state["count"], t.state["rolls"]) == (3, [])
    t.execute("redo")
    t.store.close()
    again = tally_table(tmp_path / "c.sqlite")       # the evening survives a restart
    assert (again.state["count"], again.state["rolls"]) == (7, [4])
    assert "Added 3: the count is 3." in text(again.execute("log"))


def test_help_and_completion_come_from_the_game_and_the_core(tmp_path):
    t = tally_table(tmp_path / "c.sqlite")
    shown = text(t.execute("help"))
    assert "tally:" in shown and "add" in shown and "undo" in shown
    assert {"add", "die", "total", "undo", "roll"} <= set(candidates(t, []))
    assert "--roll" in candidates(t, ["die"])


def test_a_campaign_of_one_game_is_refused_by_another(tmp_path):
    tally_table(tmp_path / "c.sqlite").store.close()
    with pytest.raises(CampaignError, match="a tally campaign, not kaverini"):
        Store(tmp_path / "c.sqlite", game="kaverini")


def test_the_view_serves_the_games_own_view_and_follows_every_change(tmp_path):
    t = tally_table(tmp_path / "c.sqlite")
    t.execute("view")
    server = t.services["view"]
    versions = [t.store.version()]
    try:
        t.execute("add 5")
        versions.append(t.store.version())
        url = f"http://127.0.0.1:{server.port}/state.json"
        with urllib.request.urlopen(url, timeout=5) as r:
            assert json.loads(r.read()) == {"schema": 1, "game": "tally",   # the core's envelope
                                            "title": "Tally (a test game)",
                                            "count": 5, "guesses": {}, "hands": {}}
    finally:
        t.execute("view --stop")
    assert versions[0] != versions[1]


@pytest.fixture
def installed(tmp_path):
    """Tally's entry point 'installed' (tests/installed.py), as a distribution of its own."""
    return guide_env(tmp_path, {"tally": "tally:TallyGame"}, (GAME_DIR,))


def test_guide_games_lists_an_installed_game(installed):
    out = guide(installed, "games").stdout
    assert "tally" in out and "Tally (a test game)" in out and "kaverini" in out


def test_play_state_and_refusal_from_the_command_line(installed, tmp_path):
    campaign = str(tmp_path / "t.sqlite")
    r = guide(installed, "play", "--game", "tally", "--campaign", campaign, "--seed", "2",
              stdin="add 2\ndie --roll 6\ntotal\n")
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "The count is 8."
    state = json.loads(guide(installed, "state", "--campaign", campaign).stdout)
    assert state == {"schema": 1, "game": "tally", "count": 8, "rolls": [6], "guesses": {},
                     "hands": {}}
    wrong = guide(installed, "play", "--game", "kaverini", "--campaign", campaign, stdin="")
    assert wrong.returncode == 1
    assert wrong.stderr.strip().splitlines() == [
        f"error: {campaign}: a tally campaign, not kaverini (open it with --game tally, or"
        " name another --campaign)"]
    unknown = guide(installed, "play", "--game", "tallly", stdin="")
    assert "no game 'tallly' is installed; did you mean 'tally'?" in unknown.stderr


def test_the_repl_shows_the_games_prompt(installed, tmp_path):
    env = dict(installed, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--game", "tally",
                                           "--campaign", str(tmp_path / "r.sqlite")],
                          env=env, encoding="utf-8", timeout=20, dimensions=(24, 80))
    try:
        child.expect(r"tally \(0\)>")
        child.sendline("add 4")
        child.expect("Added 4: the count is 4.")
        child.expect(r"tally \(4\)>")
    finally:
        child.close(force=True)


def test_the_view_listens_on_its_documented_port_or_the_next_free_one(tmp_path):
    import socket

    from guide.core.view.ports import DEFAULT_PORT

    blocker = socket.socket()
    blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # past TIME_WAIT
    try:
        blocker.bind(("127.0.0.1", DEFAULT_PORT))
        blocker.listen()
        taken = True
    except OSError:
        taken = False                       # something else holds it: the same case
    t = tally_table(tmp_path / "c.sqlite")
    try:
        shown = text(t.execute("view"))
        port = t.services["view"].httpd.server_address[1]
        assert DEFAULT_PORT <= port < DEFAULT_PORT + 20
        if taken:               # (another's may have freed it meanwhile: 8765 then)
            assert port != DEFAULT_PORT
            assert f"(port {DEFAULT_PORT} is taken: serving on {port})" in shown
    finally:
        t.execute("view --stop")
        blocker.close()


def test_guide_check_facts_is_a_keyword_a_game_without_facts_ignores(installed, tmp_path):
    """`guide check --facts` passes facts=True to Game.check; Tally keeps the base default."""
    assert settings.check(TallyGame(), [], facts=True) == settings.check(TallyGame(), [])
    r = guide(installed, "check", "--game", "tally", "--facts", str(tmp_path))
    assert r.returncode == 0 and r.stdout.strip() == "ok: this game reads no data files"


def test_a_redraw_tells_the_listeners_without_a_command_and_a_failing_one_is_logged(
        tmp_path, monkeypatch):
    """Table.redraw: the views published again for a view that changes with time alone (as
    after a command: a listener that fails is logged, never the table's problem)."""
    monkeypatch.setenv("GUIDE_DATA_DIR", str(tmp_path / "data"))
    t = tally_table(tmp_path / "c.sqlite")
    told: list[int] = []

    def broken(table: Table) -> None:
        raise OSError("the page went away")

    t.listeners += [broken, lambda table: told.append(table.changed)]
    t.redraw()
    assert told == [0] and t.store.count() == 0
    assert "the page went away" in (tmp_path / "data" / "guide.log").read_text()
