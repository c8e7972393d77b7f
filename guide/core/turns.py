"""The turn order of a game that has one: who sits where, who is out for now, whose turn it
is, the round. It is plain JSON-able data kept in the game's own state, at one key the game
chooses (`state["turns"]`), so the store saves it with the rest and undo and redo, which
restore the state, restore it too. A game's commands call the operations below; each
changes the dict in place (on the table's copy of the state: a refused command keeps
nothing) and gives back whose turn it is afterwards.

The shape follows boardgame.io's `ctx`: its `playOrder` is `order`, its `currentPlayer` is
`current` (a name here, not a position, so that a player sitting down or leaving moves no
one's turn), its `turn` is `turn`, its `endTurn({next})` is `end_turn(turns, to=NAME)`.
What a table needs besides: a player who leaves keeps their seat and comes back to it
(`leave`, `back`; `remove` takes the seat away), a player can be made to miss a turn
(`skip`), and rounds are counted from the seat the first turn started at:

    {"order": ["Ann", "Bob", "Cid"],   # everyone seated, in seating order
     "out": ["Bob"],                   # seated but out for now (left; `back` brings them in)
     "current": "Cid",                 # whose turn it is; None: nobody's (not started, stopped)
     "first": "Ann",                   # where rounds start: the turn passing it begins a round
     "round": 1,                       # rounds begun (0: the turns have not started)
     "turn": 3,                        # turns begun
     "skips": []}                      # who misses their next turn (one entry a turn)

A game whose rounds run in phases (boardgame.io's `ctx.phase`: Kaverini's confrontation,
where the Kaverit act, then the buddies, then the foes) keeps two keys more, read as "no
phase" and "nobody has acted" when missing (a game without phases, a state saved before):

    {...,
     "phase": "buddies",               # the phase going on (`set_phase`, `end_phase`)
     "acted": ["Ann", "Rex"]}          # who has acted this round: each acts once a round

Passing the last of the game's phases begins a round (`end_phase`; `begin_round` begins one
at any phase). Who may act within a phase, and in what order, the game says (Kaverini's
fighters, whose order follows who is in the field): `acted` and `act` keep who has.

A name that is not seated, an operation on a player out, or a move out of turn is refused
with the core's RuleError in one line, before anything changed. The core reads whose turn it
is through `Game.players` (guide.core.players.Player.turn): `players(turns)` gives them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NotRequired, TypedDict

from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.players import Player

_, ngettext, pgettext = domain("core").functions()


class Turns(TypedDict):
    order: list[str]
    out: list[str]
    current: str | None
    first: str | None
    round: int
    turn: int
    skips: list[str]
    phase: NotRequired[str]
    acted: NotRequired[list[str]]


def new(names: Iterable[str] = (), phase: str | None = None) -> Turns:
    """A turn order with these players seated in this order, not started (nobody's turn);
    with a `phase`, its first round has begun at that phase."""
    order = list(names)
    if len(set(order)) != len(order):
        raise RuleError(_("a name sits twice at the table: {names}").format(names=", ".join(order)))
    turns = Turns(order=order, out=[], current=None, first=None, round=0, turn=0, skips=[])
    if phase is not None:
        begin_round(turns, phase)
    return turns


# --- what it says -------------------------------------------------------------------------
def current(turns: Turns) -> str | None:
    """Whose turn it is (None: nobody's: the turns have not started, or were stopped)."""
    return turns["current"]


def seated(turns: Turns) -> list[str]:
    """Everyone with a seat, in seating order, those out for now included."""
    return list(turns["order"])


def playing(turns: Turns) -> list[str]:
    """Everyone in play (seated and not out), in seating order."""
    return [name for name in turns["order"] if name not in turns["out"]]


def after(turns: Turns, name: str | None = None) -> list[str]:
    """The others in play, round the table from the seat after `name`'s (by default the
    current player's; with nobody's turn, everyone in play from the first seat)."""
    name = turns["current"] if name is None else name
    if name is None:
        return playing(turns)
    i = _seat(turns, name)
    order = turns["order"]
    around = order[i + 1:] + order[:i]
    return [n for n in around if n not in turns["out"]]


def check(turns: Turns, name: str) -> None:
    """Refuse, in one line, a move of `name` out of turn."""
    now = turns["current"]
    if now is None:
        raise RuleError(_("it is nobody's turn"))
    if now != name:
        raise RuleError(_("it is {current}'s turn, not {name}'s").format(current=now, name=name))


def players(turns: Turns) -> list[Player]:
    """The players in play, in seating order, as the core knows them (each with a seat of
    their own; `turn`: it is theirs), for a game's `players(table)`."""
    return [player(turns, name) for name in playing(turns)]


def player(turns: Turns, name: str, **fields: Any) -> Player:
    """One player as the core knows them, `turn` said by the turn order (`fields`: the
    Player's others, `seat=False`, `bot=True`...)."""
    return Player(name, turn=name == turns["current"], **fields)


# --- what a game's commands do ------------------------------------------------------------
def join(turns: Turns, name: str, after: str | None = None) -> str | None:
    """`name` sits down: at the end of the table, or right after the seated `after` (where
    the game says). Whose turn it is does not change."""
    if name in turns["order"]:
        raise RuleError(_("{name} already has a seat at the table").format(name=name))
    order = turns["order"]
    order.insert(len(order) if after is None else _seat(turns, after) + 1, name)
    return turns["current"]


def leave(turns: Turns, name: str) -> str | None:
    """`name` is out for now, keeping their seat (`back` brings them in again); if it was
    their turn, it passes to the next player in play (None when nobody is left)."""
    _in_play(turns, name)
    if turns["current"] == name:
        _pass_on(turns, name, None, leaving=name)
    turns["out"].append(name)
    return turns["current"]


def back(turns: Turns, name: str) -> str | None:
    """`name`, out, comes back to their seat; their turn comes when it reaches the seat."""
    _seat(turns, name)
    if name not in turns["out"]:
        raise RuleError(_("{name} has not left the table").format(name=name))
    turns["out"].remove(name)
    return turns["current"]


def remove(turns: Turns, name: str) -> str | None:
    """`name` leaves the table for good, seat and all; if it was their turn, it passes on.
    A round that started at their seat starts at the next seat from now on."""
    i = _seat(turns, name)
    if turns["current"] == name:
        _pass_on(turns, name, None, leaving=name)
    order = turns["order"]
    del order[i]
    turns["out"] = [n for n in turns["out"] if n != name]
    turns["skips"] = [n for n in turns["skips"] if n != name]
    if turns["first"] == name:
        turns["first"] = order[i % len(order)] if order else None
    return turns["current"]


def start(turns: Turns, first: str | None = None) -> str | None:
    """A round begins with `first`'s turn (by default the first seated player in play);
    rounds from now on start at that seat."""
    name = first if first is not None else next(iter(playing(turns)), None)
    if name is None:
        raise RuleError(_("nobody is at the table to take the turn"))
    _in_play(turns, name)
    turns["current"] = turns["first"] = name
    turns["round"] += 1
    turns["turn"] += 1
    return name


def end_turn(turns: Turns, to: str | None = None) -> str | None:
    """The current turn ends; the next begins: `to`'s (boardgame.io's `endTurn({next})`),
    or by default the next player in play round the table, passing over those who miss
    this turn (`skip`). Passing the seat rounds start at begins a new round."""
    now = turns["current"]
    if now is None:
        raise RuleError(_("it is nobody's turn"))
    if to is not None:
        _in_play(turns, to)
    return _pass_on(turns, now, to)


def skip(turns: Turns, name: str) -> None:
    """`name` misses their next turn (twice: the next two): the turn passes over them."""
    _in_play(turns, name)
    turns["skips"].append(name)


def stop(turns: Turns) -> None:
    """Nobody's turn any more, until a round `start`s again (a round over, the game over);
    the seats, the round and the turns so far stay."""
    turns["current"] = None


# --- phases -------------------------------------------------------------------------------
def phase(turns: Turns) -> str | None:
    """The phase going on (None: none, or a game without phases)."""
    return turns.get("phase")


def acted(turns: Turns, name: str) -> bool:
    """Has `name` acted this round?"""
    return name in turns.get("acted", ())


def act(turns: Turns, name: str) -> None:
    """`name` has acted this round; a second time is refused."""
    if "acted" not in turns:
        turns["acted"] = []
    done = turns["acted"]       # a confrontation's sim acts by the thousand: no `setdefault`
    if name in done:
        raise RuleError(_("{name} has already acted this round").format(name=name))
    done.append(name)


def set_phase(turns: Turns, to: str, phases: Sequence[str]) -> str:
    """`to`, one of the game's `phases`, begins now (boardgame.io's `setPhase`); who has acted
    this round stays."""
    if to not in phases:
        raise RuleError(_("there is no phase {phase} here: {phases}").format(
            phase=to, phases=", ".join(phases)))
    turns["phase"] = to
    return to


def end_phase(turns: Turns, phases: Sequence[str]) -> str:
    """The phase going on ends and the next of the game's `phases` begins (boardgame.io's
    `endPhase`); after the last, a round begins with the first."""
    try:                        # a confrontation's sim ends phases by the thousand: no `get`
        i = phases.index(turns["phase"]) + 1
    except (KeyError, ValueError):
        raise RuleError(_("no phase is going on")) from None
    if i == len(phases):
        return begin_round(turns, phases[0])
    turns["phase"] = phases[i]
    return phases[i]


def begin_round(turns: Turns, first: str) -> str:
    """A round begins, at the phase `first`; nobody has acted in it yet."""
    turns["round"] += 1
    turns["phase"] = first
    turns["acted"] = []
    return first


# --- inside -------------------------------------------------------------------------------
def _seat(turns: Turns, name: str) -> int:
    """The position of `name`'s seat; refused in one line if they have none."""
    try:
        return turns["order"].index(name)
    except ValueError:
        raise RuleError(_("{name} is not at the table").format(name=name)) from None


def _in_play(turns: Turns, name: str) -> None:
    _seat(turns, name)
    if name in turns["out"]:
        raise RuleError(_("{name} has left the table").format(name=name))


def _pass_on(turns: Turns, now: str, to: str | None, leaving: str | None = None) -> str | None:
    """Walk round the table from the seat of `now`, whose turn it is, to the next turn's:
    `to`'s, or the next in play but `leaving`, each skip passing over its player once. Every
    pass over the seat rounds start at begins a round; nobody left to take it: nobody's turn."""
    order, out, skips = turns["order"], turns["out"], turns["skips"]
    start = turns["first"]
    first = order.index(start) if start in order else None
    rounds, i = 0, order.index(now)
    # a game's sim passes thousands of turns a second: no list or set is built on the way
    for _step in range(len(order) * (len(skips) + 1)):
        i = (i + 1) % len(order)
        rounds += i == first
        name = order[i]
        if to is not None:
            if name == to:
                break
        elif name not in out and name != leaving:
            if name not in skips:
                break
            skips.remove(name)
    else:                           # nobody left to take it: nobody's turn
        turns["current"] = None
        return None
    turns["current"] = order[i]
    turns["round"] += rounds
    turns["turn"] += 1
    return order[i]
