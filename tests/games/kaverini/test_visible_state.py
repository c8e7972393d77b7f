"""Half-visible state made visible: HP counters (R-DMG-5, R-SHEET-3), a turn lost to sadness
(R-FX-4), abilities used up and effects' remaining turns in `status` (R-ABIL-1, R-FX-4), and
the booklet's good ending (rulebook 1.4) read when the last scene is won and in `recap`."""

import json

from conftest import event, guide


def test_r_dmg_5_each_hit_says_what_hp_counters_absorbed(party):
    party.do("companion Mevrouw de Kat", "confront --scene 1")
    assert party.raw["kaverit"][0]["counters"]["HP"] == 2
    party.do("next", "next")
    events = party.events("foe Bike --roll 5 --on Ann")        # Swerve: 11 + Lv = 12
    hit = event(events, "hit", target="Ann")
    assert (hit["amount"], hit["absorbed"], hit["counters_left"], hit["hp"]) == (12, 2, 0, 10)
    line = "deals 12 Schmerz to Ann: Ann 10/20 HP (HP counters absorb 2, 0 left)."
    assert line in party.do("log 1 --gm")           # Swerve, a foe's move: R-CONF-3


def test_r_dmg_8_the_gms_schmerz_by_hand_shows_its_arithmetic_as_a_hit_does(party):
    """`schmerz NAME N` says how R-DMG-8 shaped it (the taker's Sensitive/Insensitive and H),
    what HP counters absorbed, and the HP before and after, in a confrontation and out."""
    party.do("companion Mevrouw de Kat", "confront --scene 1")
    party.raw["kaverit"][0]["counters"]["H"] = 2
    assert "Ann takes 9 Schmerz (11 - 2 H = 9): Ann 20 → 13/20 HP (HP counters absorb 2, 0" \
        " left)." in party.do("schmerz Ann 11")
    assert "Bob takes 6 Schmerz (11 x 1/2 = 6): Bob 20 → 16/20 HP (HP counters absorb 2, 0" \
        " left)." in party.do("schmerz Bob 11")
    bike = party.do("schmerz Bike 99")            # the whole sum, as a hit deals it
    assert "Runaway Rental Bike takes 99 Schmerz: Runaway Rental Bike 30 → 0/30 HP." \
        in bike
    assert "Bob takes 3 Schmerz (5 x 1/2 = 3): Bob 16 → 13/20 HP." in party.do("schmerz Bob 5")
    assert "Bob takes 3 Schmerz (5 x 1/2 = 3): Bob 16 → 13/20 HP." in party.do("log")


def test_r_dmg_8_a_sum_that_changed_nothing_is_not_shown(party):
    """A hit or the GM's Schmerz showed "(8 = 8)" where nothing changed the number (a foe's
    7+Lv move, its Lv already in): the sum is shown where it worked something out."""
    party.do("confront --scene 1", "next", "next", "foe Bike --roll 2 --on Ann")
    told = party.do("log 1 --gm")
    assert "Wobble deals 5 Schmerz to Ann: Ann 15/20 HP." in told and "(5 = 5)" not in told
    assert "Bob takes 3 Schmerz (5 x 1/2 = 3)" in party.do("schmerz Bob 5")
    assert "Ann takes 2 Schmerz: Ann 15 → 13/20 HP." in party.do("schmerz Ann 2")


def test_an_older_guides_schmerz_event_still_reads():
    from guide.games.kaverini import words

    assert words.render({"kind": "schmerz", "target": "Ann", "lost": 3, "hp": 17,
                         "max_hp": 20}) == "Ann takes 3 Schmerz: 17/20 HP."


def test_r_sheet_3_status_toolbar_and_state_show_hp_counters(party):
    from guide.games.kaverini.screen import toolbar

    party.do("companion Mevrouw de Kat", "confront --scene 1")
    status = party.do("status")
    assert "20/20 +2" in status and "HP +N: N HP counters" in status
    assert "20/20+2" in "".join(text for _, text in toolbar(party.table))
    assert party.state["kaverit"][0]["hp_counters"] == 2
    assert "hp_counters" not in party.state["confrontation"]["foes"][0]


