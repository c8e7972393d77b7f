"""The state of a game of Cave escape: TypedDicts over one JSON-able dict, and small lookups.

The core stores, diffs and undoes this dict; the rules change it in place and return events.
Tiles are named by id (t1..t40 the cave tiles, `exit`, `start`); `pieces` says what each one
is, `board` where the placed ones lie ("X,Y" -> id and orientation), `tiles` the draw pile
(top first) and the discards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, TypedDict

from guide.core import turns
from guide.core.i18n import domain
from guide.core.names import resolve_or_refuse
from guide.core.turns import Turns

SCHEMA = 2       # the state's shape (the campaign's state_version); `migrate` upgrades the older
DELTA = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
START, EXIT = "start", "exit"
_, ngettext, pgettext = domain("cave").functions()


class Piece(TypedDict):
    shape: str           # straight | four-way | three-way | turn | dead end | exit | start
    content: str         # food | event | normal | challenge | exit | start
    eaten: bool          # a food tile's card was taken (C-TURN-3: once per game per tile)


class Placed(TypedDict):
    id: str
    turn: int            # 0, 90, 180, 270 (C-TURN-2)


class Challenge(TypedDict):
    back: str            # the side the character came in through (C-TURN-3)
    crossed: bool        # a roll succeeded: any opening is free


class Character(TypedDict):
    name: str
    x: int
    y: int
    energy: int
    mental: int
    food: list[int]      # food card values held (C-DECK-3)
    items: int           # challenge items held (C-EV-3)
    fire: int            # fire cards held (C-EV-2)
    state: str           # in | out | dead
    stuck: bool          # C-EV-1: at mental strength 1, waiting to be saved
    challenge: Challenge | None
    cause: str | None    # why it left the game: exit, or the cause of death
    ended: int | None    # the round it left the game


class Deck(TypedDict):
    draw: list[Any]      # top first
    discard: list[Any]


class CaveState(TypedDict):
    schema: int
    phase: str           # setup | play | over
    turns: Turns         # the characters in seating order, whose turn, the round (state 2)
    moved: bool          # this turn's movement is spent (a move, or a failed challenge roll)
    shared: bool         # this turn started on a tile with another character (C-TURN-7)
    board: dict[str, Placed]
    pieces: dict[str, Piece]
    tiles: Deck          # tile ids
    events: Deck         # event cards: fire | item | paranoia
    meals: Deck          # meal cards: [unprepared side, prepared side]
    food: list[int]       # the food deck
    characters: list[Character]
    ended_by: str | None  # the rule id of the event that ended the game


def new_state() -> CaveState:
    return CaveState(schema=SCHEMA, phase="setup", turns=turns.new(), moved=False, shared=False,
                     board={}, pieces={}, tiles=Deck(draw=[], discard=[]),
                     events=Deck(draw=[], discard=[]), meals=Deck(draw=[], discard=[]),
                     food=[], characters=[], ended_by=None)


@cache
def key(x: int, y: int) -> str:
    """A square's name in the state's board: "X,Y" (made once a square: the sim asks often)."""
    return f"{x},{y}"


def find(state: CaveState, name: str) -> Character:
    """A character by name as people type it (guide.core.names.resolve: any case, a unique
    beginning or word): `give Annab Bob` finds Annabel."""
    chars = {ch["name"]: ch for ch in state["characters"]}
    if name in chars:                       # the name as it is: resolve's first answer
        return chars[name]
    return chars[resolve_or_refuse(name, list(chars), pgettext("what", "character"))]


def current(state: CaveState) -> Character | None:
    """The character whose turn it is (None before `start` and once the game is over). The
    turn order's seats are the characters, in the same order (each joins at the end and none
    is ever taken away), so a seat's position is its character's: no search by name."""
    if state["phase"] != "play":
        return None
    order, name = state["turns"], state["turns"]["current"]
    assert name is not None                          # in play, it is always someone's turn
    return state["characters"][order["order"].index(name)]


def round_of(state: CaveState) -> int:
    """The round under way (0 before `start`; the last one once the game is over)."""
    return state["turns"]["round"]


def seated(people: Iterable[Mapping[str, Any]], now: str | None, round_: int) -> Turns:
    """The turn order of characters already in play (guide.core.turns): seated in the order
    they joined, rounds starting at the first (docs/cave.md, "A turn"), those no longer in
    the cave (exited or dead) out but keeping their seat, `now`'s turn (None: nobody's) in
    round `round_` (0: not started)."""
    people = list(people)
    order = turns.new(c["name"] for c in people)
    order["out"] = [c["name"] for c in people if c["state"] != "in"]
    if people and round_:
        order["current"], order["first"], order["round"] = now, people[0]["name"], round_
    return order


def migrate(state: dict, from_version: int) -> dict:
    """State 1 kept whose turn it was as an index into the characters (`turn`) and the round
    as a number of its own (`round`); state 2 keeps both in the core's turn order (`turns`).
    What the store gives may be today's `new_state()` with the campaign's changes over it: a
    key the old game never changed (a round of 0, the first character's turn) is missing.
    The store gives only older versions than today's, so `from_version` is 1."""
    people = state.get("characters", [])
    turn, round_ = state.get("turn", 0), state.get("round", 0)
    now = people[turn]["name"] if state.get("phase") == "play" else None
    kept = {k: v for k, v in state.items() if k not in ("turn", "round")}
    return {**kept, "schema": SCHEMA, "turns": seated(people, now, round_)}


def others_here(state: CaveState, ch: Character) -> list[Character]:
    """The other characters in the cave on `ch`'s tile (C-SET-1: the start tile is one, its
    two squares one tile while it is in the game)."""
    x, y, board = ch["x"], ch["y"], state["board"]
    # the start tile's piece goes with its pruning (board.prune), so most turns ask no more;
    # a character in the cave always stands on a tile (it sees it: no pruning takes it)
    if START in state["pieces"] and board[key(x, y)]["id"] == START:
        return [o for o in state["characters"] if o is not ch and o["state"] == "in"
                and board[key(o["x"], o["y"])]["id"] == START]
    return [o for o in state["characters"]                  # any other tile: the same square
            if o["x"] == x and o["y"] == y and o is not ch and o["state"] == "in"]
