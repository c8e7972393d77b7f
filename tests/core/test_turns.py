"""The core's turn order (guide/core/turns.py): plain data in a game's state, the operations
a game's commands call, and whose turn it is as the core reads it (Player.turn)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guide.core import turns
from guide.core.errors import RuleError
from guide.core.players import Player


def seated(*names: str, first: str | None = None) -> turns.Turns:
    t = turns.new(names)
    turns.start(t, first)
    return t


def test_a_new_order_is_plain_data_and_nobody_s_turn_until_it_starts():
    t = turns.new(["Ann", "Bob"])
    assert t == {"order": ["Ann", "Bob"], "out": [], "current": None, "first": None,
                 "round": 0, "turn": 0, "skips": []}
    assert json.loads(json.dumps(t)) == t            # a state's value: the store keeps it
    assert turns.current(t) is None
    assert turns.start(t) == "Ann" and (t["round"], t["turn"]) == (1, 1)
    with pytest.raises(RuleError, match="^a name sits twice at the table: Ann, Ann$"):
        turns.new(["Ann", "Ann"])


def test_the_turn_goes_round_in_seating_order_and_a_round_begins_at_its_first_seat():
    t = seated("Ann", "Bob", "Cid")
    assert [turns.end_turn(t) for _ in range(4)] == ["Bob", "Cid", "Ann", "Bob"]
    assert (t["round"], t["turn"]) == (2, 5)


def test_rounds_count_from_the_seat_the_first_turn_started_at():
    t = seated("Ann", "Bob", "Cid", first="Bob")     # Bob starts: Bob, Cid, Ann, then round 2
    assert [turns.end_turn(t) for _ in range(3)] == ["Cid", "Ann", "Bob"]
    assert t["round"] == 2


def test_the_turn_may_be_given_to_a_player_out_of_order():
    t = seated("Ann", "Bob", "Cid")
    assert turns.end_turn(t, to="Cid") == "Cid" and t["round"] == 1
    assert turns.end_turn(t, to="Bob") == "Bob" and t["round"] == 2   # past Ann's seat
    assert turns.end_turn(t, to="Bob") == "Bob" and t["round"] == 3   # round the table to itself


def test_a_player_who_leaves_on_their_turn_passes_it_on_and_keeps_their_seat():
    t = seated("Ann", "Bob", "Cid")
    turns.end_turn(t)                                 # Bob's turn
    assert turns.leave(t, "Bob") == "Cid"
    assert turns.playing(t) == ["Ann", "Cid"] and turns.seated(t) == ["Ann", "Bob", "Cid"]
    assert turns.end_turn(t) == "Ann" and t["round"] == 2
    assert turns.end_turn(t) == "Cid"                 # Bob's seat is passed over
    assert turns.back(t, "Bob") == "Cid"              # coming back changes nobody's turn
    assert turns.end_turn(t) == "Ann" and turns.end_turn(t) == "Bob"   # back at his seat


def test_a_player_who_leaves_off_turn_changes_nobody_s_turn():
    t = seated("Ann", "Bob", "Cid")
    assert turns.leave(t, "Cid") == "Ann" and turns.end_turn(t) == "Bob"
    assert turns.end_turn(t) == "Ann" and t["round"] == 2


def test_when_the_last_one_in_play_leaves_it_is_nobody_s_turn():
    t = seated("Ann")
    assert turns.leave(t, "Ann") is None and turns.current(t) is None
    with pytest.raises(RuleError, match="^it is nobody's turn$"):
        turns.end_turn(t)
    turns.back(t, "Ann")
    assert turns.start(t) == "Ann" and t["round"] == 2


def test_a_player_alone_keeps_the_turn_round_after_round():
    t = seated("Ann")
    assert turns.end_turn(t) == "Ann" and t["round"] == 2


def test_a_newcomer_sits_at_the_end_or_where_the_game_says():
    t = seated("Ann", "Bob")
    assert turns.join(t, "Cid") == "Ann"               # whose turn it is does not change
    turns.join(t, "Dee", after="Ann")
    assert turns.seated(t) == ["Ann", "Dee", "Bob", "Cid"]
    assert [turns.end_turn(t) for _ in range(4)] == ["Dee", "Bob", "Cid", "Ann"]


def test_a_player_removed_for_good_takes_their_seat_and_the_rounds_start_at_the_next():
    t = seated("Ann", "Bob", "Cid")
    assert turns.remove(t, "Ann") == "Bob"             # it was her turn: Bob's now
    assert turns.seated(t) == ["Bob", "Cid"] and t["first"] == "Bob"
    assert turns.end_turn(t) == "Cid" and turns.end_turn(t) == "Bob" and t["round"] == 2
    turns.remove(t, "Bob")
    turns.remove(t, "Cid")
    assert t["order"] == [] and turns.current(t) is None and t["first"] is None


def test_a_skipped_player_misses_their_next_turn_only():
    t = seated("Ann", "Bob", "Cid")
    turns.skip(t, "Bob")
    assert turns.end_turn(t) == "Cid" and t["skips"] == []
    assert turns.end_turn(t) == "Ann" and turns.end_turn(t) == "Bob"
    turns.skip(t, "Cid")
    turns.skip(t, "Ann")
    assert turns.end_turn(t) == "Bob" and t["round"] == 3     # both passed over, a round begun
    turns.skip(t, "Ann")
    turns.remove(t, "Ann")
    assert t["skips"] == []


def test_after_lists_the_others_round_the_table():
    t = turns.new(["Ann", "Bob", "Cid", "Dee"])
    assert turns.after(t) == ["Ann", "Bob", "Cid", "Dee"]     # nobody's turn: from the first seat
    turns.start(t, "Cid")
    turns.leave(t, "Ann")
    assert turns.after(t) == ["Dee", "Bob"] and turns.after(t, "Bob") == ["Cid", "Dee"]


def test_a_move_out_of_turn_is_refused_in_one_line():
    t = seated("Ann", "Bob")
    turns.check(t, "Ann")
    with pytest.raises(RuleError, match="^it is Ann's turn, not Bob's$"):
        turns.check(t, "Bob")
    turns.stop(t)
    with pytest.raises(RuleError, match="^it is nobody's turn$"):
        turns.check(t, "Ann")
    assert (t["round"], t["turn"]) == (1, 1)           # stopping keeps what was played


@pytest.mark.parametrize("operation, refusal", [
    (lambda t: turns.join(t, "Bob"), "^Bob already has a seat at the table$"),
    (lambda t: turns.join(t, "Eve", after="Zed"), "^Zed is not at the table$"),
    (lambda t: turns.leave(t, "Zed"), "^Zed is not at the table$"),
    (lambda t: turns.leave(t, "Cid"), "^Cid has left the table$"),
    (lambda t: turns.back(t, "Bob"), "^Bob has not left the table$"),
    (lambda t: turns.back(t, "Zed"), "^Zed is not at the table$"),
    (lambda t: turns.remove(t, "Zed"), "^Zed is not at the table$"),
    (lambda t: turns.start(t, "Cid"), "^Cid has left the table$"),
    (lambda t: turns.end_turn(t, to="Zed"), "^Zed is not at the table$"),
    (lambda t: turns.end_turn(t, to="Cid"), "^Cid has left the table$"),
    (lambda t: turns.skip(t, "Cid"), "^Cid has left the table$"),
    (lambda t: turns.after(t, "Zed"), "^Zed is not at the table$"),
])
def test_a_refusal_names_the_player_in_one_line_and_changes_nothing(operation, refusal):
    t = seated("Ann", "Bob", "Cid")
    turns.leave(t, "Cid")
    before = copy.deepcopy(t)
    with pytest.raises(RuleError, match=refusal):
        operation(t)
    assert t == before


def test_nobody_at_the_table_cannot_start():
    with pytest.raises(RuleError, match="^nobody is at the table to take the turn$"):
        turns.start(turns.new())


def test_the_players_say_whose_turn_it_is():
    t = seated("Ann", "Bob", "Cid")
    turns.end_turn(t)
    turns.leave(t, "Cid")
    assert turns.players(t) == [Player("Ann"), Player("Bob", turn=True)]
    assert turns.player(t, "Bob", bot=True) == Player("Bob", bot=True, turn=True)



def _out_of_turn() -> None:
    turns.check(seated("Ann", "Bob"), "Bob")


def _acted_twice() -> None:
    t = turns.new()
    turns.act(t, "Ann")
    turns.act(t, "Ann")


@pytest.mark.parametrize("refused_move, lang, said", [
    (_out_of_turn, "fr", "c’est le tour de Ann, pas celui de Bob"),
    (_out_of_turn, "uk", "зараз хід: Ann, а не Bob"),
    (_acted_twice, "fr", "Ann a déjà agi dans cette manche"),
    (_acted_twice, "uk", "Ann: у цьому раунді хід уже зроблено")])
def test_a_refusal_speaks_the_table_s_language(refused_move, lang, said):
    from guide.core import i18n

    i18n.use(lang)
    try:
        with pytest.raises(RuleError) as refused:
            refused_move()
    finally:
        i18n.use("en")
    assert str(refused.value) == said


PHASES = ("kaverit", "buddies", "foes")


def test_a_round_runs_through_its_phases_and_each_acts_once_a_round():
    """Kaverini's confrontation (R-CONF-2): the Kaverit, the buddies, the foes, each once."""
    t = turns.new()
    assert turns.phase(t) is None and not turns.acted(t, "Ann")     # a game without phases
    assert turns.begin_round(t, "kaverit") == "kaverit" and t["round"] == 1
    turns.act(t, "Ann")
    assert turns.acted(t, "Ann") and not turns.acted(t, "Rex")
    assert turns.end_phase(t, PHASES) == "buddies" and turns.end_phase(t, PHASES) == "foes"
    assert t["round"] == 1 and turns.acted(t, "Ann")                # acted: this round's
    assert turns.set_phase(t, "kaverit", PHASES) == "kaverit"       # the next player's phases
    assert t["round"] == 1 and turns.acted(t, "Ann")
    turns.set_phase(t, "foes", PHASES)
    assert turns.end_phase(t, PHASES) == "kaverit"                  # past the last: a round
    assert (t["round"], t["acted"], turns.phase(t)) == (2, [], "kaverit")
    assert json.loads(json.dumps(t)) == t
    assert (t["turn"], t["current"]) == (0, None)                   # no seat's turn moved
    assert turns.new(phase="foes") == {**turns.new(), "round": 1, "phase": "foes", "acted": []}


