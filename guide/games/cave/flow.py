"""What every turn shares: checks before a command, drawing from decks, the end of a turn
(C-TURN-5..7), death (C-TURN-6), leaving the cave and the end of the game (C-END-1)."""

from __future__ import annotations

from typing import Any

from guide.core import turns
from guide.core.dice import DiceLike, shuffle
from guide.core.errors import RuleError
from guide.core.i18n import domain

from .board import Event, prune
from .box import Box
from .state import CaveState, Character, Deck, find, others_here, round_of

_, ngettext, pgettext = domain("cave").functions()


def acting(state: CaveState, name: str) -> Character:
    """The named character, if it may act now: the game runs, it is in the cave, it is its
    turn (guide.core.turns.check)."""
    phase, order = state["phase"], state["turns"]
    if phase == "play" and order["current"] == name:   # whose turn it is, named as it is
        return state["characters"][order["order"].index(name)]     # its seat's (current())
    if phase == "setup":
        raise RuleError(_("the game has not started: add characters, then start"))
    if phase == "over":
        raise RuleError(_("the game is over"))
    ch = find(state, name)
    if ch["state"] != "in":
        raise RuleError(_("the game is over for {ch} ({value})").format(
            ch=ch['name'], value='exited' if ch['state'] == 'out' else 'dead'))
    turns.check(order, ch["name"])
    return ch


def draw(deck: Deck, dice: DiceLike, name: str, events: list[Event]) -> Any:
    """The top card; an empty draw pile is first refilled by shuffling the discards
    (C-TURN-2 for tiles, C-TURN-3 for the event and meal decks). None when both are empty."""
    if not deck["draw"]:
        if not deck["discard"]:
            return None
        deck["draw"] = shuffle(deck["discard"], dice)
        deck["discard"] = []
        events.append({"kind": "reshuffled", "deck": name, "cards": len(deck["draw"])})
    return deck["draw"].pop(0)


def die(state: CaveState, ch: Character, cause: str, rule: str) -> list[Event]:
    """C-TURN-6: the character dies; its fire and item cards go to the event discards."""
    ch["state"], ch["cause"], ch["ended"] = "dead", cause, round_of(state)
    state["events"]["discard"].extend(["fire"] * ch["fire"] + ["item"] * ch["items"])
    ch["fire"] = ch["items"] = 0
    ch["food"] = []
    ch["stuck"], ch["challenge"] = False, None
    return [{"kind": "died", "who": ch["name"], "cause": cause, "rule": rule}]


def close_turn(state: CaveState, box: Box, ch: Character, rule: str) -> list[Event]:
    """`ch`'s turn ends before its `end`: it left the cave (C-TURN-3) or died of a meal
    (C-TURN-4). Either way it no longer sees, so the pruning (C-TURN-5) goes by the others'
    sight; then the turn passes on (pass_turn)."""
    return prune(state, box) + pass_turn(state, ch, rule)


def pass_turn(state: CaveState, ch: Character, rule: str) -> list[Event]:
    """Pass the turn on to the next character in the cave, in the order they joined
    (docs/cave.md, "A turn": past the last seat, a new round begins); one that left the cave
    or died this turn leaves its seat's turns (guide.core.turns.leave). Nobody left in the
    cave: the game ends (C-END-1), by `rule`."""
    events: list[Event] = []
    order = state["turns"]
    if ch["state"] == "in":
        now = turns.end_turn(order)
    else:
        now = turns.leave(order, ch["name"])
    if now is not None:
        nxt = state["characters"][order["order"].index(now)]       # its seat's (current())
        state["moved"], state["shared"] = False, bool(others_here(state, nxt))   # C-TURN-7: together
        return [{"kind": "turn", "who": now, "round": order["round"]}]
    state["phase"], state["ended_by"] = "over", rule
    escaped = sum(c["state"] == "out" for c in state["characters"])
    events.append({"kind": "over", "escaped": escaped, "dead": len(state["characters"]) - escaped,
                   "rounds": order["round"], "rule": rule})
    return events


def end_turn(state: CaveState, box: Box, name: str) -> list[Event]:
    """`end NAME`, in the rules' order: C-TURN-5 every tile out of visual range goes to the
    discards, by the sight of every character in the cave, this one's included; C-TURN-6
    THEN 1 Energy is spent, death at 0; C-TURN-7 mental strength +1 when the turn started or
    ends on a tile with another character; then the next turn. A character who starves here
    has had its turn's pruning while it still saw: the tiles around it stay on the board
    until the next end of a turn prunes by the living (docs/cave.md, the readings where the
    rules are silent); so a game everyone loses ends with the last one's tiles in place."""
    ch = acting(state, name)
    events = prune(state, box)                                     # C-TURN-5, first
    ch["energy"] -= 1                                              # C-TURN-6, then
    events.append({"kind": "energy", "who": ch["name"], "energy": ch["energy"], "change": -1})
    if ch["energy"] <= 0:
        ch["energy"] = 0
        cause = "starved while stuck" if ch["stuck"] else "starved"
        events += die(state, ch, cause, "C-TURN-6")
        return events + pass_turn(state, ch, "C-TURN-6")          # no second pruning
    if ch["mental"] < box.mental and (state["shared"] or others_here(state, ch)):
        ch["mental"] += 1                                          # C-TURN-7
        events.append({"kind": "mental", "who": ch["name"], "mental": ch["mental"], "change": 1})
    return events + pass_turn(state, ch, "C-TURN-6")
