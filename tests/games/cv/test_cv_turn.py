"""The turn: V-TURN-1, V-TURN-2, V-HAPPY-1, V-FAIL-1, V-UPKEEP-1, V-TWO-1, V-EVENT-1."""

from __future__ import annotations

import copy

from cv_support import Table, give_card, lib, syms

from guide.core.errors import RuleError
from guide.games.cv import phase, pool
from guide.games.cv.dice import change


def test_v_turn_1_one_or_two_cards_a_turn():
    t = Table("Ann", "Bob")
    t.roll("Ann", "money,money,health,knowledge")
    t.take("Ann", "Jogging", "health", cost="health")
    t.take("Ann", "School", "knowledge", cost="knowledge")
    refused = t.take_fails("Ann", "Used car", "property", cost="money")
    assert "Ann has taken two cards this turn: two at most" in refused


def test_v_turn_1_tokens_are_exactly_what_the_active_cards_give_after_the_turn():
    t = Table("Ann", "Bob")
    t.roll("Ann", "money,money,health,knowledge")
    t.take("Ann", "Jogging", "health", cost="health", gives="health")
    assert t.p("Ann")["tokens"] == []           # a new card's tokens come in phase 5
    t.end("Ann")
    assert [x["symbol"] for x in t.p("Ann")["tokens"]] == ["health"]


def test_v_turn_1_tokens_of_a_covered_card_go():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Office", "job", gives=["money", "money"])
    t.p("Ann")["tokens"] = [{"symbol": "money", "card": "Office", "used": False}] * 2
    t.roll("Ann", "money,money,health,knowledge")
    t.take("Ann", "Bank", "job", cost="2money", gives="money,happiness")
    t.end("Ann")
    assert [x["symbol"] for x in t.p("Ann")["tokens"]] == ["money", "happiness"]


def test_v_turn_2_health_may_go_under_a_card_job_always_on_top():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Yoga", "health")
    give_card(t, "Ann", "Office", "job")
    t.roll("Ann", "money,money,health,knowledge")
    t.take("Ann", "Jogging", "health", cost="health", under="Yoga")
    assert "always goes on top" in t.take_fails("Ann", "Bank", "job", under="Office")
    t.end("Ann")
    assert t.stack("Ann", "health") == ["Jogging", "Yoga"]


def test_v_turn_2_events_go_to_the_hand_never_the_cv():
    t = Table("Ann", "Bob")
    t.roll("Ann", "money,money,health,knowledge")
    t.take("Ann", "Party", "event", cost="money", gives="happiness,happiness")
    assert [c["name"] for c in t.p("Ann")["hand"]] == ["Party"]
    assert all(c["type"] != "event" for cards in t.p("Ann")["cv"].values() for c in cards)


def test_v_happy_1_three_happiness_take_a_card_without_its_cost():
    t = Table("Ann", "Bob")
    t.roll("Ann", "happiness,happiness,happiness,knowledge")
    ev = t.take("Ann", "Villa", "property", cost="5money", points=7, happiness=True)
    assert ev[0]["paid"] == ["happiness"] * 3
    assert t.state["turn"]["used"] == [True, True, True, False]


def test_v_happy_1_two_happiness_are_not_enough():
    t = Table("Ann", "Bob")
    t.roll("Ann", "happiness,happiness,money,knowledge")
    assert "2 unused Happiness" in t.take_fails("Ann", "Villa", "property", cost="5money", happiness=True)


def test_v_happy_1_a_special_condition_still_applies():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Office", "job")
    t.roll("Ann", "happiness,happiness,happiness,knowledge")
    assert "no Job card" in t.take_fails("Ann", "57", "job", happiness=True)


def test_v_fail_1_three_failures_cost_one_active_card_of_the_players_choice():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Yoga", "health")
    t.roll("Ann", "failure,failure,failure,knowledge")
    assert "Ann owes 1 active card to Failure" in t.fails(phase.end, "Ann")
    ev = t.run(phase.lose, "Ann", "health")
    assert ev[0]["card"] == "Yoga" and ev[0]["reason"] == "misfortune"
    assert "Ann has already lost a card to these Failures" in t.fails(phase.lose, "Ann", "property")
    t.end("Ann")


