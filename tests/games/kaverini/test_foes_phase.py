"""The foes' phase (R-CONF-2, R-CONF-3): foes act in any order within it, and `foe NAME`
alone lets guide pick a dieless foe's move and target by the odds' documented policy."""

from conftest import event, kinds


def test_r_conf_2_foes_act_in_any_order_within_their_phase(party):
    party.do("confront --scene 5", "next", "next")
    events = party.events("foe 'Spirit 2' Cryface --on Bob --effect-roll 1")
    assert event(events, "use", actor="Drowned Bell Spirit 2")
    party.do("foe Spirit Cryface --on Bob --effect-roll 1")
    assert "round" in kinds(party.events("foe Captain Blood-Red Sails --on Ann"))


def test_r_conf_2_the_kaverit_still_go_in_their_order(party):
    party.do("confront --scene 5")
    assert "now it is Ann's turn" in party.fails("use Bob Anger --on Captain")


def test_r_conf_3_foe_name_alone_picks_move_and_target_at_random(party):
    party.do("confront --scene 5", "next", "next")
    events = party.events("foe Captain")
    picked = event(events, "move_picked", actor="Captain Van der Decken", die=3)
    target = event(events, "target_picked", die=2)
    assert picked["technique"] == event(events, "use")["technique"]
    assert target["target"] in ("Ann", "Bob")
    assert [3, picked["face"]] in picked["dice"]
    assert "guide picks for Captain Van der Decken" in party.do("log 1 --gm")


def test_r_conf_3_a_named_technique_still_asks_for_a_target(party):
    party.do("confront --scene 5", "next", "next")
    assert party.fails("foe Captain Blood-Red Sails") == \
        "foe: say whom it hits: --on Ann or --on Bob"


def test_r_conf_3_a_foe_rolling_its_die_without_on_says_whom_to_name(party):
    """`foe Bike` on the table's die and no --on said "on whom? --on 'Ann' | 'Bob'", a line
    that read as broken: the refusal names the command and the option, each choice as the
    line types it (a name of several words in quotes), and changes nothing."""
    party.do("confront Runaway Rental Bike", "next", "next")
    assert party.fails("foe Bike --roll 3") == "foe: say whom it hits: --on Ann or --on Bob"
    party.do("end", "buddy Hondje", "confront Runaway Rental Bike", "next", "next", "next")
    assert party.fails("foe Bike --roll 3").endswith(
        "--on Ann or --on Bob or --on \"Hondje the Ship's Dog\"")


def test_r_conf_2_use_without_on_among_foes_names_the_ways_to_say_it(party):
    party.do("confront 'Runaway Rental Bike' 'Bike Bell Bandit'")
    assert party.fails("use Ann Cheer") == \
        'use: say which foe it hits: --on "Runaway Rental Bike" or --on "Bike Bell Bandit"'


def test_r_conf_2_a_start_effect_is_not_a_phase_5_reminder(party):
    party.do("companion Mevrouw de Kat", "confront --scene 1", "next", "next")
    events = party.events("foe Bike --roll 6 --on Ann")
    assert "round" in kinds(events)
    assert not [e for e in events if e["kind"] == "gm" and e["card"] == "Mevrouw de Kat"]


def test_r_conf_1_use_between_scenes_names_the_scenes_confront(party):
    """`use` with no fight said "confront FOE... to start one", where an adventure's GM starts
    the scene's: the refusal names `confront --scene N` for the scene at hand."""
    assert party.fails("use Ann Cheer") == \
        "no confrontation is running (confront --scene 1, or confront FOE...)"
    party.do("scene 3")
    assert "confront --scene 3" in party.fails("next")
