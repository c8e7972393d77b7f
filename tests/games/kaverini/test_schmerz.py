"""Schmerz, R-DMG-1..7: the arithmetic, then the same rules through the table."""

from fractions import Fraction

from conftest import kaveri
from guide.games.kaverini.rules.schmerz import absorb, base_schmerz, compute, matches, multiplier


def test_r_dmg_1_base_schmerz():
    assert base_schmerz(ladder_level=4) == 4
    assert base_schmerz(custom_level=1, user_level=1) == 2
    assert base_schmerz(card_amount=7) == 7


def test_r_dmg_2_emotion_adds_and_negative_never_below_1():
    assert compute(3, 2, Fraction(1), 0).amount == 5
    assert compute(3, -5, Fraction(1), 0).amount == 1


def test_r_dmg_3_multipliers_multiply_and_round_up_once():
    m = multiplier(heel=True, attacker_insensitive=True, target_insensitive=True)
    assert m == Fraction(1, 2)
    assert compute(3, 0, m, 0).amount == 2                    # 1.5 -> 2, once
    assert compute(3, 0, multiplier(shield=True, target_insensitive=True), 0).amount == 1
    assert compute(5, 0, multiplier(heel=True, target_sensitive=True, attacker_sensitive=True),
                   0).amount == 40


def test_r_dmg_4_heart():
    assert compute(10, 0, Fraction(1), 4).amount == 6
    assert compute(2, 0, Fraction(1), 5).amount == 1          # never below 1
    assert compute(1, 0, Fraction(1), -3).amount == 4         # 0 H with 3 -H counters


def test_r_dmg_5_counters_absorb_then_hp_never_below_0():
    assert absorb(5, 10, 2) == (7, 0, 3)
    assert absorb(5, 10, 9) == (10, 4, 0)
    assert absorb(50, 10, 0) == (0, 0, 10)


def test_r_dmg_6_worked_examples():
    assert compute(3, 2, Fraction(1), 0).amount == 5           # Craig: E 2, 3 Schmerz
    assert compute(10, 0, Fraction(1), 4).amount == 6          # Hibschy: H 4 takes 10
    assert compute(base_schmerz(custom_level=1, user_level=1), 0, Fraction(1), 0).amount == 2


def test_r_dmg_7_shield_and_heel_matching():
    assert matches("Love", "Love") is True
    assert matches("Love", "Anger") is False
    assert matches("Comic", "Comic Wit") is True
    assert matches("Love", None) is False
    assert matches("Techniques from Bird Characters", None, ("bird", "gull")) is True
    assert matches("Techniques from Bird Characters", None, ("dog",)) is False
    assert matches("Techniques from Bird Characters", "Love", ()) is None   # the GM decides


def test_a_technique_of_0_schmerz_deals_none():
    assert compute(0, 5, Fraction(1), -2).amount == 0


def test_r_dmg_6_sample_confrontation_of_rulebook_2_7(field):
    field.do('kaveri "Ms. Hair" --ability Focused --technique "custom:Hair Curl"'
             ' --technique "custom:Bad Hair Day" --technique "custom:Good Hair Day"')
    field.do("confront Dumb Turkey")
    out = field.do('use "Ms. Hair" "Bad Hair Day"')
    assert "deals 2 Schmerz to Dumb Turkey" in out and "d20" not in out
    assert field.foe("Dumb Turkey")["hp"] == 1
    field.do('foe "Dumb Turkey" "Dumb Down"')
    assert field.kaveri("Ms. Hair")["hp"] == 19
    out = field.do('use "Ms. Hair" "Bad Hair Day"')
    assert "Dumb Turkey is neutralized!" in out and "the Kaverit win" in out
    assert field.state["confrontation"] is None
    assert field.kaveri("Ms. Hair")["xp"] == 2 and field.kaveri("Ms. Hair")["points"] == 3


