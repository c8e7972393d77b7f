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
from guide.games.taverne.model import active_names, pillar, present

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


# --- the think level (guide/games/taverne/thinking.py) --------------------------------------
def _play(t: Table, level: str, until, seed: int = 1, most: int = 400) -> int:
    """Bots of `level` at every seat, asked in turn as the bench asks them, until `until(t)`."""
    from guide.core.bots.seating import after

    last = None
    for number in range(most):
        if until(t) or KIT.outcome(t) is not None:
            return number
        for seat in after(seats_of(t), last):
            move = choose(t, seat, level, seed, number)
            if move is not None:
                t.execute(move.line, seat=seat, bot=level)
                last = seat
                break
    return most


def test_think_is_offered_and_its_sampler_deals_a_brawl_the_seats_page_could_come_from():
    """The sample keeps every public Counter and the seat's own pile, Attack and Dodges as
    the state holds them (T-WPN-1, T-CALL-4, T-CALL-5); what it guesses (others' piles under
    the top, sealed Weapons and divisions) is within what the page allows."""
    from guide.core.bots import levels_of
    from guide.core.seats import view_for

    t = _table(3)
    assert "think" in levels_of(t) and KIT.default_levels == ("random", "think")
    checked = set()
    for step in range(260):
        s = t.state
        for seat in SEATS:
            got = KIT.sample(t.library, view_for(t, seat), seat, random.Random(step))
            if got is None:
                continue
            for name, p in s["players"].items():
                mine = got["players"][name]
                for field in ("pints", "energy", "loot", "hand", "dodges", "eliminated"):
                    assert mine[field] == p[field], (name, field)
                assert present(got, name) == present(s, name)
                assert sorted(mine["pile"]) == sorted(p["pile"]) and mine["pile"][:1] == p["pile"][:1]
                if name == seat:
                    assert mine["pile"] == p["pile"]
            assert got["call"] == s["call"] and got["revealed"] == s["revealed"]
            assert active_names(got) == active_names(s) and pillar(got) == pillar(s)
            assert got["seal_key"] != s["seal_key"]
            own = [q for q in s["quarrels"] if q["attacker"] == seat]
            assert [q for q in got["quarrels"] if q["attacker"] == seat] == own or s["call"] != 4
            for q in got["quarrels"]:
                assert q["weapon"] in s["players"][q["attacker"]]["hand"] or s["call"] > 5
            checked.add(s["call"])
        if _play(t, "random", lambda _t: False, seed=3, most=1) == 0:
            break
    assert {3, 4, 5} <= checked


def test_a_sealed_move_is_found_again_on_a_sampled_brawl():
    """A sealed choice's line is a code under the table's own key, which no seat knows: on
    a sampled brawl (a key of its own) the same choice, found by its words and key, is a line
    that sample accepts (before, every sealed candidate was refused there and scored 0)."""
    from guide.core.seats import moves_for, view_for

    t = _table(4)
    _play(t, "random", lambda t: t.state["call"] == 4)
    seat = t.state["players"] and next(s for s in SEATS if moves_for(t, s))
    sealed = [m for m in moves_for(t, seat) if m.line.startswith("sealed ")]
    assert sealed
    sample = KIT.sample(t.library, view_for(t, seat), seat, random.Random(1))
    sim = (GAME.settings.table_class or Table)(GAME, None, t.library, Dice(1, record=False))
    sim.state = sample
    for move in sealed:
        line = KIT.recast(move, sim, seat)
        assert line is not None and line != move.line
        trial = (GAME.settings.table_class or Table)(GAME, None, t.library, Dice(1, record=False))
        trial.state = __import__("copy").deepcopy(sample)
        trial.execute(line, seat=seat)
        mine = next(q for q in trial.state["quarrels"] if q["attacker"] == seat)
        assert move.label.endswith(f"Weapon {mine['weapon']}") and mine["target"] in move.group[-1]


