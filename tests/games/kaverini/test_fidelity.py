"""Issue 12, rules fidelity: the edges of the rulebook, each pinned by its rule id."""

import pytest

from conftest import Play, event, kaveri, kinds, town

EXTRA = """cards:
  - name: Weeping Willow
    type: foe
    hp: 20
    techniques:
      - {name: Cryface, schmerz: 1}
  - name: Thorny Goat
    type: foe
    hp: 30
    effects:
      - {do: schmerz, when: round, target: kaverit, amount: 2}
    techniques:
      - {name: Butt, schmerz: 2}
  - name: Crying Crane
    type: buddy
    hp: 10
    techniques:
      - {name: Cryface, schmerz: 1}
"""


@pytest.fixture
def table(tmp_path):
    yield from town(tmp_path, EXTRA).held()


def test_r_dmg_9_finishing_blow_wins(table):
    """The last hit neutralizes the Chutzpah foe at that moment: no Schmerz back, the XP."""
    kaveri(table, "Ann")
    table.do("tweak 'Chutzpah Goat' hp=2", "confront 'Chutzpah Goat'")
    table.raw["kaverit"][0]["hp"] = 1
    events = table.events("use Ann Kick")
    assert "chutzpah" not in kinds(events) and event(events, "over", result="won")
    assert kinds(events).index("hit") < kinds(events).index("neutralized") < kinds(events).index("victory")
    assert table.kaveri("Ann")["hp"] == 1 and table.kaveri("Ann")["items"] == []


def test_r_dmg_8_chutzpah_return_goes_through_the_takers_rules(table):
    kaveri(table, "Ann", ability="Insensitive")
    table.do("confront 'Chutzpah Goat'")
    table.raw["kaverit"][0]["counters"]["HP"] = 1
    table.raw["kaverit"][0]["custom"]["Kick"] = 5                 # 5 + Lv 1 = 6, halved: 3
    events = table.events("use Ann Kick")
    assert event(events, "hit")["amount"] == 3                    # Insensitive attacker: x1/2
    back = event(events, "chutzpah")                              # half of 3 = 2, Insensitive:
    assert back["amount"] == 0 and table.raw["kaverit"][0]["counters"]["HP"] == 0   # 1, absorbed


def test_r_dmg_8_love_blocks_a_foe_cards_round_effect(table):
    kaveri(table, "Ann", techniques=("Love", "Anger", "Happy"))
    table.do("confront 'Thorny Goat'", "use Ann Love --roll 20")
    events = table.events("foe 'Thorny Goat' Butt")              # blocked, then its round effect
    assert event(events, "loved", target="Ann", technique="Butt")
    assert event(events, "loved", target="Ann", technique="Thorny Goat")
    assert table.kaveri("Ann")["hp"] == 20


def test_r_dmg_8_round_effects_and_anger_meet_the_takers_h(table):
    kaveri(table, "Ann")
    table.raw["kaverit"][0]["heart"] = 1
    table.do("confront 'Thorny Goat'")
    events = table.events("use Ann Anger --roll 20")             # Anger: Lv 1 Schmerz, H 1: 1
    assert event(events, "anger")["lost"] == 1
    events = table.events("foe 'Thorny Goat' Butt")              # 2 - H 1 = 1; round effect 2 - 1
    assert event(events, "card_effect", source="Thorny Goat", do="schmerz")["lost"] == 1


def test_r_abil_1_confidence_stops_the_special_effect_too(table):
    kaveri(table, "Ann")
    table.do("confront 'Confident Cat'")
    events = table.events("use Ann Sadness --roll 20")
    assert event(events, "confidence") and "sadness" not in kinds(events)
    assert "special" not in kinds(events) and not table.raw["confrontation"]["effects"]


