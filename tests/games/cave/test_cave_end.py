"""The end of a turn, visual range and the end of the game: C-TURN-5..7, C-VIS-1, C-END-1."""

from __future__ import annotations

import pytest
from cave_helpers import BOX, game, next_tiles

from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.games.cave.board import seen_by
from guide.games.cave.flow import end_turn
from guide.games.cave.meals import eat
from guide.games.cave.setup import add_character, start
from guide.games.cave.state import find
from guide.games.cave.turn import move

DICE = Dice(0)


def walk_up(state, name: str, steps: int) -> None:
    for _ in range(steps):
        move(state, BOX, DICE, name, "up", 0)
        end_turn(state, BOX, name)


def test_tiles_out_of_visual_range_go_to_the_discards_C_TURN_5():
    state = game()
    next_tiles(state, ("straight", "normal"), ("straight", "normal"), ("straight", "normal"))
    first = state["tiles"]["draw"][0]
    walk_up(state, "Ann", 2)                                   # Ann on (5,1): the start is out of sight
    walk_up(state, "Ann", 1)                                   # Ann on (5,0): (5,2) is out of sight
    assert sorted(state["board"]) == ["5,0", "5,1"]
    assert state["tiles"]["discard"] == [first]


def test_a_pruned_start_tile_leaves_the_game_C_VIS_1():
    state = game()
    next_tiles(state, ("straight", "normal"), ("straight", "normal"))
    move(state, BOX, DICE, "Ann", "up", 0)
    end = end_turn(state, BOX, "Ann")
    assert "start" in state["pieces"] and not [e for e in end if e["kind"] == "pruned"]
    move(state, BOX, DICE, "Ann", "up", 0)
    end = end_turn(state, BOX, "Ann")
    assert {"kind": "pruned", "squares": [[5, 3], [6, 3]], "start": True} in end
    assert "start" not in state["pieces"] and "start" not in state["tiles"]["discard"]


def test_the_start_tile_stays_while_a_character_is_on_it_C_VIS_1():
    state = game("Ann", "Bob")
    next_tiles(state, ("straight", "normal"), ("straight", "normal"))
    walk_up(state, "Ann", 1)
    end_turn(state, BOX, "Bob")
    walk_up(state, "Ann", 1)
    assert {"5,3", "6,3"} <= set(state["board"])


def test_a_character_sees_its_tile_and_the_linked_neighbours_only_C_VIS_1():
    state = game("Ann", "Bob")
    next_tiles(state, ("dead end", "normal"))
    move(state, BOX, DICE, "Ann", "up", 180)                   # (5,2) open down only
    end_turn(state, BOX, "Ann")
    bob = find(state, "Bob")
    assert seen_by(state, BOX, find(state, "Ann")) == {"5,2", "5,3"}
    assert seen_by(state, BOX, bob) == {"5,3", "6,3", "5,2"}
    move(state, BOX, DICE, "Bob", "right")
    assert seen_by(state, BOX, bob) == {"6,3", "5,3"}


def test_a_discovered_exit_stays_out_of_sight_C_VIS_1():
    state = game("Ann", "Bob")
    state["tiles"]["draw"].remove("exit")
    state["tiles"]["draw"].insert(0, "exit")
    move(state, BOX, DICE, "Ann", "up")
    move(state, BOX, DICE, "Bob", "down")
    next_tiles(state, ("straight", "normal"))
    end_turn(state, BOX, "Bob")
    move(state, BOX, DICE, "Bob", "down", 0)
    end_turn(state, BOX, "Bob")                                # Bob on (5,5): sees neither
    assert state["board"]["5,2"]["id"] == "exit"
    assert "5,3" not in state["board"]


def test_each_end_of_turn_spends_1_energy_C_TURN_6():
    state = game()
    assert end_turn(state, BOX, "Ann")[0] == {"kind": "energy", "who": "Ann", "energy": 7, "change": -1}


def test_a_character_dies_when_its_energy_reaches_0_C_TURN_6():
    state = game("Ann", "Bob")
    ann = find(state, "Ann")
    ann["energy"], ann["fire"], ann["items"], ann["food"] = 1, 1, 2, [3]
    events = end_turn(state, BOX, "Ann")
    assert {"kind": "died", "who": "Ann", "cause": "starved", "rule": "C-TURN-6"} in events
    assert (ann["state"], ann["energy"], ann["food"]) == ("dead", 0, [])
    assert sorted(state["events"]["discard"]) == ["fire", "item", "item"]
    assert events[-1] == {"kind": "turn", "who": "Bob", "round": 1}


