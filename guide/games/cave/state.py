"""The state of a game of Cave escape: TypedDicts over one JSON-able dict, and small lookups.

The core stores, diffs and undoes this dict; the rules change it in place and return events.
Tiles are named by id (t1..t40 the cave tiles, `exit`, `start`); `pieces` says what each one
is, `board` where the placed ones lie ("X,Y" -> id and orientation), `tiles` the draw pile
(top first) and the discards.
"""

from __future__ import annotations

from typing import Any, TypedDict

from guide.core.errors import GuideError, RuleError
from guide.core.i18n import domain
from guide.core.names import resolve

SCHEMA = 1
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
    round: int
    turn: int            # index in characters of whose turn it is
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
    return CaveState(schema=SCHEMA, phase="setup", round=0, turn=0, moved=False, shared=False,
                     board={}, pieces={}, tiles=Deck(draw=[], discard=[]),
                     events=Deck(draw=[], discard=[]), meals=Deck(draw=[], discard=[]),
                     food=[], characters=[], ended_by=None)


_KEYS: dict[tuple[int, int], str] = {}


def key(x: int, y: int) -> str:
    """A square's name in the state's board: "X,Y"."""
    try:
        return _KEYS[(x, y)]
    except KeyError:
        return _KEYS.setdefault((x, y), f"{x},{y}")


def find(state: CaveState, name: str) -> Character:
    """A character by name as people type it (guide.core.names.resolve: any case, a unique
    beginning or word): `give Annab Bob` finds Annabel."""
    for ch in state["characters"]:          # the name as it is: resolve's first answer
        if ch["name"] == name:
            return ch
    chars = {ch["name"]: ch for ch in state["characters"]}
    try:
        return chars[resolve(name, list(chars), pgettext("what", "character"))]
    except GuideError as e:
        raise RuleError(str(e)) from None


def current(state: CaveState) -> Character | None:
    if state["phase"] != "play":
        return None
    return state["characters"][state["turn"]]


def others_here(state: CaveState, ch: Character) -> list[Character]:
    """The other characters in the cave on `ch`'s tile (C-SET-1: the start tile is one)."""
    x, y, board = ch["x"], ch["y"], state["board"]
    placed = board.get(key(x, y))
    if placed is None or placed["id"] != START:       # a square of its own: the same square
        return [o for o in state["characters"]
                if o["x"] == x and o["y"] == y and o is not ch and o["state"] == "in"]
    return [o for o in state["characters"] if o is not ch and o["state"] == "in"
            and (p := board.get(key(o["x"], o["y"]))) is not None and p["id"] == START]


def company(state: CaveState, ch: Character) -> bool:
    """Is another character in the cave on `ch`'s tile (others_here, as a yes or no)?"""
    return bool(others_here(state, ch))
