"""Issue 39's audit: a foe's Nervousness, a passed turn's boost, Passionate's stopped first
use, a world point on a nullified effect, and Lagom's split of base and E (R-FX-2, R-FX-3,
R-FX-4, R-FX-6, R-ABIL-1)."""

import pytest

from conftest import event, kaveri, kinds, town

EXTRA = """cards:
  - name: Nervous Newt
    type: foe
    hp: 30
    techniques:
      - {name: Think it Over, schmerz: 1}
      - {name: Nibble, schmerz: 1}
"""


@pytest.fixture
def table(tmp_path):
    yield from town(tmp_path, EXTRA).held()


def _pending(table, kind: str, name: str) -> bool:
    return any(fx["kind"] == kind and fx["on"] == name
               for fx in table.raw["confrontation"]["effects"])


def test_r_fx_6_a_foes_nervousness_skips_its_turn_then_boosts_it(table):
    kaveri(table, "Ann", techniques=("Love", "Anger", "custom:Kick"))
    table.do("confront 'Nervous Newt'", "use Ann Kick")
    said = " ".join(table.do("foe 'Nervous Newt' 'Think it Over' --effect-roll 20").split())
    assert "the GM's choice: foe ... --boost e, h or hp on that turn" in said
    table.do("use Ann Kick")                                 # round 2: the Newt skips
    assert table.raw["confrontation"]["turns"]["round"] == 3
    assert _pending(table, "nervous", "Nervous Newt")
    table.do("use Ann Kick")
    events = table.events("foe 'Nervous Newt' Nibble --boost e")       # round 3: the boost
    assert event(events, "nerves_over", actor="Nervous Newt", stat="e", amount=2)
    hit = event(events, "hit", target="Ann")
    assert (hit["base"], hit["emotion"], hit["amount"]) == (1, 2, 3)
    assert not _pending(table, "nervous", "Nervous Newt")      # no longer listed as due
    assert "nerves" not in table.do("status")


def test_r_fx_6_a_foe_whose_boost_turn_is_skipped_still_gets_it(table):
    """The turn after the skipped one goes by unplayed (Sadness again): the boost comes."""
    kaveri(table, "Ann", techniques=("Sadness", "Anger", "custom:Kick"))
    table.do("confront 'Nervous Newt'", "use Ann Kick",
             "foe 'Nervous Newt' 'Think it Over' --effect-roll 20", "use Ann Kick")
    events = table.events("use Ann Sadness --roll 20")       # round 3: the Newt skips again
    assert event(events, "nerves_over", actor="Nervous Newt", stat="hp", amount=2)
    assert table.foe("Nervous Newt")["max_hp"] == 32


def test_r_fx_4_a_kaveri_who_passes_the_turn_after_gets_the_boost_then(table):
    kaveri(table, "Ann", techniques=("Nervousness", "Anger", "custom:Kick"))
    table.do("confront 'Big Bully'", "use Ann Nervousness --roll 20", "foe 'Big Bully' Tease",
             "foe 'Big Bully' Tease")                        # round 2: Ann skips
    events = table.events("next --boost h")                  # round 3: Ann passes
    assert event(events, "nerves_over", actor="Ann", stat="h", amount=2)
    assert event(events, "pass", name="Ann")
    hit = event(table.events("foe 'Big Bully' Shove"), "hit", target="Ann")
    assert (hit["heart"], hit["amount"]) == (2, 1)           # 3 - H 2


def test_r_fx_4_boost_when_none_is_due_is_refused(table):
    kaveri(table, "Ann", techniques=("Nervousness", "Anger", "custom:Kick"))
    table.do("confront 'Big Bully'")
    assert "has no boost due (R-FX-4)" in table.fails("use Ann Kick --boost e")
    assert "has no boost due (R-FX-4)" in table.fails("next --boost e")


def test_r_fx_3_a_stopped_first_use_uses_up_passionates_free_effect(table):
    kaveri(table, "Pat", ability="Passionate", techniques=("Happy", "Anger", "Love"))
    table.do("confront 'Confident Cat'")
    events = table.events("use Pat Anger")                   # Confidence stops it
    assert event(events, "confidence") and "special" not in kinds(events)
    table.do("foe 'Confident Cat' Scratch")
    assert event(table.events("use Pat Anger --roll 1"), "no_effect", face=1)


