"""Cave escape's bots (guide/games/cave/bots.py): the think level is offered; its sampler
builds a state from the seat's page and the box alone, one the page could have come from;
a think bot's choice is the same in every variant of the state its seat cannot tell apart
(the face-down decks, C-SET-2, C-DECK-1..3); a bot never names a face of the table's d20."""

from __future__ import annotations

import random

from bot_variants import same_in_every_variant

from guide.core import settings
from guide.core.bots import choose, levels_of
from guide.core.dice import Dice
from guide.core.games import load
from guide.core.players import seats as seats_of
from guide.core.seats import moves_for, view_for
from guide.core.table import Table
from guide.games.cave.public import public_state
from guide.games.cave.state import current

GAME = load("cave")
KIT = GAME.bots()


def _table(seed: int = 4, players: int = 4) -> Table:
    t = (GAME.settings.table_class or Table)(GAME, None, settings.load(GAME, []), Dice(seed, record=False))
    for line in KIT.setup(KIT.seat_names(players), random.Random(seed)):
        t.execute(line)
    return t


def _play(t: Table, moves: int, level: str = "random", seed: int = 4) -> None:
    for number in range(moves):
        if KIT.outcome(t) is not None:
            return
        for seat in seats_of(t):
            move = choose(t, seat, level, seed, number)
            if move is not None:
                t.execute(move.line, seat=seat, bot=level)
                break


def test_think_is_offered_and_the_bench_compares_it_with_random_at_four_characters():
    t = _table()
    assert "think" in levels_of(t)
    assert KIT.default_levels == ("random", "think") and KIT.players[0] == 4


def test_a_sample_is_a_state_the_seats_page_could_have_come_from():
    """Sampled from the page alone: what the table shows of it (`guide state`) is what the
    page shows, the draw pile as long, the exit among its last eleven (C-SET-2), and the
    cave tiles add up to the box's 40 (C-TILE-1)."""
    t = _table()
    _play(t, 25)
    box = t.library
    for seat in seats_of(t):
        view = view_for(t, seat)
        for k in range(3):
            s = KIT.sample(box, view, seat, random.Random(k))
            assert public_state(s, box) == view["state"]
            draw = s["tiles"]["draw"]
            assert "exit" in draw[-(box.exit_in_last + 1):]
            cave = [p for i, p in s["pieces"].items() if i not in ("start", "exit")]
            assert len(cave) == sum(box.shapes.values())
            assert s["moved"] == t.state["moved"]
            # the turn order as the table keeps it (guide.core.turns), but the count of turns
            # played, which the page does not show
            assert {**s["turns"], "turn": 0} == {**t.state["turns"], "turn": 0}
            assert [c["stuck"] for c in s["characters"]] == [c["stuck"] for c in t.state["characters"]]


def test_a_think_bots_choice_is_the_same_in_every_variant_its_seat_cannot_tell_apart():
    t = _table(seed=6)
    checked = 0
    for step in range(4):
        seat = t.state["turns"]["current"]
        real, same = same_in_every_variant(t, seat, "think", 9, step)
        checked += same
        assert real is not None
        t.execute(real.line, seat=seat, bot="think")
    assert checked


def test_a_bot_rolls_guides_d20_never_a_face_of_the_tables_own():
    """C-TURN-3: `roll NAME --roll N` is for a table reading its own die; a bot reads the
    move's values (guide.core.moves), not its line."""
    from guide.games.cave.commands import commands

    assert KIT.never(commands.move("roll", "5", name="Ann", face=5))
    assert not KIT.never(commands.move("roll", "guide rolls the d20", name="Ann"))
    assert not KIT.never(commands.move("end", "End", name="--roll"))     # a name, not the die
    assert not any(KIT.never(m) for m in moves_for(_table(), "Ann"))


def test_think_judges_a_candidate_a_round_later_the_others_having_played_by_the_sim_policy():
    """`ahead` plays a sampled state on to the seat's next turn: the rest of the seat's turn
    (its Energy spent, C-TURN-6), then each other character's turn by the `cave sim` policy;
    the heuristic judges it there."""
    from guide.games.cave.bots import ahead

    t = _table(seed=5)
    _play(t, 6)
    seat = seats_of(t)[0]
    view = view_for(t, seat)
    s = KIT.sample(t.library, view, seat, random.Random(1))
    mover = current(s)
    name, energy, rnd = mover["name"], mover["energy"], s["turns"]["round"]
    ahead(s, t.library, name, 7)
    assert s["phase"] == "play" and mover["state"] == "in"
    assert current(s)["name"] == name and s["turns"]["round"] == rnd + 1
    assert not s["moved"]
    shown = next(c for c in view["characters"] if c["name"] == name)
    assert mover["energy"] < energy or mover["food"] != shown["food"]
