"""Sheets and leveling: R-SHEET-1..4, R-LVL-1..4."""

import pytest

from guide.core.errors import RuleError
from guide.games.kaverini.rules.leveling import award_xp, ladder_cost, level, new_kaveri, spend


def sheet(ability="Focused"):
    return new_kaveri("Ms. Hair", ability, ["Sadness", "custom:Bad Hair Day", "Cheer"], ["a"], 300)


def test_r_sheet_1_new_kaveri():
    k = sheet()
    assert (k["xp"], k["hp"], k["max_hp"], k["emotion"], k["heart"]) == (1, 20, 20, 0, 0)
    assert k["ladders"] == {"Sadness": 1, "Cheer": 1} and k["custom"] == {"Bad Hair Day": 1}
    assert k["world_points"] == 0 and k["money"] == 300


@pytest.mark.parametrize("techniques,message", [
    (["Sadness", "Cheer"], "exactly three"),
    (["Sadness", "Sadness", "Cheer"], "all differ"),
    (["Sadness", "Cheer", "Jolly"], "no emotion ladder named 'Jolly'"),
    (["Sadness", "Cheer", "custom:Love"], "is an emotion ladder"),
])
def test_r_sheet_1_three_different_techniques(techniques, message):
    with pytest.raises(RuleError, match=message):
        new_kaveri("X", "Focused", techniques, [], 0)


def test_r_sheet_1_one_known_ability():
    with pytest.raises(RuleError, match="unknown ability"):
        new_kaveri("X", "Brave", ["Sadness", "Cheer", "Love"], [], 0)
    assert new_kaveri("X", "lagom", ["Sadness", "Cheer", "Love"], [], 0)["ability"] == "Lagom"


def test_r_sheet_2_level_is_xp_never_below_1():
    assert [level(x) for x in (0, 1, 2, 3, 10)] == [1, 1, 2, 3, 10]


def test_r_lvl_1_several_levels_bank_each_levels_points():
    k = sheet("Psychic")
    assert list(award_xp(k, 2)) == [2, 3]
    assert k["points"] == 5 and k["e_allowance"] == 2


def test_r_lvl_1_focused_gets_one_more_per_level():
    k = sheet("Focused")
    award_xp(k, 2)
    assert k["points"] == 7


def test_r_lvl_2_costs():
    assert ladder_cost(1, 2) == 2 and ladder_cost(6, 7) == 7 and ladder_cost(9, 10) == 10
    assert ladder_cost(1, 3) == 5


def test_r_lvl_2_rulebook_example_hillel():
    k = sheet("Psychic")
    award_xp(k, 3)                 # level 4 reached: 2 + 3 + 4
    k["points"] = 4
    spend(k, e=1, h=1, hp=1, new=["Happy"])
    assert (k["emotion"], k["heart"], k["max_hp"], k["hp"]) == (1, 1, 21, 21)
    assert k["ladders"]["Happy"] == 1 and k["points"] == 0


def test_r_lvl_2_rulebook_example_daniel():
    k = new_kaveri("Daniel", "Psychic", ["Nervousness", "Cheer", "Love"], [], 0)
    k["points"] = 4
    spend(k, raises={"Nervousness": 2, "Cheer": 2})
    assert k["ladders"]["Nervousness"] == 2 and k["ladders"]["Cheer"] == 2 and k["points"] == 0


def test_r_lvl_2_all_or_nothing_names_the_limit():
    k = sheet("Psychic")
    award_xp(k, 1)                  # 2 points
    before = dict(k)
    with pytest.raises(RuleError, match="this costs 3, Ms. Hair has 2 banked"):
        spend(k, hp=1, raises={"Sadness": 2})
    assert k == before


def test_r_lvl_2_never_above_10():
    k = sheet()
    k["ladders"]["Sadness"] = 10
    k["points"] = 100
    with pytest.raises(RuleError, match="never goes above level 10"):
        spend(k, raises={"Sadness": 11})


def test_r_lvl_3_one_e_per_level_reached_counted_across_commands():
    k = sheet("Psychic")
    award_xp(k, 2)                  # two levels reached: two E allowed in all
    spend(k, e=1)
    spend(k, e=1)
    with pytest.raises(RuleError, match="at most 1 point on E per level reached"):
        spend(k, e=1)
    assert k["emotion"] == 2 and k["points"] == 3


