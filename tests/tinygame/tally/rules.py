"""Tally's rules, pure: the state and the dice in, the state changed and the events out
(data, never sentences: events.py says them). No table, so tests and a simulator can run
them alone; a rule refuses with the core's RuleError, and then has changed nothing."""

from __future__ import annotations

from typing import Any

from guide.core import turns
from guide.core.dice import DiceLike
from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.sealed import new_key, reveal, seal, sealed

from .state import TallyState

_, ngettext, pgettext = domain("tally", __package__).functions()

Event = dict[str, Any]
FACES = range(1, 7)            # a d6


def join(state: TallyState, name: str) -> list[Event]:
    """A player sits down at the end of the table (guide.core.turns), or one who left comes
    back to their seat; either has a new hand, and guesses in this round when the turn
    reaches them."""
    order = state["turns"]
    if name in turns.playing(order):
        raise RuleError(_("{name} already plays").format(name=name))
    back = name in turns.seated(order)
    if back:
        turns.back(order, name)
    else:
        turns.join(order, name)
    state["hands"][name] = []
    if not state["guesses"].get("key"):        # the seats' guesses have codes from now on
        state["guesses"]["key"] = new_key()
    return [{"kind": "came_back" if back else "joined", "name": name}]


def leave(state: TallyState, name: str) -> list[Event]:
    """A player leaves, their guess and hand with them, keeping their seat for when they
    come back; if it was their turn, the round goes on without them."""
    order = state["turns"]
    on_turn = turns.current(order) == name
    if not on_turn:
        turns.leave(order, name)               # refused in one line if they do not play
    state["guesses"]["choices"].pop(name, None)
    state["hands"].pop(name, None)
    events: list[Event] = [{"kind": "left", "name": name}]
    if on_turn:
        events += _goes_on(state, name)
        turns.leave(order, name)
    return events


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
    """A sealed guess, in turn: whoever guesses first opens the round, and the others follow
    in seating order (guide.core.turns); a guess out of turn is refused. When every player
    has guessed, all are revealed, a new round's key is made (the codes read until now say
    nothing of the next round's) and anyone may open the next round."""
    order = state["turns"]
    box = state["guesses"]
    if box["revealed"]:                        # a new round, with the key made at the reveal
        state["guesses"] = box = sealed(box.get("key", ""))
    if turns.current(order) is None:
        turns.start(order, name)
    else:
        turns.check(order, name)
    seal(box, name, face)
    return [{"kind": "guessed", "name": name}] + _goes_on(state, name)     # who, never what


def _goes_on(state: TallyState, name: str) -> list[Event]:
    """After `name`'s turn: the turn passes to the next player in seating order still to
    guess; when there is none, the guesses are revealed and the round is over."""
    order, box = state["turns"], state["guesses"]
    waiting = [other for other in turns.after(order, name) if other not in box["choices"]]
    if waiting:
        turns.end_turn(order, to=waiting[0])
        return [{"kind": "turn", "name": waiting[0]}]
    turns.stop(order)
    if not box["choices"]:
        return []
    box["key"] = new_key()
    return [{"kind": "revealed", "guesses": reveal(box)}]


def draw(state: TallyState, name: str, dice: DiceLike) -> list[Event]:
    """A hidden card (a d6 face) only `name` sees: told to them alone, then to everyone
    that they drew (the die goes with the first event told, the private one)."""
    face = dice.d(6)
    state["hands"][name].append(face)
    return [{"kind": "drew", "private": name, "name": name, "face": face},
            {"kind": "card_drawn", "name": name}]