def test_r_conf_10_a_companion_lost_at_0_stops_acting(table):
    kaveri(table, "Ann")
    table.do("companion 'Friendly Dog'", "companion 'Friendly Cat'", "confront 'Big Bully'")
    table.raw["kaverit"][0]["hp"] = 1
    table.do("next", "foe 'Big Bully' Shove")                     # Dog and Cat take a stand
    table.raw["confrontation"]["stand"][0]["hp"] = 1
    events = table.events("next", "next", "foe 'Big Bully' Shove --on 'Friendly Dog'")
    assert event(events, "leave", name="Friendly Dog", who="stand")
    assert "round" in kinds(events)                               # phase 5 went by: no more Dog
    assert "Friendly Dog" not in [e["card"] for e in events if e["kind"] == "gm"]
    assert table.raw["confrontation"]["companions"] == ["Friendly Cat"]


def test_r_dmg_8_love_blocks_a_chutzpah_return_in_the_protected_turn(table):
    kaveri(table, "Ann", techniques=("Love", "Anger", "Happy"))
    table.do("confront 'Chutzpah Goat'")
    table.raw["confrontation"]["chutzpah"].append("Chutzpah Goat")   # spent on round 1
    table.do("use Ann Love --roll 20", "foe 'Chutzpah Goat' Butt")
    table.raw["confrontation"]["chutzpah"].clear()
    events = table.events("use Ann Anger --roll 1")              # still Ann's protected turn
    assert event(events, "loved", target="Ann", technique="Chutzpah")
    assert table.kaveri("Ann")["hp"] == 20


def test_r_conf_13_losing_a_practice_bout_loses_nothing(table):
    kaveri(table, "Ann")
    table.do("item Ann 'Lucky Coin'", "confront 'Big Bully' --practice")
    table.raw["kaverit"][0]["hp"] = 1
    events = table.events("next", "foe 'Big Bully' Shove")
    assert event(events, "lost", practice=True)
    ann = table.kaveri("Ann")
    assert ann["items"] == ["Lucky Coin"] and ann["money"] == 300 and ann["hp"] == 1
    assert table.state["adventure"] is not None


def _lose_a_practice_bout(party) -> str:
    """Amsterdam: Ann and Bob with a buddy and a companion lose a practice bout."""
    party.do("buddy Tess the Bell-Ringer", "companion Anouk the Cheese Seller",
             'confront "Captain Van der Decken" --practice', "schmerz Ann 99", "schmerz Bob 99")
    out = party.do("schmerz Tess 99")
    assert "for good" not in out and "Tess the Bell-Ringer" not in str(party.raw["buddies"])
    out += party.do("schmerz Anouk 99")
    assert "rest of the adventure" not in out
    return out


def test_r_conf_13_a_lost_practice_bout_keeps_buddies_and_companions(party):
    out = _lose_a_practice_bout(party)
    assert "the practice bout is lost" in out
    assert party.state["confrontation"] is None
    assert party.raw["buddies"] == [{"name": "Tess the Bell-Ringer", "hp": 1, "max_hp": 12}]
    assert party.raw["companions"] == ["Anouk the Cheese Seller"]
    assert party.raw["lost_buddies"] == [] and party.raw["lost_companions"] == []
    shown = party.do("party")
    assert "Tess the Bell-Ringer 1/12 HP" in shown and "Anouk the Cheese Seller" in shown
    assert "Gone for this adventure" not in party.do("recap")
    party.do('confront "Captain Van der Decken"')          # both fight in the next one
    assert any(b["name"] == "Tess the Bell-Ringer" for b in party.raw["buddies"])
    assert party.raw["confrontation"]["companions"] == ["Anouk the Cheese Seller"]


def test_r_conf_13_a_lost_practice_bout_tells_no_ending(party):
    bad = party.table.adventure().bad_ending.strip()
    party.do('confront "Captain Van der Decken" --practice', "schmerz Ann 99")
    out = party.do("schmerz Bob 99")
    assert "the practice bout is lost" in out and bad and bad not in out
    assert party.raw["adventure"] is not None
    party.do('confront "Captain Van der Decken"', "schmerz Ann 99")
    assert bad in party.do("schmerz Bob 99")                # a real loss still tells it


