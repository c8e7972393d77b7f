"""Taverne's bots and bench (guide/games/taverne/bots.py): a brawl that ends with no winner
(T-END-1: nobody has Energy left) is an ending the bench counts, not a stall."""

from __future__ import annotations

import random

from guide.core import bench, settings
from guide.core.bots import choose
from guide.core.dice import Dice
from guide.core.games import load
from guide.core.players import seats as seats_of
from guide.core.table import Table

GAME = load("taverne")
KIT = GAME.bots()
SEATS = ["Ann", "Bob", "Cid"]


def _table(seed: int = 1) -> Table:
    t = (GAME.settings.table_class or Table)(GAME, None, settings.load(GAME, []), Dice(seed, record=False))
    for line in KIT.setup(SEATS, random.Random(seed)):
        t.execute(line)
    return t


def test_a_brawl_nobody_wins_is_an_ending_not_a_stall():
    """T-END-1: every player at 0 Energy: the brawl ends with no winner, and the bench's
    referee says the game ended (it read the state's `over` key, which the state does not
    have, so 3 of 40 bench games stopped with 'no seat has a move')."""
    t = _table()
    for name in SEATS:
        t.execute(f"energy {name} -30")
    for number in range(300):
        if KIT.outcome(t) is not None:
            break
        move = next((m for s in seats_of(t) if (m := choose(t, s, "random", 1, number))), None)
        assert move is not None, "no seat has a move, and the game has not ended"
        seat = next(s for s in seats_of(t) if choose(t, s, "random", 1, number) == move)
        t.execute(move.line, seat=seat, bot="random")
    done = KIT.outcome(t)
    assert t.state["phase"] == "over" and done is not None and done.winners == []


def test_the_bench_game_that_stopped_now_ends():
    """The bench's game 7 of seed 1 (random bots) is a brawl nobody wins: it ends."""
    levels = dict.fromkeys(SEATS, "random")
    played = bench.play_one(GAME, settings.load(GAME, []), KIT, SEATS, levels, 1 * 1_000_003 + 7)
    assert played.error is None and played.outcome is not None
