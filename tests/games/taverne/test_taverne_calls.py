"""The nine calls and what each allows (T-CALL-1..9), the end of a turn (T-END-1), mistakes
(T-MIS-1), Spells and Assets within Prestige (T-SPELL-1)."""

from taverne_table import attack_rest, brawl, to_call


def test_T_CALL_1_start_opens_turn_1_call_1_with_the_first_seated_as_pillar():
    b = brawl()
    s = b.public
    assert (s["turn"], s["call"], s["pillar"]) == (1, 1, "Marie")
    assert b.do("status").startswith("T1 call 1 Start of turn! | Pillar Marie")
    assert b.kinds("call")[0]["words"] == "Start of turn!"


def test_T_CALL_2_loot_is_spent_only_in_call_2():
    b = brawl()
    msg = b.fails("buy Marie pint")
    assert msg == "buy is for call 2; this is call 1"
    b.do("call", "buy Marie pint", "buy Marie weapon", "buy Marie pint")
    assert (b.p("Marie")["pints"], b.p("Marie")["loot"], b.p("Marie")["hand"][-1]) == (3, 0, 6)
    assert "0 Loot; 1 needed" in b.fails("buy Marie weapon")


def test_T_CALL_2_militia_only_at_5_prestige_and_the_first_caller_drops_the_trick():
    b = brawl()
    b.state["players"]["Marie"]["trick"] = "Hangover"
    b.state["players"]["Pierre"]["trick"] = "Gout"
    b.do("pint Marie 10", "pint Pierre 10", "pint Cecile 9")
    out = b.do("call")
    assert "Marie and Pierre at 5 Prestige: call the Militia" in out
    assert "the Militia is called at 5" in b.fails("militia Cecile")
    assert "discards the Dirty Trick Hangover" in b.do("militia Marie")
    b.do("militia Pierre")
    assert b.public["militia"] == ["Marie", "Pierre"]
    assert b.state["players"]["Marie"]["trick"] is None
    assert b.state["players"]["Pierre"]["trick"] == "Gout"
    assert "already called" in b.fails("militia Marie")


def test_T_CALL_3_a_player_who_sets_none_aside_sets_aside_no_dodges():
    """`dodges NAME` with no value: 'no Dodges' when none is set aside this turn ('no more
    Dodges' read as if the player had set some aside), 'no more' after some."""
    b = brawl()
    to_call(b, 3)
    assert b.do("dodges Cecile") == "Cecile sets aside no Dodges"
    b.do("dodges Pierre 2")
    assert b.do("dodges Pierre") == "Pierre sets aside no more Dodges"


def test_T_CALL_3_the_last_weapon_in_hand_is_never_set_aside():
    b = brawl()
    b.do("pint Marie 10", "call", "call")
    msg = b.fails("dodges Marie 1 2 3 4 5")
    assert "must keep a Weapon in hand" in msg
    b.do("dodges Marie 1 2 3 4")
    assert "no Weapon 1 in hand" in b.fails("dodges Marie 1")
    assert b.p("Marie")["hand"] == [5]


def test_T_CALL_4_attacks_are_sealed_and_call_waits_for_every_attacker():
    b = brawl()
    to_call(b, 4)
    out = b.do("attack Marie --on Pierre --weapon 4")
    assert out == "Marie's Attack is placed face down"
    assert b.fails("call") == "still to attack: Pierre, Cecile, Jacques (T-CALL-4)"
    assert "already attacked" in b.fails("attack Marie --on Jacques --weapon 2")
    assert b.p("Marie")["hand"] == [1, 2, 3, 4, 5]   # the sealed Weapon still shows
    assert b.public["attacks"] == []


def test_T_CALL_4_a_stunned_player_still_attacks():
    b = brawl()
    b.do("energy Pierre -30")
    to_call(b, 4)
    attack_rest(b)
    assert any(q["attacker"] == "Pierre" for q in b.state["quarrels"])


def test_T_CALL_5_an_attack_with_no_dodge_succeeds_and_a_guess_wins_p_loot():
    b = brawl(2, loot=3)
    b.do("pint Pierre 3", "pint Marie 3", "call", "buy Marie weapon", "buy Pierre weapon",
         "call", "dodges Pierre 1", "call")
    b.do("attack Marie --on Pierre --weapon 6", "attack Pierre --on Marie --weapon 6")
    b.do("call", "dodge Pierre --against Marie 6", "call")
    # Pierre guessed Marie's 6: + Marie's Prestige (3); his own 6, not dodged, hit: + 3 more
    assert (b.p("Pierre")["loot"], b.p("Pierre")["energy"]) == (2 + 3 + 3, 30)
    assert (b.p("Marie")["loot"], b.p("Marie")["energy"]) == (2, 24)


