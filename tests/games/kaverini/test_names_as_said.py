"""Names the way people say them, everywhere, through the core's one resolver, and the
percentile typed the same way everywhere (R-DICE-2)."""

from conftest import event


def test_r_conf_12_bond_and_play_take_an_item_as_people_say_it(party):
    party.do("item Ann Wooden Clogs", "item Bob Carillon Baton")
    assert event(party.events("bond Ann Wooden"), "item_bonded")["item"] == "Wooden Clogs"
    assert "no item of Bob's named 'Clogs'" in party.fails("bond Bob Clogs")
    party.do("confront --scene 1", "next")
    assert event(party.events("play Bob Carillon"), "item_played")["item"] == "Carillon Baton"


def test_an_item_of_a_kaveri_who_holds_none_says_so(party):
    assert "Ann holds no item" in party.fails("bond Ann Clogs")


def test_r_wp_1_wp_all_like_xp_all(party):
    events = party.events("wp all 1")
    assert [e["kaveri"] for e in events if e["kind"] == "wp"] == ["Ann", "Bob"]
    assert [k["world_points"] for k in party.state["kaverit"]] == [1, 1]


def test_r_sheet_1_the_one_line_kaveri_takes_ladders_as_people_type_them(party):
    party.do("kaveri Cy --ability Lagom --technique hap --technique wit --technique Love")
    assert party.kaveri("Cy")["ladders"] == {"Happy": 1, "Comic Wit": 1, "Love": 1}
    error = party.fails("kaveri Dee --ability Lagom --technique hapy --technique Love"
                        " --technique Anger")
    assert "did you mean 'Happy'?" in error and "custom:hapy" in error


def _stand(party, *companions):
    """Every Kaveri cowers: the companions take a stand (R-CONF-10)."""
    party.do(*(f"companion {c}" for c in companions), "confront --scene 1")
    party.raw["kaverit"][0]["hp"], party.raw["kaverit"][1]["hp"] = 1, 0
    assert event(party.events("next", "foe Bike --roll 5 --on Ann"), "stand")


def test_r_conf_10_stand_shares_by_the_names_people_say(party):
    _stand(party, "Mevrouw de Kat", "Anouk")
    stand = party.raw["confrontation"]["stand"]
    total = sum(s["max_hp"] for s in stand)
    events = party.events(f"stand Mevrouw={total - 10} Anouk=10")
    assert {s["name"]: s["max_hp"] for s in event(events, "shares")["stand"]} == {
        "Mevrouw de Kat": total - 10, "Anouk the Cheese Seller": 10}
    error = party.fails(f"stand Mevrouw={total} Anouk=10")
    assert f"add up to {total + 10}" in error and f"must add up to {total}" in error
    assert "missing: Anouk the Cheese Seller" in party.fails(f"stand Mevrouw={total}")


def test_r_conf_10_a_standing_companion_uses_a_ladder_as_people_say_it(party):
    _stand(party, "Anouk")
    events = party.events("use Anouk slapstick --roll 1")
    assert event(events, "use", actor="Anouk the Cheese Seller")["ladder"] == "Comic Slapstick"


def test_r_conf_10_static_heart_reaches_a_standing_companion(party):
    """Anouk gives every Kaveri H +1 (static): a companion taking a stand is a Kaveri now."""
    _stand(party, "Anouk")
    events = party.events("next", "foe Bike --roll 1 --on Anouk")  # Wobble 4 + Lv 1
    hit = event(events, "hit", target="Anouk the Cheese Seller")
    assert hit["heart"] == 1 and hit["amount"] == 4
    assert "(5 - 1 H = 4)" in party.do("log 1 --gm")     # a foe's move: R-CONF-3


def test_r_fx_6_a_buddy_technique_by_a_word_of_its_name(party):
    party.do("flip Painted Musketeer", "buddy Musketeer", "confront --scene 1", "next", "next")
    events = party.events("use Musketeer salute")
    assert event(events, "use")["technique"] == "Musket Salute"


def test_a_name_picks_the_one_still_standing(party):
    party.do("confront --scene 5", "schmerz Spirit 20")
    assert party.foe("Drowned Bell Spirit")["hp"] == 0
    events = party.events("use Ann Cheer --on spirit --roll 1")
    assert event(events, "confidence")["target"] == "Drowned Bell Spirit 2"


