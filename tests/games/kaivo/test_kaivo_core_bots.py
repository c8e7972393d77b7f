"""Kaivo's three levels as the core's bots (issue 38): `bot NAME --level hard` at a table of
friends, deciding from its seat's memory (K-DEAL-1: a page shows a seen card only for the
box's seconds, the seat remembers), never from a card its seat has not seen."""

from __future__ import annotations

from guide.core import bench as core_bench
from guide.core import games, settings
from guide.core.bots import choose, levels_of
from guide.core.dice import Dice
from guide.core.seats import Desk, view_for
from guide.core.table import Table
from guide.games.kaivo import bots
from guide.games.kaivo.knowledge import view
from guide.games.kaivo.table import to_act


def friends(seed: int = 3) -> Table:
    game = games.load("kaivo")
    t = Table(game, None, settings.load(game, []), Dice(seed, record=False))
    t.execute("deal --friends Ann,Bob --bots 0")
    return t


def test_the_three_levels_are_core_bot_levels_and_the_bench_compares_random_with_hard():
    t = friends()
    assert {"random", "easy", "normal", "hard"} <= set(levels_of(t))
    plan, _kit = core_bench.plan_of("kaivo", [], 10, 1, None, None)
    assert plan.levels == ("random", "hard")


def test_k_deal_1_a_bot_seat_is_given_its_seats_memory_and_a_persons_page_is_not():
    """Ann's outer cards (K-DEAL-1) are in her memory once the page's seconds are over; a
    bot playing her seat is given that memory, her page as a person's does not hold it."""
    t = friends()
    ann = view_for(t, "Ann")
    assert "memory" not in ann["you"]
    t.execute("bot Ann --level hard")
    memory = view_for(t, "Ann")["you"]["memory"]
    assert memory == view(t.state["table"], 0, None)
    assert memory["hands"][0][0] is not None and memory["hands"][0][3] is not None   # the peek
    assert memory["hands"][1] == [None] * 4                                           # not Bob's
    assert Desk.payload_of(t, "Ann")["bot"]["level"] == "hard"


def test_a_hard_bots_move_is_the_hard_levels_choice_from_its_seats_memory():
    t = friends(5)
    for seat in ("Ann", "Bob"):
        t.execute(f"bot {seat} --level hard")
    moved = 0
    for step in range(60):
        if t.state["winners"]:
            break
        for seat, me in (("Ann", 0), ("Bob", 1)):
            move = choose(t, seat, "hard", 9, step)
            if move is None:
                continue
            tbl = t.state["table"]
            if tbl["phase"] != "over" and to_act(tbl) == me:
                chosen = bots.choose(view(tbl, me, None), t.library.rules,
                                     t.library.bots.levels["hard"], _Same())
                assert move.line.split()[0] == chosen[0]
                moved += 1
            t.execute(move.line, seat=seat, bot="hard")
            break
    assert moved > 10


class _Same:
    """Dice whose every chance is missed (d(1000) is 1000): the hard level's choice, which
    rolls only for an easy slip or a glimpse, is then its own reckoning."""

    def d(self, sides: int) -> int:
        return sides


def test_hard_beats_random_on_the_core_bench():
    plan, kit = core_bench.plan_of("kaivo", [], 16, 2, None, None)
    report = core_bench.report(plan, kit, core_bench.run(plan, workers=1))
    assert report.games == 16 and not report.errors
    assert report.rate("hard") > report.rate("random") + 0.3


def test_the_tv_marks_a_seat_a_core_bot_plays_as_it_marks_kaivos_own_bots():
    """The TV names a bot's seat "(bot)", whether Kaivo dealt it (deal --bots) or a bot
    took a friend's seat at the table (`bot NAME`); `bot NAME --off` takes the mark away."""
    from guide.core.viewers import TV

    t = friends()
    assert "Ann (bot)" not in t.game.view(t, TV)["said"]["seats"]
    t.execute("bot Ann --level hard")
    assert t.game.view(t, TV)["said"]["seats"][:2] == ["Ann (bot)", "Bob"]
    t.execute("bot Ann --off")
    assert t.game.view(t, TV)["said"]["seats"][:2] == ["Ann", "Bob"]
