"""Special effects R-FX-1..5, abilities R-ABIL-1..2 and world points R-WP-1..4."""

import pytest

from conftest import kaveri
from guide.games.kaverini.rules.effects import trigger_threshold


@pytest.mark.parametrize("level,need", [(1, 19), (2, 17), (5, 11), (9, 3)])
def test_r_fx_1_thresholds(level, need):
    assert trigger_threshold(level) == need


def test_r_fx_1_roll_below_and_at_the_threshold(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    assert "no special effect" in field.do("use Ann Sadness --roll 18")
    field.do("next", "next")
    out = field.do("use Ann Sadness --roll 19")
    assert "immobilized by your sadness" in out and "skips its next turn" in out


def test_r_fx_1_level_10_always_triggers(field):
    kaveri(field, "Ann")
    field.raw["kaverit"][0]["ladders"]["Sadness"] = 10
    field.do("confront 'Big Bully'")
    out = field.do("use Ann Sadness")
    assert "level 10 always triggers" in out and "d20" not in out


def test_r_fx_1_custom_techniques_roll_nothing(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    assert "d20" not in field.do("use Ann Kick --roll 20")


def test_r_fx_2_back_to_back_is_nullified(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    field.do("use Ann Anger --roll 20", "next", "foe 'Big Bully' Shove")
    out = field.do("use Ann Anger --roll 20")
    assert "nullified" in out and "R-FX-2" in out
    field.do("foe 'Big Bully' Shove")
    assert "Your emotions resound" in field.do("use Ann Anger --roll 20")


def test_r_fx_3_passionate_first_use_per_ladder(field):
    kaveri(field, "Pat", ability="Passionate", techniques=("Happy", "Anger", "Love"))
    field.do("confront 'Big Bully'")
    out = field.do("use Pat Anger")
    assert "Passionate: first use of the ladder" in out
    field.do("foe 'Big Bully' Shove")
    assert "no special effect" in field.do("use Pat Anger --roll 1")


def test_r_fx_3_and_r_wp_3_world_point_forces_the_effect(field):
    kaveri(field, "Ann")
    field.do("wp Ann 1", "confront 'Big Bully'")
    out = field.do("use Ann Sadness --world-point effect --roll 1")
    assert "a world point forces it" in out and field.kaveri("Ann")["world_points"] == 0
    field.do("foe 'Big Bully' Shove")
    assert "no world point to spend" in field.fails("use Ann Anger --world-point effect")


def test_r_fx_4_sadness_skips_the_foes_next_turn(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully' 'Dumb Turkey'")
    out = field.do("use Ann Sadness --on 'Big Bully' --roll 20")
    assert "skips its next turn" in out
    assert "skips this turn (Sadness)" in field.fails("foe 'Big Bully' Shove --on Ann")
    field.do("foe 'Dumb Turkey' 'Dumb Down'")
    assert field.state["confrontation"]["round"] == 2          # the skipped foe counted as done


def test_r_fx_4_innocence_guards_through_the_foes_phase(field):
    kaveri(field, "Ann", techniques=("Innocence", "Anger", "Love"))
    field.do("xp Ann 2", "confront 'Big Bully'")
    field.do("use Ann Innocence --roll 20")
    field.do("foe 'Big Bully' Shove")                          # 3 - 3 H = 1 (never below 1)
    assert field.kaveri("Ann")["hp"] == 19
    field.do("use Ann Anger --roll 1", "foe 'Big Bully' Shove")
    assert field.kaveri("Ann")["hp"] == 16                     # the bonus ended with Ann's turn


def test_r_fx_4_cheer_gladness_ticks_after_the_foes(field):
    kaveri(field, "Ann", techniques=("Cheer", "Anger", "Love"))
    field.do("xp Ann 1", "confront 'Big Bully'")
    field.do("use Ann Cheer --roll 20")                        # gladness: Lv 2 a round
    hp = field.foe("Big Bully")["hp"]
    out = field.do("foe 'Big Bully' Shove")
    assert "is glad and takes 2 Schmerz (Lv 2)" in out
    assert field.foe("Big Bully")["hp"] == hp - 2
    field.do("use Ann Anger --roll 1")
    assert "is glad" in field.do("foe 'Big Bully' Shove")        # house rule: whole confrontation


def test_r_fx_4_cheer_house_rule_one_round(field):
    kaveri(field, "Ann", techniques=("Cheer", "Anger", "Love"))
    field.do("house gladness round", "confront 'Big Bully'", "use Ann Cheer --roll 20")
    assert "is glad" in field.do("foe 'Big Bully' Shove")
    field.do("use Ann Anger --roll 1")
    assert "is glad" not in field.do("foe 'Big Bully' Shove")


def test_r_fx_4_hopelessness_powers_the_next_technique(field):
    kaveri(field, "Ann", techniques=("Hopelessness", "custom:Kick", "Love"))
    field.do("confront 'Big Bully'", "use Ann Hopelessness --roll 20")
    field.do("foe 'Big Bully' Shove")
    assert field.kaveri("Ann")["hp"] == 16                     # H -1: 3 + 1
    out = field.do("use Ann Kick")
    assert "(2 +1 E = 3)" in out


def test_r_fx_4_happy_heals_not_above_max(field):
    kaveri(field, "Ann", techniques=("Happy", "Anger", "Love"))
    field.do("confront 'Big Bully'")
    field.raw["kaverit"][0]["hp"] = 10
    assert "heals 1 HP (11/20)" in field.do("use Ann Happy --roll 20")


def test_r_fx_4_love_protects_from_foe_techniques(field):
    kaveri(field, "Ann", techniques=("Love", "Anger", "Happy"))
    field.do("confront 'Big Bully'", "use Ann Love --roll 20")
    out = field.do("foe 'Big Bully' Shove")
    assert "protected by love" in out and field.kaveri("Ann")["hp"] == 20


def test_r_fx_4_anger_e_bonus_and_hp_loss(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    out = field.do("use Ann Anger --roll 20")
    assert "loses 1 HP (19/20)" in out
    field.do("foe 'Big Bully' Tease")
    assert "(2 +1 E = 3)" in field.do("use Ann Kick")


def test_r_fx_4_frustration_grows_turn_by_turn(field):
    kaveri(field, "Ann", techniques=("Frustration", "custom:Kick", "Love"))
    field.do("xp Ann 2", "confront 'Big Bully'", "use Ann Frustration --roll 20")  # Lv 3
    field.do("foe 'Big Bully' Tease")
    assert "(4 +1 E = 5)" in field.do("use Ann Kick")
    field.do("foe 'Big Bully' Tease")
    assert "(4 +2 E = 6)" in field.do("use Ann Kick")
    field.do("foe 'Big Bully' Tease")
    assert "(4 +3 E = 7)" in field.do("use Ann Kick")
    field.do("foe 'Big Bully' Tease")
    assert "(4 = 4)" in field.do("use Ann Kick")


def test_r_fx_4_intimidate_stops_the_next_foe_technique(field):
    kaveri(field, "Ann", techniques=("Intimidate", "Anger", "Love"))
    field.do("confront 'Big Bully'", "use Ann Intimidate --roll 20")
    assert "has no effect at all" in field.do("foe 'Big Bully' Shove")
    assert field.kaveri("Ann")["hp"] == 20


def test_r_fx_4_nervousness_skips_then_boosts(field):
    kaveri(field, "Ann", techniques=("Nervousness", "custom:Kick", "Love"))
    field.do("confront 'Big Bully'", "use Ann Nervousness --roll 20")
    field.do("foe 'Big Bully' Tease")
    assert "skips this turn (Nervousness)" in field.fails("use Ann Kick")
    field.do("foe 'Big Bully' Tease")                           # round 2 goes by
    out = field.do("use Ann Kick --boost e")
    assert "E +2 until the confrontation ends" in out and "(2 +2 E = 4)" in out


def test_r_fx_4_comic_d10_picks_the_effect(field):
    kaveri(field, "Ann", techniques=("Comic Wit", "Anger", "Love"))
    field.do("confront 'Big Bully'")
    out = field.do("use Ann 'Comic Wit' --roll 20,5")
    assert "Comic d10: 5 (Happy)" in out


def test_r_fx_5_technique_names_from_the_emotion_table(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    assert "Ann uses Cryface (Sadness 1)." in field.do("use Ann Sadness --roll 1")


# --- abilities ----------------------------------------------------------------------------

def test_r_abil_1_confidence_stops_the_first_harmful_technique(field):
    kaveri(field, "Ann")
    field.do("confront 'Confident Cat'")
    assert "Confidence" in field.do("use Ann Kick")
    field.do("foe 'Confident Cat' Scratch")
    field.do("use Ann Kick")
    assert field.foe("Confident Cat")["hp"] == 28


def test_r_abil_1_chutzpah_returns_half_rounded_up(field):
    kaveri(field, "Ann", techniques=("Sadness", "custom:Big Kick", "Anger"))
    field.raw["kaverit"][0]["custom"]["Big Kick"] = 2
    field.do("confront 'Chutzpah Goat'")
    out = field.do("use Ann 'Big Kick'")                        # 2 + Lv 1 = 3
    assert "Ann takes 2 Schmerz back" in out and field.kaveri("Ann")["hp"] == 18


def test_r_abil_2_confidence_then_chutzpah(field):
    kaveri(field, "Ann")
    field.do("confront 'Mr. Chutzpah Confident'")
    assert "Confidence" in field.do("use Ann Kick")
    field.do("foe 'Mr. Chutzpah Confident' Smirk")
    out = field.do("use Ann Kick")
    assert "Chutzpah" in out and field.kaveri("Ann")["hp"] == 18


def test_r_abil_1_lagom_splits_with_e_once(field):
    kaveri(field, "Lu", ability="Lagom", techniques=("Sadness", "custom:Share", "Anger"))
    field.raw["kaverit"][0]["custom"]["Share"] = 3             # 3 + Lv 1 = 4
    field.raw["kaverit"][0]["emotion"] = 1
    field.do("confront 'Big Bully' 'Dumb Turkey'")
    assert "add up to Share's 4" in field.fails("use Lu Share --split 'Big Bully=1' --split 'Dumb Turkey=1'")
    field.do("use Lu Share --split 'Big Bully=3' --split 'Dumb Turkey=1'")
    assert field.foe("Big Bully")["hp"] == 36 and field.foe("Dumb Turkey")["hp"] == 2
    assert "only a fighter with Lagom" in field.fails("foe 'Big Bully' Shove --split Lu=2")


def test_r_abil_1_lagom_foe(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("confront 'Lagom Lynx'", "next", "next")
    field.do("foe 'Lagom Lynx' 'Fair Share' --split Ann=1 --split Bob=3")
    assert field.kaveri("Ann")["hp"] == 19 and field.kaveri("Bob")["hp"] == 17


def test_r_abil_1_psychic_opens_the_secrets(field):
    kaveri(field, "Ann", ability="Focused")
    field.do("confront 'Love Shielded Owl'")
    assert "Heel" not in field.do("status --players")
    assert "Love" in field.do("status")                           # the GM's view
    field.do("end")
    kaveri(field, "Pia", ability="Psychic")
    field.do("confront 'Love Shielded Owl'")
    out = field.do("status --players")
    assert "Heel" in out and "Hoot" in out


# --- world points ----------------------------------------------------------------------------

def test_r_wp_1_given_and_spent_once(field):
    kaveri(field, "Ann")
    field.do("wp Ann 1", "confront 'Big Bully' 'Dumb Turkey'")
    field.do("use Ann Kick --world-point all-foes")
    assert field.kaveri("Ann")["world_points"] == 0
    field.do("next", "next", "next")
    assert "no world point" in field.fails("use Ann Kick --world-point all-foes")


def test_r_wp_2_every_foe_each_on_its_own(field):
    kaveri(field, "Ann")
    field.do("wp Ann 1", "confront 'Big Bully' 'Hard Heart'")
    field.do("use Ann Kick --world-point all-foes")
    assert field.foe("Big Bully")["hp"] == 38 and field.foe("Hard Heart")["hp"] == 29


def test_r_wp_3_custom_technique_has_no_effect_to_force(field):
    kaveri(field, "Ann")
    field.do("wp Ann 1", "confront 'Big Bully'")
    assert "no special effect to force" in field.fails("use Ann Kick --world-point effect")


def test_r_wp_4_cheapest_item_free_once_per_visit(field):
    kaveri(field, "Ann")
    field.do("wp Ann 3")
    assert "only the cheapest" in field.fails("buy Ann Stroopwafel --world-point")
    field.do("buy Ann 'Lucky Coin' --world-point")
    assert field.kaveri("Ann")["money"] == 300 and field.kaveri("Ann")["world_points"] == 2
    assert "one world point per visit" in field.fails("buy Ann 'Thick Coat' --world-point")
    field.do("confront 'Dumb Turkey'", "use Ann Kick")
    field.do("foe 'Dumb Turkey' 'Dumb Down'", "use Ann Kick")
    assert field.state["confrontation"] is None
    field.do("buy Ann 'Thick Coat' --world-point")
    field.do("buy Ann Stroopwafel")
    assert field.kaveri("Ann")["money"] == 291


def test_r_fx_4_intimidate_stops_a_split_technique_for_everyone(field):
    kaveri(field, "Ann", techniques=("Intimidate", "Anger", "Love"))
    kaveri(field, "Bob")
    field.do("confront 'Lagom Lynx'", "use Ann Intimidate --roll 20", "next")
    out = field.do("foe 'Lagom Lynx' 'Fair Share' --split Ann=2 --split Bob=2")
    assert "has no effect at all" in out
    assert field.kaveri("Ann")["hp"] == 20 and field.kaveri("Bob")["hp"] == 20
