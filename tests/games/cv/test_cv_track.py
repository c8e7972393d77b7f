"""The track and the game: V-SET-1, V-TURN-1 phase 5, V-TURN-3, V-HELP-1, V-END-1."""

from __future__ import annotations

from cv_support import Table, give_card

from guide.games.cv import phase, track


def _skip_turn(t: Table) -> None:
    who = t.turn_of()
    t.roll(who, "health,health,knowledge,knowledge")
    t.end(who)


def test_v_set_1_two_to_four_players_the_first_holds_the_bicycle_and_starts():
    t = Table()
    assert "2 to 4" in t.fails(phase.players, ["Ann"])
    assert "2 to 4" in t.fails(phase.players, ["A", "B", "C", "D", "E"])
    assert "same name" in t.fails(phase.players, ["Ann", "ann"])
    t.run(phase.players, ["Ann", "Bob", "Cy"])
    assert t.state["bicycle"] == "Ann" and t.turn_of() == "Ann"
    assert t.p("Ann")["cv"]["property"][0]["number"] == 12
    assert t.stack("Bob", "property") == []


def test_v_set_1_five_youth_cards_on_the_track():
    t = Table("Ann", "Bob", decks={"youth": 20, "maturity": 20, "old_age": 20})
    assert t.state["track"]["slots"] == ["youth"] * 5
    assert t.state["track"]["decks"] == {"youth": 15, "maturity": 20, "old_age": 20}


def test_v_turn_1_phase_5_slides_left_and_refills_from_the_current_deck():
    t = Table("Ann", "Bob", "Cy", decks={"youth": 7, "maturity": 20, "old_age": 20})
    t.roll("Ann", "health,health,knowledge,knowledge")
    t.take("Ann", "Jogging", "health", cost="health", slot=2)
    assert t.state["track"]["slots"] == ["youth", None, "youth", "youth", "youth"]
    t.end("Ann")
    assert t.state["track"]["slots"] == ["youth"] * 5
    assert t.state["track"]["decks"]["youth"] == 1


def test_v_turn_3_the_leftmost_card_goes_after_the_last_player_of_the_round():
    t = Table("Ann", "Bob", "Cy", decks={"youth": 30, "maturity": 20, "old_age": 20})
    _skip_turn(t)
    _skip_turn(t)
    assert t.state["track"]["decks"]["youth"] == 25
    t.roll("Cy", "health,health,knowledge,knowledge")
    ev = t.end("Cy")
    assert any(e["kind"] == "track_removed" for e in ev)
    assert t.state["track"]["decks"]["youth"] == 24
    assert t.state["order"]["round"] == 2 and t.turn_of() == "Ann"


def test_v_turn_3_with_two_players_after_every_turn():
    t = Table("Ann", "Bob", decks={"youth": 30, "maturity": 20, "old_age": 20})
    _skip_turn(t)
    assert t.state["track"]["decks"]["youth"] == 24
    _skip_turn(t)
    assert t.state["track"]["decks"]["youth"] == 23


def test_v_turn_1_a_mixed_track_needs_the_place_of_the_card():
    t = Table("Ann", "Bob", "Cy", decks={"youth": 6, "maturity": 20, "old_age": 20})
    t.state["track"]["slots"] = ["youth", "youth", "maturity", "maturity", "maturity"]
    t.roll("Ann", "health,health,knowledge,knowledge")
    assert "--slot" in t.take_fails("Ann", "Jogging", "health", cost="health")
    ev = t.take("Ann", "Jogging", "health", cost="health", slot=3)
    assert ev[0]["deck"] == "maturity"


def test_v_help_1_the_seed_example_eric_with_three_cards_gets_help():
    # Julia 5 cards, Felix 6, Eric 3: Felix has twice Eric's, so Eric is entitled.
    t = Table("Julia", "Felix", "Eric", decks={"youth": 6, "maturity": 20, "old_age": 20})
    for who, n in (("Julia", 4), ("Felix", 6), ("Eric", 3)):
        for i in range(n):
            give_card(t, who, f"{who} {i}", "knowledge")
    t.roll("Julia", "health,health,knowledge,knowledge")
    t.take("Julia", "Jogging", "health", cost="health", slot=1)
    t.take("Julia", "Yoga", "health", cost="health", slot=2)
    ev = t.end("Julia")
    kinds = [e["kind"] for e in ev]
    assert kinds[-2:] == ["deck_out", "help_due"] and ev[-1]["players"] == ["Eric"]
    assert t.state["track"]["slots"] == ["youth"] * 4          # one drawn, then the deck ran out
    assert "social help first" in t.fails(phase.end, "Felix")
    ev = t.take("Eric", "Choir", "relationships", social=True, slot=1)
    assert ev[0]["social"] and t.stack("Eric", "relationships") == ["Choir"]
    assert t.state["track"]["slots"] == ["youth"] * 3 + ["maturity"] * 2
    assert t.turn_of() == "Felix"


