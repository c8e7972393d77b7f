"""What every turn shares: checks before a command, drawing from decks, the end of a turn
(C-TURN-5..7), death (C-TURN-6), leaving the cave and the end of the game (C-END-1)."""

from __future__ import annotations

from typing import Any

from guide.core.dice import DiceLike, shuffle
from guide.core.errors import RuleError
from guide.core.i18n import domain

from .board import Event, prune
from .box import Box
from .state import CaveState, Character, Deck, company, find

_, ngettext, pgettext = domain("cave").functions()


def acting(state: CaveState, name: str) -> Character:
    """The named character, if it may act now: the game runs, it is in the cave, it is its turn."""
    phase = state["phase"]
    if phase == "play":
        turn = state["characters"][state["turn"]]
        if turn["name"] == name and turn["state"] == "in":   # whose turn it is, named as it is
            return turn
    if phase == "setup":
        raise RuleError(_("the game has not started: add characters, then start"))
    if phase == "over":
        raise RuleError(_("the game is over"))
    ch = find(state, name)
    if ch["state"] != "in":
        raise RuleError(_("the game is over for {ch} ({value})").format(
            ch=ch['name'], value='exited' if ch['state'] == 'out' else 'dead'))
    current = state["characters"][state["turn"]]
    if current is not ch:
        raise RuleError(_("it is {value}'s turn, not {ch}'s").format(
            value=current['name'], ch=ch['name']))
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
    ch["state"], ch["cause"], ch["ended"] = "dead", cause, state["round"]
    state["events"]["discard"].extend(["fire"] * ch["fire"] + ["item"] * ch["items"])
    ch["fire"] = ch["items"] = 0
    ch["food"] = []
    ch["stuck"], ch["challenge"] = False, None
    return [{"kind": "died", "who": ch["name"], "cause": cause, "rule": rule}]


def close_turn(state: CaveState, box: Box, rule: str) -> list[Event]:
    """The current turn is over: prune (C-TURN-5) and, unless nobody is left in the cave
    (C-END-1: the game ends, by `rule`), pass the turn on. For a character still in the
    cave, spending Energy and mental strength come first (end_turn)."""
    events = prune(state, box)
    for ch in state["characters"]:
        if ch["state"] == "in":
            events += next_turn(state)
            return events
    state["phase"], state["ended_by"] = "over", rule
    escaped = sum(c["state"] == "out" for c in state["characters"])
    events.append({"kind": "over", "escaped": escaped, "dead": len(state["characters"]) - escaped,
                   "rounds": state["round"], "rule": rule})
    return events


def next_turn(state: CaveState) -> list[Event]:
    people = state["characters"]
    i = state["turn"]
    for _ in range(len(people)):
        i += 1
        if i >= len(people):
            i = 0
            state["round"] += 1
        if people[i]["state"] == "in":
            break
    state["turn"], state["moved"] = i, False
    state["shared"] = company(state, people[i])         # C-TURN-7: starting the turn together
    return [{"kind": "turn", "who": people[i]["name"], "round": state["round"]}]


def end_turn(state: CaveState, box: Box, name: str) -> list[Event]:
    """`end NAME`: C-TURN-6 spend 1 Energy (death at 0), C-TURN-7 mental strength +1 when the
    turn started or ends on a tile with another character, then C-TURN-5 and the next turn."""
    ch = acting(state, name)
    ch["energy"] -= 1
    events: list[Event] = [{"kind": "energy", "who": ch["name"], "energy": ch["energy"], "change": -1}]
    if ch["energy"] <= 0:
        ch["energy"] = 0
        cause = "starved while stuck" if ch["stuck"] else "starved"
        events += die(state, ch, cause, "C-TURN-6")
        return events + close_turn(state, box, "C-TURN-6")
    if ch["mental"] < box.mental and (state["shared"] or company(state, ch)):
        ch["mental"] += 1
        events.append({"kind": "mental", "who": ch["name"], "mental": ch["mental"], "change": 1})
    return events + close_turn(state, box, "C-TURN-6")
