"""Tab completion from the parameters' types: what each argument takes, with a short
description beside abilities, techniques and cards."""

from __future__ import annotations

from guide.core.repl.completer import candidates, described


def test_names_techniques_and_cards_complete_from_the_table(play):
    play.do("kaveri Ann --ability Passionate --technique Cheer --technique Love"
            " --technique \"custom:Bike Bell\"", "companion Joop")
    t = play.table
    assert candidates(t, ["xp"]) == ["Ann", "all"]          # xp all 1: the whole party
    assert candidates(t, ["use", "Ann"])[:3] == ["Cheer", "Love", "Bike Bell"]
    assert "Rogue Herring Gull" in candidates(t, ["confront"])
    assert "Rogue Herring Gull" in candidates(t, ["confront", "Runaway Rental Bike"])  # repeats
    assert "--setting" in candidates(t, ["confront"])
    assert "Amsterdam Centraal" in candidates(t, ["confront", "--setting"])
    assert candidates(t, ["heal"])[:2] == ["Ann", "Joop the Tram Driver"]
    assert "e=" in candidates(t, ["spend", "Ann"]) and "Love=" in candidates(t, ["spend", "Ann"])


def test_choices_carry_a_short_description(play):
    t = play.table
    abilities = dict(described(t, ["kaveri", "Ann", "--ability"]))
    assert abilities["Focused"] == "Gets 1 extra point to spend at each level reached."
    cards = dict(described(t, ["card"]))
    assert cards["Rogue Herring Gull"] == "foe, 5 HP"
    commands = dict(described(t, []))
    assert commands["undo"].startswith("Take back the last command")


def test_help_of_a_command_two_ways(play):
    assert play.do("xp --help") == play.do("help xp")
    assert play.do("xp --help").startswith("usage: xp")


def test_techniques_complete_for_an_actor_named_by_a_prefix(play):
    play.do("adventure amsterdam", "kaveri Ann --ability Lagom --technique Love --technique Cheer"
            " --technique Happy --fact a --fact b --fact c", "buddy Tess", "confront --scene 2")
    t = play.table
    assert candidates(t, ["use", "Tess"])[:2] == [
        tech.name for tech in t.card("Tess the Bell-Ringer").techniques][:2]
    assert "Loud Squawk" in candidates(t, ["foe", "Gull"])


def test_r_conf_5_tab_after_on_offers_only_what_the_command_can_target(party):
    party.do("buddy Hondje", "confront --scene 5", "schmerz Spirit 20")
    t = party.table
    assert candidates(t, ["use", "Ann", "Cheer", "--on"]) == [
        "Captain Van der Decken", "Drowned Bell Spirit 2"]      # not the party, not the fallen
    party.raw["kaverit"][1]["hp"] = 0
    assert candidates(t, ["foe", "Captain", "Blood-Red Sails", "--on"]) == [
        "Ann", "Hondje the Ship's Dog"]                      # not cowering Bob, not the foes


def test_a_scenes_number_completes_with_the_scenes_name(play):
    """Tab after `scene` and `confront --scene` offers the running adventure's scenes, each
    number with its name beside it (R-ADV-1: a booklet's scenes in order), where it offered
    nothing; the number is read and refused as before."""
    t = play.table
    assert candidates(t, ["scene"]) == []                           # no adventure running
    play.do("adventure amsterdam")
    assert candidates(t, ["scene"]) == ["1", "2", "3", "4", "5"]
    scenes = dict(described(t, ["confront", "--scene"]))
    assert scenes["1"] == "Bells and Bicycles" and scenes["5"] == "The Flying Dutchman"
    assert "Scene 3. The Night Watch Walks." in play.do("scene 3")
    assert "'three' is not a valid integer" in play.fails("scene three")
    assert "usage: scene [OPTIONS] [NUMBER]" in play.do("help scene")
    assert "--scene INTEGER" in play.do("help confront")


def test_r_strat_3_tab_in_a_battle_offers_its_fighters_and_their_moves(play):
    """In a Strategy Game's battle Tab offers the battle's fighters after use, foe and play,
    the named one's own techniques or moves, and its items, as in a confrontation (R-STRAT-3:
    it plays as a confrontation), where it read the campaign's party and confrontation: use
    offered no Kaveri designed for the game, every ladder after it, and foe nothing at all."""
    play.do("strategy new --player Max --player Lea --budget 50",
            "strategy kaveri Max Kim --ability Sensitive --technique Sadness --technique Cheer"
            " --technique Anger",
            "strategy kaveri Lea Lou --ability Focused --technique Love --technique Happy"
            " --technique Comic Wit",
            "strategy buy Max Tulip Bulb Speculator", "strategy buy Max Bitterballen --for Kim",
            "strategy buy Lea Tess the Bell-Ringer", "strategy start")
    t = play.table
    assert candidates(t, ["use"])[:3] == ["Kim", "Lou", "Tess the Bell-Ringer"]
    assert candidates(t, ["use", "Kim"])[:3] == ["Sadness", "Cheer", "Anger"]
    assert candidates(t, ["use", "Tess"])[:2] == [
        tech.name for tech in t.card("Tess the Bell-Ringer").techniques][:2]
    assert candidates(t, ["foe"])[:1] == ["Tulip Bulb Speculator"]
    assert "Prices Only Go Up!" in candidates(t, ["foe", "Tulip"])
    assert "Bitterballen" in candidates(t, ["play", "Kim"])
    out = play.do("play Kim Bitterballen")        # refused as 'no Kaveri named Kim' before
    assert "Kim plays Bitterballen." in out