def test_the_turns_pruning_comes_before_the_energy_that_kills_C_TURN_5_C_TURN_6():
    """C-TURN-5, THEN C-TURN-6: the end of the turn spent the Energy first and pruned after,
    by the sight of the living only, so a character who starved had the tiles around it
    discarded at once (a game everyone lost ended on an empty board). Pruning first, by its
    sight, discards only what it did not see; then it dies."""
    state = game()
    next_tiles(state, ("straight", "normal"), ("straight", "normal"))
    upper = state["tiles"]["draw"][:2]
    walk_up(state, "Ann", 1)                                   # Ann on (5,2): sees the start
    move(state, BOX, DICE, "Ann", "up", 0)                     # Ann on (5,1): sees (5,1), (5,2)
    ann = find(state, "Ann")
    ann["energy"] = 1
    events = end_turn(state, BOX, "Ann")
    assert [e["kind"] for e in events] == ["pruned", "energy", "died", "over"]
    assert events[0] == {"kind": "pruned", "squares": [[5, 3], [6, 3]], "start": True}
    assert {k: p["id"] for k, p in state["board"].items()} == {"5,2": upper[0], "5,1": upper[1]}
    assert state["tiles"]["discard"] == [] and "start" not in state["pieces"]
    assert (ann["state"], ann["energy"], state["phase"]) == ("dead", 0, "over")


def test_what_a_starved_character_saw_goes_at_the_next_end_of_a_turn_C_TURN_5_C_VIS_1():
    """The dead no longer see: the tiles only the starved character saw stay through its own
    turn's end (pruned before it died) and go at the next character's (docs/cave.md)."""
    state = game("Ann", "Bob")
    next_tiles(state, ("straight", "normal"))
    laid = state["tiles"]["draw"][0]
    move(state, BOX, DICE, "Ann", "up", 0)                     # Ann on (5,2), Bob on the start
    find(state, "Ann")["energy"] = 1
    events = end_turn(state, BOX, "Ann")
    assert [e["kind"] for e in events] == ["energy", "died", "turn"]   # Ann saw all: none pruned
    assert "5,2" in state["board"]
    move(state, BOX, DICE, "Bob", "right")                     # (6,3): the start's other square
    events = end_turn(state, BOX, "Bob")
    assert events[0] == {"kind": "pruned", "squares": [[5, 2]], "start": False}
    assert state["tiles"]["discard"] == [laid]


def test_a_stuck_character_that_starves_is_counted_apart_C_TURN_6_C_EV_1():
    state = game()
    ann = find(state, "Ann")
    ann["energy"], ann["mental"], ann["stuck"] = 1, 1, True
    assert end_turn(state, BOX, "Ann")[1]["cause"] == "starved while stuck"


def test_mental_strength_plus_1_when_the_turn_ends_with_another_C_TURN_7():
    state = game("Ann", "Bob")
    find(state, "Ann")["mental"] = 2
    events = end_turn(state, BOX, "Ann")
    assert {"kind": "mental", "who": "Ann", "mental": 3, "change": 1} in events


def test_mental_strength_plus_1_when_the_turn_started_with_another_C_TURN_7():
    state = game("Ann", "Bob")
    find(state, "Ann")["mental"] = 2
    move(state, BOX, DICE, "Ann", "up")
    end_turn(state, BOX, "Ann")
    assert find(state, "Ann")["mental"] == 3


def test_mental_strength_rises_once_a_turn_and_never_above_4_C_TURN_7():
    state = game("Ann", "Bob")
    find(state, "Ann")["mental"] = 3
    end_turn(state, BOX, "Ann")                                 # started and ended together
    assert find(state, "Ann")["mental"] == 4
    end_turn(state, BOX, "Bob")
    events = end_turn(state, BOX, "Ann")
    assert find(state, "Ann")["mental"] == 4 and not [e for e in events if e["kind"] == "mental"]


def test_alone_mental_strength_does_not_rise_C_TURN_7():
    state = game()
    find(state, "Ann")["mental"] = 2
    end_turn(state, BOX, "Ann")
    assert find(state, "Ann")["mental"] == 2


def test_turns_go_round_and_count_rounds():
    state = game("Ann", "Bob")
    assert end_turn(state, BOX, "Ann")[-1] == {"kind": "turn", "who": "Bob", "round": 1}
    with pytest.raises(RuleError, match="it is Bob's turn, not Ann's"):
        end_turn(state, BOX, "Ann")
    assert end_turn(state, BOX, "Bob")[-1] == {"kind": "turn", "who": "Ann", "round": 2}


def test_the_game_ends_when_everyone_has_exited_or_died_C_END_1():
    state = game("Ann", "Bob")
    state["tiles"]["draw"].remove("exit")
    state["tiles"]["draw"].insert(0, "exit")
    move(state, BOX, DICE, "Ann", "up")
    find(state, "Bob")["energy"] = 1
    events = end_turn(state, BOX, "Bob")
    assert events[-1] == {"kind": "over", "escaped": 1, "dead": 1, "rounds": 1, "rule": "C-TURN-6"}
    assert state["phase"] == "over"
    for refused in (lambda: move(state, BOX, DICE, "Ann", "up"), lambda: end_turn(state, BOX, "Bob"),
                    lambda: add_character(state, BOX, "Cid"), lambda: start(state, BOX, DICE)):
        with pytest.raises(RuleError, match="^the game is over$"):
            refused()


def test_commands_for_a_character_out_or_dead_are_refused_C_END_1():
    state = game("Ann", "Bob")
    find(state, "Ann")["energy"] = 1
    end_turn(state, BOX, "Ann")
    with pytest.raises(RuleError, match=r"the game is over for Ann \(dead\)"):
        eat(state, BOX, DICE, "Ann")
