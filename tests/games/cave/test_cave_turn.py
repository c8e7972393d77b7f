"""Moving, placing, contents, events and challenges: C-TURN-1..3, C-EV-1..3."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from cave_helpers import BOX, faces, game, next_events, next_tiles

from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.games.cave.flow import end_turn
from guide.games.cave.render import render
from guide.games.cave.state import find
from guide.games.cave.turn import move, next_tile, roll

DICE = Dice(0)


def test_a_move_is_one_square_up_down_left_or_right_never_diagonal_C_TURN_1():
    state = game()
    with pytest.raises(RuleError, match="up, down, left or right"):
        move(state, BOX, DICE, "Ann", "up-left")
    events = move(state, BOX, DICE, "Ann", "left")
    assert (find(state, "Ann")["x"], find(state, "Ann")["y"]) == (4, 3)
    assert [e["kind"] for e in events][:2] == ["placed", "moved"]


def test_one_movement_a_turn_C_TURN_1():
    state = game()
    move(state, BOX, DICE, "Ann", "right")
    with pytest.raises(RuleError, match="this turn's movement"):
        move(state, BOX, DICE, "Ann", "left")


def test_staying_is_ending_the_turn_without_moving_C_TURN_1():
    state = game()
    end_turn(state, BOX, "Ann")
    ann = find(state, "Ann")
    assert ((ann["x"], ann["y"]), ann["energy"], state["turns"]["round"]) == ((5, 3), 7, 2)


def test_no_move_off_the_board_C_TURN_1():
    state = game(at=(0, 0))
    with pytest.raises(RuleError, match="edge of the board"):
        move(state, BOX, DICE, "Ann", "up")


def test_a_move_needs_an_opening_on_the_side_it_leaves_by_C_TURN_1():
    state = game()
    next_tiles(state, ("straight", "normal"))
    move(state, BOX, DICE, "Ann", "up", 0)                   # (5,2) open up and down
    end_turn(state, BOX, "Ann")
    with pytest.raises(RuleError, match="has no opening right"):
        move(state, BOX, DICE, "Ann", "right")


def test_a_placed_tile_that_does_not_open_toward_the_mover_blocks_it_C_TURN_1():
    state = game("Ann", "Bob")
    next_tiles(state, ("straight", "normal"), ("turn", "normal"))
    move(state, BOX, DICE, "Ann", "up", 0)                   # (5,2): up and down only
    end_turn(state, BOX, "Ann")
    move(state, BOX, DICE, "Bob", "right")                   # (6,3), the start's other half
    end_turn(state, BOX, "Bob")
    end_turn(state, BOX, "Ann")
    move(state, BOX, DICE, "Bob", "up", 180)                 # (6,2): down and left
    end_turn(state, BOX, "Bob")
    end_turn(state, BOX, "Ann")
    # the refusal says where and why, where it read 'the tile left of Bob does not open toward it'
    with pytest.raises(RuleError, match="^Bob cannot go left: the tile on 5,2 has no opening right$"):
        move(state, BOX, DICE, "Bob", "left")


@pytest.mark.parametrize("shape, sides", [
    ("straight", ("up", "down")), ("turn", ("up", "right")), ("three-way", ("up", "right", "down")),
    ("dead end", ("up",)), ("four-way", ("up", "right", "down", "left"))])
def test_openings_at_orientation_0_C_TURN_2(shape, sides):
    assert BOX.sides(shape, 0) == sides


def test_orientations_turn_clockwise_C_TURN_2():
    assert BOX.sides("turn", 90) == ("right", "down")
    assert BOX.sides("turn", 180) == ("down", "left")
    assert BOX.sides("turn", 270) == ("up", "left")
    assert BOX.sides("three-way", 90) == ("right", "down", "left")
    assert BOX.sides("dead end", 270) == ("left",)


def test_a_new_tile_gets_the_first_angle_that_lets_the_mover_in_C_TURN_2():
    state = game()
    next_tiles(state, ("turn", "normal"))
    events = move(state, BOX, DICE, "Ann", "up")             # entering from below needs "down"
    assert events[0] == {"kind": "placed", "x": 5, "y": 2, "shape": "turn", "turn": 90,
                         "content": "normal", "openings": ["right", "down"]}


def test_an_orientation_that_does_not_let_the_mover_in_is_refused_C_TURN_2():
    state = game()
    next_tiles(state, ("dead end", "normal"))
    with pytest.raises(RuleError, match=r"does not let Ann in: --turn 180"):
        move(state, BOX, DICE, "Ann", "up", 0)
    move(state, BOX, DICE, "Ann", "up", 180)
    assert BOX.sides("dead end", state["board"]["5,2"]["turn"]) == ("down",)


def test_the_terminal_is_offered_only_the_orientations_that_fit_C_TURN_2():
    state = game()
    next_tiles(state, ("three-way", "normal"))
    shape, fits, _ = next_tile(state, BOX, DICE, "left")      # entering from the right needs "right"
    assert (shape, fits) == ("three-way", [0, 90, 270])


def test_an_empty_draw_pile_is_refilled_by_shuffling_the_discards_C_TURN_2():
    state = game()
    deck = state["tiles"]
    deck["discard"], deck["draw"] = deck["draw"], []
    events = move(state, BOX, DICE, "Ann", "up")
    assert events[0] == {"kind": "reshuffled", "deck": "tiles", "cards": 41}
    assert (len(deck["draw"]), deck["discard"]) == (40, [])


def test_food_gives_one_food_card_once_per_game_per_tile_C_TURN_3():
    state = game()
    next_tiles(state, ("straight", "food"))
    food = state["tiles"]["draw"][0]
    top = state["food"][0]
    events = move(state, BOX, DICE, "Ann", "up")
    assert {"kind": "food", "who": "Ann", "value": top} in events
    assert find(state, "Ann")["food"] == [top]
    end_turn(state, BOX, "Ann")
    move(state, BOX, DICE, "Ann", "down")
    end_turn(state, BOX, "Ann")
    del state["board"]["5,2"]                                 # the tile comes round again
    state["tiles"]["draw"].insert(0, food)
    events = move(state, BOX, DICE, "Ann", "up")
    assert [e["kind"] for e in events] == ["placed", "moved", "food_taken"]
    assert events[-1] == {"kind": "food_taken", "who": "Ann"}
    assert render(events[-1]) == "Ann finds no food: this tile's food was taken"
    assert find(state, "Ann")["food"] == [top]


def test_re_entering_a_tile_does_nothing_more_C_TURN_3():
    state = game()
    next_tiles(state, ("straight", "event"))
    next_events(state, "fire")
    move(state, BOX, DICE, "Ann", "up")
    end_turn(state, BOX, "Ann")
    move(state, BOX, DICE, "Ann", "down")
    end_turn(state, BOX, "Ann")
    events = move(state, BOX, DICE, "Ann", "up")
    assert [e["kind"] for e in events] == ["moved"]
    assert find(state, "Ann")["fire"] == 1


def test_the_exit_takes_the_character_out_at_once_spending_no_energy_C_TURN_3():
    state = game("Ann", "Bob")
    state["tiles"]["draw"].remove("exit")
    state["tiles"]["draw"].insert(0, "exit")
    events = move(state, BOX, DICE, "Ann", "up")
    ann = find(state, "Ann")
    assert (ann["state"], ann["energy"]) == ("out", 8)
    assert {"kind": "exited", "who": "Ann", "round": 1} in events
    assert events[-1] == {"kind": "turn", "who": "Bob", "round": 1}
    end_turn(state, BOX, "Bob")
    move(state, BOX, DICE, "Bob", "up")                       # the exit stays, Bob walks in
    assert find(state, "Bob")["state"] == "out"
    assert (state["phase"], state["ended_by"]) == ("over", "C-TURN-3")


def challenged(items: int = 0):
    state = game()
    next_tiles(state, ("straight", "challenge"))
    find(state, "Ann")["items"] = items
    events = move(state, BOX, DICE, "Ann", "up", 0)
    end_turn(state, BOX, "Ann")                               # Energy 7
    return state, events


def test_a_challenge_stops_the_mover_and_blocks_every_way_but_back_C_TURN_3():
    state, events = challenged()
    assert {"kind": "challenge", "who": "Ann", "need": 7, "energy": 7, "back": "down"} in events
    with pytest.raises(RuleError, match=r"roll Ann \(d20 at or under 7\), or go back down"):
        move(state, BOX, DICE, "Ann", "up")
    move(state, BOX, DICE, "Ann", "down")
    assert (find(state, "Ann")["y"], find(state, "Ann")["challenge"]) == (3, None)


def test_the_blocking_message_names_the_number_of_next_turns_roll_C_TURN_3_C_TURN_6():
    state, events = challenged(items=1)                       # Energy 8 now, 7 when the roll comes
    block = next(e for e in events if e["kind"] == "challenge")
    assert render(block) == ("A challenge blocks Ann: next turn, roll 9 or under on a d20 to go on "
                             "(Energy 7 by then), or go back down")
    assert roll(state, BOX, faces(9), "Ann")[0]["need"] == 9   # the number said is the one used
    assert roll(challenged(items=1)[0], BOX, faces(10), "Ann")[0]["crossed"] is False


def test_a_challenge_roll_at_or_under_energy_crosses_C_TURN_3():
    state, _ = challenged()
    assert roll(state, BOX, faces(7), "Ann") == [
        {"kind": "rolled", "who": "Ann", "face": 7, "need": 7, "crossed": True}]
    move(state, BOX, DICE, "Ann", "up")
    assert find(state, "Ann")["y"] == 1


def test_a_failed_challenge_roll_stays_and_may_roll_again_next_turn_C_TURN_3():
    state, _ = challenged()
    assert roll(state, BOX, faces(8), "Ann")[0]["crossed"] is False
    with pytest.raises(RuleError, match="this turn's movement"):
        move(state, BOX, DICE, "Ann", "down")
    with pytest.raises(RuleError, match="this turn's movement"):
        roll(state, BOX, faces(1), "Ann")
    end_turn(state, BOX, "Ann")                               # Energy 6
    assert roll(state, BOX, faces(6), "Ann")[0]["crossed"] is True


def test_each_challenge_item_adds_2_to_the_roll_C_EV_3():
    state, _ = challenged(items=2)
    assert roll(state, BOX, faces(11), "Ann")[0] == {
        "kind": "rolled", "who": "Ann", "face": 11, "need": 11, "crossed": True}


def test_roll_is_refused_off_a_challenge_C_TURN_3():
    with pytest.raises(RuleError, match="not held by a challenge"):
        roll(game(), BOX, faces(1), "Ann")


def test_every_entry_onto_a_challenge_tile_rolls_also_by_another_character_C_TURN_3():
    state = game("Ann", "Bob")
    next_tiles(state, ("straight", "challenge"))
    move(state, BOX, DICE, "Ann", "up", 0)                    # Ann lays it and is held
    end_turn(state, BOX, "Ann")
    events = move(state, BOX, DICE, "Bob", "up")              # Bob walks onto Ann's challenge
    assert events[-1] == {"kind": "challenge", "who": "Bob", "need": 7, "energy": 7, "back": "down"}
    end_turn(state, BOX, "Bob")
    with pytest.raises(RuleError, match="the challenge blocks the way: roll Ann"):
        move(state, BOX, DICE, "Ann", "up")
    end_turn(state, BOX, "Ann")
    with pytest.raises(RuleError, match="the challenge blocks the way: roll Bob"):
        move(state, BOX, DICE, "Bob", "up")                   # not out the far side unrolled


def test_going_back_and_in_again_rolls_again_C_TURN_3():
    state, _ = challenged()
    move(state, BOX, DICE, "Ann", "down")                     # back to the start tile
    end_turn(state, BOX, "Ann")
    events = move(state, BOX, DICE, "Ann", "up")              # and in again
    assert events[-1] == {"kind": "challenge", "who": "Ann", "need": 5, "energy": 5, "back": "down"}
    end_turn(state, BOX, "Ann")
    with pytest.raises(RuleError, match="the challenge blocks the way"):
        move(state, BOX, DICE, "Ann", "up")


def test_a_crossed_challenge_holds_again_on_the_next_entry_C_TURN_3():
    state, _ = challenged()
    roll(state, BOX, faces(1), "Ann")
    move(state, BOX, DICE, "Ann", "down")                     # crossed: any opening, back too
    end_turn(state, BOX, "Ann")
    assert move(state, BOX, DICE, "Ann", "up")[-1]["kind"] == "challenge"


def test_the_box_variant_blocks_only_the_character_who_lays_it_C_TURN_3():
    box = replace(BOX, challenge_every_entry=False)
    state = game("Ann", "Bob", box=box)
    next_tiles(state, ("straight", "challenge"))
    move(state, box, DICE, "Ann", "up", 0)
    end_turn(state, box, "Ann")
    move(state, box, DICE, "Bob", "up")                       # onto Ann's challenge tile
    assert find(state, "Bob")["challenge"] is None


def test_the_bundled_box_rolls_on_every_entry_C_TURN_3():
    assert BOX.challenge_every_entry is True


def test_paranoia_takes_1_mental_strength_C_EV_1():
    state = game()
    next_tiles(state, ("straight", "event"))
    next_events(state, "paranoia")
    events = move(state, BOX, DICE, "Ann", "up")
    assert events[-2:] == [{"kind": "event", "who": "Ann", "card": "paranoia"},
                           {"kind": "mental", "who": "Ann", "mental": 3, "change": -1}]
    assert state["events"]["discard"] == ["paranoia"]


def test_at_mental_1_the_character_is_stuck_until_another_enters_its_tile_C_EV_1():
    state = game("Ann", "Bob")
    next_tiles(state, ("straight", "event"))
    next_events(state, "paranoia")
    find(state, "Ann")["mental"] = 2
    events = move(state, BOX, DICE, "Ann", "up", 0)
    assert events[-1] == {"kind": "stuck", "who": "Ann"}
    end_turn(state, BOX, "Ann")
    end_turn(state, BOX, "Bob")
    with pytest.raises(RuleError, match="stuck"):
        move(state, BOX, DICE, "Ann", "down")
    end_turn(state, BOX, "Ann")
    events = move(state, BOX, DICE, "Bob", "up")
    assert {"kind": "saved", "who": "Ann", "by": "Bob"} in events
    end_turn(state, BOX, "Bob")
    move(state, BOX, DICE, "Ann", "down")                     # free again
    assert find(state, "Ann")["y"] == 3


def test_a_character_stuck_after_leaving_company_gains_mental_but_stays_stuck_C_EV_1_C_TURN_7():
    state = game("Ann", "Bob")
    next_tiles(state, ("straight", "event"))
    next_events(state, "paranoia")
    find(state, "Ann")["mental"] = 2
    move(state, BOX, DICE, "Ann", "up", 0)                   # Ann started the turn with Bob
    events = end_turn(state, BOX, "Ann")
    ann = find(state, "Ann")
    assert {"kind": "mental", "who": "Ann", "mental": 2, "change": 1} in events
    assert ann["stuck"] is True                               # until someone comes to the tile
    end_turn(state, BOX, "Bob")
    with pytest.raises(RuleError, match="stuck"):
        move(state, BOX, DICE, "Ann", "down")


def test_paranoia_at_mental_1_stays_at_1_and_sticks_again_C_EV_1():
    state = game()
    next_tiles(state, ("straight", "event"))
    next_events(state, "paranoia")
    find(state, "Ann")["mental"] = 1
    events = move(state, BOX, DICE, "Ann", "up", 0)
    assert events[-2:] == [{"kind": "mental", "who": "Ann", "mental": 1, "change": 0},
                           {"kind": "stuck", "who": "Ann"}]
    assert find(state, "Ann")["mental"] == 1


def test_fire_and_items_are_kept_by_who_drew_them_C_EV_2_C_EV_3():
    state = game()
    next_tiles(state, ("straight", "event"), ("straight", "event"))
    next_events(state, "fire", "item")
    move(state, BOX, DICE, "Ann", "up", 0)
    end_turn(state, BOX, "Ann")
    move(state, BOX, DICE, "Ann", "up", 0)
    ann = find(state, "Ann")
    assert (ann["fire"], ann["items"], state["events"]["discard"]) == (1, 1, [])
    assert Counter(state["events"]["draw"]) == {"fire": 3, "item": 2, "paranoia": 13}


def test_an_empty_event_deck_is_refilled_from_its_discards_C_TURN_3():
    state = game()
    next_tiles(state, ("straight", "event"))
    state["events"]["discard"], state["events"]["draw"] = ["paranoia"], []
    events = move(state, BOX, DICE, "Ann", "up")
    assert {"kind": "reshuffled", "deck": "events", "cards": 1} in events
    assert find(state, "Ann")["mental"] == 3
    assert state["events"] == {"draw": [], "discard": ["paranoia"]}
