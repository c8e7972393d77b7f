"""CV's bots (issue 38): the seat's move listing is quick and lists exactly what it listed
when every candidate was tried on a deep copy; the think level's sampler reads only the
seat's view and the box; the think level beats random."""

from __future__ import annotations

import copy
import pickle
import random
from pathlib import Path

import pytest

from guide.core import games, settings, turns
from guide.core.bots import choose
from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.core.players import seats as seats_of
from guide.core.table import Table
from guide.games.cv import seats
from guide.games.cv.model import current, new_card, player

ROOT = Path(__file__).resolve().parents[3]
CV_BOX = ROOT / "tests" / "data" / "cv-bench"     # an invented deck, marked as not the game's


def bench_table(seed: int, players: int = 2) -> Table:
    game = games.load("cv")
    kit = game.bots()
    t = Table(game, None, settings.load(game, [CV_BOX]), Dice(seed, record=False))
    for line in kit.setup(kit.seat_names(players), random.Random(seed)):
        t.execute(line)
    return t


def _old_legal(t, fn, *args, **kw) -> bool:
    """The listing's check before it was made quick: every candidate run by the rule on a
    deep copy of the state."""
    try:
        fn(copy.deepcopy(t.state), t.library, *args, **kw)
    except RuleError:
        return False
    return True


def _special(lib, number: int, type_: str, **kw) -> dict:
    sp = lib.special_by_id(number)
    card = new_card(sp.en, type_)
    card["number"] = number
    card.update(kw)
    return card


def _stir(t: Table, rng: random.Random) -> None:
    """Put into the current player's hands what a random bench game of the test deck never
    deals: the seed's special cards that bend symbols (35, 45, 36, 53), events in hand (5
    Life insurance, 11 Zoo trip, 29 Pension fund), a two-coloured card on the track, a
    neighbour's Job, cards to slip under."""
    s, lib = t.state, t.library
    turn = s["turn"]
    if turn is None or s["over"]:
        return
    p = current(s)[1]
    pick = rng.sample(["35", "45", "36", "53", "hand", "two", "job", "under"], 3)
    if "35" in pick:
        p["cv"]["knowledge"].append(_special(lib, 35, "knowledge"))
    if "45" in pick:
        p["cv"]["health"].append(_special(lib, 45, "health"))
    if "53" in pick:
        p["cv"]["relationships"].append(_special(lib, 53, "relationships"))
    if "36" in pick:
        p["cv"]["job"].append(_special(lib, 36, "job", gives=["money"]))
    if "job" in pick:
        other = player(s, turns.after(s["order"])[0])
        other["cv"]["job"].append(new_card("A test job", "job") | {"gives": ["health", "money"]})
    if "hand" in pick:
        p["hand"] += [_special(lib, 5, "event"), _special(lib, 11, "event", gives=[]),
                      _special(lib, 29, "event", gives=["money"] * 4)]
    if "two" in pick and s["track"] and s["track"]["cards"] and s["track"]["cards"][0]:
        card = s["track"]["cards"][0]
        card["types"] = [card["type"], "job" if card["type"] != "job" else "health"]
    if "under" in pick:
        p["cv"]["health"] += [new_card("Under A", "health"), new_card("Under B", "health")]


def _points(seed: int, steps: int, every: int):
    """States of a random game (the test deck), stirred now and then, every `every` moves,
    with the seat to act: the one social help waits for (V-HELP-1), else the player whose
    turn it is."""
    t = bench_table(seed, players=2 + seed % 3)
    rng = random.Random(seed)
    kit = t.game.bots()
    for step in range(steps):
        if kit.outcome(t) is not None:
            return
        if step % 7 == 3:
            _stir(t, rng)
        s = t.state
        seat = (s["track"]["help"] or [current(s)[1]["name"]])[0]
        if step % every == 0:
            yield t, seat
        moves = [m for m in seats.seat_moves(t, seat) if not m.line.startswith("goal ")]
        t.execute(rng.choice(moves).line, seat=seat)


def test_the_quick_listing_lists_exactly_the_moves_the_deep_copy_listing_did(monkeypatch):
    """Over random states (bench games of the test deck, stirred with the special cards),
    every seat's moves are the same lines, labels and order as when each candidate was tried
    on a deep copy (the old listing), and listing changes nothing in the state."""
    compared = 0
    for seed in (1, 2, 3):
        for t, seat in _points(seed, 180, 5):
            before = pickle.dumps(t.state)
            quick = [(m.label, m.line, m.group, m.detail) for m in seats.seat_moves(t, seat)]
            assert pickle.dumps(t.state) == before
            with monkeypatch.context() as m:
                m.setattr(seats, "_legal", _old_legal)
                m.setattr(seats, "_may_pay", lambda *a, **k: True)
                old = [(x.label, x.line, x.group, x.detail) for x in seats.seat_moves(t, seat)]
            assert quick == old, (seed, seat)
            compared += len(old) > 1
    assert compared > 60


