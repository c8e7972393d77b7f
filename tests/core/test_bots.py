"""Issue 38: bots at every seat of a game without a game master, and `guide bench`.

A bot reads its seat only through `view_for` and `moves_for` and plays one of its moves as
an ordinary command from that seat; `undo` takes back a person's command with the bot moves
it set off and the bots wait (on Cave escape and Taverne, games with bots). That a bot keeps
its seat's secrets, and that one person and bots play a whole game, is checked for every
game with bots by the contract (tests/contract/test_bots_contract.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from guide.core import games, settings
from guide.core.bots import choose
from guide.core.bots.seating import bots_of, next_bot
from guide.core.dice import Dice
from guide.core.players import acting
from guide.core.players import seats as seats_of
from guide.core.repl.run import _on_time
from guide.core.seats import Desk, moves_for
from guide.core.store import Store
from guide.core.table import Table
from guide.core.viewers import public_state

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "contract"))
from test_bots_contract import table  # noqa: E402  (a game seated as its scenes seat it for bots)


def test_undo_takes_back_a_persons_command_with_the_bot_moves_it_set_off_and_the_bots_wait(
        tmp_path):
    t = table("cave", tmp_path / "c.sqlite")
    t.execute("bot Bob --level random")
    before = json.dumps(t.state, sort_keys=True)
    ann = moves_for(t, "Ann")
    while moves_for(t, "Ann"):                          # Ann's whole turn, then Bob's bot
        t.execute(moves_for(t, "Ann")[-1].line)
        _on_time(t)
        if moves_for(t, "Ann") and public_state(t)["round"] > 1:
            break
    assert ann
    bot_moves = [e for e in t.store.entries(limit=100)
                 if any(ev.get("bot") for ev in e.story)]
    assert bot_moves, "Bob's bot played"
    count = t.store.count()
    out = t.execute("undo")
    assert t.bots_wait and next_bot(t) is None          # after an undo the bots wait
    last = t.store.last_change()
    assert last is None or not any(ev.get("bot") for ev in last.story)
    assert t.store.count() < count - 1
    assert "Undone" in "\n".join(out.lines)
    t.execute(moves_for(t, "Ann")[0].line) if moves_for(t, "Ann") else None
    assert not t.bots_wait
    del before


def test_redo_brings_back_a_persons_command_with_the_bot_moves_undo_took_with_it(tmp_path):
    """One undo took back Ann's command and Bob's bot moves after it; redo brought back Ann's
    alone, and each bot move needed a redo of its own: redo mirrors undo."""
    t = table("cave", tmp_path / "c.sqlite")
    t.execute("bot Bob --level random")
    while not any(e.story and any(ev.get("bot") for ev in e.story)
                  for e in t.store.entries(limit=3)):          # Ann moves until Bob's bot plays
        t.execute(moves_for(t, "Ann")[-1].line)
        _on_time(t)
    count, state = t.store.count(), json.dumps(t.state, sort_keys=True)
    undone = t.execute("undo").lines
    assert len(undone) > 1 and t.store.count() < count
    redone = [line for line in t.execute("redo").lines if line.startswith("Redone: ")]
    assert len(redone) == len(undone)
    assert (t.store.count(), json.dumps(t.state, sort_keys=True)) == (count, state)


def test_a_bot_seat_shows_on_its_page_takes_no_move_and_comes_back_with_off(tmp_path):
    t = table("cave", tmp_path / "c.sqlite")
    assert Desk.payload_of(t, "Ann")["moves"]
    t.execute("bot Ann --level random")
    page = Desk.payload_of(t, "Ann")
    assert page["bot"]["level"] == "random" and page["moves"] == [] and not page["your_turn"]
    assert "bot Ann --off" in page["bot"]["said"]
    assert bots_of(t).levels == {"Ann": "random"} and t.store.bot_seats() == {"Ann": "random"}
    t.execute("bot Ann --off")
    assert "bot" not in Desk.payload_of(t, "Ann") and Desk.payload_of(t, "Ann")["moves"]


def test_bot_refuses_a_game_master_game_an_unknown_level_and_off_for_a_persons_seat(tmp_path):
    from guide.core.errors import CommandError

    t = table("cave", tmp_path / "c.sqlite")
    with pytest.raises(CommandError, match="no bot level 'genius'"):
        t.execute("bot Ann --level genius")
    with pytest.raises(CommandError, match="no bot plays Ann"):
        t.execute("bot Ann --off")
    game = games.load("kaverini")
    k = Table(game, Store(tmp_path / "k.sqlite", game="kaverini"), settings.load(game, []), Dice(1))
    with pytest.raises(CommandError,
                       match="no bot plays a Kaveri: in an adventure the Tour Guide runs the table"):
        k.execute("bot")


def _bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "guide", "bench", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_bench_json_has_the_issues_keys_and_cv_asks_for_the_tables_cards():
    out = _bench("--game", "cave", "--games", "4", "--levels", "random", "--json",
                 "--workers", "2")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "cave" and data["games"] == 4
    assert set(data["levels"]["random"]) >= {"win", "low", "high"}
    assert set(data["move_ms"]) == {"median", "max"}
    refused = _bench("--game", "cv", "--games", "2")
    assert refused.returncode != 0 and "--box" in refused.stderr
    tav = _bench("--game", "taverne", "--games", "2", "--levels", "random")
    assert tav.returncode == 0 and "Initial Loot drawn from 1 to 3, no powers" in tav.stdout


def test_the_think_level_plays_candidates_out_on_the_rules_and_keeps_the_best(tmp_path,
                                                                               monkeypatch):
    """The determinization engine (guide.core.bots.think) on Cave escape, with a TEST-ONLY
    sampler (no shipped kit may read the table's state): the real state, its face-down decks
    shuffled. The heuristic favours Energy: the choice is a legal move, and the same again
    from the same seat, seed and move number."""
    import copy as _copy
    import random as _random

    from guide.games.cave.bots import CaveBots

    t = table("cave", tmp_path / "c.sqlite")

    class Probe(CaveBots):
        think_samples, think_depth, think_candidates = 2, 6, 4

        def sample(self, library, view, seat, rng):
            s = _copy.deepcopy(t.state)                      # the test's own peek
            for deck in (s["events"]["draw"], s["meals"]["draw"], s["food"]):
                rng.shuffle(deck)
            return s

        def value(self, table, seat):
            ch = next(c for c in table.state["characters"] if c["name"] == seat)
            return ch["energy"] / 20

    monkeypatch.setattr(type(t.game), "bots", lambda self: Probe())
    seat = seats_of(t)[0]
    first = choose(t, seat, "think", 5, 0)
    assert first is not None and first.line in [m.line for m in moves_for(t, seat)]
    assert choose(t, seat, "think", 5, 0) == first
    del _random


def test_bots_are_asked_in_turn_after_the_seat_that_moved_last(tmp_path):
    """A seat that may pass (Taverne's call 2: every player spends Loot, T-CALL-2) is asked
    before the bot that moved asks again: with bots at every seat, the Pillar's `call` no
    longer comes first every time, and another seat's bot spends Loot in call 2."""
    from guide.core.bots.seating import after

    assert after(["Ann", "Bob", "Cid"], "Bob") == ["Cid", "Ann", "Bob"]
    assert after(["Ann", "Bob", "Cid"], None) == ["Ann", "Bob", "Cid"]
    t = table("taverne", tmp_path / "t.sqlite")
    bots = bots_of(t)
    for seat in seats_of(t):
        bots.set(seat, "random")
    spent = False
    for _step in range(400):
        due = next_bot(t)
        if due is None:
            break
        seat, level, line = due
        if t.state["call"] == 2 and seat not in acting(t) and line.startswith("buy "):
            spent = True
            break
        t.execute(line, seat=seat, bot=level)
        bots.played(seat)
    assert spent


def test_a_bench_report_says_the_games_that_did_not_end():
    """Games that ran out of the kit's moves were counted silently: "0 games of 2 players
    finished (of 10)" was all the report said, and the bench exited 0."""
    from guide.core.bench import Report

    report = Report(game="cv", players=2, games=0, planned=10, levels={}, chance=0.5,
                    mean_moves=0.0, move_ms=(0.0, 0.0), level_ms={}, errors=[], notes=[],
                    figures=[], figures_json={}, cooperative=False, unfinished=10, max_moves=400)
    assert report.lines()[-1] == "10 games did not end within 400 moves"
    report.unfinished = 0
    assert "did not end" not in "\n".join(report.lines())