def test_r_fx_2_a_world_point_does_not_lift_the_nullification(table):
    kaveri(table, "Ann")
    table.do("wp Ann 1", "confront 'Big Bully'", "use Ann Anger --roll 20", "foe 'Big Bully' Shove")
    refused = table.fails("use Ann Anger --world-point effect")       # the state is unchanged
    assert "triggered on Ann's previous turn" in refused and "the point is not spent (R-FX-2)" in refused
    assert table.kaveri("Ann")["world_points"] == 1
    table.do("use Ann Kick", "foe 'Big Bully' Shove")
    events = table.events("use Ann Anger --world-point effect")
    assert event(events, "special", why="world point") and table.kaveri("Ann")["world_points"] == 0


def test_r_abil_1_lagom_splits_what_the_technique_deals_base_and_e(table):
    """The rulebook's example: a technique dealing 2 (Snarl 1 with E 1) gives 1 to each."""
    kaveri(table, "Lu", ability="Lagom", techniques=("Anger", "Love", "Happy"))
    table.raw["kaverit"][0]["emotion"] = 1
    table.do("confront 'Big Bully' 'Dumb Turkey'")
    events = table.events("use Lu Snarl --split 'Big Bully=1' --split 'Dumb Turkey=1' --roll 1")
    hits = [e for e in events if e["kind"] == "hit"]
    assert [(h["target"], h["base"], h["emotion"], h["amount"], h["lagom_of"]) for h in hits] == [
        ("Big Bully", 1, 0, 1, 2), ("Dumb Turkey", 1, 0, 1, 2)]
    said = " ".join(table.do("log").split())
    assert "Lagom: a share of 2, base and E" in said


def test_r_abil_1_each_lagom_part_meets_its_own_targets_side(table):
    """Sensitive doubles its part, a Heel doubles its part, H takes off its part only."""
    kaveri(table, "Lu", ability="Lagom", techniques=("Anger", "Love", "Happy"))
    table.raw["kaverit"][0]["ladders"]["Anger"] = 3
    table.raw["kaverit"][0]["emotion"] = 1               # Anger 3 + E 1 = 4
    table.do("confront 'Sensitive Slug' 'Love Shielded Owl' 'Hard Heart'")
    events = table.events("use Lu Anger --split 'Sensitive Slug=2' --split 'Love Shielded Owl=1'"
                          " --split 'Hard Heart=1' --roll 1")
    amounts = {e["target"]: e["amount"] for e in events if e["kind"] == "hit"}
    assert amounts == {"Sensitive Slug": 4, "Love Shielded Owl": 2, "Hard Heart": 1}


def test_r_dmg_8_gladness_shows_its_h_step(table):
    """Gladness's Lv Schmerz meets the taker's H, and the line shows the sum as a hit does."""
    kaveri(table, "Ann", techniques=("Cheer", "Anger", "Love"))
    table.do("confront 'Hard Heart'", "use Ann Cheer --roll 20")
    out = " ".join(table.do("foe 'Hard Heart' Sulk").split())
    assert "Hard Heart is glad and takes 1 Schmerz (Lv 1 - 4 H, at least 1 = 1)" in out


def test_r_dmg_8_gladness_says_its_whole_sum_past_zero_hp(table):
    """R-DMG-8, R-FX-4: gladness neutralizing a foe with fewer HP left than its Lv says the
    Schmerz its sum gives, as a hit and the GM's `schmerz` do, not the HP that were left
    ("takes 2 Schmerz (Lv 4 - 1 H = 3)" contradicted itself)."""
    kaveri(table, "Ann", techniques=("Cheer", "Anger", "Love"))
    table.do("xp Ann 3", "confront 'Nervous Newt'", "use Ann Cheer --roll 20")   # Lv 4
    table.raw["confrontation"]["foes"][0]["hp"] = 2
    out = " ".join(table.do("foe 'Nervous Newt' Nibble").split())
    assert "Nervous Newt is glad and takes 4 Schmerz (Lv 4): 0/" in out


def test_r_dmg_8_anger_says_its_whole_sum_past_zero_hp(table):
    """R-FX-4's Anger: Lv Schmerz to its user, its sum shown whole when H shaped it and the
    user had fewer HP left."""
    kaveri(table, "Ann", techniques=("Cheer", "Anger", "Love"))
    table.do("xp Ann 3", "spend Ann h=1", "confront 'Nervous Newt'")
    table.raw["kaverit"][0]["hp"] = 2
    out = " ".join(table.do("use Ann Anger --roll 20").split())
    assert "takes 3 Schmerz (Lv 4 - 1 H = 3): 0/" in out


def test_r_fx_4_frustration_for_one_turn_says_the_next_turn(table):
    """R-FX-4's Frustration at Lv 1 lasts one turn: "+1 E on Ann's next turn", not "+1, +2,
    ... E on each of the next 1 turn"."""
    kaveri(table, "Ann", techniques=("Frustration", "Anger", "Love"))
    table.do("confront 'Nervous Newt'")
    out = " ".join(table.do("use Ann Frustration --roll 20").split())
    assert "Ann's frustration keeps on growing: +1 E on Ann's next turn." in out