def test_r_lvl_3_banked_points_stay():
    k = sheet("Psychic")
    award_xp(k, 1)
    spend(k, hp=1)
    assert k["points"] == 1


def test_r_lvl_4_custom_ladders_unlimited():
    k = sheet()
    k["points"] = 10
    spend(k, new=["custom:Hair Curl", "custom:Good Hair Day"])
    spend(k, raises={"Hair Curl": 2})
    assert k["custom"] == {"Bad Hair Day": 1, "Hair Curl": 2, "Good Hair Day": 1}


def test_r_sheet_1_house_rule_ladders_at_start_refuses_custom_techniques():
    with pytest.raises(RuleError, match="ladders_at_start"):
        new_kaveri("Ms. Hair", "Focused", ["Sadness", "custom:Bad Hair Day", "Cheer"], [], 0,
                   ladders_only=True)
    sheet = new_kaveri("Ann", "Focused", ["Sadness", "Love", "Cheer"], ["a", "b", "c"], 0, True)
    assert sheet["ladders"] == {"Sadness": 1, "Love": 1, "Cheer": 1} and sheet["facts"] == ["a", "b", "c"]


def test_r_lvl_3_the_e_allowance_goes_with_that_levels_own_points():
    """Levels 2-4 spent on HP leave no E for them: at level 5 only level 5's one E."""
    k = sheet("Psychic")
    award_xp(k, 3)                                    # levels 2, 3, 4: 9 points, 3 E
    spend(k, hp=9)
    award_xp(k, 1)                                    # level 5: 5 points, 1 E
    assert k["points"] == 5 and k["e_allowance"] == 1
    with pytest.raises(RuleError, match="with that level's own points.*may put 1 more on E, not 4"):
        spend(k, e=4)
    spend(k, e=1, h=4)
    assert (k["emotion"], k["heart"], k["points"], k["e_allowance"]) == (1, 4, 0, 0)


def test_r_lvl_2_no_points_left_says_so_before_the_e_allowance():
    """R-LVL-2: a Kaveri who spent every point and asks for e=1 hears that the points are
    gone, not "may put 0 more on E" (the allowance went with the points, R-LVL-3)."""
    k = sheet("Focused")
    award_xp(k, 1)                                    # level 2: 3 points, 1 E
    spend(k, e=1, h=1, hp=1)
    with pytest.raises(RuleError, match="not enough points: this costs 1, .* has 0 banked"):
        spend(k, e=1)


def test_r_lvl_3_a_spent_levels_allowance_is_gone_the_oldest_first():
    k = sheet("Psychic")
    award_xp(k, 2)                                    # level 2 (2 points), level 3 (3)
    spend(k, h=2)                                     # level 2's points: its E is gone
    assert k["e_allowance"] == 1
    with pytest.raises(RuleError, match="may put 1 more on E, not 2"):
        spend(k, e=2)
    spend(k, e=1)
    assert (k["points"], k["e_allowance"]) == (2, 0)


def test_r_lvl_3_two_levels_at_once_two_allowances_in_one_spend():
    k = sheet("Psychic")
    award_xp(k, 3)                                    # 2 + 3 + 4
    spend(k, e=3, h=6)
    assert (k["emotion"], k["heart"], k["points"]) == (3, 6, 0) and "bank" not in k


def test_r_lvl_3_a_bank_from_before_the_rule_is_one_level():
    """A campaign saved before the rule: its points as one level with the E it allowed."""
    k = sheet("Psychic")
    k["xp"], k["points"], k["e_allowance"] = 5, 6, 2
    spend(k, h=3)
    assert (k["points"], k["e_allowance"]) == (3, 2)
    spend(k, e=2)
    assert (k["emotion"], k["points"], k["e_allowance"]) == (2, 1, 0)


def test_r_lvl_3_a_thousand_levels_stay_small():
    k = sheet("Psychic")
    award_xp(k, 999)
    spend(k, e=500, hp=1000)
    assert len(k["bank"]["held"]) <= 3 and k["e_allowance"] == 499
    assert k["points"] == sum(range(2, 1001)) - 1500
