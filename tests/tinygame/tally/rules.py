"""Tally's rules, pure: the state and the dice in, the state changed and the events out
(data, never sentences: events.py says them). No table, so tests and a simulator can run
them alone; a rule refuses with the core's RuleError, and then has changed nothing."""

from __future__ import annotations

from typing import Any

from guide.core.dice import DiceLike
from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.sealed import all_in, new_key, reveal, seal, sealed

from .state import TallyState

_, ngettext, pgettext = domain("tally", __package__).functions()

Event = dict[str, Any]
FACES = range(1, 7)            # a d6


def join(state: TallyState, name: str) -> list[Event]:
    if name in state["players"]:
        raise RuleError(_("{name} already plays").format(name=name))
    state["players"].append(name)
    state["hands"][name] = []
    if not state["guesses"].get("key"):        # the seats' guesses have codes from now on
        state["guesses"]["key"] = new_key()
    return [{"kind": "joined", "name": name}]


def leave(state: TallyState, name: str) -> list[Event]:
    state["players"].remove(name)
    state["guesses"]["choices"].pop(name, None)
    state["hands"].pop(name, None)
    return [{"kind": "left", "name": name}]


def add(state: TallyState, amount: int) -> list[Event]:
    if state["count"] + amount < 0:
        raise RuleError(_("the count is {count}; it cannot go below 0").format(
            count=state["count"]))
    state["count"] += amount
    return [{"kind": "added", "amount": amount, "count": state["count"]}]


def roll(state: TallyState, dice: DiceLike) -> list[Event]:
    face = dice.d(6)
    state["count"] += face
    state["rolls"].append(face)
    return [{"kind": "rolled", "face": face, "count": state["count"]}]


def ring(state: TallyState) -> list[Event]:
    state["alarm"] = None
    state["count"] += 1
    return [{"kind": "rang", "count": state["count"]}]


def guess(state: TallyState, name: str, face: int) -> list[Event]:
    """A sealed guess; when every player has guessed, all are revealed and a new round's
    key is made (the codes read until now say nothing of the next round's)."""
    box = state["guesses"]
    if box["revealed"]:                        # a new round, with the key made at the reveal
        state["guesses"] = box = sealed(box.get("key", ""))
    seal(box, name, face)
    events: list[Event] = [{"kind": "guessed", "name": name}]      # who, never what
    if all_in(box, state["players"]):
        events.append({"kind": "revealed", "guesses": reveal(box)})
        box["key"] = new_key()
    return events


def draw(state: TallyState, name: str, dice: DiceLike) -> list[Event]:
    """A hidden card (a d6 face) only `name` sees: told to them alone, then to everyone
    that they drew (the die goes with the first event told, the private one)."""
    face = dice.d(6)
    state["hands"][name].append(face)
    return [{"kind": "drew", "private": name, "name": name, "face": face},
            {"kind": "card_drawn", "name": name}]