def test_a_random_bots_move_is_quick():
    """The listing was the random bot's whole time (120 ms a move): now a few ms."""
    import time

    t = bench_table(11)
    times = []
    for step in range(120):
        if t.game.bots().outcome(t) is not None:
            break
        for seat in seats_of(t):
            started = time.perf_counter()
            move = choose(t, seat, "random", 11, step)
            if move is not None:
                times.append(time.perf_counter() - started)
                t.execute(move.line, seat=seat)
                break
    times.sort()
    assert times[len(times) // 2] < 0.03, times[len(times) // 2]


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    from guide.core import i18n

    i18n.use("en")


def _game_points(seed: int, steps: int):
    """Every seat at points of a random game of the test deck."""
    t = bench_table(seed, players=2 + seed % 3)
    kit = t.game.bots()
    for step in range(steps):
        if kit.outcome(t) is not None:
            return
        yield t, step
        for seat in seats_of(t):
            move = choose(t, seat, "random", seed, step)
            if move is not None:
                t.execute(move.line, seat=seat, bot="random")
                break


def test_the_sampler_deals_a_state_whose_seat_view_is_the_seats_own(monkeypatch):
    """The think level's sampler reads the seat's view and the box only (never the table's
    state): the state it deals gives that seat exactly the view it was dealt from, however
    the hidden part (others' goals and cards under their active ones, the decks' order) fell."""
    from guide.core.seats import view_for
    from guide.games.cv import belief

    checked = 0
    for seed in (1, 2):
        for t, step in _game_points(seed, 400):
            if step % 3:
                continue
            for seat in seats_of(t):
                view = view_for(t, seat)
                monkeypatch.setattr(t, "state", None)          # the sampler cannot peek
                dealt = belief.sample(t.library, view, seat, random.Random(step))
                monkeypatch.undo()
                sim = Table(t.game, None, t.library, Dice(1, record=False))
                sim.state = dealt
                assert view_for(sim, seat) == view, (seed, step, seat)
                checked += 1
    assert checked > 100


def test_the_sampler_deals_the_hidden_part_at_random_from_what_the_seat_has_not_seen():
    from guide.core.seats import view_for
    from guide.games.cv import belief

    for t, step in _game_points(3, 60):  # noqa: B007 - the table where it stops is read below
        if step == 59:
            break
    s = t.state
    view = view_for(t, "Ann")
    deals = [belief.sample(t.library, view, "Ann", random.Random(k)) for k in range(6)]
    piles = {tuple(c["number"] for c in d["track"]["piles"]["maturity"]) for d in deals}
    assert len(piles) > 1                                         # the order is dealt anew
    for d in deals:
        assert [len(p) for p in d["track"]["piles"].values()] == list(s["track"]["decks"].values())
        bob = d["players"][1]
        assert bob["goal"] not in (*s["public"], s["players"][0]["goal"])     # V-SET-1
        known = {c["number"] for p in d["players"] for st in p["cv"].values() for c in st}
        assert not known & {c["number"] for p in d["track"]["piles"].values() for c in p}


def test_the_think_level_is_offered_and_the_bench_plays_it_against_random():
    from guide.core import bench

    plan, kit = bench.plan_of("cv", [CV_BOX], 4, 5, None, None)
    assert plan.levels == ("random", "think")
    played = bench.run(plan, workers=1)
    report = bench.report(plan, kit, played)
    assert report.games == 4 and not report.errors
    assert report.levels["think"][0] >= 3 > report.levels["random"][0]
    assert report.level_ms["think"][0] < 300 and report.level_ms["think"][1] < 1500


def test_a_think_bots_choice_is_the_same_in_every_variant_its_seat_cannot_tell_apart():
    """The secrets contract for the think level: the state's secret variants (read by this
    test only: a deck's order, another's goal or hand) that a seat may not see give its bot
    the same choice."""
    from bot_variants import same_in_every_variant

    checked = 0
    for t, step in _game_points(4, 120):
        if step % 4:
            continue
        for seat in seats_of(t):
            checked += same_in_every_variant(t, seat, "think", 7, step)[1]
    assert checked > 20


def test_a_bench_game_starts_with_lines_built_from_the_commands_whatever_the_names():
    """The bench's setup lines are built from CV's command declarations (Registry.move): a
    seat named with a space is one player, not two (`players Ann Lee Bo` was three)."""
    kit = games.load("cv").bots()
    lines = kit.setup(["Ann Lee", "Bo"], random.Random(1))
    assert lines[:2] == ['players "Ann Lee" Bo', 'card "Ann Lee" Bicycle --points 1']
    assert lines[2].startswith('goal "Ann Lee" ') and lines[-1] == "track"


def test_the_bench_refuses_a_card_file_that_holds_no_track_card_yet(tmp_path):
    """The card file `guide new box` writes holds no card as it stands: `track` deals nothing,
    no game reaches V-END-1, and the bench said '0 games of 2 players finished (of N)' and
    exited 0; it says what to fill instead, and plays nothing."""
    from conftest import guide

    mine = tmp_path / "mine"
    assert guide("new", "box", "--game", "cv", "--to", str(mine)).returncode == 0
    r = guide("bench", "--game", "cv", "--box", str(mine), "--games", "2", "--workers", "1")
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.strip() == (f"error: the CV bench needs the table's cards: {mine} holds no"
                                " Youth, Maturity or Old age card yet; fill it from your box"
                                " (docs/cv.md, \"The table's own cards\")")
    from guide.core import bench

    assert bench.plan_of("cv", [CV_BOX], 2, 1, None, None)[0].games == 2   # a filled file plays
