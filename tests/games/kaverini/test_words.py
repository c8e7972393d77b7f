"""words.py: the only place that reads prose. Rules tests assert event data; these pin the
lines the Tour Guide reads for them, and that every event the engine tells has its line."""

import json

from conftest import event, kaveri
from guide.games.kaverini import words
from guide.games.kaverini.commands.odds import build_setup
from guide.games.kaverini.game import KaveriniGame
from guide.games.kaverini.rules import simulate


def test_a_hit_shows_every_step_of_r_dmg_2_to_4():
    line = words.render({"kind": "hit", "technique": "Kick", "target": "Big Bully", "amount": 3,
                         "base": 2, "emotion": 1, "mult": "1", "heart": 0, "heel": False,
                         "shield": False, "hp": 37, "max_hp": 40})
    assert line == "Kick deals 3 Schmerz to Big Bully (2 +1 E = 3): Big Bully 37/40 HP."
    line = words.render({"kind": "hit", "technique": "Tearjerk", "target": "Owl", "amount": 4,
                         "base": 3, "emotion": 0, "mult": "2", "heart": 2, "heel": True,
                         "shield": False, "hp": 6, "max_hp": 10})
    assert line == "Tearjerk deals 4 Schmerz to Owl (3 x 2 - 2 H = 4; Heel x2): Owl 6/10 HP."


def test_why_an_effect_triggers():
    special = {"kind": "special", "ladder": "Anger", "says": "Your emotions resound!"}
    assert words.render({**special, "why": "roll", "face": 19, "need": 19}) == \
        "Your emotions resound! (d20: 19, needs 19+)"
    assert words.render({**special, "why": "world point"}) == \
        "Your emotions resound! (a world point forces it)"
    assert "nullified (Passionate: first use of the ladder; R-FX-2)" in words.render(
        {"kind": "nullified", "ladder": "Anger", "actor": "Pat", "why": "passionate"})


def test_the_run_away_shows_the_percentile_dice():
    line = words.render({"kind": "runaway", "escaped": False, "roll": 30, "chance": 25,
                         "dice": [[10, 3], [10, 10]]})
    assert line == "The run-away fails (tens 3, ones 10 = 30, needed 25 or less): the foes get a free shot."


def test_a_foes_effect_is_told_from_the_tables_side():
    """The Emotion Table's line speaks to a Kaveri ("Your foe is immobilized by your
    sadness!"): said of a foe's Cryface on Bob, or of the Gull's own Anger, it was false."""
    special = {"kind": "special", "ladder": "Sadness", "says": "Your foe is immobilized by your"
               " sadness!", "why": "roll", "face": 19, "need": 19}
    line = words.render({**special, "actor": "Drowned Bell Spirit", "foe": True})
    assert line == "Drowned Bell Spirit's Sadness effect triggers (d20: 19, needs 19+)."
    assert words.render({**special, "actor": "Ann", "foe": False}).startswith("Your foe is")


def test_a_foes_cryface_on_bob_reads_right_at_the_table(party):
    party.do("confront --scene 5", "next", "next", "foe Captain Blood-Red Sails --on Bob")
    out = " ".join(party.do("foe Spirit Cryface --on Bob --effect-roll 19").split())
    assert "Your foe" not in out and "your sadness" not in out
    assert "Drowned Bell Spirit's Sadness effect triggers" in out
    assert "Bob is immobilized by sadness and skips its next turn." in out


def test_a_practice_bout_is_its_own_sentence(field):
    kaveri(field, "Ann")
    out = field.do("confront 'Big Bully' --practice").splitlines()[0]
    assert out == "Get ready to feel! Big Bully (40 HP) against Ann. A practice bout: no XP (R-CONF-13)."


def test_get_ready_to_feel_names_the_extra_hp(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    out = field.do("confront 'Big Bully' --order Bob,Ann")
    assert out.startswith("Get ready to feel! Big Bully (41 HP) against Bob, Ann (each foe +1 HP"
                          " for 2 Kaverit, R-CONF-4)")
    assert "[round 1, kaverit: Bob, Ann]" in out


def test_the_log_and_the_recap_read_events_through_the_renderer(party):
    party.do("xp Ann 2")
    assert "Ann reaches level 3: 3 + 4 = 7 points to spend." in party.do("log")   # Focused
    recap = " ".join(party.do("recap").split())     # the recap reads the level event's fields
    assert "Ann reached level 3." in recap and "Points still to spend: Ann 7" in recap


def test_an_event_stored_with_its_words_by_an_older_guide_still_reads():
    game = KaveriniGame()
    table = None                                   # the words need no table
    assert game.events.render({"kind": "hit", "text": "Kick deals 3 Schmerz."}, table) \
        == "Kick deals 3 Schmerz."
    assert game.events.render({"kind": "roll", "breakdown": "1d6 (4) = 4", "total": 4}, table) \
        == "1d6 (4) = 4"
    assert game.events.render({"kind": "nothing we know"}, table) is None


def test_every_event_a_fight_tells_has_its_line_and_is_json(party):
    """Headless fights over many seeds tell the common kinds; each renders, after JSON too."""
    party.do("kaveri Cy --ability Passionate --technique Nervousness --technique \"Comic Wit\""
             " --technique Frustration", "xp Cy 4", "buddy \"Hondje the Ship's Dog\"")
    setup = build_setup(party.table, ("Tulip Bulb Speculator", "Grumpy Bridge Keeper"), None,
                        None, ())
    told: dict[str, dict] = {}
    for seed in range(60):
        for e in simulate.play(setup, seed).events:
            told.setdefault(e["kind"], e)
    assert {"confront", "use", "hit", "special", "no_effect", "round", "over", "nervousness",
            "neutralized"} <= set(told)
    assert set(told) <= set(words.RENDERERS)
    for kind, e in told.items():
        line = words.render(json.loads(json.dumps(e)))
        assert isinstance(line, str) and line and "{" not in line, kind


def test_the_players_hear_about_a_psychic(field):
    kaveri(field, "Ann")
    out = field.do("confront 'Big Bully'")
    assert "A Psychic Kaveri is present: the foes' secrets are open to all (R-CONF-3)." in out
    assert event(field.table.story, "psychic")


def test_every_kind_the_code_tells_has_a_renderer():
    """Each say("kind", ...) or tell("kind", ...) in Kaverini's code has its line here."""
    import re
    from pathlib import Path

    told = set()
    for path in Path(words.__file__).parent.rglob("*.py"):
        told |= set(re.findall(r'\b(?:say|tell)\("([a-z_]+)"', path.read_text(encoding="utf-8")))
    assert len(told) > 60 and told <= set(words.RENDERERS), told - set(words.RENDERERS)


def test_next_says_who_passed():
    assert words.render({"kind": "pass", "name": "Ann"}) == "Ann passes."



def test_a_card_healing_its_own_fighter_names_it_once():
    """'Captain Van der Decken: Captain Van der Decken heals 2 HP.' read twice the name."""
    own = {"kind": "card_effect", "do": "heal", "source": "Captain Van der Decken",
           "target": "Captain Van der Decken", "healed": 2}
    assert str(words.render(own)) == "Captain Van der Decken heals 2 HP (its own card)."
    other = {**own, "source": "Poffertjes", "target": "Ann"}
    assert str(words.render(other)) == "Poffertjes: Ann heals 2 HP."