def test_a_turn_order_saved_without_phases_reads_as_none():
    t = seated("Ann", "Bob")
    saved = copy.deepcopy(t)
    assert turns.phase(saved) is None and not turns.acted(saved, "Ann")
    assert turns.end_turn(saved) == "Bob" and "phase" not in saved and "acted" not in saved
    turns.act(saved, "Bob")
    assert saved["acted"] == ["Bob"]


@pytest.mark.parametrize("operation, refusal", [
    (lambda t: turns.act(t, "Ann"), "^Ann has already acted this round$"),
    (lambda t: turns.set_phase(t, "items", PHASES),
     "^there is no phase items here: kaverit, buddies, foes$"),
    (lambda t: turns.end_phase(t, ("day", "night")), "^no phase is going on$"),
])
def test_a_phase_refusal_is_one_line_and_changes_nothing(operation, refusal):
    t = turns.new()
    turns.begin_round(t, "buddies")
    turns.act(t, "Ann")
    before = copy.deepcopy(t)
    with pytest.raises(RuleError, match=refusal):
        operation(t)
    assert t == before
    with pytest.raises(RuleError, match="^no phase is going on$"):
        turns.end_phase(turns.new(), PHASES)


NAMES = ["Ann", "Bob", "Cid", "Dee"]
PHASE_OF = dict(zip(NAMES, (*PHASES, "items"), strict=True))      # "items": no phase of the game's
OPERATIONS = st.lists(st.tuples(
    st.sampled_from(["join", "join_after", "leave", "back", "remove", "start", "end_turn",
                     "end_turn_to", "skip", "stop", "act", "set_phase", "end_phase",
                     "begin_round"]),
    st.sampled_from(NAMES), st.sampled_from(NAMES)), max_size=40)


