"""The 2x1 start tile is one tile (C-SET-1): characters on either square share it (`give`,
the mental +1 of C-TURN-7, a fire at hand for C-TURN-4), and it may be placed upright."""

from __future__ import annotations

import json

import pytest
from cave_helpers import BOX, game, next_meals, next_tiles

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError, RuleError
from guide.core.result import text
from guide.core.table import Table
from guide.core.viewers import public_state
from guide.games.cave.board import seen_by
from guide.games.cave.flow import end_turn
from guide.games.cave.game import CaveGame
from guide.games.cave.meals import eat, give
from guide.games.cave.render import render
from guide.games.cave.state import find, others_here
from guide.games.cave.turn import move

DICE = Dice(0)


def apart_on_the_start_tile():
    """Ann on (5,3), Bob on (6,3): the two squares of the one start tile."""
    state = game("Ann", "Bob")
    end_turn(state, BOX, "Ann")
    move(state, BOX, DICE, "Bob", "right")
    end_turn(state, BOX, "Bob")
    return state


def test_characters_on_the_two_squares_of_the_start_tile_share_it_C_SET_1():
    state = apart_on_the_start_tile()
    ann, bob = find(state, "Ann"), find(state, "Bob")
    assert ((ann["x"], ann["y"]), (bob["x"], bob["y"])) == ((5, 3), (6, 3))
    assert others_here(state, ann) == [bob]


def test_give_works_across_the_start_tile_C_SET_1_C_TURN_4():
    state = apart_on_the_start_tile()
    find(state, "Ann")["food"] = [3]
    assert give(state, "Ann", "Bob") == [{"kind": "gave", "who": "Ann", "to": "Bob", "value": 3}]
    assert find(state, "Bob")["food"] == [3]


def test_ending_the_turn_on_the_other_half_gives_mental_1_C_SET_1_C_TURN_7():
    state = game("Ann", "Bob")
    next_tiles(state, ("straight", "normal"))
    find(state, "Ann")["mental"] = 3
    move(state, BOX, DICE, "Ann", "up", 0)                    # Ann leaves the start tile...
    end_turn(state, BOX, "Ann")                               # (+1: she started it with Bob)
    find(state, "Ann")["mental"] = 3
    move(state, BOX, DICE, "Bob", "right")                    # Bob on (6,3)
    end_turn(state, BOX, "Bob")
    move(state, BOX, DICE, "Ann", "down")                     # ...and comes back to (5,3)
    events = end_turn(state, BOX, "Ann")
    assert {"kind": "mental", "who": "Ann", "mental": 4, "change": 1} in events


def test_a_fire_on_the_other_half_cooks_C_SET_1_C_EV_2():
    state = apart_on_the_start_tile()
    ann = find(state, "Ann")
    ann["food"], ann["energy"] = [2], 4
    find(state, "Bob")["fire"] = 1
    next_meals(state, ("+-0", "+1"))
    events = eat(state, BOX, DICE, "Ann", cooked=True)
    assert events[0] == {"kind": "fire", "who": "Bob", "for": "Ann"}
    assert ann["energy"] == 7


def test_the_start_tile_may_be_placed_upright_C_SET_1():
    state = game("Ann", "Bob", at=(5, 3), upright=True)
    assert {k: v for k, v in state["board"].items()} == {
        "5,3": {"id": "start", "turn": 90}, "5,4": {"id": "start", "turn": 90}}
    ann = find(state, "Ann")
    assert (ann["x"], ann["y"]) == (5, 3)
    assert seen_by(state, BOX, ann) == {"5,3", "5,4"}
    move(state, BOX, DICE, "Ann", "down")                     # onto the upright half: no tile drawn
    assert (ann["x"], ann["y"], len(state["tiles"]["draw"])) == (5, 4, 41)
    assert others_here(state, ann) == [find(state, "Bob")]


def test_an_upright_start_tile_needs_room_below_C_SET_1():
    with pytest.raises(RuleError, match=r"upright start tile \(1x2\) needs X 0..11 and Y 0..6"):
        game("Ann", at=(11, 7), upright=True)
    state = game("Ann", at=(11, 6), upright=True)
    assert sorted(state["board"]) == ["11,6", "11,7"]


def test_start_upright_at_the_table_and_its_line_C_SET_1(tmp_path):
    game_ = CaveGame()
    t = Table(game_, None, settings.load(game_, []), Dice(3))
    t.execute("character Ann")
    shown = text(t.execute("start --at 2,2 --upright"))
    assert shown.splitlines()[0].startswith("The start tile lies on (2,2) and (2,3); 41 tiles")
    state = public_state(t)
    squares = [(s["x"], s["y"], s["shape"]) for s in state["board"]["tiles"]]
    assert squares == [(2, 2, "start"), (2, 3, "start")]
    before = json.dumps(t.state, sort_keys=True)
    with pytest.raises(CommandError, match="already started"):
        t.execute("start --upright")
    assert json.dumps(t.state, sort_keys=True) == before


def test_the_started_line_names_both_squares_C_SET_1():
    assert render({"kind": "started", "at": [5, 3], "squares": [[5, 3], [6, 3]], "tiles": 41,
                   "characters": ["Ann", "Bob"]}) == (
        "The start tile lies on (5,3) and (6,3); 41 tiles in the draw pile, the exit among the "
        "last ones; Ann, Bob set out from (5,3)")