def test_v_fail_1_an_empty_cv_three_failures_and_a_card_bought_the_turn_ends():
    # V-FAIL-1 / V-TURN-1: phase 3's misfortune takes a card recorded before this turn; the
    # card bought waits beside the CV until phase 4, so Bob (no card yet) can end the turn.
    t = Table("Ann", "Bob")
    t.roll("Ann", "money,money,health,knowledge")
    t.end("Ann")
    t.p("Bob")["cv"]["property"] = []
    t.roll("Bob", "failure,failure,failure,money")
    t.take("Bob", "Used car", "property", cost="money", points=2)
    assert "has no Property" in t.fails(phase.lose, "Bob", "property")
    t.end("Bob")
    assert t.stack("Bob", "property") == ["Used car"] and t.turn_of() == "Ann"


def test_v_fail_1_lose_drops_the_previously_active_card_not_the_new_one():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "School", "knowledge")
    t.roll("Ann", "failure,failure,failure,knowledge")
    t.take("Ann", "University", "knowledge", cost="knowledge")
    ev = t.run(phase.lose, "Ann", "knowledge")
    assert ev[0]["card"] == "School"
    t.end("Ann")
    assert t.stack("Ann", "knowledge") == ["University"]


def test_v_fail_1_six_failures_cost_two_cards_and_failure_tokens_count():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Yoga", "health")
    t.p("Ann")["tokens"] = [{"symbol": "failure", "card": "x", "used": False}]
    t.roll("Ann", "failure,failure,failure,failure,failure,money")
    assert pool.misfortunes_owed(t.state["turn"], t.p("Ann"), lib()) == 2


def test_v_fail_1_dads_corporation_makes_a_failure_so_two_on_the_dice_cost_a_card():
    t = Table("Ann", "Bob")
    t.roll("Ann", "money,money,health,knowledge")
    ev = t.take("Ann", "28", "job", cost="money", gives="2money")
    assert ev[0]["gives"] == ["money", "money", "failure"]
    t.end("Ann")
    t.roll("Bob")
    t.state["turn"]["dice"] = ["money"] * 4
    t.end("Bob")
    t.roll("Ann", "failure,failure,health,knowledge")
    assert pool.misfortunes_owed(t.state["turn"], t.p("Ann"), lib()) == 1


def test_v_fail_1_life_insurance_saves_the_card():
    t = Table("Ann", "Bob")
    t.run(phase.note_hand, "Ann", "Life insurance", [])
    t.roll("Ann", "failure,failure,failure,knowledge")
    ev = t.run(phase.play, "Ann", "30")
    assert ev[0]["effect"] == "insurance"
    t.end("Ann")
    assert t.stack("Ann", "property") == ["Bicycle"]


def test_v_upkeep_1_a_crossed_symbol_is_paid_each_turn_from_unused_dice():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Sports car", "property", upkeep=["money"], points=5)
    t.state["turn"] = phase.new_turn(t.p("Ann"))
    t.roll("Ann", "money,health,health,knowledge")
    ev = t.end("Ann")
    assert ev[0]["kind"] == "upkeep_paid"
    assert t.stack("Ann", "property") == ["Bicycle", "Sports car"]


def test_v_upkeep_1_dice_used_to_take_cards_cannot_pay_and_the_card_goes():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Sports car", "property", upkeep=["money"], points=5)
    t.state["turn"] = phase.new_turn(t.p("Ann"))
    t.roll("Ann", "money,health,health,knowledge")
    t.take("Ann", "Shop", "job", cost="money")
    ev = t.end("Ann")
    assert ev[0] == {"kind": "lost", "player": "Ann", "card": "Sports car", "number": None,
                     "type": "property", "reason": "upkeep", "owed": 0}
    assert t.stack("Ann", "property") == ["Bicycle"]


def test_v_two_1_a_two_coloured_card_waits_for_its_colour_then_joins():
    t = Table("Ann", "Bob")
    t.roll("Ann", "money,money,health,knowledge")
    ev = t.take("Ann", "Coach", "health", also="relationships", cost="health")
    t.end("Ann")
    assert ev[0]["waiting"] is True and [c["name"] for c in t.p("Ann")["waiting"]] == ["Coach"]
    t.roll("Bob")
    t.end("Bob")
    t.roll("Ann", "money,money,health,knowledge")
    said = t.take_fails("Ann", "Friend", "relationships", cost="knowledge")   # V-TWO-1: not by itself
    assert said == ("Ann's Coach (Health / Relationships) waits for a stack: Ann chooses it now"
                    " (V-TWO-1): --waiting health|relationships")
    ev = t.take("Ann", "Friend", "relationships", cost="knowledge", waiting=["relationships"])
    assert ev[0]["choices"] == [{"card": "Coach", "type": "relationships"}]
    t.end("Ann")
    assert t.stack("Ann", "relationships") == ["Coach", "Friend"]
    assert t.p("Ann")["waiting"] == []