def test_r_conf_13_a_buddy_out_of_a_practice_bout_is_back_after_a_win(party):
    party.do('buddy "Hondje the Ship\'s Dog"', "buddy Tess the Bell-Ringer",
             'confront "Runaway Rental Bike" --practice')
    events = party.events("schmerz Hondje 99")
    assert event(events, "leave", name="Hondje the Ship's Dog", practice=True)
    assert "Hondje" in party.fails('buddy Hondje')      # not twice
    party.do("schmerz Bike 99")
    assert party.state["confrontation"] is None
    assert [b["name"] for b in party.raw["buddies"]] == ["Hondje the Ship's Dog",
                                                        "Tess the Bell-Ringer"]
    assert party.raw["buddies"][0]["hp"] == 1


def test_r_conf_13_undo_takes_a_practice_loss_back(party):
    _lose_a_practice_bout(party)
    party.do("undo")
    c = party.raw["confrontation"]
    assert c is not None and c["stand"][0]["name"] == "Anouk the Cheese Seller"
    assert party.raw["buddies"] == [] and party.raw["lost_buddies"] == []
    party.do("undo")
    assert [b["name"] for b in party.raw["buddies"]] == ["Tess the Bell-Ringer"]
    assert not party.raw["confrontation"].get("benched")


def test_r_conf_8_outside_practice_a_buddy_still_leaves_for_good(party):
    party.do("buddy Tess the Bell-Ringer", 'confront "Captain Van der Decken"')
    out = party.do("schmerz Tess 99")
    assert "leaves the party for good (R-CONF-8)" in out
    assert party.raw["lost_buddies"] == ["Tess the Bell-Ringer"]


def test_r_conf_12_items_without_usage_are_not_played(table):
    kaveri(table, "Ann")
    table.do("item Ann 'Thick Coat'")
    assert "no Usage" in table.fails("play Ann 'Thick Coat'")


def test_r_sheet_4_confront_lv_is_a_level_present(table):
    kaveri(table, "Ann")
    kaveri(table, "Bob")
    assert "level of a Kaveri present: 1" in table.fails("confront 'Big Bully' --lv -5")
    assert "level of a Kaveri present: 1" in table.fails("confront 'Big Bully' --lv 7")


def test_r_conf_11_after_a_lost_game_full_hp_at_the_next_adventure(table):
    kaveri(table, "Ann")
    table.do("confront 'Big Bully'")
    table.raw["kaverit"][0]["hp"] = 1
    table.do("next", "foe 'Big Bully' Shove")
    assert table.state["adventure"] is None and table.kaveri("Ann")["hp"] == 0
    assert "no Kaveri can act" in table.fails("confront 'Big Bully'")
    assert event(table.events("adventure test-town"), "adventure")["rested"] == ["Ann"]
    assert table.kaveri("Ann")["hp"] == 20


def test_r_fx_2_a_turn_in_between_lets_the_effect_stand(table):
    kaveri(table, "Ann")
    table.do("confront 'Big Bully'", "use Ann Anger --roll 20", "foe 'Big Bully' Shove")
    table.do("next", "foe 'Big Bully' Shove")                     # Ann passes round 2
    assert event(table.events("use Ann Anger --roll 20"), "special", ladder="Anger")


def test_r_wp_2_emotional_techniques_only_the_effect_once_no_split(table):
    kaveri(table, "Lu", ability="Lagom")
    table.do("wp Lu 2", "confront 'Big Bully' 'Dumb Turkey'")
    assert "emotional technique" in table.fails("use Lu Kick --world-point all-foes")
    assert "no --split" in table.fails(
        "use Lu Sadness --world-point all-foes --split 'Big Bully=1' --split 'Dumb Turkey=1'")
    assert "which foe gets the special effect" in table.fails("use Lu Sadness --world-point all-foes")
    events = table.events("use Lu Sadness --world-point all-foes --on 'Dumb Turkey' --roll 20")
    assert [e["target"] for e in events if e["kind"] == "hit"] == ["Big Bully", "Dumb Turkey"]
    assert [e["target"] for e in events if e["kind"] == "sadness"] == ["Dumb Turkey"]


