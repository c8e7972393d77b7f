"""Variants chosen at `start` and kept in `guide state`: Double Tavern (T-VAR-DT-1..2),
Long Range (T-VAR-LR-1), Auction Characters (T-VAR-AU-1..3)."""

import json

from taverne_table import NAMES, Brawl, brawl, to_call

from guide.games.taverne.seating import targets
from guide.games.taverne.views import view_for


def test_variants_are_chosen_at_start_and_kept_in_guide_state():
    b = brawl(start="start --variant long-range --variant double-tavern")
    assert b.public["variants"] == ["double-tavern", "long-range"]
    b2 = Brawl()
    b2.do("player Marie --loot 1", "player Pierre --loot 1")
    assert "'moon' is not one of" in b2.fails("start --variant moon")


def test_T_VAR_LR_1_a_ranged_attack_reaches_the_x_th_player_x_the_attackers_dodges():
    b = brawl(6, start="start --variant long-range")
    b.do("pint Marie 3")
    assert targets(b.state, "Marie") == {"Pierre": "melee", "Anne": "melee"}
    to_call(b, 3)
    b.do("dodges Marie 1 2 3")
    assert targets(b.state, "Marie") == {"Pierre": "melee", "Anne": "melee",
                                         "Jacques": "ranged"}
    b.do("call")
    assert "out of Marie's range" in b.fails("attack Marie --on Cecile --weapon 5")
    assert "even Weapon" in b.fails("attack Marie --on Jacques --weapon 4")
    b.do("attack Marie --on Jacques --weapon 5")


def test_T_WPN_2_out_of_range_says_how_each_target_is_reached_in_french():
    """T-WPN-2: the refusal lists who is in range and how, in the table's language: at a
    French table it said "à portée : Pierre (melee), Anne (melee)", its English words."""
    from guide.core import i18n

    b = brawl(6, start="start --variant long-range")
    b.do("pint Marie 3")
    to_call(b, 3)
    b.do("dodges Marie 1 2 3", "call")
    assert "in range: Pierre (melee), Anne (melee), Jacques (ranged)" in \
        b.fails("attack Marie --on Cecile --weapon 5")
    b.table.lang = "fr"
    try:
        i18n.use("fr")
        said = b.fails("attack Marie --on Cecile --weapon 5")
    finally:
        b.table.lang = "en"
        i18n.use("en")
    assert "Pierre (au contact), Anne (au contact), Jacques (à distance)" in said
    assert "melee" not in said and "ranged" not in said


def test_T_VAR_LR_1_two_dodges_keep_the_second_player_at_range():
    b = brawl(6, start="start --variant long-range")
    b.do("pint Marie 1")
    to_call(b, 3)
    b.do("dodges Marie 1 2")
    assert targets(b.state, "Marie") == {"Pierre": "melee", "Anne": "melee",
                                         "Cecile": "ranged", "Laurent": "ranged"}


def test_T_VAR_DT_1_each_player_has_a_tavern_of_origin():
    b = Brawl()
    b.do("player Marie --loot 1", "player Pierre --loot 2 --tavern Cour",
         "player Cecile --loot 1", "start --variant double-tavern")
    assert view_for(b.state)["counters"]["Marie"]["tavern"] == "Crypte"
    assert view_for(b.state)["counters"]["Pierre"]["tavern"] == "Cour"


def test_T_VAR_DT_2_loot_buys_specialties_of_ones_own_tavern_only():
    b = Brawl()
    b.do("player Marie --loot 2", "player Pierre --loot 2 --tavern Cour",
         "player Cecile --loot 1", "start --variant double-tavern", "call")
    out = b.do("buy Pierre specialty", "buy Marie specialty --times 2")
    assert "Pierre draws a Specialty from the Cour pile" in out
    assert "Marie draws a Specialty from the Crypte pile" in out
    v = view_for(b.state)["counters"]
    assert v["Pierre"]["by_tavern"] == {"Cour": 1}
    assert v["Marie"]["by_tavern"] == {"Crypte": 2}