def test_v_two_1_the_owner_may_choose_the_other_colour_when_the_choice_comes():
    t = Table("Ann", "Bob")
    t.roll("Ann", "money,money,health,knowledge")
    t.take("Ann", "Coach", "health", also="relationships", cost="health")
    t.end("Ann")
    t.roll("Bob")
    t.end("Bob")
    t.roll("Ann", "money,money,health,knowledge")
    assert "--waiting: Coach is Health / Relationships, not Job (V-TWO-1)" == t.take_fails(
        "Ann", "Friend", "relationships", cost="knowledge", waiting=["job"])
    ev = t.take("Ann", "Friend", "relationships", cost="knowledge", waiting=["health"])
    assert t.text(ev).endswith("; Coach goes into Health (Здоров'я) (V-TWO-1)")
    assert "no two-coloured card" in t.take_fails("Ann", "Pal", "relationships", cost="money",
                                                  waiting=["health"])
    t.take("Ann", "Gym", "health", cost="money")       # chosen already: not asked again
    t.end("Ann")
    assert t.stack("Ann", "health") == ["Coach", "Gym"] and t.stack("Ann", "relationships") == ["Friend"]
    assert t.p("Ann")["waiting"] == []


def test_v_two_1_with_a_stack_of_one_colour_the_owner_chooses_at_once():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Yoga", "health")
    t.roll("Ann", "money,money,health,knowledge")
    t.take("Ann", "Coach", "health", also="relationships", cost="health")
    t.end("Ann")
    assert t.stack("Ann", "health") == ["Yoga", "Coach"]


def test_v_event_1_an_event_is_played_from_the_hand_for_this_turn_only():
    t = Table("Ann", "Bob")
    t.roll("Ann", "health,health,health,knowledge")
    t.take("Ann", "Lottery", "event", cost="", gives="2money")
    ev = t.run(phase.play, "Ann", "Lottery")
    assert ev[0]["symbols"] == ["money", "money"] and t.p("Ann")["hand"] == []
    t.take("Ann", "Used car", "property", cost="2money", points=2)
    t.end("Ann")
    assert "holds no" in t.fails(phase.play, "Bob", "Lottery")


def test_special_11_zoo_trip_adds_two_dice_to_the_next_roll():
    t = Table("Ann", "Bob")
    t.run(phase.note_hand, "Ann", "11", [])
    t.roll("Ann", "health,health,health,knowledge")
    t.run(phase.play, "Ann", "Zoo trip")
    ev = t.reroll("Ann", [1], "money,money,money")
    assert ev[0]["added"] == ["money", "money"] and len(t.state["turn"]["dice"]) == 6


def test_special_29_pension_fund_needs_an_old_age_card_on_the_track():
    t = Table("Ann", "Bob", decks={"youth": 6, "maturity": 1, "old_age": 9})
    t.run(phase.note_hand, "Ann", "29", [])
    assert "Old age card" in t.fails(phase.play, "Ann", "Pension fund")
    t.state["track"]["slots"][4] = "old_age"
    ev = t.run(phase.play, "Ann", "Pension fund")
    assert ev[0]["symbols"] == ["money"] * 4


def test_special_35_illusionist_never_into_happiness_or_failure_and_once():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Illusionist", "knowledge", number=35)
    t.roll("Ann", "health,health,failure,knowledge")
    assert "only" in t.fails(change, "Ann", 35, "1", "happiness")
    assert "only" in t.fails(change, "Ann", 35, "1", "failure")
    t.run(change, "Ann", 35, "1", "money")
    assert t.state["turn"]["dice"][0] == "money"
    assert "this turn" in t.fails(change, "Ann", 35, "2", "money")


def test_special_35_illusionist_never_changes_a_frozen_failure_V_DICE_2():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Illusionist", "knowledge", number=35)
    t.roll("Ann", "health,failure,failure,failure")
    before = copy.deepcopy(t.state)
    assert "never changes a Failure" in t.fails(change, "Ann", 35, "2", "money")
    assert t.state == before and t.state["turn"]["dice"][1] == "failure"
    t.run(change, "Ann", 35, "1", "money")           # another die: as before
    assert t.state["turn"]["dice"] == ["money", "failure", "failure", "failure"]