def test_r_ql_1_a_d10_showing_0_counts_as_10(table):
    quote = event(table.events("lottery --dice 0,5"), "quote")
    assert quote["quote"] == 5 and quote["tens"] == 10
    assert event(table.events("lottery --dice 0,0 --force"), "quote")["quote"] == 100


def test_r_fx_6_a_foes_ladder_technique_rolls_for_its_effect(table):
    kaveri(table, "Ann", techniques=("Love", "Anger", "custom:Kick"))
    table.do("confront 'Weeping Willow'", "use Ann Kick")
    table.table.dice.give([19])
    events = table.events("foe 'Weeping Willow' Cryface")
    assert event(events, "use", ladder="Sadness", level=1)
    assert event(events, "special", ladder="Sadness", face=19)
    assert event(events, "sadness", target="Ann")
    assert "skips this turn (Sadness)" in table.fails("use Ann Kick")


def test_r_fx_6_love_blocks_a_foes_effect(table):
    kaveri(table, "Ann", techniques=("Love", "Anger", "custom:Kick"))
    table.do("confront 'Weeping Willow'", "use Ann Love --roll 20")
    table.table.dice.give([20])
    events = table.events("foe 'Weeping Willow' Cryface")
    assert event(events, "loved", target="Ann") and "sadness" not in kinds(events)


def test_r_fx_6_a_buddys_ladder_technique_too(table):
    kaveri(table, "Ann")
    table.do("buddy 'Crying Crane'", "confront 'Big Bully'", "use Ann Kick")
    events = table.events("use 'Crying Crane' Cryface --roll 19")
    assert event(events, "sadness", target="Big Bully")


def test_r_conf_8_a_buddy_at_0_is_lost_for_good(table):
    kaveri(table, "Ann")
    table.do("buddy 'Paper Buddy'", "confront 'Big Bully'", "next", "next")
    table.do("foe 'Big Bully' Shove --on 'Paper Buddy'", "end")
    assert "left the party for good" in table.fails("buddy 'Paper Buddy'")


def test_r_conf_9_fewer_than_four_companions_all_join(table):
    kaveri(table, "Ann")
    table.do("companion 'Friendly Dog'", "companion 'Friendly Cat'")
    assert "all of them join" in table.fails("confront 'Big Bully' --companion 'Friendly Dog'")
    table.do("confront 'Big Bully'")
    assert table.raw["confrontation"]["companions"] == ["Friendly Dog", "Friendly Cat"]


def test_r_conf_14_tokens_get_the_extra_hp(table):
    kaveri(table, "Ann")
    kaveri(table, "Bob")
    table.do("xp Ann 2", "confront 'Big Bully'", "token Bully Token")
    assert table.foe("Bully Token")["max_hp"] == 5 + 3             # (2 - 1) x Lv 3


def test_r_conf_10_a_standing_buddy_keeps_the_fight_going(table):
    kaveri(table, "Ann")
    table.do("companion 'Friendly Dog'", "buddy Pelican", "confront 'Big Bully'")
    table.raw["kaverit"][0]["hp"] = 1
    table.do("next", "next")                                       # Ann and Pelican pass
    events = table.events("foe 'Big Bully' Shove --on Ann")
    assert "stand" not in kinds(events) and "lost" not in kinds(events)
    table.raw["buddies"][0]["hp"] = 1
    table.do("use Pelican Peck")
    events = table.events("foe 'Big Bully' Shove --on Pelican")     # the last one: the stand
    assert event(events, "stand")


def test_flipping_back_returns_the_card_to_its_first_side(tmp_path):
    p = Play(tmp_path / "c.sqlite")
    p.do("adventure amsterdam", "flip Painted Musketeer", "buddy Musketeer of the Night Watch")
    events = p.events("flip Musketeer of the Night Watch")
    assert event(events, "turned_back", buddy="Musketeer of the Night Watch", foe=None)
    assert p.state["buddies"] == []
    p.close()


