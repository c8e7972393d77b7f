"""Random legal games (hypothesis): after every command the components are all there, the
meters stay in range, no character stands off the board's tiles, refusals change nothing,
and replaying a command from the state before it gives the same state. Undo and redo
through the core's table are the game contract's (tests/contract/test_game_contract.py)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from cave_helpers import BOX
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.games.cave.board import entry_turns, neighbour
from guide.games.cave.box import Box
from guide.games.cave.flow import end_turn
from guide.games.cave.meals import eat, fire_at_hand, give
from guide.games.cave.setup import add_character, start
from guide.games.cave.state import CaveState, current, key, new_state, others_here
from guide.games.cave.turn import check_move, move, roll

Command = Callable[[CaveState, Dice], list]
CAVE = {f"t{i}" for i in range(1, 41)}
# the exit anywhere and challenges on every entry: random games reach the exit more often
SHALLOW = replace(BOX, exit_in_last=41, challenge_every_entry=True)


def legal(state: CaveState, box: Box = BOX) -> list[tuple[str, Command]]:
    ch = current(state)
    assert ch is not None
    name = ch["name"]
    options: list[tuple[str, Command]] = []
    for side in ("up", "right", "down", "left"):
        try:
            check_move(state, box, name, side)
        except RuleError:
            continue
        turns: list[int | None] = [None]
        draw = state["tiles"]["draw"]
        if key(*neighbour(ch["x"], ch["y"], side)) not in state["board"] and draw:
            turns = list(entry_turns(box, state["pieces"][draw[0]]["shape"], side))
        for turn in turns:
            line = f"move {name} {side}" + ("" if turn is None else f" --turn {turn}")
            options.append((line, lambda s, d, side=side, turn=turn:
                            move(s, box, d, name, side, turn)))
    if ch["challenge"] and not ch["challenge"]["crossed"] and not state["moved"] and not ch["stuck"]:
        options.append((f"roll {name}", lambda s, d: roll(s, box, d, name)))
    if ch["food"]:
        options.append((f"eat {name}", lambda s, d: eat(s, box, d, name)))
        v = ch["food"][0]
        options.append((f"eat {name} --food {v}", lambda s, d, v=v: eat(s, box, d, name, values=[v])))
        if fire_at_hand(state, ch):
            options.append((f"eat {name} --cooked", lambda s, d: eat(s, box, d, name, cooked=True)))
        for other in others_here(state, ch):
            options.append((f"give {name} {other['name']}", lambda s, d, o=other["name"]: give(s, name, o)))
    options.append((f"end {name}", lambda s, d: end_turn(s, box, name)))
    return options


def illegal(state: CaveState, box: Box) -> list[Command]:
    ch = current(state)
    assert ch is not None
    name = ch["name"]
    wrong = [c["name"] for c in state["characters"] if c is not ch]
    out: list[Command] = [lambda s, d: move(s, box, d, name, "sideways"),
                          lambda s, d: eat(s, box, d, name, values=[99])]
    if wrong:
        out.append(lambda s, d: end_turn(s, box, wrong[0]))
    if not ch["challenge"]:
        out.append(lambda s, d: roll(s, box, d, name))
    return out


def check(state: CaveState) -> None:
    board_ids = {p["id"] for p in state["board"].values()}
    held = state["tiles"]["draw"] + state["tiles"]["discard"] + sorted(board_ids)
    expected = CAVE | {"exit"} | ({"start"} if "start" in state["pieces"] else set())
    assert Counter(held) == Counter(expected)                    # each tile exactly once
    assert "start" not in state["tiles"]["draw"] + state["tiles"]["discard"]
    assert (sum(p["id"] == "start" for p in state["board"].values()) == 2) == ("start" in state["pieces"])
    for ch in state["characters"]:
        assert 0 <= ch["energy"] <= 8 and 1 <= ch["mental"] <= 4
        if ch["state"] == "in":
            assert ch["energy"] >= 1
            assert key(ch["x"], ch["y"]) in state["board"]      # never on a pruned tile
            # stuck at 1 (C-EV-1); company at the start of that turn may still give +1 (C-TURN-7)
            assert not ch["stuck"] or ch["mental"] <= 2
    cards = Counter(state["events"]["draw"] + state["events"]["discard"])
    cards["fire"] += sum(c["fire"] for c in state["characters"])
    cards["item"] += sum(c["items"] for c in state["characters"])
    assert cards == {"fire": 4, "item": 3, "paranoia": 13}
    assert len(state["meals"]["draw"]) + len(state["meals"]["discard"]) == 16
    eaten = sum(p["eaten"] for p in state["pieces"].values())
    assert len(state["food"]) + eaten == 10
    assert json.loads(json.dumps(state)) == state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000), data=st.data())
def test_random_legal_games_keep_every_invariant(players, seed, data):
    box = data.draw(st.sampled_from([BOX, SHALLOW]))
    state = new_state()
    for i in range(players):
        add_character(state, box, f"P{i}")
    dice = Dice(seed)
    start(state, box, dice)
    check(state)
    exit_seen = False
    for _ in range(400):
        if state["phase"] == "over":
            break
        before = copy.deepcopy(state)
        for bad in illegal(state, box):
            try:
                bad(state, dice)
            except RuleError:
                pass
            else:
                raise AssertionError("an illegal command was accepted")
            assert state == before                               # a refusal changes nothing
        options = legal(state, box)
        _, command = options[data.draw(st.integers(0, len(options) - 1))]
        rng_before = dice.rng.getstate()
        events = command(state, dice)
        check(state)
        replay, again = copy.deepcopy(before), Dice()
        again.rng.setstate(rng_before)
        assert command(replay, again) == events and replay == state   # undo: rebuild, same state
        if any(p["id"] == "exit" for p in state["board"].values()):
            exit_seen = True
        if exit_seen and state["phase"] == "play":
            assert any(p["id"] == "exit" for p in state["board"].values())   # C-VIS-1
    if state["phase"] == "over":
        assert all(c["state"] != "in" for c in state["characters"])