def test_T_CALL_5_dodges_are_limited_to_those_set_aside():
    b = brawl(3)
    b.do("pint Marie 1", "call", "call", "dodges Marie 1", "call",
         "attack Pierre --on Marie --weapon 3", "attack Cecile --on Marie --weapon 3",
         "attack Marie --on Pierre --weapon 2", "call", "dodge Marie --against Pierre 3")
    assert "1 Dodges, 1 already committed" in b.fails("dodge Marie --against Cecile 3")
    assert "not attacking" in b.fails("dodge Pierre --against Cecile 1")


def test_T_CALL_6_the_stunned_are_shown_the_door():
    b = brawl(loot=2)
    b.state["players"]["Pierre"]["character"] = "Ghoul"
    b.do("pint Pierre 3", "energy Pierre -28", "energy Cecile -30")
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 3", "attack Jacques --on Marie --weapon 1")
    attack_rest(b)
    b.do("call", "call")
    assert b.p("Pierre")["stunned"]
    b.do("energy Cecile 2")          # a card puts Cécile back on her feet before call 6
    out = b.do("call")
    assert "Pierre is shown the door; Ghoul goes to the KO pile (credited to Marie)" in out
    p = b.p("Pierre")
    assert (p["eliminated"], p["pints"], p["loot"]) == (True, 1, 0)
    assert b.state["ko_pile"] == ["Ghoul"]
    assert not b.p("Cecile")["eliminated"]


def test_T_CALL_6_status_shows_a_player_shown_the_door_as_out_with_no_pint_and_not_stunned():
    from guide.games.taverne.toolbar import status_notes, status_rows
    b = brawl(loot=2)
    b.do("energy Pierre -30")
    to_call(b, 6)
    b.do("call")                                  # call 6: Pierre is shown the door
    rows = {r[0]: r for r in status_rows(b.state)}
    assert rows["Pierre"] == ["Pierre", "-", "-", "-", "-", "-", "-", "-"]
    assert rows["Marie"][1] == 1 and "Stunned" not in str(rows["Marie"][3])
    assert "Pierre: shown the door" in status_notes(b.state)
    assert "Stunned" not in b.do("status").split("Pierre", 1)[1].split("\n", 1)[0]
    from guide.games.taverne.game import TaverneGame
    tv = TaverneGame().view(b.table)                # the TV's card says only "shown the door"
    pierre = tv["said"]["seats"][[s["name"] for s in tv["seats"]].index("Pierre")]
    assert pierre == {"lines": [], "state": "shown the door"}


def _militia_turn(b, *lines):
    to_call(b, 2)
    b.do(*lines)
    to_call(b, 4)
    attack_rest(b)
    to_call(b, 7)
    return b.do("call")


def test_T_CALL_7_the_militia_finds_the_standing_player_at_5_prestige():
    b = brawl()
    b.do("pint Cecile 10")
    out = _militia_turn(b, "militia Cecile")
    assert out == "The Militia arrives: Cecile wins!"
    assert b.public["winners"] == ["Cecile"] and b.public["over"]
    assert "the brawl is over: Cecile won" in b.fails("call")


def test_T_CALL_7_several_at_5_the_most_loot_wins_still_tied_they_share():
    b = brawl()
    b.do("pint Cecile 10", "pint Jacques 10", "pint Marie 10", "loot Marie -1")
    out = _militia_turn(b, "militia Jacques", "loot Cecile 1", "loot Jacques 1")
    assert b.public["winners"] == ["Cecile", "Jacques"]
    assert "share the win" in out


def test_T_CALL_7_nobody_standing_at_5_is_a_false_alarm():
    b = brawl()
    b.do("pint Jacques 10")
    to_call(b, 2)
    b.do("militia Jacques")
    to_call(b, 7)
    b.do("energy Jacques -30")       # a card Stuns him after call 6
    assert b.do("call").startswith("False alarm")
    assert b.public["winners"] == [] and b.public["call"] == 8


def test_T_CALL_7_false_alarm_when_the_caller_fell_below_5_prestige():
    b = brawl()
    b.do("pint Jacques 10")
    to_call(b, 2)
    b.do("militia Jacques", "mistake Jacques")
    to_call(b, 7)
    assert b.do("call").startswith("False alarm")
    to_call(b, 1)
    assert b.p("Jacques")["pints"] == 10      # the Militia was called: no Pint lost (T-END-1)


