"""Kaverini's bench: the Strategy Game played by bots (R-STRAT-1..7), its players as the
seats (guide/games/kaverini/bots.py)."""

from __future__ import annotations

import json
import random

from conftest import guide
from guide.core import bench, settings
from guide.core.bots import choose
from guide.core.dice import Dice
from guide.core.games import load

GAME = load("kaverini")
LIBRARY = settings.load(GAME, [])
KIT = GAME.bots()
SEATS = ["Ann", "Bob"]


def started(seed: int = 3):
    table = GAME.settings.table_class(GAME, None, LIBRARY, Dice(seed, record=False))
    for line in KIT.setup_for(table, SEATS, random.Random(seed)):
        table.execute(line)
    return table


def test_r_strat_2_the_bench_builds_each_side_within_the_budget_the_same_from_a_seed():
    table = started(3)
    lines = KIT.setup_for(GAME.settings.table_class(GAME, None, LIBRARY, Dice(3, record=False)),
                          SEATS, random.Random(3))
    assert lines == KIT.setup_for(GAME.settings.table_class(GAME, None, LIBRARY, Dice(9, record=False)),
                                  SEATS, random.Random(3))
    for p in table.state["strategy"]["players"]:
        spent = sum(c["expense"] for c in p["cards"])
        assert p["cards"] and spent + p["world_points"] == 50 and p["points_left"] == 0
        assert {c["type"] for c in p["cards"]} <= {"buddy", "foe"}
        assert len(p["kaverit"]) == 1


def test_r_strat_3_a_players_moves_are_its_turns_fighter_on_any_opponent_and_all_legal():
    """Only the player whose character's turn it is has moves; each targets an opponent's
    standing character (R-STRAT-3), and each runs on the engine (none is refused)."""
    from guide.core.bots.think import _run
    from guide.core.state import copied
    from guide.games.kaverini.commands.confront import fight

    table = started(3)
    f = fight(table, quiet=True)
    who = f.turn()
    assert who is not None
    mine, theirs = SEATS[who.owner], SEATS[1 - who.owner]
    assert KIT.moves(table, theirs) == []
    moves = KIT.moves(table, mine)
    assert moves[-1].line == "next" and len(moves) > 1
    # moves as data: each names its command and its values, the line built from them
    assert moves[-1].command == "next"
    assert all(m.command in ("use", "foe") and dict(m.values)["name"] == who.name
               for m in moves[:-1])
    opponents = {x.name for x in f.fighters() if x.owner != who.owner}
    for move in moves[:-1]:
        assert move.line.split()[0] in ("use", "foe")
        assert move.line.rsplit("--on ", 1)[1].strip('"') in opponents
        sim = GAME.settings.table_class(GAME, None, LIBRARY, Dice(1, record=False))
        sim.state = copied(table.state)
        _run(sim, move.line, mine)
    # a line the engine refuses is not offered: no technique on one's own side
    own = [x.name for x in f.fighters() if x.owner == who.owner and x.name != who.name]
    assert not any(m.line.endswith(f'"{o}"') or m.line.endswith(f" {o}") for o in own
                   for m in moves)


def test_bench_games_of_random_and_think_end_with_a_winner():
    for i, levels in enumerate(({"Ann": "random", "Bob": "random"},
                                {"Ann": "think", "Bob": "random"})):
        played = bench.play_one(GAME, LIBRARY, KIT, SEATS, levels, 1_000_003 + i)
        assert played.error is None and played.outcome is not None
        assert played.outcome.winners and played.outcome.winners[0] in SEATS   # R-STRAT-7
        assert played.outcome.moves > 0 and played.outcome.figures["rounds"] >= 1


def test_think_beats_random_on_a_fixed_seed_set():
    """Six bench games (seeded: the same every run), think and random taking turns first."""
    wins = {"think": 0, "random": 0}
    for i in range(6):
        levels = bench.seats_levels(KIT, SEATS, ("random", "think"), i)
        played = bench.play_one(GAME, LIBRARY, KIT, SEATS, levels, 7 * 1_000_003 + i)
        assert played.outcome is not None
        for seat in played.outcome.winners:
            wins[levels[seat]] += 1
    assert wins["think"] >= 5 and wins["think"] > wins["random"]


def test_a_bots_choice_is_the_same_from_the_same_view():
    table = started(5)
    seat = next(s for s in SEATS if KIT.moves(table, s))
    assert choose(table, seat, "think", 1, 0) == choose(table, seat, "think", 1, 0)


def test_guide_bench_kaverini_json_has_the_fixed_keys():
    out = guide("bench", "--game", "kaverini", "--games", "2", "--workers", "1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "kaverini" and data["games"] == 2
    assert set(data["levels"]) == {"random", "think"}
    for level in data["levels"].values():
        assert {"win", "low", "high"} <= set(level)
    assert set(data["move_ms"]) == {"median", "max"} and data["chance"] == 50.0
    assert "Strategy Game" in data["notes"][0]
    assert {"first_player_wins", "mean_rounds"} <= set(data)


def test_bot_at_an_adventure_table_is_refused_saying_why(tmp_path):
    from conftest import Play

    p = Play(tmp_path / "c.sqlite", seed=1)
    try:
        assert "no bot plays a Kaveri" in p.fails("bot")
        # a name: the game's refusal still, where it said "no seat named 'Pia'"
        assert "no bot plays a Kaveri" in p.fails("bot Pia")
    finally:
        p.close()


def test_four_players_sides_fit_what_one_battle_holds():
    """Four players' purchases split the battle's bounds (docs/limits.md: 24 foes, 12
    buddies), so the bench's four-player game starts (it stopped: 30 foes)."""
    seats = ["Ann", "Bob", "Cid", "Dee"]
    table = GAME.settings.table_class(GAME, None, LIBRARY, Dice(1, record=False))
    for line in KIT.setup_for(table, seats, random.Random(1)):
        table.execute(line)
    battle = table.state["strategy"]["arena"]
    assert battle["confrontation"] and len(battle["confrontation"]["foes"]) <= 24
    assert all(sum(c["type"] == "foe" for c in p["cards"]) <= 6
               for p in table.state["strategy"]["players"])