@pytest.mark.parametrize(("heart", "said"), [
    (0, "Ann takes 3 Schmerz back (half of 6, rounded up) (R-ABIL-1)"),
    (1, "Ann takes 2 Schmerz back (half of 6, rounded up: 3 - 1 H = 2) (R-ABIL-1)")])
def test_r_abil_1_chutzpah_return_says_its_whole_sum_past_zero_hp(table, heart, said):
    """R-ABIL-1, R-DMG-8: a Chutzpah return that takes its source past 0 HP says the Schmerz
    its sum gives, as a hit, gladness and Anger do, not the HP that were left ("Painted
    Musketeer takes 1 Schmerz back (half of 7, rounded up: 4 - 1 H = 3)" contradicted itself)."""
    kaveri(table, "Ann")
    table.do("confront 'Chutzpah Goat'")
    ann = table.raw["kaverit"][0]
    ann["custom"]["Kick"], ann["heart"], ann["hp"] = 5, heart, 1    # 5 + Lv 1 = 6, halved: 3
    out = " ".join(table.do("use Ann Kick").split())
    assert said in out


def test_r_fx_2_a_world_point_on_an_effect_that_happens_anyway_is_refused_and_kept(table):
    """A world point forcing an effect that happens without one (level 10, R-FX-1;
    Passionate's first use of the ladder, R-FX-3) bought nothing and was spent: the table
    keeps it, as R-FX-2 keeps one on a nullified effect, and says why."""
    kaveri(table, "Pat", ability="Passionate", techniques=("Happy", "Anger", "Love"))
    kaveri(table, "Ann")
    table.do("wp Pat 1", "wp Ann 1")
    table.raw["kaverit"][1]["ladders"]["Anger"] = 10
    table.do("confront 'Big Bully'")
    assert table.fails("use Pat Anger --world-point effect") == (
        "Pat's first Anger of this confrontation has its effect without a world point"
        " (Passionate, R-FX-3), so the point is not spent (R-FX-2, R-WP-3)")
    table.do("use Pat Anger")                                   # the free effect
    refused = table.fails("use Ann Anger --world-point effect")
    assert refused.endswith("is level 10: its effect happens without a world point (R-FX-1),"
                            " so the point is not spent (R-FX-2, R-WP-3)")
    assert [k["world_points"] for k in table.raw["kaverit"]] == [1, 1]


def test_r_fx_2_a_world_point_on_an_effect_already_at_its_cap_is_refused_and_kept(table):
    """Happy at full HP heals nothing and Cheer on a foe glad already adds nothing (R-FX-4):
    the point is kept. A foe's Chutzpah may still cost HP before Happy heals: allowed."""
    kaveri(table, "Cy", techniques=("Cheer", "Happy", "Love"))
    table.do("wp Cy 3", "confront 'Big Bully'")
    assert table.fails("use Cy Happy --world-point effect") == (
        "Cy is at full HP: Happy's healing would add nothing, so the world point is not spent"
        " (R-FX-4, R-FX-2)")
    table.do("use Cy Cheer --roll 20", "foe 'Big Bully' Shove", "use Cy Love --roll 1",
             "foe 'Big Bully' Shove")
    assert table.fails("use Cy Cheer --world-point effect") == (
        "Big Bully is glad already: Cheer would add nothing, so the world point is not spent"
        " (R-FX-4, R-FX-2)")
    assert table.kaveri("Cy")["world_points"] == 3
    events = table.events("use Cy Happy --world-point effect")     # hurt now: it heals
    assert event(events, "happy", healed=1) and table.kaveri("Cy")["world_points"] == 2
    table.do("end", "heal Cy full", "confront 'Chutzpah Goat'")
    assert event(table.events("use Cy Happy --world-point effect"), "happy")


def test_r_fx_2_a_seat_is_offered_no_world_point_that_would_add_nothing(table):
    from guide.games.kaverini.view.seats import seat_moves

    kaveri(table, "Cy", techniques=("Cheer", "Happy", "Love"))
    table.do("wp Cy 1", "confront 'Big Bully'")
    forced = {m.line for m in seat_moves(table.table, "Cy") if "--world-point effect" in m.line}
    assert forced == {"use Cy Cheer --on \"Big Bully\" --world-point effect",
                      "use Cy Love --on \"Big Bully\" --world-point effect"}    # not Happy
