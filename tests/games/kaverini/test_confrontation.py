"""Confrontations R-CONF-1..13: the round, its phases, and how a confrontation ends."""

from conftest import kaveri


def test_r_conf_1_get_ready_to_feel_with_the_players_order(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    out = field.do("confront 'Big Bully' --order Bob,Ann")
    assert out.startswith("Get ready to feel!") and "against Bob, Ann" in out
    assert "[round 1, kaverit: Bob, Ann]" in out


def test_r_conf_1_order_must_name_every_kaveri(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    assert "must name every Kaveri" in field.fails("confront 'Big Bully' --order Bob")


def test_r_conf_2_round_order_and_refusals(field):
    kaveri(field, "Ann")
    field.do("buddy Pelican", "companion 'Friendly Dog'")
    field.do("confront 'Big Bully' --setting 'Sunny Meadow'")
    assert field.raw["confrontation"]["phase"] == "kaverit"
    field.do("use Ann Kick")
    assert "already acted" in field.fails("use Ann Kick")
    assert field.raw["confrontation"]["phase"] == "buddies"
    field.do("use Pelican Peck")
    assert field.raw["confrontation"]["phase"] == "foes"
    assert "already acted this round" in field.fails("use Pelican Peck")
    field.raw["kaverit"][0]["hp"] = 15
    out = field.do("foe 'Big Bully' Shove --on Ann")
    lines = out.splitlines()
    assert lines.index("Round 2.") < lines.index("Sunny Meadow: Ann heals 1 HP.")
    assert "GM (companions): Friendly Dog: A good dog." in out
    assert field.state["confrontation"]["round"] == 2


def test_r_conf_2_foe_closes_the_kaverit_phase_and_a_kaveri_starts_the_next_round(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("confront 'Big Bully' 'Dumb Turkey'", "use Ann Kick --on 'Big Bully'")
    field.do("foe 'Big Bully' Shove --on Ann")                   # Bob passes
    assert "already acted" in field.fails("foe 'Big Bully' Tease --on Ann")
    field.do("use Bob Kick --on 'Big Bully'")                    # the turkey passes: round 2
    assert field.state["confrontation"]["round"] == 2


def test_r_conf_2_next_moves_phase_by_phase(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    field.do("next")
    assert field.raw["confrontation"]["phase"] == "foes"        # no buddies: straight on
    field.do("next")
    assert field.raw["confrontation"]["round"] == 2


def test_r_conf_2_round_effects_of_foes_and_items(field):
    kaveri(field, "Ann")
    field.do("item Ann 'Thick Coat'", "bond Ann 'Thick Coat'")
    field.do("confront 'Healing Hag'", "use Ann Kick")
    out = field.do("foe 'Healing Hag' Cackle")
    assert "Healing Hag: Healing Hag heals 2 HP." in out
    assert field.kaveri("Ann")["hp"] == 19                       # 1 - 2 H, never below 1
    assert "bonded or unbonded only outside" in field.fails("unbond Ann 'Thick Coat'")


def test_r_conf_2_companions_before_foes_house_rule(field):
    kaveri(field, "Ann")
    field.do("companion 'Friendly Dog'", "house companions_before_foes on")
    field.do("confront 'Big Bully'")
    out = field.do("use Ann Kick")
    assert "Friendly Dog" in out


def test_r_conf_3_move_die_picks_the_move(field):
    kaveri(field, "Ann")
    field.do("confront 'Dice Dog'", "next")
    out = field.do("foe 'Dice Dog' --roll 3")
    assert "rolls its d4: 3 -> Bite" in out and field.kaveri("Ann")["hp"] == 16
    field.do("next")
    assert "the d4 shows 1: Dice Dog uses Bark, not Bite" in field.fails("foe 'Dice Dog' Bite --roll 1")
    assert "a d4 shows 1 to 4, not 5" in field.fails("foe 'Dice Dog' --roll 5")


def test_r_conf_3_without_a_die_the_gm_picks(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'", "next")
    assert "which technique?" in field.fails("foe 'Big Bully'")


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
    field.do("next", "foe 'Hard Heart' Sulk --on Ann")
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
    out = field.do("runaway --roll 26")
    assert "fails" in out and field.raw["confrontation"]["phase"] == "foes"
    field.do("foe 'Big Bully' Shove --on Bob")
    out = field.do("runaway --roll 25")
    assert "Run away!" in out and field.state["confrontation"] is None
    assert field.kaveri("Ann")["hp"] == 1 and field.kaveri("Ann")["xp"] == 1


def test_r_conf_6_percentile_from_the_dice(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("confront 'Big Bully'")
    field.raw["kaverit"][0]["hp"] = 0
    field.table.dice.give([3, 10])                                # tens 3, ones 10: 30
    assert "fails (tens 3, ones 10 = 30, needed 25 or less)" in field.do("runaway")


def test_r_conf_7_xp_to_the_standing_kaverit_only(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("confront 'Dumb Turkey' 'Big Bully'")
    field.raw["kaverit"][1]["hp"] = 0
    field.raw["confrontation"]["foes"][0]["hp"] = 1
    out = field.do("use Ann Kick --on 'Dumb Turkey'")
    assert "Ann gains 1 XP" in out and "Bob gains" not in out
    assert field.state["confrontation"] is not None
    field.raw["confrontation"]["foes"][1]["hp"] = 1
    field.do("next", "next", "use Ann Kick --on 'Big Bully'")
    assert field.kaveri("Ann")["xp"] == 5 and field.kaveri("Ann")["points"] == 2 + 3 + 4 + 5 - 0
    assert field.state["confrontation"] is None


def test_r_conf_8_buddy_at_0_leaves_for_good(field):
    kaveri(field, "Ann")
    field.do("buddy 'Paper Buddy'", "confront 'Big Bully'", "next", "next")
    out = field.do("foe 'Big Bully' Shove --on 'Paper Buddy'")
    assert "leaves the party for good" in out and field.state["buddies"] == []


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
    out = field.do("next", "foe 'Big Bully' Shove --on Ann")
    assert "take a stand" in out
    stand = field.state["confrontation"]["stand"]
    assert stand == [{"name": "Friendly Dog", "hp": 22, "max_hp": 22},
                     {"name": "Friendly Cat", "hp": 21, "max_hp": 21}]
    field.do("stand 'Friendly Dog=40' 'Friendly Cat=3'")
    out = field.do("use 'Friendly Dog' Sadness --on 'Big Bully' --roll 1")
    assert "Tearjerk" not in out and "Puppyface (Sadness 3)" in out  # Ann's level 3
    field.do("next")
    field.raw["confrontation"]["stand"][1]["hp"] = 1
    out = field.do("foe 'Dumb Turkey' 'Dumb Down' --on 'Friendly Cat'")
    assert "gone for the rest of the adventure" in out
    assert field.state["companions"] == ["Friendly Dog"]
    assert "ran for their life" in field.fails("companion 'Friendly Cat'")


def test_r_conf_11_losing_the_game(field):
    kaveri(field, "Ann")
    field.do("item Ann 'Lucky Coin'", "money Ann 5", "confront 'Big Bully'")
    field.raw["kaverit"][0]["hp"] = 1
    out = field.do("next", "foe 'Big Bully' Shove")
    assert "the game is lost" in out and "The Kaverit go home." in out
    k = field.kaveri("Ann")
    assert k["items"] == [] and k["money"] == 0 and k["xp"] == 1
    assert field.state["confrontation"] is None and field.state["adventure"] is None


def test_r_conf_12_items_with_usage_lose_uses_and_are_played_before_the_technique(field):
    kaveri(field, "Ann")
    field.do("item Ann 'Lucky Coin'", "confront 'Big Bully'")
    out = field.do("play Ann 'Lucky Coin'")
    assert "1 +E counter(s) on Ann" in out
    assert field.raw["kaverit"][0]["items"][0]["uses"] == 1
    assert "(2 +1 E = 3)" in field.do("use Ann Kick")
    assert "before the technique" in field.fails("play Ann 'Lucky Coin'")
    field.do("end")
    assert field.raw["kaverit"][0]["counters"]["E"] == 0


def test_r_conf_13_practice_bout_gives_no_xp(field):
    kaveri(field, "Ann")
    field.do("confront 'Dumb Turkey' --practice")
    field.raw["confrontation"]["foes"][0]["hp"] = 1
    out = field.do("use Ann Kick")
    assert "neutralized" in out and "XP" not in out.replace("No XP", "")
    assert field.kaveri("Ann")["xp"] == 1


def test_tokens_fight_like_their_card(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'", "token Bully Token", "token Bully Token")
    names = [f["name"] for f in field.state["confrontation"]["foes"]]
    assert names == ["Big Bully", "Bully Token", "Bully Token 2"]
    field.raw["confrontation"]["foes"][1]["hp"] = 1
    assert "Ann gains 1 XP" in field.do("use Ann Kick --on 'Bully Token'")


def test_end_early_gives_no_xp(field):
    kaveri(field, "Ann")
    field.do("confront 'Dumb Turkey'")
    assert "ended early" in field.do("end")
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
    out = p.do("use Ann Love --roll 1")
    assert "Painted Musketeer is neutralized!" in out and "Ann gains 2 XP" in out
    p.do("flip Painted Musketeer", "buddy Musketeer of the Night Watch")
    assert p.state["buddies"] == [{"name": "Musketeer of the Night Watch", "hp": 10, "max_hp": 10}]
    p.close()


def test_the_gm_deals_schmerz_by_hand(field):
    kaveri(field, "Ann")
    field.do("confront 'Dumb Turkey'")
    out = field.do("schmerz 'Dumb Turkey' 3")
    assert "Dumb Turkey takes 3 Schmerz: 0/3 HP." in out and "Ann gains 1 XP" in out


def test_r_sheet_3_counters_change_e_and_h_and_absorb(field):
    kaveri(field, "Ann")
    field.do("confront 'Big Bully'")
    k = field.raw["kaverit"][0]
    k["counters"].update({"E": 2, "H": -3, "HP": 1})
    assert "(2 +2 E = 4)" in field.do("use Ann Kick")
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
    out = field.do("foe 'Dice Dog' Bite")
    assert "Dice Dog's d4 picks Bite at the table." in out and field.kaveri("Ann")["hp"] == 16
