"""Special effects R-FX-1..5, abilities R-ABIL-1..2 and world points R-WP-1..4."""

import pytest

from conftest import event, kaveri, kinds
from guide.games.kaverini.rules.effects import trigger_threshold


def _hit(field, line: str) -> tuple[int, int, int]:
    """Base, E and Schmerz of the one technique the line uses (R-DMG-2)."""
    hit = event(field.events(line), "hit")
    return hit["base"], hit["emotion"], hit["amount"]


@pytest.mark.parametrize("level,need", [(1, 19), (2, 17), (5, 11), (9, 3)])
def test_r_fx_1_thresholds(level, need):
    assert trigger_threshold(level) == need


def test_r_fx_1_roll_below_and_at_the_threshold(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    missed = event(field.events("use Ann Sadness --roll 18"), "no_effect")
    assert (missed["face"], missed["need"], missed["dice"]) == (18, 19, [[20, 18]])
    field.do("next")                                            # Big Bully passes
    events = field.events("use Ann Sadness --roll 19")
    assert event(events, "special", ladder="Sadness", why="roll", face=19, need=19)
    assert event(events, "sadness", target="Big Bully")


def test_r_fx_1_level_10_always_triggers(field):
    kaveri(field, "Ann")
    field.raw["kaverit"][0]["ladders"]["Sadness"] = 10
    field.do("confront 'Big Bully'")
    events = field.events("use Ann Sadness")
    assert event(events, "special", why="level 10", face=None)
    assert not any(e.get("dice") for e in events)


def test_r_fx_1_custom_techniques_roll_nothing(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    assert "rolls no effect d20" in field.fails("use Ann Kick --roll 20")     # R-DICE-3
    events = field.events("use Ann Kick")
    assert "special" not in kinds(events) and "no_effect" not in kinds(events)
    assert not any(e.get("dice") for e in events)


def test_r_fx_2_back_to_back_is_nullified(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    field.do("use Ann Anger --roll 20", "foe 'Big Bully' Shove")
    assert event(field.events("use Ann Anger --roll 20"), "nullified", ladder="Anger", actor="Ann")
    field.do("foe 'Big Bully' Shove")
    assert event(field.events("use Ann Anger --roll 20"), "special", ladder="Anger")


def test_r_fx_3_passionate_first_use_per_ladder(field):
    kaveri(field, "Pat", ability="Passionate", techniques=("Happy", "Anger", "Love"))
    field.do("confront 'Big Bully'")
    assert event(field.events("use Pat Anger"), "special", why="passionate")
    field.do("foe 'Big Bully' Shove")
    assert event(field.events("use Pat Anger --roll 1"), "no_effect", face=1)


def test_r_fx_3_and_r_wp_3_world_point_forces_the_effect(field):
    kaveri(field, "Ann")
    field.do("wp Ann 1", "confront 'Big Bully'")
    events = field.events("use Ann Sadness --world-point effect --roll 1")
    assert event(events, "wp_spent", actor="Ann", how="effect")
    assert event(events, "special", why="world point") and field.kaveri("Ann")["world_points"] == 0
    assert field.raw["confrontation"]["turns"]["round"] == 2    # Big Bully skipped its turn
    assert "no world point to spend" in field.fails("use Ann Anger --world-point effect")


def test_r_fx_4_sadness_skips_the_foes_next_turn(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully' 'Dumb Turkey'")
    assert event(field.events("use Ann Sadness --on 'Big Bully' --roll 20"), "sadness",
                 target="Big Bully")
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
    glad = event(field.events("foe 'Big Bully' Shove"), "glad", target="Big Bully")
    assert (glad["lost"], glad["lv"]) == (2, 2) and field.foe("Big Bully")["hp"] == hp - 2
    field.do("use Ann Anger --roll 1")
    assert "glad" in kinds(field.events("foe 'Big Bully' Shove"))  # house rule: whole confrontation


def test_r_fx_4_cheer_house_rule_one_round(field):
    kaveri(field, "Ann", techniques=("Cheer", "Anger", "Love"))
    field.do("house gladness round", "confront 'Big Bully'", "use Ann Cheer --roll 20")
    assert "glad" in kinds(field.events("foe 'Big Bully' Shove"))
    field.do("use Ann Anger --roll 1")
    assert "glad" not in kinds(field.events("foe 'Big Bully' Shove"))


def test_r_fx_4_hopelessness_powers_the_next_technique(field):
    kaveri(field, "Ann", techniques=("Hopelessness", "custom:Kick", "Love"))
    field.do("confront 'Big Bully'", "use Ann Hopelessness --roll 20")
    field.do("foe 'Big Bully' Shove")
    assert field.kaveri("Ann")["hp"] == 16                     # H -1: 3 + 1
    assert _hit(field, "use Ann Kick") == (2, 1, 3)


def test_r_fx_4_happy_heals_not_above_max(field):
    kaveri(field, "Ann", techniques=("Happy", "Anger", "Love"))
    field.do("confront 'Big Bully'")
    field.raw["kaverit"][0]["hp"] = 10
    happy = event(field.events("use Ann Happy --roll 20"), "happy", actor="Ann")
    assert (happy["healed"], happy["hp"], happy["max_hp"]) == (1, 11, 20)


def test_r_fx_4_love_protects_from_foe_techniques(field):
    kaveri(field, "Ann", techniques=("Love", "Anger", "Happy"))
    field.do("confront 'Big Bully'", "use Ann Love --roll 20")
    assert event(field.events("foe 'Big Bully' Shove"), "loved", target="Ann", technique="Shove")
    assert field.kaveri("Ann")["hp"] == 20


def test_r_fx_4_anger_e_bonus_and_hp_loss(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    anger = event(field.events("use Ann Anger --roll 20"), "anger", actor="Ann")
    assert (anger["amount"], anger["lost"], anger["hp"]) == (1, 1, 19)
    field.do("foe 'Big Bully' Tease")
    assert _hit(field, "use Ann Kick") == (2, 1, 3)


def test_r_fx_4_frustration_grows_turn_by_turn(field):
    kaveri(field, "Ann", techniques=("Frustration", "custom:Kick", "Love"))
    field.do("xp Ann 2", "confront 'Big Bully'", "use Ann Frustration --roll 20")  # Lv 3
    field.do("foe 'Big Bully' Tease")
    assert _hit(field, "use Ann Kick") == (4, 1, 5)
    field.do("foe 'Big Bully' Tease")
    assert _hit(field, "use Ann Kick") == (4, 2, 6)
    field.do("foe 'Big Bully' Tease")
    assert _hit(field, "use Ann Kick") == (4, 3, 7)
    field.do("foe 'Big Bully' Tease")
    assert _hit(field, "use Ann Kick") == (4, 0, 4)


def test_r_fx_4_intimidate_stops_the_next_foe_technique(field):
    kaveri(field, "Ann", techniques=("Intimidate", "Anger", "Love"))
    field.do("confront 'Big Bully'", "use Ann Intimidate --roll 20")
    assert event(field.events("foe 'Big Bully' Shove"), "intimidated", target="Ann")
    assert field.kaveri("Ann")["hp"] == 20


def test_r_fx_4_nervousness_skips_then_boosts(field):
    kaveri(field, "Ann", techniques=("Nervousness", "custom:Kick", "Love"))
    field.do("confront 'Big Bully'")
    said = " ".join(field.do("use Ann Nervousness --roll 20").split())
    assert "the player's choice: use ... --boost e, h or hp on that turn" in said
    field.do("foe 'Big Bully' Tease")
    assert "skips this turn (Nervousness)" in field.fails("use Ann Kick")
    field.do("foe 'Big Bully' Tease")                           # round 2 goes by
    events = field.events("use Ann Kick --boost e")
    assert event(events, "nerves_over", actor="Ann", stat="e", amount=2)
    hit = event(events, "hit")
    assert (hit["base"], hit["emotion"], hit["amount"]) == (2, 2, 4)


def test_r_fx_4_comic_d10_picks_the_effect(field):
    kaveri(field, "Ann", techniques=("Comic Wit", "Anger", "Love"))
    field.do("confront 'Big Bully'")
    events = field.events("use Ann 'Comic Wit' --roll 20,5")
    assert event(events, "comic", face=5, effect="happy") and event(events, "happy", actor="Ann")


def test_r_fx_5_technique_names_from_the_emotion_table(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    assert event(field.events("use Ann Sadness --roll 1"), "use", actor="Ann", technique="Cryface",
                 ladder="Sadness", level=1)


# --- abilities ----------------------------------------------------------------------------

def test_r_abil_1_confidence_stops_the_first_harmful_technique(field):
    kaveri(field, "Ann")
    field.do("confront 'Confident Cat'")
    assert event(field.events("use Ann Kick"), "confidence", target="Confident Cat")
    field.do("foe 'Confident Cat' Scratch")
    field.do("use Ann Kick")
    assert field.foe("Confident Cat")["hp"] == 28


def test_r_abil_1_chutzpah_returns_half_rounded_up(field):
    kaveri(field, "Ann", techniques=("Sadness", "custom:Big Kick", "Anger"))
    field.raw["kaverit"][0]["custom"]["Big Kick"] = 2
    field.do("confront 'Chutzpah Goat'")
    events = field.events("use Ann 'Big Kick'")                 # 2 + Lv 1 = 3
    assert event(events, "chutzpah", target="Chutzpah Goat", actor="Ann", amount=2)
    assert field.kaveri("Ann")["hp"] == 18


def test_r_abil_2_confidence_then_chutzpah(field):
    kaveri(field, "Ann")
    field.do("confront 'Mr. Chutzpah Confident'")
    assert "confidence" in kinds(field.events("use Ann Kick"))
    field.do("foe 'Mr. Chutzpah Confident' Smirk")
    assert "chutzpah" in kinds(field.events("use Ann Kick")) and field.kaveri("Ann")["hp"] == 18


def test_r_abil_1_lagom_splits_base_and_e_together(field):
    kaveri(field, "Lu", ability="Lagom", techniques=("Sadness", "custom:Share", "Anger"))
    field.raw["kaverit"][0]["custom"]["Share"] = 3             # 3 + Lv 1 = 4, and E 1: 5
    field.raw["kaverit"][0]["emotion"] = 1
    field.do("confront 'Big Bully' 'Dumb Turkey'")
    refused = field.fails("use Lu Share --split 'Big Bully=3' --split 'Dumb Turkey=1'")
    assert "add up to the 5 Schmerz Share deals (4 and E 1 together)" in refused
    field.do("use Lu Share --split 'Big Bully=4' --split 'Dumb Turkey=1'")
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
    field.do("use Ann Anger --world-point all-foes --on 'Big Bully' --roll 1")
    assert field.kaveri("Ann")["world_points"] == 0
    field.do("next", "next")                                    # both foes pass
    assert "no world point" in field.fails("use Ann Anger --world-point all-foes --on 'Big Bully'")


def test_r_wp_2_every_foe_each_on_its_own(field):
    kaveri(field, "Ann")
    field.do("wp Ann 1", "xp Ann 2", "spend Ann Anger=2", "confront 'Big Bully' 'Hard Heart'")
    field.do("use Ann Anger --world-point all-foes --on 'Hard Heart' --roll 1")
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
    events = field.events("foe 'Lagom Lynx' 'Fair Share' --split Ann=2 --split Bob=2")
    assert event(events, "intimidated", target="Ann") and "hit" not in kinds(events)
    assert field.kaveri("Ann")["hp"] == 20 and field.kaveri("Bob")["hp"] == 20
