"""Eating raw or cooked, fire, sharing: C-TURN-4, C-EV-2, C-DECK-2."""

from __future__ import annotations

import pytest
from cave_helpers import BOX, game, next_meals

from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.games.cave.meals import eat, give
from guide.games.cave.state import find
from guide.games.cave.turn import move

DICE = Dice(0)


def hungry(energy: int, food: list[int], fire: int = 0, *others: str):
    state = game("Ann", *others)
    ann = find(state, "Ann")
    ann["energy"], ann["food"], ann["fire"] = energy, list(food), fire
    return state, ann


def test_raw_plus_minus_0_gives_the_food_value_C_TURN_4():
    state, ann = hungry(4, [3])
    next_meals(state, ("+-0", "+1"))
    events = eat(state, BOX, DICE, "Ann")
    assert events == [{"kind": "meal", "who": "Ann", "value": 3, "cooked": False, "result": "+-0",
                       "energy": 7, "change": 3}]
    assert ann["food"] == []
    assert state["meals"]["discard"] == [["+-0", "+1"]]


def test_cooked_plus_1_gives_value_plus_1_and_spends_the_fire_C_TURN_4_C_EV_2():
    state, ann = hungry(4, [3], fire=1)
    next_meals(state, ("+-0", "+1"))
    events = eat(state, BOX, DICE, "Ann", cooked=True)
    assert events[0] == {"kind": "fire", "who": "Ann", "for": "Ann"}
    assert (ann["energy"], ann["fire"], state["events"]["discard"]) == (8, 0, ["fire"])


def test_energy_never_exceeds_8_C_TURN_4():
    state, ann = hungry(7, [4])
    next_meals(state, ("+-0", "+1"))
    assert eat(state, BOX, DICE, "Ann")[0]["change"] == 1
    assert ann["energy"] == 8


def test_no_nutritional_value_gives_nothing_C_TURN_4():
    state, ann = hungry(5, [4])
    next_meals(state, ("no nutritional value", "+1"))
    eat(state, BOX, DICE, "Ann")
    assert ann["energy"] == 5


@pytest.mark.parametrize("cooked, sides, result", [
    (False, ("poisonous", "+1"), "poisonous"),
    (True, ("+-0", "cooking catastrophe"), "cooking catastrophe")])
def test_poison_or_a_catastrophe_costs_1_energy_and_the_food_C_TURN_4(cooked, sides, result):
    state, ann = hungry(5, [4], fire=1)
    next_meals(state, sides)
    events = eat(state, BOX, DICE, "Ann", cooked=cooked)
    assert events[-1]["result"] == result
    assert ann["energy"] == 4


def test_a_bad_meal_at_energy_1_kills_C_TURN_4_C_TURN_6():
    state, ann = hungry(1, [2])
    next_meals(state, ("poisonous", "+1"))
    events = eat(state, BOX, DICE, "Ann")
    assert {"kind": "died", "who": "Ann", "cause": "poisonous", "rule": "C-TURN-4"} in events
    assert (ann["state"], state["phase"], state["ended_by"]) == ("dead", "over", "C-TURN-4")


def test_one_meal_card_per_food_card_and_one_fire_for_the_whole_meal_C_TURN_4_C_EV_2():
    state, ann = hungry(1, [1, 2], fire=2)
    next_meals(state, ("+-0", "+1"), ("+-0", "+-0"))
    events = eat(state, BOX, DICE, "Ann", cooked=True)
    assert [e.get("result") for e in events if e["kind"] == "meal"] == ["+1", "+-0"]
    assert (ann["energy"], ann["fire"]) == (5, 1)


def test_eating_chosen_food_cards_by_value_C_TURN_4():
    state, ann = hungry(3, [1, 4, 2])
    next_meals(state, ("+-0", "+1"))
    eat(state, BOX, DICE, "Ann", values=[4])
    assert (ann["energy"], ann["food"]) == (7, [1, 2])
    with pytest.raises(RuleError, match=r"no food card of value 3 \(holds 1, 2\)"):
        eat(state, BOX, DICE, "Ann", values=[3])


def test_cooking_needs_a_fire_at_hand_C_EV_2():
    state, ann = hungry(3, [2], 0, "Bob")
    with pytest.raises(RuleError, match="no fire card at hand"):
        eat(state, BOX, DICE, "Ann", cooked=True)
    assert ann["food"] == [2]
    find(state, "Bob")["fire"] = 1                              # Bob is on the same tile
    next_meals(state, ("+-0", "+1"))
    events = eat(state, BOX, DICE, "Ann", cooked=True)
    assert events[0] == {"kind": "fire", "who": "Bob", "for": "Ann"}
    assert (find(state, "Bob")["fire"], ann["energy"]) == (0, 6)


def test_eating_with_no_food_is_refused_C_TURN_4():
    with pytest.raises(RuleError, match="Ann has no food card"):
        eat(game(), BOX, DICE, "Ann")


def test_a_food_card_may_be_given_on_the_same_tile_C_TURN_4():
    state, ann = hungry(5, [2, 4], 0, "Bob")
    assert give(state, "Ann", "bob", 4) == [{"kind": "gave", "who": "Ann", "to": "Bob", "value": 4}]
    assert (ann["food"], find(state, "Bob")["food"]) == ([2], [4])
    move(state, BOX, DICE, "Ann", "up")                       # Ann on a tile of her own
    with pytest.raises(RuleError, match="Bob is not on Ann's tile"):
        give(state, "Ann", "Bob")


def test_an_empty_meal_deck_is_refilled_from_its_discards_C_TURN_3():
    state, ann = hungry(3, [2])
    state["meals"]["discard"], state["meals"]["draw"] = state["meals"]["draw"], []
    events = eat(state, BOX, DICE, "Ann")
    assert events[0] == {"kind": "reshuffled", "deck": "meals", "cards": 16}
    assert (len(state["meals"]["draw"]), len(state["meals"]["discard"])) == (15, 1)