def test_r_sheet_1_facts_on_the_sheet_and_in_the_export(table, tmp_path):
    table.do("kaveri Ann --ability Lagom --technique Sadness --technique Love --technique Cheer"
             " --fact 'Likes tulips' --fact 'Hates rain' --fact Sings")
    assert "  2. Hates rain" in table.do("sheet Ann")
    table.do(f"export Ann --to {tmp_path / 'ann.md'}")
    assert "3. Sings" in (tmp_path / "ann.md").read_text()


def test_r_dmg_8_schmerz_outside_a_confrontation(table):
    kaveri(table, "Ann", ability="Insensitive")
    table.raw["kaverit"][0]["heart"] = 1
    event(table.events("schmerz Ann 5"), "schmerz", target="Ann", lost=2)  # ceil(5/2) - 1
    assert table.kaveri("Ann")["hp"] == 18


def test_r_fx_5_a_name_on_two_ladders_resolves_among_the_kaveris(table):
    kaveri(table, "Ann", techniques=("Happy", "Anger", "Love"))
    table.do("xp Ann 2", "spend Ann Happy=2", "confront 'Big Bully'")
    assert event(table.events("use Ann Grin --roll 1"), "use", ladder="Happy", level=2)
    kaveri(table, "Bob", techniques=("Sadness", "Anger", "Love"))
    table.do("end", "confront 'Big Bully'", "next")
    assert "Grin" in table.fails("use Bob Grin") and "Cheer and Happy" in table.fails("use Bob Grin")


def test_strategy_teams_shows_world_points_left(table):
    kaveri(table, "Ann")
    table.do("strategy new --player Pia --player Quin --budget 20", "strategy kaveri Pia Ann",
             "kaveri Bob --ability Lagom --technique Sadness --technique Love --technique Cheer",
             "strategy kaveri Quin Bob", "strategy wp Pia 2", "strategy start",
             "use Ann Sadness --world-point effect --roll 1")
    rows = table.table.execute("strategy teams").rows
    assert [row[-1] for row in rows] == [1, 0]


def test_r_conf_14_a_card_flipped_back_rejoins_the_foes_with_the_extra_hp(tmp_path):
    p = Play(tmp_path / "c.sqlite")
    p.do("adventure amsterdam",
         "kaveri Ann --ability Lagom --technique Love --technique Cheer --technique Anger",
         "kaveri Bob --ability Lagom --technique Love --technique Cheer --technique Anger",
         "confront 'Painted Musketeer' 'Rogue Herring Gull'", "flip Painted Musketeer")
    assert [b["name"] for b in p.state["buddies"]] == ["Musketeer of the Night Watch"]
    back = event(p.events("flip Musketeer of the Night Watch"), "turned_back")
    musketeer = p.table.card("Painted Musketeer")
    assert back["foe"] == "Painted Musketeer" and back["hp"] == musketeer.hp + 1   # (2-1) x Lv 1
    assert p.state["buddies"] == [] and p.foe("Painted Musketeer")["max_hp"] == musketeer.hp + 1
    p.close()


def test_consequences_come_after_their_cause(table):
    """The Schmerz that does it is told first, then the cowering, then the lost game."""
    kaveri(table, "Ann")
    table.do("confront 'Big Bully'")
    table.raw["kaverit"][0]["hp"] = 1
    told = kinds(table.events("next", "foe 'Big Bully' Shove"))
    assert told.index("hit") < told.index("cower") < told.index("lost") < told.index("over")


def test_r_lvl_1_several_levels_at_once_are_one_line(table):
    kaveri(table, "Ann", ability="Lagom")
    assert "Ann reaches level 4: 2 + 3 + 4 = 9 points to spend." in table.do("xp Ann 3")


def test_r_dmg_8_gladness_meets_the_takers_sensitive(table):
    kaveri(table, "Ann", techniques=("Cheer", "Anger", "Love"))
    table.do("confront 'Sensitive Slug'", "use Ann Cheer --roll 20")
    glad = event(table.events("foe 'Sensitive Slug' Slime"), "glad", target="Sensitive Slug")
    assert (glad["lv"], glad["lost"]) == (1, 2)                   # Lv 1, x2 for the Sensitive