def test_special_35_illusionist_never_changes_a_failure_token_V_DICE_2():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Illusionist", "knowledge", number=35)
    t.p("Ann")["tokens"].append({"symbol": "failure", "card": "Job in dad's corporation",
                                 "used": False})
    t.roll("Ann", "health,health,health,knowledge")
    assert "never changes a Failure" in t.fails(change, "Ann", 35, "t1", "money")


def test_special_45_trip_around_the_world_turns_a_failure_only():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Trip around the world", "property", number=45, points=4)
    t.roll("Ann", "health,failure,failure,failure")
    assert "changes a Failure" in t.fails(change, "Ann", 45, "1", "money")
    ev = t.run(change, "Ann", 45, "2", "money")
    assert ev[0]["failures"] == 2 and ev[0]["owed"] == 0


def test_special_36_friend_from_work_uses_a_neighbours_job_symbol():
    t = Table("Ann", "Bob", "Cy", "Di")
    give_card(t, "Ann", "Friend from work", "relationships", number=36)
    give_card(t, "Bob", "Bank", "job", gives=["money"])
    give_card(t, "Cy", "Mine", "job", gives=["money"])
    t.roll("Ann", "health,health,health,knowledge")
    assert "does not sit beside" in t.fails(phase.borrow, "Ann", "Cy", "money")
    t.run(phase.borrow, "Ann", "Bob", "money")
    t.take("Ann", "Used car", "property", cost="money", points=1)
    assert t.p("Bob")["tokens"] == []   # the neighbour loses nothing (had none to lose)
    assert "one symbol a turn" in t.fails(phase.borrow, "Ann", "Di", "money")


def test_special_41_early_retirement_needs_a_job_then_no_more_jobs():
    t = Table("Ann", "Bob")
    t.roll("Ann", "health,health,health,knowledge")
    assert "at least one Job" in t.take_fails("Ann", "41", "job")
    give_card(t, "Ann", "Office", "job")
    t.take("Ann", "Early retirement", "job")
    assert "no more Job" in t.take_fails("Ann", "Bank", "job", cost="health")


def test_special_43_mnemonics_master_token_is_any_plain_symbol_never_happiness():
    t = Table("Ann", "Bob")
    t.roll("Ann", "health,health,health,knowledge")
    ev = t.take("Ann", "43", "knowledge", cost="knowledge")
    assert ev[0]["gives"] == ["choice"]
    t.end("Ann")
    t.roll("Bob")
    t.state["turn"]["dice"] = ["health"] * 4
    t.end("Bob")
    t.roll("Ann", "health,health,health,health")
    assert "lacks Happiness" in t.take_fails("Ann", "Villa", "property", cost="happiness")
    t.take("Ann", "Used car", "property", cost="money", points=1)


def test_special_60_pension_costs_two_failures_even_after_a_misfortune():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Yoga", "health")
    t.roll("Ann", "failure,failure,failure,knowledge")
    t.run(phase.lose, "Ann", "health")
    assert "costs failure, failure" in t.take_fails("Ann", "60", "property", cost="money")
    t.take("Ann", "Pension", "property", points=3)
    t.end("Ann")
    assert t.stack("Ann", "property") == ["Bicycle", "Pension"]


def test_v_set_1_the_bicycle_is_a_childhood_card_not_taken_from_the_track():
    t = Table("Ann", "Bob")
    t.roll("Ann", "money,money,health,knowledge")
    for name in ("12", "Bicycle", "Велосипед"):
        assert "Childhood card" in t.take_fails("Ann", name, "property", cost="money")
    assert t.stack("Ann", "property") == ["Bicycle"] and t.stack("Bob", "property") == []


def test_a_goal_is_not_taken_onto_the_cv():
    t = Table("Ann", "Bob")
    t.roll("Ann")
    assert "goal NAME G" in t.take_fails("Ann", "Collector", "goal")


def test_symbols_typed_in_ukrainian_any_case_and_counts():
    assert syms("Гроші,2ЗДОРОВ'Я, щастя") == ["money", "health", "health", "happiness"]
    assert syms("здоров’я") == ["health"]
    try:
        syms("gold")
    except RuleError as e:
        assert "unknown symbol 'gold'" in str(e)
    else:
        raise AssertionError("gold is no symbol")