def test_v_help_1_several_in_turn_order_from_the_player_who_just_played_and_may_pass():
    t = Table("Ann", "Bob", "Cy", decks={"youth": 6, "maturity": 20, "old_age": 20})
    for i in range(5):
        give_card(t, "Cy", f"c{i}", "knowledge")
    t.roll("Ann", "health,health,knowledge,knowledge")
    t.take("Ann", "Jogging", "health", cost="health", slot=1)     # Ann 2 cards, Bob 0, Cy 5
    t.end("Ann")
    assert track.entitled(t.state) == ["Ann", "Bob"]
    assert t.state["track"]["help"] == ["Ann", "Bob"]
    assert "goes to Ann" in t.fails(phase.pass_help, "Bob")
    t.run(phase.pass_help, "Ann")
    t.run(phase.pass_help, "Bob")
    assert t.turn_of() == "Bob" and t.state["track"]["help"] == []


def test_v_end_1_the_game_ends_after_the_round_when_old_age_holds_fewer_cards_than_players():
    # The seed: "після закінчення раунду", after the player right of the Bicycle holder.
    t = Table("Ann", "Bob", "Cy", decks={"youth": 6, "maturity": 0, "old_age": 4})
    t.state["track"]["decks"]["youth"] = 0
    for who in ("Ann", "Bob", "Cy"):
        t.roll(who, "health,health,knowledge,knowledge")
        if who != "Cy":                          # Cy takes none: one card (V-TURN-3) refills
            t.take(who, "Jogging", "health", cost="health", slot=1)
        ev = t.end(who)
        if who == "Ann":                         # 3 Old age cards left, as many as players
            assert ev[-1]["kind"] == "turn" and t.state["over"] is False
        if who == "Bob":                         # 2 left, fewer than players: the round goes on
            assert t.state["track"]["decks"]["old_age"] == 2
            assert ev[-1] == {"kind": "turn", "player": "Cy", "round": 1} and t.state["over"] is False
    assert ev[-1]["kind"] == "game_over" and t.state["track"]["decks"]["old_age"] == 1
    assert "over" in t.fails(phase.end, "Ann")


def test_v_end_1_every_player_has_as_many_turns_in_a_four_player_game():
    t = Table("Ann", "Bob", "Cy", "Dee", decks={"youth": 6, "maturity": 0, "old_age": 5})
    t.state["track"]["decks"]["youth"] = 0     # each round's end draws one Old age card
    turns = {n: 0 for n in ("Ann", "Bob", "Cy", "Dee")}
    while not t.state["over"]:
        who = t.turn_of()
        t.roll(who, "money,money,money,money")
        t.end(who)
        turns[who] += 1
    assert turns == {"Ann": 2, "Bob": 2, "Cy": 2, "Dee": 2}


def test_v_help_1_a_player_with_no_cv_cards_is_helped_once_another_has_one():
    # The seed: help goes to a player when another has "at least twice as many cards laid
    # out in their CV"; a player with none is the furthest behind, so twice none (none) and
    # more than none (one at least) entitles them; nobody when nobody has a card.
    t = Table("Ann", "Bob", "Cy", decks={"youth": 6, "maturity": 20, "old_age": 20})
    t.p("Ann")["cv"]["property"].clear()            # nobody with a card: the Bicycle aside
    assert track.entitled(t.state) == []
    give_card(t, "Cy", "Choir", "relationships")
    assert track.entitled(t.state) == ["Ann", "Bob"]


def test_v_turn_1_phase_5_a_turn_that_took_nothing_refills_nothing_and_says_nothing():
    # 'Track refilled; decks left: ...' came after every turn that took no card, when no card
    # was drawn; a turn that took one still says what came.
    t = Table("Ann", "Bob", "Cy", decks={"youth": 30, "maturity": 20, "old_age": 20})
    t.roll("Ann", "health,health,knowledge,knowledge")
    ev = t.end("Ann")
    assert [e for e in ev if e["kind"] == "track_refilled"] == []
    assert t.state["track"]["decks"]["youth"] == 25
    t.roll("Bob", "health,health,knowledge,knowledge")
    t.take("Bob", "Jogging", "health", cost="health", slot=2)
    refilled = [e for e in t.end("Bob") if e["kind"] == "track_refilled"]
    assert [e["drawn"] for e in refilled] == [["youth"]]
