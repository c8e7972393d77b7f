"""The simulator's faster paths play the same games on the same seeds (issue 29's sweep): the
seeded dice draw what the table's Dice draws, pruning tile by tile removes what the
characters' sights leave out (C-VIS-1, C-TURN-5), and the figures of a seed are those of
the simulator before it was made faster."""

from __future__ import annotations

import random

from cave_helpers import BOX

from guide.core.dice import Dice, shuffle
from guide.games.cave import flow
from guide.games.cave.board import open_sides, prune, seen_by
from guide.games.cave.policy import SeededDice, play_turn
from guide.games.cave.setup import add_character, start
from guide.games.cave.sim import simulate
from guide.games.cave.state import EXIT, START, new_state


def test_the_seeded_dice_draw_what_the_tables_dice_draw():
    sides = random.Random(4).choices([1, 2, 3, 6, 11, 16, 20, 40, 41, 100, 1000], k=3000)
    for seed in (0, 1, 2_000_006, 99):
        table, fast = Dice(seed, record=False), SeededDice(seed)
        assert [table.d(n) for n in sides] == [fast.d(n) for n in sides]
        assert shuffle(range(41), Dice(seed)) == shuffle(range(41), SeededDice(seed))


def unseen_by_sight(state) -> set[str]:
    """C-VIS-1 as written: what no character in the cave sees, but the exit, and the start
    tile while one of its squares is seen."""
    sides = open_sides(state, BOX)
    seen: set[str] = set()
    for ch in state["characters"]:
        if ch["state"] == "in":
            seen |= seen_by(state, BOX, ch, sides)
    start_seen = any(p["id"] == START and k in seen for k, p in state["board"].items())
    return {k for k, p in state["board"].items() if k not in seen and p["id"] != EXIT
            and not (p["id"] == START and start_seen)}


def test_pruning_tile_by_tile_removes_what_no_character_sees_C_VIS_1_C_TURN_5(monkeypatch):
    counts = {"checked": 0, "pruned": 0}

    def checked(state, box):
        expected = unseen_by_sight(state)
        before = set(state["board"])
        events = prune(state, box)
        assert before - set(state["board"]) == expected
        assert bool(events) == bool(expected)
        counts["checked"] += 1
        counts["pruned"] += bool(expected)
        return events

    monkeypatch.setattr(flow, "prune", checked)
    for seed in range(40):
        state = new_state()
        dice, rng = SeededDice(seed), random.Random(seed)
        for name in ("Ann", "Bob", "Cid", "Dan")[:1 + seed % 4]:
            add_character(state, BOX, name)
        start(state, BOX, dice, upright=seed % 3 == 0)
        while state["phase"] == "play":
            play_turn(state, BOX, dice, rng)
    assert counts["checked"] > 500 and counts["pruned"] > 100


def test_a_seeds_figures_are_those_of_the_simulator_before_it_was_made_faster():
    """Measured at e50fd4b, the commit before this work, with the same call; measured again
    when the end of a turn came to prune before it spends the Energy (C-TURN-5, C-TURN-6): a
    starved character's tiles stay a turn longer (e50fd4b: 4011, 11826, 7940; 947, 191)."""
    f = simulate(BOX, 4, 300, seed=5)
    assert f.escaped == [287, 13, 0, 0, 0]
    assert (sum(f.rounds), sum(f.turns), sum(f.tiles), f.exit_drawn) == (4009, 11818, 7918, 13)
    assert sorted(f.causes.items()) == [("cooking catastrophe", 13), ("poisonous", 36),
                                        ("starved", 949), ("starved while stuck", 189)]