def test_T_CALL_8_tricks_of_successful_attacks_are_served_one_kept():
    b = brawl()
    b.state["players"]["Marie"]["specialties"] = {"Crypte": 1}
    b.state["players"]["Jacques"]["specialties"] = {"Crypte": 1}
    b.state["players"]["Cecile"]["specialties"] = {"Crypte": 1}
    b.do("pint Pierre 1", "pint Marie 1")
    to_call(b, 3)
    b.do("dodges Pierre 1", "dodges Marie 1")
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 2 --trick Hangover",
         "attack Cecile --on Pierre --weapon 3 --trick Gout",
         "attack Jacques --on Marie --weapon 4 --trick Fleas",
         "attack Pierre --on Cecile --weapon 5")
    b.do("call")
    assert b.state["players"]["Marie"]["specialties"] == {"Crypte": 0}
    b.do("dodge Marie --against Jacques 4", "call", "call", "call")
    out = b.do("call")
    assert "Jacques's Dirty Trick Fleas is discarded" in out
    assert "Pierre suffers the Dirty Trick: Hangover (keeps one of Hangover and Gout:" \
        " `trick Pierre NAME`)" in out
    b.do("trick Pierre Gout")
    assert b.view()["counters"]["Pierre"]["trick"] == "Gout"
    assert "served this turn" in b.fails("trick Pierre Fleas")


def test_T_CALL_9_a_loot_for_positive_energy_and_the_pillar_passes_left_skipping_the_absent():
    b = brawl(loot=1)
    b.do("energy Cecile -30", "leave Pierre")
    to_call(b, 4)
    attack_rest(b)
    to_call(b, 6)
    b.do("energy Cecile 1")
    to_call(b, 9)
    b.do("energy Cecile -1", "call")
    # each hit their left neighbour for +1 in call 5; in call 9, +1 for positive Energy only,
    # nothing for Pierre, away
    loots = {n: b.p(n)["loot"] for n in ("Marie", "Pierre", "Cecile", "Jacques")}
    assert loots == {"Marie": 3, "Pierre": 1, "Cecile": 2, "Jacques": 3}
    assert b.public["pillar"] == "Cecile"
    assert b.public["turn"] == 2


def test_T_END_1_the_lone_survivor_wins_without_5_prestige():
    b = brawl(3)
    b.do("energy Pierre -30", "energy Cecile -30")
    to_call(b, 4)
    attack_rest(b)
    to_call(b, 9)
    out = b.do("call")
    assert "Marie is the last one standing: Marie wins! (T-END-1)" in out
    assert b.public["winners"] == ["Marie"]


def test_T_END_1_nobody_standing_ends_without_a_winner():
    b = brawl(2)
    to_call(b, 9)
    b.do("energy Marie -30", "energy Pierre -30")
    assert "no winner" in b.do("call")
    assert b.public["over"] and b.public["winners"] == []


def test_T_END_1_a_pint_lost_at_5_prestige_without_a_militia_call():
    b = brawl()
    b.do("pint Marie 10")
    to_call(b, 4)
    attack_rest(b)
    to_call(b, 9)
    out = b.do("call")
    assert "Marie is at 5 Prestige and nobody called the Militia: -1 Pint (10, Prestige 4)" in out
    assert (b.p("Marie")["pints"], b.p("Marie")["prestige"]) == (10, 4)


def test_T_MIS_1_a_mistake_costs_a_pint_never_below_1():
    b = brawl()
    b.do("pint Pierre 1")
    assert "Pierre makes a mistake (T-MIS-1): -1 Pints: 1" in b.do("mistake Pierre")
    b.do("mistake Pierre")
    assert b.p("Pierre")["pints"] == 1


def test_T_SPELL_1_spells_at_most_prestige_a_turn_none_while_stunned():
    b = brawl()
    b.state["players"]["Marie"]["specialties"] = {"Crypte": 3}
    b.do("spell Marie Cercueil")
    assert "1 Spell this turn already" in b.fails("spell Marie")
    b.do("energy Marie -30", "pint Marie 1")
    assert "Stunned: no Spell" in b.fails("spell Marie")


def test_T_SPELL_1_assets_in_play_at_most_prestige():
    b = brawl()
    b.state["players"]["Jacques"]["specialties"] = {"Crypte": 3}
    b.do("pint Jacques 2", "call", "asset Jacques 'Lucky Mug'", "asset Jacques Helmet")
    assert "at most 2 Assets in play" in b.fails("asset Jacques Shield")
    assert "Assets in play and" not in b.do("mistake Jacques")
    out = b.do("mistake Jacques")
    assert "Jacques has 2 Assets in play and 1 Prestige: discard one" in out
    b.do("asset Jacques Helmet --back")
    assert b.view()["counters"]["Jacques"]["assets"] == ["Lucky Mug"]