def test_r_sheet_3_guide_state_keeps_its_shape_without_counters(tmp_path):
    campaign = str(tmp_path / "c.sqlite")
    guide("play", "--campaign", campaign, input="kaveri Ann --ability Lagom --technique Anger"
          " --technique Love --technique Happy\n")
    state = json.loads(guide("state", "--campaign", campaign).stdout)
    assert "hp_counters" not in state["kaverit"][0]


def test_r_dmg_8_a_chutzpah_return_into_counters_says_so(party):
    party.do("companion Mevrouw de Kat", "confront --scene 5",
             "use Ann Sadness --on Captain --roll 1")               # Confidence stops it
    events = party.events("use Bob Anger --on Captain --roll 1")    # 1 Schmerz: 1 back
    back = event(events, "chutzpah")
    assert back["amount"] == 0 and back["absorbed"] == 1 and back["counters_left"] == 0
    assert "Bob takes 1 Schmerz back (half of 1, rounded up: 1 x 1/2 = 1) (HP counters absorb 1," \
           " 0 left) (R-ABIL-1)." in \
        party.do("log 1")


def test_r_fx_4_a_foe_immobilized_by_sadness_is_said_to_skip(party):
    party.do("confront --scene 1", "use Ann Sadness --roll 20")
    events = party.events("next")
    assert event(events, "skips", name="Runaway Rental Bike", why="Sadness")
    assert "Runaway Rental Bike skips this turn (immobilized by sadness, R-FX-4)." in \
        party.do("log 1")


def test_r_abil_1_status_shows_abilities_used_up_and_effects_turns_left(party):
    party.do("kaveri Cy --ability Psychic --technique Innocence --technique Love"
             " --technique Happy", "confront --scene 5 --order Cy,Ann,Bob",
             "use Cy Innocence --on Captain --roll 20", "use Ann Sadness --on Spirit --roll 1")
    status = " ".join(party.do("status").split())
    assert "Captain Van der Decken Confidence (used up), Chutzpah;" in status
    assert "Drowned Bell Spirit Confidence (used up)" in status
    party.do("end", "confront --scene 1 --order Cy,Ann,Bob", "use Cy Innocence --roll 20")
    status = " ".join(party.do("status").split())
    assert "Cy: Innocence H +1, 1 turn left" in status
    assert "Innocence H+1" in status                           # the table's column


def test_r_fx_4_status_tells_a_skip_from_the_nervousness_boost(party):
    party.do("kaveri Cy --ability Psychic --technique Nervousness --technique Love"
             " --technique Happy", "confront --scene 1 --order Cy,Ann,Bob",
             "use Cy Nervousness --roll 20")
    status = " ".join(party.do("status").split())
    assert "Cy: skips its turn in round 2 (Nervousness); Nervousness: +2 to E, H or HP" \
           " from its turn in round 3" in status
    assert "skips, nerves" in status


def _win_the_last_scene(party):
    party.do("confront --scene 5", "schmerz Captain 99")      # won when the captain falls


def test_good_ending_is_read_when_the_last_scene_is_won_and_in_recap(party):
    party.do("item Ann Stroopwafel", "item Ann Wooden Clogs")
    party.do("confront --scene 5", "schmerz Spirit 20")
    out = party.do("schmerz Captain 99")                 # its won_when: the captain falls
    assert "The last scene is won: The Silent Carillon of Amsterdam is done" in out
    assert "At noon the next day the Westertoren plays again." in out
    recap = " ".join(party.do("recap").split())
    assert "The adventure is done. At noon the next day the Westertoren plays again." in recap
    assert "That was the last scene of the adventure." in recap
    assert "items: Stroopwafel, Wooden Clogs" in recap    # 4.3: Usage is secret in fights only


def test_recap_lists_an_item_with_usage_between_confrontations(party):
    """Rulebook 4.3: items with Usage are secret in a confrontation; a recap read aloud
    between scenes must not say "items: none" of a Kaveri holding the Carillon Baton."""
    party.do("item Ann 'Carillon Baton'")
    recap = " ".join(party.do("recap").split())
    assert "items: Carillon Baton" in recap and "items: none" not in recap.split("Bob")[0]


