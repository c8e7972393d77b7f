"""Confrontations R-CONF-1..13: the round, its phases, and how a confrontation ends."""

from conftest import event, kaveri, kinds
from guide.games.kaverini.commands.confront import fight


def test_r_conf_1_get_ready_to_feel_with_the_players_order(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    events = field.events("confront 'Big Bully' --order Bob,Ann")
    assert event(events, "confront")["order"] == ["Bob", "Ann"]
    assert [x.name for x in fight(field.table, quiet=True).waiting()] == ["Bob", "Ann"]


def test_r_conf_2_foe_without_a_name_is_the_foe_whose_turn_it_is(field):
    """`foe` alone plays the one foe whose turn it is (a single foe card: its only
    technique); with several foes waiting it is refused, naming them, and changes nothing."""
    kaveri(field, "Ann")
    field.do("confront 'Big Bully' 'Dumb Turkey'", "use Ann Kick --on 'Big Bully'")
    assert field.fails("foe --on Ann") == "foe: which foe? Big Bully, Dumb Turkey"
    field.do("foe 'Dumb Turkey' --on Ann")
    events = field.events("foe --on Ann")
    assert event(events, "use")["actor"] == "Big Bully"


def test_r_conf_2_foe_without_a_name_out_of_turn_is_the_rules_refusal(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    assert "not Big Bully's turn" in field.fails("foe --on Ann")


def test_r_conf_1_order_must_name_every_kaveri(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    assert "must name every Kaveri" in field.fails("confront 'Big Bully' --order Bob")


def test_r_conf_2_round_order_and_refusals(field):
    kaveri(field, "Ann")
    field.do("buddy Pelican", "companion 'Friendly Dog'")
    field.do("confront 'Big Bully' --setting 'Sunny Meadow'")
    assert field.raw["confrontation"]["turns"]["phase"] == "kaverit"
    field.do("use Ann Kick")
    assert "already acted" in field.fails("use Ann Kick")
    assert field.raw["confrontation"]["turns"]["phase"] == "buddies"
    field.do("use Pelican Peck")
    assert field.raw["confrontation"]["turns"]["phase"] == "foes"
    assert "already acted this round" in field.fails("use Pelican Peck")
    field.raw["kaverit"][0]["hp"] = 15
    events = field.events("foe 'Big Bully' Shove --on Ann")
    order = kinds(events)
    gm = event(events, "gm", phase="companions", card="Friendly Dog")
    heal = event(events, "card_effect", source="Sunny Meadow", do="heal", target="Ann")
    assert order.index("gm") < order.index("round") < events.index(heal)
    assert gm["text"] == "A good dog." and heal["healed"] == 1
    assert field.state["confrontation"]["round"] == 2


def test_r_conf_2_a_turn_out_of_order_is_refused_and_names_whose_turn_it_is(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("confront 'Big Bully' 'Dumb Turkey' --order Bob,Ann")
    assert "now it is Bob's turn" in field.fails("use Ann Kick --on 'Big Bully'")
    assert "now it is Bob's turn" in field.fails("foe 'Big Bully' Shove --on Ann")
    field.do("use Bob Kick --on 'Big Bully'", "use Ann Kick --on 'Big Bully'")
    assert "now it is Big Bully's turn" in field.fails("use Ann Kick --on 'Big Bully'")
    field.do("foe 'Big Bully' Shove --on Ann")
    assert event(field.events("next"), "pass", name="Dumb Turkey")   # next says who passed
    c = field.state["confrontation"]
    assert c["round"] == 2 and field.raw["confrontation"]["order"] == ["Bob", "Ann"]
    assert "now it is Bob's turn" in field.fails("use Ann Kick --on 'Big Bully'")  # every round


def test_r_conf_2_whoever_cannot_act_is_passed_over(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("confront 'Big Bully'")
    field.raw["kaverit"][0]["hp"] = 0                             # Ann cowers: Bob's turn
    field.do("use Bob Kick")
    assert field.raw["confrontation"]["turns"]["phase"] == "foes"


def test_r_conf_2_next_moves_phase_by_phase(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    field.do("next")
    assert field.raw["confrontation"]["turns"]["phase"] == "foes"    # no buddies: straight on
    field.do("next")
    assert field.raw["confrontation"]["turns"]["round"] == 2


def test_r_conf_2_round_effects_of_foes_and_items(field):
    kaveri(field, "Ann")
    field.do("item Ann 'Thick Coat'", "bond Ann 'Thick Coat'")
    field.do("confront 'Healing Hag'", "use Ann Kick")
    events = field.events("foe 'Healing Hag' Cackle")
    assert event(events, "card_effect", source="Healing Hag", target="Healing Hag")["healed"] == 2
    assert field.kaveri("Ann")["hp"] == 19                       # 1 - 2 H, never below 1
    assert "bonded or unbonded only outside" in field.fails("unbond Ann 'Thick Coat'")


def test_r_conf_2_companions_before_foes_house_rule(field):
    kaveri(field, "Ann")
    field.do("companion 'Friendly Dog'", "house companions_before_foes on")
    field.do("confront 'Big Bully'")
    events = field.events("use Ann Kick")          # the buddies' phase ends: companions act
    assert event(events, "gm", phase="companions", card="Friendly Dog")


def test_r_conf_3_move_die_picks_the_move(field):
    kaveri(field, "Ann")
    field.do("confront 'Dice Dog'", "next")
    events = field.events("foe 'Dice Dog' --roll 3")
    rolled = event(events, "move_rolled", actor="Dice Dog")
    assert (rolled["die"], rolled["face"], rolled["technique"]) == (4, 3, "Bite")
    assert rolled["dice"] == [[4, 3]] and field.kaveri("Ann")["hp"] == 16
    field.do("next")
    assert "the d4 shows 1: Dice Dog uses Bark, not Bite" in field.fails("foe 'Dice Dog' Bite --roll 1")
    assert "a d4 shows 1 to 4, not 5" in field.fails("foe 'Dice Dog' --roll 5")


def test_r_conf_3_without_a_die_the_gm_picks(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'", "next")
    events = field.events("foe 'Big Bully'")            # guide picks, as odds plays
    assert event(events, "move_picked", actor="Big Bully")


def test_r_conf_4_party_size_foe_hp(field):
    for name in ("Ann", "Bob", "Cy"):
        kaveri(field, name)
        field.do(f"xp {name} 2")
    field.do("confront 'Dumb Turkey' 'Big Bully'")
    assert field.foe("Dumb Turkey")["max_hp"] == 9 and field.foe("Big Bully")["max_hp"] == 46


def test_r_conf_5_cowering_cannot_act_or_be_targeted(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("confront 'Hard Heart'")
    field.raw["kaverit"][0]["hp"] = 1
    field.do("next", "next", "foe 'Hard Heart' Sulk --on Ann")
    assert field.kaveri("Ann")["cowering"] is True
    assert "cannot act" in field.fails("use Ann Kick")
    field.do("use Bob Kick")
    assert "cowering and cannot be targeted" in field.fails("foe 'Hard Heart' Sulk --on Ann")


def test_r_conf_6_run_away_odds_and_free_shot(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("confront 'Big Bully'")
    assert "needs at least one cowering" in field.fails("runaway --roll 1")
    field.raw["kaverit"][0]["hp"] = 0
    events = field.events("runaway --roll 26")
    assert event(events, "runaway", escaped=False, roll=26, chance=25)
    assert field.raw["confrontation"]["turns"]["phase"] == "foes"
    assert "only before any Kaveri acts" in field.fails("runaway --roll 1")   # not in phase 4
    field.do("foe 'Big Bully' Shove --on Bob")
    events = field.events("runaway --roll 25")
    assert event(events, "runaway", escaped=True) and event(events, "over", result="ran away")
    assert field.state["confrontation"] is None
    assert field.kaveri("Ann")["hp"] == 1 and field.kaveri("Ann")["xp"] == 1


def test_r_conf_6_percentile_from_the_dice(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("confront 'Big Bully'")
    field.raw["kaverit"][0]["hp"] = 0
    field.table.dice.give([3, 10])                                # tens 3, ones 10: 30
    runaway = event(field.events("runaway"), "runaway")
    assert (runaway["escaped"], runaway["roll"], runaway["dice"]) == (False, 30, [[10, 3], [10, 10]])


def test_r_conf_7_xp_to_the_standing_kaverit_only(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("confront 'Dumb Turkey' 'Big Bully'")
    field.raw["kaverit"][1]["hp"] = 0
    field.raw["confrontation"]["foes"][0]["hp"] = 1
    events = field.events("use Ann Kick --on 'Dumb Turkey'")
    assert [(e["kaveri"], e["amount"]) for e in events if e["kind"] == "xp"] == [("Ann", 1)]
    assert field.state["confrontation"] is not None
    field.raw["confrontation"]["foes"][1]["hp"] = 1
    field.do("next", "use Ann Kick --on 'Big Bully'")
    assert field.kaveri("Ann")["xp"] == 5 and field.kaveri("Ann")["points"] == 2 + 3 + 4 + 5 - 0
    assert field.state["confrontation"] is None


def test_r_conf_8_buddy_at_0_leaves_for_good(field):
    kaveri(field, "Ann")
    field.do("buddy 'Paper Buddy'", "confront 'Big Bully'", "next", "next")
    events = field.events("foe 'Big Bully' Shove --on 'Paper Buddy'")
    assert event(events, "leave", name="Paper Buddy", who="buddy") and field.state["buddies"] == []


def test_r_conf_9_companions_join_up_to_three(field):
    kaveri(field, "Ann")
    for c in ("Friendly Dog", "Friendly Cat", "Friendly Parrot", "Friendly Goldfish"):
        field.do(f"companion '{c}'")
    assert "choose three" in field.fails("confront 'Big Bully'")
    field.do("confront 'Big Bully' --companion 'Friendly Dog' --companion 'Friendly Cat'")
    assert field.raw["confrontation"]["companions"] == ["Friendly Dog", "Friendly Cat"]


def test_r_conf_10_companions_take_a_stand(field):
    kaveri(field, "Ann")
    field.do("xp Ann 2", "companion 'Friendly Dog'", "companion 'Friendly Cat'")
    field.do("confront 'Big Bully' 'Dumb Turkey'")               # one Kaveri: no extra HP
    field.raw["kaverit"][0]["hp"] = 1
    stand = event(field.events("next", "foe 'Big Bully' Shove --on Ann"), "stand")
    assert stand["lv"] == 3 and [s["name"] for s in stand["stand"]] == ["Friendly Dog", "Friendly Cat"]
    stand = field.state["confrontation"]["stand"]
    assert stand == [{"name": "Friendly Dog", "hp": 22, "max_hp": 22},
                     {"name": "Friendly Cat", "hp": 21, "max_hp": 21}]
    field.do("stand 'Friendly Dog=40' 'Friendly Cat=3'", "next")   # the turkey passes
    used = event(field.events("use 'Friendly Dog' Sadness --on 'Big Bully' --roll 1"), "use")
    assert (used["technique"], used["ladder"], used["level"]) == ("Puppyface", "Sadness", 3)
    field.do("next", "next")                                      # the Cat and Big Bully pass
    field.raw["confrontation"]["stand"][1]["hp"] = 1
    events = field.events("foe 'Dumb Turkey' 'Dumb Down' --on 'Friendly Cat'")
    assert event(events, "leave", name="Friendly Cat", who="stand")
    assert field.state["companions"] == ["Friendly Dog"]
    assert "ran for their life" in field.fails("companion 'Friendly Cat'")


def test_r_conf_11_losing_the_game(field):
    kaveri(field, "Ann")
    field.do("item Ann 'Lucky Coin'", "money Ann 5", "confront 'Big Bully'")
    field.raw["kaverit"][0]["hp"] = 1
    out = field.do("next", "foe 'Big Bully' Shove")
    assert "lost" in kinds(field.table.story) and "The Kaverit go home." in out
    k = field.kaveri("Ann")
    assert k["items"] == [] and k["money"] == 0 and k["xp"] == 1
    assert field.state["confrontation"] is None and field.state["adventure"] is None


def test_r_conf_12_items_with_usage_lose_uses_and_are_played_before_the_technique(field):
    kaveri(field, "Ann")
    field.do("item Ann 'Lucky Coin'", "confront 'Big Bully'")
    counters = event(field.events("play Ann 'Lucky Coin'"), "card_effect", do="counters")
    assert (counters["target"], counters["amount"], counters["counter"]) == ("Ann", 1, "+E")
    assert field.raw["kaverit"][0]["items"][0]["uses"] == 1
    hit = event(field.events("use Ann Kick"), "hit")
    assert (hit["base"], hit["emotion"], hit["amount"]) == (2, 1, 3)
    assert "before the technique" in field.fails("play Ann 'Lucky Coin'")
    field.do("end")
    assert field.raw["kaverit"][0]["counters"]["E"] == 0


def test_r_conf_13_practice_bout_gives_no_xp(field):
    kaveri(field, "Ann")
    field.do("confront 'Dumb Turkey' --practice")
    field.raw["confrontation"]["foes"][0]["hp"] = 1
    events = field.events("use Ann Kick")
    assert event(events, "neutralized") and "xp" not in kinds(events)
    assert field.kaveri("Ann")["xp"] == 1


def test_tokens_fight_like_their_card(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'", "token Bully Token", "token Bully Token")
    names = [f["name"] for f in field.state["confrontation"]["foes"]]
    assert names == ["Big Bully", "Bully Token", "Bully Token 2"]
    field.raw["confrontation"]["foes"][1]["hp"] = 1
    assert event(field.events("use Ann Kick --on 'Bully Token'"), "xp", kaveri="Ann", amount=1)


def test_end_early_gives_no_xp(field):
    kaveri(field, "Ann")
    field.do("confront 'Dumb Turkey'")
    assert event(field.events("end"), "over", result="ended early")
    assert field.state["confrontation"] is None and field.kaveri("Ann")["xp"] == 1


def test_undo_of_any_confrontation_step(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    for line in ("use Ann Anger", "foe 'Big Bully' Shove", "use Ann Sadness", "next"):
        before = field.table.state
        field.do(line)
        field.do("undo")
        assert field.table.state == before
        field.do(line)


def test_setting_round_schmerz_and_the_flip_to_a_buddy(tmp_path):
    from conftest import Play

    p = Play(tmp_path / "c.sqlite")
    p.do("adventure amsterdam",
         "kaveri Ann --ability Psychic --technique Love --technique Cheer --technique Anger",
         "confront 'Painted Musketeer' --setting 'The Rijksmuseum'")
    assert "H" in p.do("status")
    p.raw["confrontation"]["foes"][0]["hp"] = 1
    events = p.events("use Ann Love --roll 1")
    assert event(events, "neutralized", name="Painted Musketeer")
    assert event(events, "xp", kaveri="Ann", amount=1)   # the booklet: 1 XP (R-CONF-7)
    p.do("flip Painted Musketeer", "buddy Musketeer of the Night Watch")
    assert p.state["buddies"] == [{"name": "Musketeer of the Night Watch", "hp": 10, "max_hp": 10}]
    p.close()


def test_the_gm_deals_schmerz_by_hand(field):
    kaveri(field, "Ann")
    field.do("confront 'Dumb Turkey'")
    events = field.events("schmerz 'Dumb Turkey' 3")
    assert event(events, "schmerz", target="Dumb Turkey", lost=3, hp=0, max_hp=3)
    assert event(events, "xp", kaveri="Ann", amount=1)


def test_r_sheet_3_counters_change_e_and_h_and_absorb(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    k = field.raw["kaverit"][0]
    k["counters"].update({"E": 2, "H": -3, "HP": 1})
    hit = event(field.events("use Ann Kick"), "hit")
    assert (hit["base"], hit["emotion"], hit["amount"]) == (2, 2, 4)
    field.do("foe 'Big Bully' Shove")                 # 3 + 3 (negative H), 1 absorbed
    assert field.kaveri("Ann")["hp"] == 15


def test_r_sheet_4_lv_house_rule(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("xp Bob 3", "house lv_default lowest", "confront 'Big Bully'", "next", "next")
    field.do("foe 'Big Bully' Tease --on Ann")         # Lv: the lowest level present, 1
    assert field.kaveri("Ann")["hp"] == 19
    field.do("end", "house lv_default highest", "confront 'Big Bully'", "next", "next")
    field.do("foe 'Big Bully' Tease --on Ann")         # Lv: the highest, 4
    assert field.kaveri("Ann")["hp"] == 15


def test_r_sheet_4_the_gm_chooses_lv(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("xp Bob 2", "confront 'Big Bully'", "next", "next")
    assert "level of a Kaveri present: 1, 3" in field.fails("foe 'Big Bully' Tease --on Ann --lv 2")
    field.do("foe 'Big Bully' Tease --on Ann --lv 1")
    assert field.kaveri("Ann")["hp"] == 19


def test_r_conf_3_a_named_move_is_the_tables_own_die(field):
    kaveri(field, "Ann")
    field.do("confront 'Dice Dog'", "next")
    named = event(field.events("foe 'Dice Dog' Bite"), "move_named", actor="Dice Dog")
    assert (named["die"], named["technique"]) == (4, "Bite") and "dice" not in named
    assert field.kaveri("Ann")["hp"] == 16


def test_the_engine_alone_tells_events_as_data_with_their_dice():
    """Pure: a state, the cards and one Dice in; events (kind, data, dice) out, no table."""
    from conftest import ROOT
    from guide.core.dice import Dice
    from guide.games.kaverini.data.loader import library_with
    from guide.games.kaverini.rules.confrontation import Fight
    from guide.games.kaverini.rules.leveling import new_kaveri
    from guide.games.kaverini.state import new_state

    library, problems = library_with([ROOT / "tests" / "data" / "box"])
    assert not problems
    state = new_state()
    state["kaverit"].append(new_kaveri("Ann", "Focused", ["Sadness", "Anger", "Love"], [], 0))
    fight = Fight(state, library.card, Dice(faces=[20]), {"lv_default": "highest",
                                                          "gladness": "confrontation",
                                                          "companions_before_foes": "off"}.get)
    fight.start([library.card("Big Bully")], ["Ann"], [], [], 1)
    fight.use("Ann", "Sadness")
    told = [(e["kind"], e.get("dice")) for e in fight.events]
    assert told == [("confront", None), ("use", None), ("hit", None), ("special", [[20, 20]]),
                    ("sadness", None), ("skips", None), ("round", None)]
    assert state["confrontation"]["turns"]["round"] == 2 and state["confrontation"]["foes"][0]["hp"] == 39


def test_a_technique_named_by_a_beginning_of_one_the_kaveri_knows(party):
    party.do("kaveri Cy --ability Lagom --technique \"Comic Wit\" --technique Love"
             " --technique Anger")
    party.do("confront Gull --order Cy,Ann,Bob")
    assert "Cy uses Pun (Comic Wit 1)." in party.do("use Cy Comic --roll 3")