def test_r_dmg_1_card_lv_is_the_highest_level_present(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("xp Bob 2", "confront Big Bully", "next", "next")
    field.do("foe 'Big Bully' Roar --on Ann")                 # 2 + Lv 3
    assert field.kaveri("Ann")["hp"] == 15


def test_r_dmg_3_heel_and_shield_from_the_technique_emotion(field):
    kaveri(field, "Ann", techniques=("Love", "Anger", "Cheer"))
    field.do("confront 'Love Shielded Owl'")
    out = field.do("use Ann Love --roll 1")
    assert "(1 x 1/2 = 1; Shield x1/2)" in out
    field.do("foe 'Love Shielded Owl' Hoot")
    out = field.do("use Ann Anger --roll 1")
    assert "(1 x 2 = 2; Heel x2)" in out


def test_r_dmg_3_sensitive_and_insensitive_both_ways(field):
    kaveri(field, "Sam", ability="Sensitive", techniques=("Love", "Anger", "Cheer"))
    field.do("confront 'Insensitive Rock'")
    out = field.do("use Sam Love --roll 1")
    assert "deals 1 Schmerz" in out                             # 1 x 2 x 1/2
    field.do("foe 'Insensitive Rock' 'Roll Over'")
    assert field.kaveri("Sam")["hp"] == 17                      # 3 x 1/2 x 2 = 3


def test_r_dmg_4_foe_heart_reduces_and_negative_heart_adds(field):
    kaveri(field, "Ann")
    field.do("confront 'Hard Heart' 'Soft Heart'")
    assert "deals 1 Schmerz to Hard Heart" in field.do("use Ann Kick --on 'Hard Heart'")
    field.do("next", "next")                                    # both foes pass
    field.do("use Ann Kick --on 'Soft Heart'")
    assert field.foe("Soft Heart")["hp"] == 26                  # 2 + 2


def test_r_dmg_5_hp_counters_absorb_first(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    field.raw["kaverit"][0]["counters"]["HP"] = 2
    field.do("next", "foe 'Big Bully' Shove")
    assert field.kaveri("Ann")["hp"] == 19


def test_r_dmg_7_free_text_heel_by_subtype_and_by_the_gm(field):
    kaveri(field, "Ann")
    field.do("buddy Pelican", "confront 'Bird-Shy Foe'")
    out = field.do("use Ann Kick")
    assert "Not applied for now; answer once with --matches yes|no" in out
    assert field.foe("Bird-Shy Foe")["hp"] == 28
    out = field.do("use Pelican Peck")
    assert "Heel x2" in out and field.foe("Bird-Shy Foe")["hp"] == 24
    field.do("next", "use Ann Kick --matches yes")
    assert field.foe("Bird-Shy Foe")["hp"] == 20


def test_r_dmg_2_and_r_dmg_4_a_floor_at_1_is_said_in_the_sum():
    """"1 - 3 H = 1" reads as a mistake at the table: the sum says the floor held it."""
    assert compute(1, 0, Fraction(1), 3).steps == "1 - 3 H, at least 1 = 1"
    assert compute(1, -3, Fraction(2), 0).steps == "(1 -3 E, at least 1) x 2 = 2"
    assert compute(2, 0, Fraction(1), 1).steps == "2 - 1 H = 1"         # no floor: plain
    assert compute(3, -1, Fraction(1), 0).steps == "3 -1 E = 2"


def test_r_dmg_4_the_table_says_the_floor_in_a_hit(party):
    party.do("companion Anouk", "confront --scene 5", "use Ann Sadness --on Captain --roll 1",
             "use Bob Anger --on Captain --roll 1", "foe Captain 'Ring the Stolen Bells' --on Bob")
    out = party.do("foe 'Drowned Bell Spirit' Cryface --on Ann --effect-roll 1")
    assert "Cryface deals 1 Schmerz to Ann (1 - 1 H, at least 1 = 1)" in out    # Anouk's H