def test_r_conf_12_recap_and_guide_state_keep_usage_items_out_in_a_confrontation(party):
    """Rulebook 4.3: "in a confrontation, items with Usage are to be kept secret from all
    other players at all times": a recap read aloud while one runs and `guide state` (what
    anyone may read, as the TV) name only the items on the table; between fights, all."""
    party.do("item Ann Stroopwafel", "item Ann Wooden Clogs", "confront --scene 1")
    recap = " ".join(party.do("recap").split())
    assert "items: Wooden Clogs;" in recap and "Stroopwafel" not in recap
    assert party.state["kaverit"][0]["items"] == ["Wooden Clogs"]
    party.do("end")
    assert "items: Stroopwafel, Wooden Clogs" in " ".join(party.do("recap").split())
    assert party.state["kaverit"][0]["items"] == ["Stroopwafel", "Wooden Clogs"]


def test_a_practice_bout_at_the_last_scene_reads_no_ending(party):
    party.do("scene 5", "confront Drowned Bell Spirit --practice")
    out = party.do("schmerz Spirit 20")
    assert "won" in out and "Westertoren" not in out
    assert "finished" not in party.raw["kaverit"][0]


def test_r_conf_12_the_players_log_never_names_an_item_with_usage(party):
    party.do("item Ann Stroopwafel", "item Ann Wooden Clogs")
    players = party.do("log 2")
    assert "Stroopwafel" not in players and "Wooden Clogs" in players
    assert "Stroopwafel" in party.do("log 2 --gm")


def test_r_conf_3_the_players_log_names_no_foes_move_without_a_psychic_kaveri(party):
    """`log` printed "Runaway Rental Bike rolls its d6: 5 -> Swerve into the Bike Lane." and
    the hit that names it, which the TV's story leaves out: a foe's moves are the GM's
    (log --gm) until a Psychic Kaveri is there."""
    party.do("confront --scene 1", "next", "next", "foe Bike --roll 5 --on Ann")
    players, gm = party.do("log 1"), party.do("log 1 --gm")
    assert "Swerve" not in players and "Round 2." in players
    assert "rolls its d6: 5 -> Swerve into the Bike Lane." in gm and "Lane deals" in gm
    party.raw["kaverit"][0]["ability"] = "Psychic"
    assert "rolls its d6: 5 -> Swerve into the Bike Lane." in party.do("log 1")


def test_r_conf_3_a_foes_move_named_as_a_kaveris_is_kept_from_the_players_too(party):
    """The Rogue Herring Gull's Snarl is also the Anger table's first technique, so the
    secret words set it aside for a Kaveri's own Snarl: `log`, the TV's story and every
    seat's page printed "Rogue Herring Gull uses Snarl (Anger 1)." and its hit, a foe's
    move without a Psychic Kaveri. Whose move it is is said by the event; Bob's Snarl on
    the Gull is still everyone's."""
    party.do("confront Gull", "next", "use Bob Snarl --on Gull --roll 1",
             "foe Gull Snarl --on Ann --roll 1")
    players, gm = party.do("log 1"), party.do("log 1 --gm")
    assert "Snarl" not in players and "Round 2." in players
    assert "Rogue Herring Gull uses Snarl (Anger 1)." in gm and "Snarl deals 1 Schmerz to Ann" in gm
    assert "Bob uses Snarl" in party.do("log 2") and "to Rogue Herring Gull" in party.do("log 2")
    page = json.loads(guide("state", "--campaign", str(party.path), "--seat", "Ann").stdout)
    assert not [line for line in page["view"]["story"] if "Gull uses" in line or "to Ann" in line]
    assert "Bob uses Snarl (Anger 1)." in page["view"]["story"]
    party.raw["kaverit"][0]["ability"] = "Psychic"
    assert "Rogue Herring Gull uses Snarl (Anger 1)." in party.do("log 1")


def test_status_between_scenes_shows_the_party_and_says_no_fight_runs(party):
    party.do("buddy Tess")
    out = party.do("status")
    assert out.startswith("No confrontation is running (confront starts one). The party:")
    assert "Ann" in out and "Bob" in out and "Tess the Bell-Ringer 12/12 HP" in out
