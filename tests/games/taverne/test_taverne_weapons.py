"""Weapons in hand and pile (T-WPN-1), range with absent players skipped (T-WPN-2), and the
illegal placements refused with their rule."""

import pytest
from taverne_table import attack_rest, brawl, to_call

from guide.games.taverne.model import seated
from guide.games.taverne.seating import targets


def test_T_WPN_1_small_weapons_in_hand_large_ones_in_a_pile_6_on_top():
    b = brawl()
    assert b.p("Marie")["hand"] == [1, 2, 3, 4, 5]
    assert b.p("Marie")["pile_top"] == 6
    assert b.state["players"]["Marie"]["pile"] == [6, 7, 8, 9]


def test_T_WPN_1_buying_takes_the_top_of_the_pile_for_1_loot():
    b = brawl(loot=3)
    b.do("call", "buy Marie weapon --times 2")
    assert b.p("Marie")["hand"] == [1, 2, 3, 4, 5, 6, 7]
    assert (b.p("Marie")["pile_top"], b.p("Marie")["loot"]) == (8, 1)


def test_T_WPN_1_large_weapons_go_under_the_pile_attack_first_then_dodges_ascending():
    b = brawl(loot=3)
    b.do("loot Marie 6", "call", "buy Marie pint --times 3", "buy Marie weapon --times 3")
    assert b.state["players"]["Marie"]["pile"] == [9]
    b.do("call", "dodges Marie 8 7", "call", "attack Marie --on Pierre --weapon 6")
    attack_rest(b)
    b.do("call", "call")
    assert b.state["players"]["Marie"]["pile"] == [9, 6, 7, 8]
    assert b.p("Marie")["hand"] == [1, 2, 3, 4, 5]
    assert b.p("Marie")["pile_top"] == 9


def test_T_WPN_1_only_the_pile_top_is_public():
    b = brawl()
    public = b.view(None)
    assert "pile" not in public["players"][0]
    assert public["players"][0]["pile_top"] == 6
    assert b.view("Marie")["me"]["pile"] == [6, 7, 8, 9]


@pytest.mark.parametrize("n,reach", [
    (5, {"Pierre": "melee", "Laurent": "melee", "Cecile": "ranged", "Jacques": "ranged"}),
    (4, {"Pierre": "melee", "Jacques": "melee", "Cecile": "ranged"}),
    (3, {"Pierre": "melee", "Cecile": "melee"}),
    (2, {"Pierre": "melee"}),
])
def test_T_WPN_2_melee_and_ranged_targets_by_table_size(n, reach):
    b = brawl(n)
    assert targets(b.state, "Marie") == reach


def test_T_WPN_2_players_beyond_the_second_are_out_of_range():
    b = brawl(8)
    assert targets(b.state, "Marie") == {"Pierre": "melee", "Zoe": "melee",
                                         "Cecile": "ranged", "Paul": "ranged"}
    to_call(b, 4)
    assert "out of Marie's range" in b.fails("attack Marie --on Jacques --weapon 3")


def test_T_WPN_2_absent_and_eliminated_players_are_skipped():
    b = brawl(5)
    b.do("leave Pierre")
    assert targets(b.state, "Marie") == {"Cecile": "melee", "Laurent": "melee",
                                         "Jacques": "ranged"}
    b.state["players"]["Laurent"]["eliminated"] = True
    assert targets(b.state, "Marie") == {"Cecile": "melee", "Jacques": "melee"}


def test_T_WPN_2_seating_after_puts_a_player_to_the_left():
    b = brawl(3)
    b.state["phase"] = "setup"
    b.do("player Anne --loot 1 --after Marie")
    assert seated(b.state) == ["Marie", "Anne", "Pierre", "Cecile"]


def test_T_WPN_2_even_weapon_at_range_is_refused_with_the_rule():
    b = brawl(5)
    to_call(b, 4)
    msg = b.fails("attack Marie --on Cecile --weapon 4")
    assert "even Weapon (4) cannot be used at range" in msg and "T-WPN-2" in msg
    b.do("attack Marie --on Cecile --weapon 3")


def test_T_WPN_2_with_three_players_any_weapon_hits_either_opponent():
    b = brawl(3)
    to_call(b, 4)
    b.do("attack Marie --on Cecile --weapon 4", "attack Pierre --on Marie --weapon 2")
    assert [q["range"] for q in b.state["quarrels"]] == ["melee", "melee"]


def test_T_WPN_1_a_weapon_not_in_hand_is_refused():
    b = brawl()
    to_call(b, 4)
    assert "no Weapon 6 in hand" in b.fails("attack Marie --on Pierre --weapon 6")


def test_T_CALL_3_more_dodges_than_prestige_is_refused():
    b = brawl()
    to_call(b, 3)
    msg = b.fails("dodges Marie 1 2")
    assert "1 Prestige: at most 1 Dodge" in msg and "T-CALL-3" in msg


def test_T_CALL_5_a_fourth_dodge_on_one_attack_is_refused():
    b = brawl(loot=3)
    b.do("pint Marie 10", "call", "call", "dodges Marie 1 2 3 4", "call",
         "attack Pierre --on Marie --weapon 5")
    attack_rest(b)
    b.do("call")
    msg = b.fails("dodge Marie --against Pierre 5 6 7 8")
    assert "at most 3 Dodges against one Attack" in msg
    assert "must differ" in b.fails("dodge Marie --against Pierre 5 5")


def test_T_WPN_2_no_attack_on_oneself_nor_on_an_absent_player():
    b = brawl(4)
    b.do("leave Jacques")
    to_call(b, 4)
    assert b.fails("attack Marie --on Marie --weapon 1") == "Marie cannot attack themselves"
    assert "Jacques is not in the brawl" in b.fails("attack Marie --on Jacques --weapon 1")