def test_a_bot_other_than_the_pillar_may_spend_its_loot_in_call_2():
    """T-CALL-2: every player spends Loot in call 2, not only the Pillar (the kit made every
    other bot wait whenever the call waited for nobody): a think bot spends Loot there."""
    t = _table(5)
    _play(t, "think", lambda t: t.state["call"] == 2 and t.state["turn"] >= 2)
    others = [n for n in SEATS if n != pillar(t.state) and t.state["players"][n]["loot"] > 0]
    assert others
    before = {n: t.state["players"][n]["loot"] for n in others}
    _play(t, "think", lambda t: t.state["call"] != 2)
    assert any(t.state["players"][n]["loot"] < before[n] for n in others)


def test_a_think_bots_choice_is_the_same_in_every_variant_its_seat_cannot_tell_apart():
    """The secrets contract for the think level: each sealed Attack, division and pile order
    the seat may not see, varied (the game's secret_variants, read by this test only), gives
    its think bot the same choice."""
    from bot_variants import same_in_every_variant

    t = _table(6)
    checked = 0
    for step in range(70):
        for seat in SEATS:      # a sealed move's line holds a code of the table's key: its label
            checked += same_in_every_variant(t, seat, "think", 9, step, lambda m: m.label)[1]
        if _play(t, "think", lambda _t: False, seed=9, most=1) == 0:
            break
    assert checked > 20


def test_think_beats_random_on_a_short_bench():
    """Four bench games (seeded, so the same every run): the think seats win most of them."""
    plan_levels = ("random", "think")
    won = {"random": 0, "think": 0}
    for i in range(4):
        levels = bench.seats_levels(KIT, SEATS, plan_levels, i)
        played = bench.play_one(GAME, settings.load(GAME, []), KIT, SEATS, levels, 1_000_003 + i)
        assert played.error is None and played.outcome is not None
        for seat in played.outcome.winners:
            won[levels[seat]] += 1
    assert won["think"] >= 3 and won["think"] > 2 * won["random"]


def test_t_leave_1_a_bot_handed_the_seat_of_a_player_who_left_brings_them_back():
    """`bot Cid` after `leave Cid`: the bot sat waiting for a `back` no bot typed, and Cid
    stayed away for the whole brawl. In call 1 it is back at once; later, at the next call 1
    (once: it asks no second `back`)."""
    for level in ("random", "think"):
        t = _table(3)
        t.execute("leave Cid")
        assert choose(t, "Cid", level, 1, 0).line == "back Cid"          # call 1: at once
        t.execute("back Cid")
        t.execute("call")                                                # call 2
        t.execute("leave Cid")
        assert choose(t, "Cid", level, 1, 0).line == "back Cid"
        t.execute("back Cid")                                            # at the next call 1
        assert choose(t, "Cid", level, 1, 0) is None and not present(t.state, "Cid")


def test_t_undo_1_an_undo_the_reveal_stops_takes_back_no_bot_move(tmp_path):
    """An undo the game's policy stops before the person's command (T-UNDO-1: the call that
    revealed the sealed Attacks) undid the bots' Dodge divisions after it, said 'nothing
    changed', and left call 5 waiting for a bot that waited for a person: it takes back
    nothing, and the bots play on."""
    import pytest

    from guide.core.errors import CommandError
    from guide.core.repl.run import _on_time
    from guide.core.store import Store

    t = (GAME.settings.table_class or Table)(GAME, Store(tmp_path / "t.sqlite", game="taverne"),
                                             settings.load(GAME, []), Dice(3))
    for line in ["player Ann --loot 2", "player Bob --loot 1", "player Cid --loot 3", "start",
                 "bot Cid", "call", "call", "dodges Ann", "dodges Bob", "call",
                 "attack Ann --on Cid --weapon 1", "attack Bob --on Cid --weapon 3", "call"]:
        t.execute(line)
        _on_time(t)
    count, state = t.store.count(), t.state
    with pytest.raises(CommandError, match="cannot undo 'call'.*nothing changed"):
        t.execute("undo")
    assert (t.store.count(), t.state) == (count, state) and not t.bots_wait