def test_did_you_mean_for_a_fighter(party):
    party.do("confront --scene 1")
    assert "did you mean 'Ann'?" in party.fails("use Anne Sadness")


def test_r_dice_2_runaway_takes_the_percentile_like_lottery(party):
    party.do("confront --scene 1")

    def run(line):
        party.raw["kaverit"][0]["hp"] = 0              # one cowering Kaveri: 25%
        events = party.events(line)
        party.do("undo")
        return event(events, "runaway")

    assert run("runaway --dice 3,0")["roll"] == 30
    assert run("runaway --roll 25") == {**run("runaway --roll 25"), "escaped": True, "roll": 25}
    assert run("runaway --dice 0,0")["roll"] == 100
    party.raw["kaverit"][0]["hp"] = 0
    assert "not both" in party.fails("runaway --dice 1,1 --roll 11")
    assert "a d10 shows 1 to 10, not 11" in party.fails("runaway --dice 11,1")


def test_r_dice_2_lottery_takes_roll_too(party):
    assert event(party.events("lottery --roll 45"), "quote")["quote"] == 45
    assert event(party.events("lottery --roll 100"), "quote")["quote"] == 100


def test_a_duplicates_number_goes_with_its_name_as_the_toolbar_shows_it(party):
    party.do("confront --scene 5")
    events = party.events("use Ann Cheer --on Spirit 2 --roll 1")
    assert event(events, "confidence")["target"] == "Drowned Bell Spirit 2"
    party.do("next")
    events = party.events("foe Spirit 2 Cryface --on Bob --effect-roll 1")
    assert event(events, "use")["actor"] == "Drowned Bell Spirit 2"


def test_r_conf_10_recap_tells_the_stand(party):
    _stand(party, "Mevrouw de Kat", "Anouk")
    recap = " ".join(party.do("recap").split())
    assert "Mevrouw de Kat and Anouk the Cheese Seller took a stand when every Kaveri" \
           " cowered." in recap


def test_r_dmg_8_schmerz_outside_a_fight_finds_a_buddy_as_people_say_it(party):
    """2.9: `schmerz tes 2` outside a confrontation is Tess the Bell-Ringer's, through the
    core's one resolver like every other name (it once took only the exact name)."""
    party.do("buddy Tess the Bell-Ringer")
    assert event(party.events("schmerz tes 2"), "schmerz")["target"] == "Tess the Bell-Ringer"
    assert party.state["buddies"][0]["hp"] < 12
    assert event(party.events("schmerz ann 1"), "schmerz")["target"] == "Ann"


def test_schmerz_outside_a_fight_refuses_an_unknown_or_ambiguous_name_and_changes_nothing(party):
    party.do("buddy Tess the Bell-Ringer")
    assert "no Kaveri or buddy named 'Zed'" in party.fails("schmerz Zed 2")
    assert "'Bob', 'Tess the Bell-Ringer'; which Kaveri or buddy?" in party.fails("schmerz b 2")


def test_the_toolbar_tells_two_foes_of_the_same_name_apart(party, monkeypatch):
    """A duplicate's number is never read as HP: "Spirit: 2 · Spirit 2: 8"."""
    from guide.games.kaverini import screen

    party.do("confront --scene 5")
    monkeypatch.setattr(screen, "toolbar_width", lambda: 62)
    first = "".join(text for _, text in screen.toolbar(party.table)).splitlines()[0]
    spirits = [f"Spirit: {party.foe('Drowned Bell Spirit')['hp']}",
               f"Spirit 2: {party.foe('Drowned Bell Spirit 2')['hp']}"]
    assert all(s in first for s in spirits), first


def test_r_dmg_2_the_toolbar_shows_e_and_h_as_a_hit_adds_them_in_a_fight(party):
    """In a fight the party's line shows E and H as they are now (Anouk's +1 H, +E counters),
    the numbers `status` shows and a hit adds; between scenes, the sheet's."""
    from guide.games.kaverini import screen

    def party_line() -> str:
        return "".join(text for _, text in screen.toolbar(party.table)).splitlines()[-1]

    party.do("companion Anouk", "item Bob Hollandse Nieuwe")
    assert "H+1" not in party_line()
    party.do("confront --scene 1", "use Ann Sadness --roll 2", "play Bob Hollandse")
    line = party_line()
    assert "Ann L1 20/20 H+1" in line and "Bob L1 20/20 E+2 H+1" in line, line
