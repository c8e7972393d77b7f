"""Cave escape's turn order is the core's (guide.core.turns, the state's `turns`): one turn
per character per round, in the order the characters joined (docs/cave.md, "A turn"); a
character out of the cave (exited, C-TURN-3, or dead, C-TURN-6) keeps its seat but has no
more turns; the game ends when nobody is left (C-END-1). A campaign saved at state 1, which
kept the turn as an index into the characters and the round as a number, is upgraded by
`migrate` to the same turn order."""

from __future__ import annotations

from typing import Any

import pytest
from cave_helpers import BOX, game

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.core.games import load
from guide.core.table import Table
from guide.games.cave.flow import end_turn
from guide.games.cave.state import SCHEMA, current, find, migrate, new_state


def test_the_characters_sit_in_the_order_they_joined_and_the_first_plays_first():
    state = new_state()
    assert state["turns"]["order"] == [] and current(state) is None
    state = game("Ann", "Bob", "Cid")
    order = state["turns"]
    assert (order["order"], order["current"], order["first"], order["round"]) == (
        ["Ann", "Bob", "Cid"], "Ann", "Ann", 1)


def test_a_dead_character_keeps_its_seat_and_the_rounds_still_start_at_the_first_seat_C_TURN_6():
    state = game("Ann", "Bob", "Cid")
    find(state, "Ann")["energy"] = 1
    events = end_turn(state, BOX, "Ann")                       # Ann starves: Bob's turn
    assert events[-1] == {"kind": "turn", "who": "Bob", "round": 1}
    assert state["turns"]["order"] == ["Ann", "Bob", "Cid"] and state["turns"]["out"] == ["Ann"]
    end_turn(state, BOX, "Bob")
    assert end_turn(state, BOX, "Cid")[-1] == {"kind": "turn", "who": "Bob", "round": 2}
    with pytest.raises(RuleError, match=r"the game is over for Ann \(dead\)"):
        end_turn(state, BOX, "Ann")


def test_when_the_last_character_dies_nobody_has_the_turn_and_the_round_stays_C_END_1():
    state = game("Ann")
    find(state, "Ann")["energy"] = 1
    events = end_turn(state, BOX, "Ann")
    assert events[-1]["kind"] == "over" and events[-1]["rounds"] == 1
    order = state["turns"]
    assert (order["current"], order["out"], order["round"], state["phase"]) == (None, ["Ann"], 1, "over")


def test_the_core_knows_whose_turn_it_is_and_a_character_out_keeps_its_seat():
    game_ = load("cave")
    table: Any = Table(game_, None, settings.load(game_, []), Dice(1))
    for line in ("character Ann", "character Bob", "start"):
        table.execute(line)
    assert [(p.name, p.turn) for p in game_.players(table)] == [("Ann", True), ("Bob", False)]
    find(table.state, "Ann")["energy"] = 1
    table.execute("end Ann")
    assert [(p.name, p.turn, p.seat) for p in game_.players(table)] == [
        ("Ann", False, True), ("Bob", True, True)]


def _state_1(**changes) -> dict:
    """A state of version 1 as the store gives it to `migrate`: today's new state, with the
    old keys the campaign's changes wrote over it."""
    old = {k: v for k, v in game("Ann", "Bob", "Cid").items() if k != "turns"}
    return {**new_state(), **old, **changes}


def test_migrate_turns_state_1s_turn_index_and_round_into_the_turn_order():
    state = _state_1(turn=2, round=3, schema=1)
    state["characters"][0]["state"] = "dead"
    state["characters"][1]["state"] = "out"
    new: Any = migrate(state, 1)
    assert "turn" not in new and "round" not in new and new["schema"] == SCHEMA == 2
    assert new["turns"] == {"order": ["Ann", "Bob", "Cid"], "out": ["Ann", "Bob"], "current": "Cid",
                            "first": "Ann", "round": 3, "turn": 0, "skips": []}
    ch = current(new)
    assert ch is not None and ch["name"] == "Cid"
    assert end_turn(new, BOX, "Cid")[-1] == {"kind": "turn", "who": "Cid", "round": 4}


def test_migrate_reads_a_round_and_turn_never_changed_as_the_first_ones():
    """A key the old game never changed is missing: the first character's turn (index 0),
    and before `start` a round of 0."""
    playing = {k: v for k, v in _state_1(round=1).items() if k != "turn"}
    assert migrate(playing, 1)["turns"]["current"] == "Ann"
    setup = {k: v for k, v in _state_1().items() if k not in ("turn", "round")}
    setup["phase"] = "setup"
    assert migrate(setup, 1)["turns"] == {"order": ["Ann", "Bob", "Cid"], "out": [], "current": None,
                                          "first": None, "round": 0, "turn": 0, "skips": []}
    over = _state_1(turn=1, round=5, phase="over")
    for ch in over["characters"]:
        ch["state"] = "dead"
    order = migrate(over, 1)["turns"]
    assert (order["current"], order["round"], order["out"]) == (None, 5, ["Ann", "Bob", "Cid"])