@settings(max_examples=300, deadline=None)
@given(OPERATIONS)
def test_any_run_of_operations_keeps_the_order_whole(operations):
    """Whatever a game's commands call, in any order: each call either is refused and changes
    nothing, or leaves a turn order that holds together (the turn is one in play's, the
    rounds and turns only grow, the default next turn is the next seat in play)."""
    t = turns.new()
    for op, name, other in operations:
        before = copy.deepcopy(t)
        calls = {"join": (turns.join, name), "join_after": (turns.join, name, other),
                 "leave": (turns.leave, name), "back": (turns.back, name),
                 "remove": (turns.remove, name), "start": (turns.start, name),
                 "end_turn": (turns.end_turn,), "end_turn_to": (turns.end_turn, name),
                 "skip": (turns.skip, name), "stop": (turns.stop,), "act": (turns.act, name),
                 "set_phase": (turns.set_phase, PHASE_OF[name], PHASES),
                 "end_phase": (turns.end_phase, PHASES),
                 "begin_round": (turns.begin_round, PHASE_OF[other])}
        call, *args = calls[op]
        try:
            call(t, *args)
        except RuleError:
            assert t == before
            continue
        assert len(set(t["order"])) == len(t["order"]) and set(t["out"]) <= set(t["order"])
        assert t["current"] is None or t["current"] in turns.playing(t)
        assert t["first"] is None or t["first"] in t["order"]
        assert set(t["skips"]) <= set(t["order"])
        assert t["round"] >= before["round"] and t["turn"] >= before["turn"]
        assert turns.phase(t) in (None, *PHASES, "items")
        acted = t.get("acted", [])
        assert len(set(acted)) == len(acted)
        if op in ("set_phase", "end_phase", "begin_round", "act"):   # phases move no seat
            assert {k: t[k] for k in before if k not in ("phase", "acted", "round")} \
                == {k: before[k] for k in before if k not in ("phase", "acted", "round")}
        if op == "end_phase":
            went_round = before.get("phase") == PHASES[-1]
            assert t["round"] == before["round"] + went_round
            assert turns.phase(t) == PHASES[(PHASES.index(before["phase"]) + 1) % len(PHASES)]
            assert acted == ([] if went_round else before.get("acted", []))
        if op == "end_turn" and not before["skips"]:
            assert t["current"] == turns.after(before)[0] if turns.after(before) else before["current"]
