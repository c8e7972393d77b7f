"""R-DICE-3 at the table: every die a command draws can be given, and a face given for a die
the command does not draw is refused (or said), naming the option; never silently dropped."""

from conftest import event, kinds


def _foes_phase(party):
    party.do("confront --scene 5", "next", "next",
             "foe Captain Blood-Red Sails --on Bob")


def test_r_dice_3_a_foe_without_a_move_die_takes_its_effect_d20_with_effect_roll(party):
    _foes_phase(party)
    events = party.events("foe Spirit Cryface --on Bob --effect-roll 19")
    assert event(events, "special", ladder="Sadness", face=19, need=19)
    assert [20, 19] in event(events, "special")["dice"]
    assert event(events, "sadness", target="Bob")


def test_r_dice_3_roll_is_the_effect_d20_of_a_foe_without_a_move_die(party):
    _foes_phase(party)
    assert "not both" in party.fails("foe Spirit Cryface --on Bob --roll 19 --effect-roll 19")
    events = party.events("foe Spirit Cryface --on Bob --roll 19")
    assert event(events, "special", ladder="Sadness", face=19, need=19)


def test_r_dice_3_effect_roll_below_the_threshold_is_the_tables_face(party):
    _foes_phase(party)
    events = party.events("foe Spirit Cryface --on Bob --effect-roll 18")
    assert event(events, "no_effect", face=18, need=19)
    assert "a d20 shows 1 to 20" in party.fails("foe 'Drowned Bell Spirit 2' Cryface --on Bob"
                                                " --effect-roll 21")


def test_r_dice_3_a_foe_with_a_move_die_keeps_roll_for_it(party):
    party.do("confront --scene 1", "next", "next")
    events = party.events("foe Bike --roll 3 --on Ann")
    assert event(events, "move_rolled", face=3, technique="Ring Ring!")


def test_r_dice_3_a_d20_for_a_technique_that_rolls_none_is_refused(party):
    party.do("confront --scene 1")
    error = party.fails("use Ann Bad Hair Day --roll 12")
    assert "rolls no effect d20" in error and "12" in error


def test_r_dice_3_a_d20_the_turn_did_not_need_is_said(party):
    party.do("confront --scene 5")
    events = party.events("use Ann Sadness --on Captain --roll 19")    # Confidence stops it
    assert "confidence" in kinds(events)
    assert event(events, "die_unused", sides=20, face=19)
    assert "was not needed" in party.do("log")


def test_r_dice_3_next_refuses_faces_it_does_not_draw(party):
    party.do("confront --scene 1")
    error = party.fails("next --dice 4")
    assert "--dice 4" in error and "drew no die" in error


def test_r_dice_3_a_d20_for_a_buddys_card_technique_with_no_effect_is_taken_and_said(party):
    """R-FX-6: Practice Scales is no Emotion Table technique; the table cannot know from the
    card that it rolls nothing, so its d20 is accepted and said unneeded."""
    party.do("buddy Tess", "confront --scene 1", "next", "next")
    events = party.events("use Tess Practice --roll 10")
    assert event(events, "hit") and "special" not in kinds(events)
    assert event(events, "die_unused", sides=20, face=10, technique="Practice Scales")
    assert "Practice Scales is not an Emotion Table technique" in party.do("log")


def test_r_dice_3_a_d20_for_a_foes_card_technique_with_no_effect_is_taken_and_said(party):
    party.do("confront --scene 3", "next", "next")
    events = party.events("foe Painted 'Drum Roll' --on Ann --roll 19")
    assert event(events, "die_unused", sides=20, face=19, technique="Drum Roll")


def test_r_dice_2_a_d10_typed_as_0_is_echoed_as_0(party):
    """A 0-9 die's 0 counts as 0 (R-DICE-2); the echo shows the face the table typed."""
    out = " ".join(party.do("lottery --dice 4,0").split())
    assert "d10 tens 4, ones 0: quote 40" in out
    party.do("confront --scene 1", "schmerz Ann 100")
    out = " ".join(party.do("runaway --dice 5,0").split())
    assert "tens 5, ones 0 = 50" in out and "10" not in out.split("=")[0]
