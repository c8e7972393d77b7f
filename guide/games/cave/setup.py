"""Before play: characters (C-SET-3) and `start` (C-TILE-1..2, C-DECK-1..3, C-SET-1..2)."""

from __future__ import annotations

from guide.core import turns
from guide.core.dice import DiceLike, shuffle
from guide.core.errors import RuleError
from guide.core.i18n import domain

from .board import Event
from .box import CAVE_SHAPES, CONTENTS, Box
from .state import EXIT, START, CaveState, Character, Piece, Placed, key, others_here, round_of

MAX_NAME = 20
MAX_CHARACTERS = 12     # one table's expedition (docs/limits.md); the design sets no number
MOST_PLAYED = 8         # the characters `guide cave sim` and `guide bench` play: the bench's
                        # seats are named up to eight (guide.core.bots.kit)
_, ngettext, pgettext = domain("cave").functions()


def add_character(state: CaveState, box: Box, name: str) -> list[Event]:
    """`character NAME`: a new character with full meters (C-SET-3), before `start`."""
    name = name.strip()
    if state["phase"] == "over":
        raise RuleError(_("the game is over"))
    if state["phase"] != "setup":
        raise RuleError(_("characters join before start"))
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise RuleError(_("a character's name is 1 to {MAX_NAME} printable characters").format(
            MAX_NAME=MAX_NAME))
    if len(state["characters"]) >= MAX_CHARACTERS:
        raise RuleError(_("at most {MAX_CHARACTERS} characters in the expedition (docs/limits.md)").format(
            MAX_CHARACTERS=MAX_CHARACTERS))
    if any(c["name"].casefold() == name.casefold() for c in state["characters"]):
        raise RuleError(_("there is already a character called {name}").format(name=name))
    state["characters"].append(Character(
        name=name, x=0, y=0, energy=box.energy, mental=box.mental, food=[], items=0, fire=0,
        state="in", stuck=False, challenge=None, cause=None, ended=None))
    turns.join(state["turns"], name)              # turns go in the order they join ("A turn")
    return [{"kind": "joined", "who": name}]


def cave_tiles(box: Box, dice: DiceLike) -> dict[str, Piece]:
    """C-TILE-1: the 40 cave tiles, t1..t40; shapes get their contents by a seeded shuffle
    unless the box fixes the pairing (companion's choice)."""
    if box.pairing:
        pairs = [(shape, content) for shape, content, n in box.pairing for _ in range(n)]
    else:
        shapes = [s for s in CAVE_SHAPES for _ in range(box.shapes[s])]
        contents = shuffle([c for c in CONTENTS for _ in range(box.contents[c])], dice)
        pairs = list(zip(shapes, contents, strict=True))
    return {f"t{i}": Piece(shape=shape, content=content, eaten=False)
            for i, (shape, content) in enumerate(pairs, start=1)}


def start(state: CaveState, box: Box, dice: DiceLike, at: tuple[int, int] | None = None,
          upright: bool = False) -> list[Event]:
    """`start [--at X,Y] [--upright]`: the start tile on (X, Y) and (X+1, Y), or upright on
    (X, Y) and (X, Y+1) (C-SET-1), every character on (X, Y); the cave tiles shuffled with the
    exit in the last ten (C-SET-2); the event, food and meal decks shuffled."""
    if state["phase"] == "over":
        raise RuleError(_("the game is over"))
    if state["phase"] != "setup":
        raise RuleError(_("the game has already started"))
    if not state["characters"]:
        raise RuleError(_("add a character first: character NAME"))
    x, y = _start_at(box, at, upright)
    squares = [(x, y), (x, y + 1) if upright else (x + 1, y)]     # C-SET-1: the start tile's
    pieces, deck = _tiles(box, dice)
    state["pieces"] = pieces
    state["tiles"] = {"draw": deck, "discard": []}
    state["board"] = {key(*sq): Placed(id=START, turn=90 if upright else 0) for sq in squares}
    state["events"] = {"draw": shuffle([c for c, n in box.events.items() for _ in range(n)], dice),
                       "discard": []}
    state["food"] = shuffle(list(box.food), dice)
    state["meals"] = {"draw": shuffle(meal_cards(box, dice), dice), "discard": []}
    for ch in state["characters"]:
        ch["x"], ch["y"] = x, y
    state["phase"], state["moved"] = "play", False
    first = turns.start(state["turns"])           # the first joined plays first ("A turn")
    state["shared"] = bool(others_here(state, state["characters"][0]))
    return [{"kind": "started", "at": [x, y], "squares": [list(sq) for sq in squares], "tiles": len(deck),
             "characters": [c["name"] for c in state["characters"]]},
            {"kind": "turn", "who": first, "round": round_of(state)}]


def _start_at(box: Box, at: tuple[int, int] | None, upright: bool) -> tuple[int, int]:
    """C-SET-1: where the start tile goes (the box's place unless --at), whole on the board."""
    x, y = at if at is not None else box.start_at
    wide, high = (1, 2) if upright else (2, 1)
    if not (0 <= x <= box.width - wide and 0 <= y <= box.height - high):
        needs = (_("the upright start tile (1x2) needs X 0..{x} and Y 0..{y}") if upright
                 else _("the 2x1 start tile needs X 0..{x} and Y 0..{y}"))
        raise RuleError(needs.format(x=box.width - wide, y=box.height - high))
    return x, y


def _tiles(box: Box, dice: DiceLike) -> tuple[dict[str, Piece], list[str]]:
    """Every piece (the cave tiles, C-TILE-1, with the exit and start tiles), and the draw
    pile: the cave tiles shuffled, the exit shuffled into the last `exit_in_last` (C-SET-2)."""
    pieces = cave_tiles(box, dice)
    deck = shuffle(list(pieces), dice)
    cut = max(0, len(deck) - box.exit_in_last)
    deck = deck[:cut] + shuffle(deck[cut:] + [EXIT], dice)
    pieces[EXIT] = Piece(shape=EXIT, content=EXIT, eaten=False)
    pieces[START] = Piece(shape=START, content=START, eaten=False)
    return pieces, deck


def meal_cards(box: Box, dice: DiceLike) -> list[list[str]]:
    """C-DECK-2: the meal cards, each unprepared recipe paired with a prepared one by a
    shuffle (unless the box fixes the pairing); the deck itself is shuffled after."""
    if box.meal_pairing:
        return [[u, p] for u, p in box.meal_pairing]
    unprepared = [r for r, n in box.unprepared.items() for _ in range(n)]
    prepared = shuffle([r for r, n in box.prepared.items() for _ in range(n)], dice)
    return [[u, p] for u, p in zip(unprepared, prepared, strict=True)]
