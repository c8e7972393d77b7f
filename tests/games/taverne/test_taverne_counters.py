"""The Counter: the Pints-Prestige ladder and the three limits (T-CNT-1..4)."""

import pytest
from taverne_table import brawl

from guide.games.taverne.counters import LADDER


@pytest.mark.parametrize("pints,prestige", [(1, 1), (2, 2), (3, 2), (4, 3), (6, 3), (7, 4),
                                            (10, 4), (11, 5)])
def test_T_CNT_1_pints_give_prestige_on_the_ladder(pints, prestige):
    b = brawl()
    b.do(f"pint Marie {pints - 1}")
    assert b.p("Marie")["pints"] == pints
    assert b.p("Marie")["prestige"] == prestige


def test_T_CNT_1_ladder_covers_every_pint_once():
    assert sorted(LADDER) == list(range(1, 12))
    assert [LADDER[p] for p in (1, 7, 10, 11)] == [1, 4, 4, 5]


def test_T_CNT_1_pints_never_below_1_nor_above_11():
    b = brawl()
    out = b.do("pint Marie -5")
    assert b.p("Marie")["pints"] == 1
    assert "5 beyond the limit" in out
    b.do("pint Marie 30")
    assert (b.p("Marie")["pints"], b.p("Marie")["prestige"]) == (11, 5)


def test_T_CNT_2_energy_starts_at_30_capped_and_floored_stunned_below_1():
    b = brawl()
    assert b.p("Pierre")["energy"] == 30
    b.do("energy Pierre 5")
    assert b.p("Pierre")["energy"] == 30
    out = b.do("energy Pierre -31")
    assert (b.p("Pierre")["energy"], b.p("Pierre")["stunned"]) == (0, True)
    assert out == "Pierre -30 Energy, to 0 (-31 asked, 1 beyond the limit); Stunned"
    b.do("energy Pierre 1")
    assert (b.p("Pierre")["energy"], b.p("Pierre")["stunned"]) == (1, False)


def test_T_CNT_3_loot_starts_at_initial_loot_and_gains_beyond_9_are_lost():
    b = brawl(loot=2)
    assert b.p("Cecile")["loot"] == 2
    out = b.do("loot Cecile 10")
    assert b.p("Cecile")["loot"] == 9
    assert "3 beyond the limit" in out
    b.do("loot Cecile -20")
    assert b.p("Cecile")["loot"] == 0


def test_T_CNT_3_initial_loot_is_1_to_3():
    from taverne_table import Brawl
    b = Brawl()
    assert "1 to 3" in b.fails("player Marie --loot 4")
    assert "1 to 3" in b.fails("player Marie --loot 0")


def test_T_CNT_4_counter_commands_clamp_and_succeed_on_every_meter():
    b = brawl()
    b.do("loot Jacques 100", "energy Jacques 100", "pint Jacques 100")
    j = b.p("Jacques")
    assert (j["loot"], j["energy"], j["pints"]) == (9, 30, 11)
    b.do("loot Jacques -100", "energy Jacques -100", "pint Jacques -100")
    j = b.p("Jacques")
    assert (j["loot"], j["energy"], j["pints"], j["prestige"]) == (0, 0, 1, 1)