def auction() -> Brawl:
    b = Brawl()
    b.do("player Marie", "player Pierre", "player Cecile", "start --variant auction")
    return b


def test_T_VAR_AU_1_bids_are_sealed_until_every_player_has_bid():
    b = auction()
    assert b.public["variants"] == ["auction"]
    out = b.do("bid Marie 22", "bid Pierre 25")
    assert out == "Marie's bid is sealed\nPierre's bid is sealed"
    for viewer in (None, "Pierre", "Cecile"):
        assert "22" not in json.dumps(view_for(b.state, viewer)["players"])
        assert view_for(b.state, viewer).get("me", {}).get("bid") in (None, 25)
    assert view_for(b.state, "Marie")["me"]["bid"] == 22
    assert b.fails("call") == "still to bid: Cecile (T-VAR-AU-1)"
    assert b.view()["waiting"] == {"for": "to bid", "who": ["Cecile"]}


def test_T_VAR_AU_2_revealed_together_the_lowest_chooses_first_ties_by_the_table():
    b = auction()
    out = b.do("bid Marie 22", "bid Pierre 25", "bid Cecile 22")
    assert "Bids: Marie 22, Cecile 22, Pierre 25. Choosing order: Marie, Cecile, Pierre;" \
           " tie Marie and Cecile: rock-paper-scissors" in out
    assert [b.p(n)["energy"] for n in ("Marie", "Pierre", "Cecile")] == [22, 25, 22]


def test_T_VAR_AU_3_characters_are_chosen_then_call_opens_turn_1():
    b = auction()
    b.do("bid Marie 22", "bid Pierre 25", "bid Cecile 20")
    b.do("character Cecile Ghoul --loot 2", "character Marie 'Homme Serpent' --loot 1")
    assert "Ghoul is already taken" in b.fails("character Pierre Ghoul --loot 1")
    assert "still to choose a Character: Pierre" in b.fails("call")
    b.do("character Pierre 'Hooded Man' --loot 3", "call")
    s = b.public
    assert (s["turn"], s["call"]) == (1, 1)
    assert [(p["energy"], p["loot"]) for p in s["players"]] == [(22, 1), (25, 3), (20, 2)]


def test_T_VAR_AU_3_a_character_without_its_loot_names_the_line_and_a_new_choice_corrects():
    """The refusal said '--loot N (1 to 3)' alone, and a second choice read as a first one
    ('Pierre takes Ghoul' after 'Pierre takes Hooded Man')."""
    b = auction()
    b.do("bid Marie 22", "bid Pierre 25", "bid Cecile 20")
    assert b.fails("character Cecile Gobelin") == \
        "give Gobelin Teigneux's Initial Loot (1 to 3): `character Cecile \"Gobelin Teigneux\" --loot N`"
    assert b.do("character Cecile Ghoul --loot 2") == "Cecile takes Ghoul (Initial Loot 2)"
    assert b.do("character Cecile 'Hooded Man' --loot 3") == \
        "Cecile takes Hooded Man instead of Ghoul (Initial Loot 3)"
    b.do("character Marie Ghoul --loot 1")                   # Ghoul is free again
    assert b.state["players"]["Marie"]["character"] == "Ghoul"


def test_T_VAR_DT_3_six_players_or_more_only_with_double_tavern():
    b = Brawl()
    for name in NAMES[:6]:
        b.do(f"player {name} --loot 1")
    assert "6 players need two boxes' Weapon sets: a box has 5; play Double Tavern" in \
        b.fails("start")
    b.do("start --variant double-tavern")
    b5 = brawl(5)
    assert "6 players need two boxes' Weapon sets" in b5.fails("player Anne --loot 1")
    for name in ("Theo", "Yves", "Ugo", "Vic"):
        b.do(f"player {name} --loot 1")            # 10 players: two boxes
    assert "at most 10 players" in b.fails("player Wil --loot 1")
