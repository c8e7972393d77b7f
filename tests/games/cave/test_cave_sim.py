"""`guide cave sim`: whole games headless, the documented policy, the figures."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from cave_helpers import BOX, game, next_tiles

from guide.core.dice import Dice
from guide.core.stats import wilson
from guide.games.cave.sim import play, play_turn, simulate
from guide.games.cave.simreport import report
from guide.games.cave.state import find
from guide.games.cave.turn import move


def test_the_same_seed_gives_the_same_figures_and_another_seed_others():
    a, b, c = (simulate(BOX, 3, 40, seed) for seed in (7, 7, 8))
    assert a == b
    assert (a.rounds, a.causes) != (c.rounds, c.causes)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_game_ends_and_every_character_escapes_or_dies(players):
    f = simulate(BOX, players, 30, seed=2)
    assert f.all + f.some + f.none == 30
    for i in range(10):
        o = play(BOX, players, i)
        assert o.escaped + o.dead == players
        assert o.ended_by in {"C-TURN-3", "C-TURN-4", "C-TURN-6"}
        assert len(o.causes) == o.dead


def test_the_report_gives_rates_with_their_95_percent_interval_in_80_columns():
    f = simulate(BOX, 4, 100, seed=1)
    lines = report(f)
    assert max(len(line) for line in lines) <= 80
    lo, hi = wilson(f.none, 100)
    assert f"  escaped 0 of 4  {f.none:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})" in lines
    assert [line.split()[:4] for line in lines[2:7]] == [["escaped", str(k), "of", "4"] for k in range(5)]
    assert lines[7].startswith("  tiles laid    mean ")
    assert any(line.startswith("  exit drawn    ") for line in lines)
    deaths = f"  deaths        {sum(f.causes.values()) / 100:.2f} a game"
    assert any(line.startswith(deaths) for line in lines)


def test_the_figures_add_up():
    f = simulate(BOX, 4, 60, seed=5)
    assert sum(f.escaped) == 60 and len(f.escaped) == 5
    assert f.all + f.some + f.none == 60
    assert all(t >= r for t, r in zip(f.turns, f.rounds, strict=True))   # a turn each, each round
    assert f.exit_drawn >= 60 - f.none                                   # nobody leaves unseen
    assert sum(f.causes.values()) == sum((4 - k) * n for k, n in enumerate(f.escaped))
    assert min(f.tiles) >= 1


def test_the_box_drives_the_simulator():
    calm = replace(BOX, events={"fire": 10, "item": 10, "paranoia": 0})
    f = simulate(calm, 2, 60, seed=4)
    assert "starved while stuck" not in f.causes
    assert "starved while stuck" in simulate(BOX, 1, 60, seed=4).causes


def policy_turn(state, seed: int = 0):
    return play_turn(state, BOX, Dice(seed), random.Random(seed))


def test_policy_eats_when_energy_is_low_and_cooks_with_a_fire_at_hand():
    state = game("Ann")
    ann = find(state, "Ann")
    ann["energy"], ann["food"], ann["fire"] = 2, [2, 3], 1
    events = policy_turn(state)
    assert events[0] == {"kind": "fire", "who": "Ann", "for": "Ann"}
    assert [(e["value"], e["cooked"]) for e in events if e["kind"] == "meal"] == [(3, True), (2, True)]


def test_policy_eats_only_what_fits_under_the_energy_top():
    state = game("Ann")
    ann = find(state, "Ann")
    ann["energy"], ann["food"] = 4, [2, 3]
    events = policy_turn(state)
    assert [(e["value"], e["cooked"]) for e in events if e["kind"] == "meal"] == [(3, False)]


def test_policy_does_not_eat_above_the_threshold():
    state = game("Ann")
    ann = find(state, "Ann")
    ann["energy"], ann["food"] = 5, [2]
    policy_turn(state)
    assert ann["food"] == [2]


def challenged(items: int):
    state = game("Ann")
    next_tiles(state, ("four-way", "challenge"))
    move(state, BOX, Dice(0), "Ann", "up")
    state["moved"] = False                       # Ann's next turn, Energy 8
    find(state, "Ann")["items"] = items
    return state


def test_policy_goes_back_from_a_challenge_when_the_chance_is_under_half():
    state = challenged(items=0)                  # 8 in 20
    assert "rolled" not in [e["kind"] for e in policy_turn(state)]
    assert (find(state, "Ann")["x"], find(state, "Ann")["y"]) == (5, 3)


def test_policy_rolls_a_challenge_when_the_chance_is_at_least_half():
    state = challenged(items=1)                  # 10 in 20
    events = policy_turn(state, seed=3)
    assert events[0]["kind"] == "rolled" and events[0]["need"] == 10
    assert (find(state, "Ann")["x"], find(state, "Ann")["y"]) != (5, 3)


def test_policy_stays_together_when_mental_strength_is_low():
    state = game("Ann", "Bob")
    find(state, "Ann")["mental"] = 2
    policy_turn(state)
    assert (find(state, "Ann")["x"], find(state, "Ann")["y"]) == (5, 3)
    assert find(state, "Ann")["mental"] == 3


def test_policy_explores_when_mental_strength_is_high():
    state = game("Ann", "Bob")
    policy_turn(state)
    assert (find(state, "Ann")["x"], find(state, "Ann")["y"]) != (5, 3)
    assert len(state["tiles"]["draw"]) == 40


def test_policy_walks_to_a_discovered_exit():
    state = game("Ann", "Bob")
    state["tiles"]["draw"].remove("exit")
    state["tiles"]["draw"].insert(0, "exit")
    move(state, BOX, Dice(0), "Ann", "up")             # Ann out; Bob's turn
    policy_turn(state)
    assert find(state, "Bob")["state"] == "out"


def test_long_games_run_through_reshuffled_discards_C_TURN_2():
    hardy = replace(BOX, energy=40, exit_in_last=0)          # the exit last: the pile runs out
    f = simulate(hardy, 4, 20, seed=3)
    assert f.all + f.some + f.none == 20
    assert max(f.rounds) > 41 // 4 + 10
    assert "unfinished" not in f.ended_by
