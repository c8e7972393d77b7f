"""Cave escape's part in bots and `guide bench` (guide.core.bots.kit): a cooperative game,
so the party wins or loses together: a game is won when someone escapes (the cave nearly
always wins, docs/cave.md); the bench's figures are `cave sim`'s: how many escaped, and the
deaths by cause.

The `think` level (guide.core.bots.think) gets two things from here:

- the sampler (`sample`): a whole state as the seat may believe it, built from the box and
  the seat's page only (its `state`, the characters as data, `pictures`): the tiles on the
  board as seen; the cave tiles not on the board dealt from what the box holds less what
  lies there (their shapes and contents paired at random, C-TILE-1), as many to the draw
  pile as the page counts and the rest to the discards; the exit, when not yet laid,
  somewhere in the draw pile's last eleven (C-SET-2); the top tile of the shape the mover's
  page draws; the event deck less the cards held, the meal deck freshly paired (C-DECK-2)
  and the food deck less the cards held, each shuffled;
- the heuristic (`value`), after the state is played on to the seat's next turn by the
  `cave sim` policy (`ahead`): the chance that the party lays the exit, read as the draws the
  party may still make (each character's Energy, its food at what a meal gives on average,
  the turns its mental strength lasts before paranoia holds it, less the steps to the
  nearest empty square) against where the exit may lie among the tiles left. Once the exit
  lies on the board, how near the others are to it.
"""

from __future__ import annotations

import heapq
import math
import random
from collections import Counter
from typing import Any

from guide.core.bots.kit import BotKit, Outcome
from guide.core.dice import DiceLike, shuffle
from guide.core.table import Table

from .board import links
from .box import CAVE_SHAPES, CONTENTS, TURNS, Box
from .commands import commands
from .setup import MOST_PLAYED, meal_cards
from .state import EXIT, SCHEMA, START, CaveState, Character, current, key, seated

SPREAD = 2.5              # how far a guess of the draws left may be off (the heuristic's sigma)


class CaveBots(BotKit):
    cooperative = True
    # default four: with fewer, too few tiles are laid to reach the exit; at most as the sim
    players = (4, 1, MOST_PLAYED)
    max_moves = 3000
    think_samples = 8
    think_depth = 0         # no play-out of moves: `value` plays the round on by the sim policy
    think_candidates = 16   # every move of a turn: a direction and its turn, eat, roll, end

    def never(self, move: Any) -> bool:
        """A bot rolls guide's d20, never names a face of the table's own die (a face a
        person reads off a real die: `roll --roll N`)."""
        return move.command == "roll" and dict(move.values).get("face") is not None

    def setup(self, seats: list[str], rng: random.Random) -> list[str]:
        return [commands.move("character", s, name=s).line for s in seats] + \
            [commands.move("start", "start").line]

    def outcome(self, table: Table) -> Outcome | None:
        s: Any = table.state
        if s["phase"] != "over":
            return None
        people = s["characters"]
        escaped = sum(c["state"] == "out" for c in people)
        return Outcome([c["name"] for c in people] if escaped else [], figures={
            "escaped": escaped, "rounds": s["turns"]["round"],
            "causes": [str(c.get("cause")) for c in people if c["state"] == "dead"]})

    def figures(self, outcomes: list[Outcome], seats: list[str]) -> list[str]:
        n = max(len(outcomes), 1)
        escaped = Counter(o.figures["escaped"] for o in outcomes)
        causes = Counter(c for o in outcomes for c in o.figures["causes"])
        rounds = sum(o.figures["rounds"] for o in outcomes) / n
        return ["escaped: " + ", ".join(f"{k} of {len(seats)}: {100 * escaped[k] / n:.1f}%"
                                        for k in range(len(seats) + 1)),
                f"rounds (mean): {rounds:.1f}",
                "deaths: " + (", ".join(f"{c} {v}" for c, v in causes.most_common()) or "none")]

    def figures_json(self, outcomes: list[Outcome], seats: list[str]) -> dict[str, Any]:
        n = max(len(outcomes), 1)
        escaped = Counter(o.figures["escaped"] for o in outcomes)
        return {"escaped": {str(k): round(100 * escaped[k] / n, 2) for k in range(len(seats) + 1)}}

    # --- the think level ---------------------------------------------------------------
    def sample(self, library: Any, view: dict, seat: str, rng: random.Random) -> dict | None:
        return sample(library, view, rng)

    def value(self, table: Table, seat: str) -> float:
        state: Any = table.state
        ahead(state, table.library, seat, table.dice.d(1 << 30))
        return value(state, table.library)


def ahead(state: CaveState, box: Box, seat: str, seed: int) -> None:
    """Play the sampled state on until the seat's next turn, by the `cave sim` policy
    (policy.py): the rest of the seat's turn (a meal when it eats, the end), then every other
    character's turn. A candidate is judged by where it leaves the party a round later, the
    others having moved as they would: a step that parts the seat from the one it would
    rescue, or a tile that closes another's way, shows then. The play-out's table is thrown
    away, so its state is played on in place; a move the rules refuse ends the play-out."""
    from guide.core.errors import GuideError

    from .flow import end_turn
    from .policy import SeededDice, meal, turn_laying

    dice, rng = SeededDice(seed), random.Random(seed)
    first = True
    for _turn in range(len(state["characters"]) + 1):
        ch = current(state)                         # None once the game is over
        if ch is None or (ch["name"] == seat and not first):
            return
        try:
            if first and ch["name"] == seat and state["moved"]:
                meal(state, box, dice, ch)
                if ch["state"] == "in" and state["phase"] == "play":
                    end_turn(state, box, ch["name"])
            else:
                turn_laying(state, box, dice, rng)
        except GuideError:
            return
        first = False


def _turn_of(box: Box, shape: str, openings: list[str]) -> int:
    """The orientation of a placed tile from its open sides (the first that gives them)."""
    return next((t for t in TURNS if set(box.sides(shape, t)) == set(openings)), 0)


def _shape_of(box: Box, sides: list[str]) -> list[str]:
    """The shapes a picture of open sides may be (a four-way and the exit look alike)."""
    return [s for s in (*CAVE_SHAPES, EXIT) if any(set(box.sides(s, t)) == set(sides) for t in TURNS)]


def sample(box: Box, view: dict, rng: random.Random) -> dict | None:
    """A whole CaveState as the seat may believe it (see the module's words): the page's
    `state` and characters, and what lies face down dealt at random."""
    if view.get("phase") != "play":
        return None
    public = view["state"]
    laid = _Laid(box, public["board"]["tiles"])
    pieces = laid.pieces
    ids = _unseen_tiles(laid, pieces, rng)
    cave_left = max(int(public["deck_left"]) - (0 if laid.exit_laid else 1), 0)
    draw, discard = ids[:cave_left], ids[cave_left:]
    for tile_id in discard:                       # drawn once: a food tile's card was taken
        pieces[tile_id]["eaten"] = pieces[tile_id]["content"] == "food"
    pictures = view.get("pictures") or {}
    shown = _shape_of(box, next(iter(pictures.values()))) if pictures else None
    _top_as_drawn(draw, pieces, shown)
    if not laid.exit_laid:
        _place_exit(box, draw, pieces, shown, rng)
    people = view["characters"]
    characters = [_character(c) for c in people]
    if view.get("turn") not in [c["name"] for c in characters]:
        return None
    dice = _Drawn(rng)
    return {"schema": SCHEMA, "phase": "play", "turns": seated(characters, view["turn"], view["round"]),
            "moved": bool(view.get("moved")), "shared": bool(view.get("shared")),
            "board": laid.board, "pieces": pieces, "tiles": {"draw": draw, "discard": discard},
            "events": {"draw": _event_deck(box, people, dice), "discard": []},
            "meals": {"draw": shuffle(meal_cards(box, dice), dice), "discard": []},
            "food": _food_deck(box, people, dice), "characters": characters, "ended_by": None}


class _Drawn:
    """The rules' dice (guide.core.dice.DiceLike) drawing from the bot's generator: the core's
    shuffle, and the setup's meal deck (C-DECK-2), then draw what random.shuffle would."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def d(self, sides: int) -> int:
        return self.rng.randrange(sides) + 1


class _Laid:
    """The tiles the page shows laid (the start, the exit once found, the cave tiles), and
    what the box has left of its shapes, contents and pairs once they are counted out."""

    def __init__(self, box: Box, tiles: list[dict]):
        self.box = box
        self.pieces: dict[str, Any] = {}
        self.board: dict[str, Any] = {}
        self.shapes = Counter({s: box.shapes.get(s, 0) for s in CAVE_SHAPES})
        self.contents = Counter({c: box.contents.get(c, 0) for c in CONTENTS})
        self.pairs = Counter((s, c) for s, c, n in box.pairing for _ in range(n))
        self.exit_laid = False
        laid = 0
        for tile in tiles:
            shape, content = tile["shape"], tile["content"]
            if shape in (START, EXIT):
                tile_id = shape
                self.exit_laid |= shape == EXIT
            else:
                laid += 1
                tile_id = f"b{laid}"
                self.shapes[shape] -= 1
                self.contents[content] -= 1
                self.pairs[(shape, content)] -= 1
            self.pieces[tile_id] = {"shape": shape, "content": content, "eaten": content == "food"}
            self.board[key(tile["x"], tile["y"])] = {"id": tile_id,
                                                     "turn": _turn_of(box, shape, tile["openings"])}


def _unseen_tiles(laid: _Laid, pieces: dict[str, Any], rng: random.Random) -> list[str]:
    """The cave tiles not on the board, their shapes and contents paired at random (C-TILE-1)
    or as the box pairs them, shuffled; their ids, each added to `pieces`."""
    if laid.box.pairing:
        unseen = list(laid.pairs.elements())
    else:
        left_contents = list(laid.contents.elements())
        rng.shuffle(left_contents)
        unseen = list(zip(laid.shapes.elements(), left_contents, strict=False))
    rng.shuffle(unseen)
    for i, (shape, content) in enumerate(unseen, start=1):
        pieces[f"t{i}"] = {"shape": shape, "content": content, "eaten": False}
    return [f"t{i}" for i in range(1, len(unseen) + 1)]


def _top_as_drawn(draw: list[str], pieces: dict[str, Any], shown: list[str] | None) -> None:
    """The mover's page draws the top tile's shape: a tile of that shape goes on top."""
    if shown and draw:
        top = next((i for i, t in enumerate(draw) if pieces[t]["shape"] in shown), None)
        if top is not None:
            draw[0], draw[top] = draw[top], draw[0]


def _place_exit(box: Box, draw: list[str], pieces: dict[str, Any], shown: list[str] | None,
                rng: random.Random) -> None:
    """C-SET-2: the exit, not yet found, among the last eleven of the draw pile (never on top
    where the page draws a shape the exit is not)."""
    pieces[EXIT] = {"shape": EXIT, "content": EXIT, "eaten": False}
    span = min(box.exit_in_last + 1, len(draw) + 1)
    at = len(draw) - rng.randrange(span) if span else 0
    if shown is not None and at == 0 and draw and EXIT not in shown:
        at = 1
    draw.insert(at, EXIT)


def _event_deck(box: Box, people: list[dict], dice: DiceLike) -> list[str]:
    """The event cards not in the characters' hands (fires and items held), shuffled."""
    held = Counter({"fire": sum(c["fire"] for c in people if c["state"] == "in"),
                    "item": sum(c["items"] for c in people if c["state"] == "in")})
    return shuffle(list((Counter(box.events) - held).elements()), dice)


def _food_deck(box: Box, people: list[dict], dice: DiceLike) -> list[int]:
    """The food cards no character holds, shuffled."""
    food = Counter(box.food) - Counter(v for c in people for v in c["food"])
    return shuffle(list(food.elements()), dice)


def _character(c: dict) -> dict:
    """A character of the state from what the page shows of it."""
    x, y = c["at"]
    return {
        "name": c["name"], "x": x, "y": y, "energy": c["energy"], "mental": c["mental"],
        "food": list(c["food"]), "items": c["items"], "fire": c["fire"], "state": c["state"],
        "stuck": bool(c.get("stuck")), "challenge": dict(c["challenge"]) if c.get("challenge") else None,
        "cause": "exit" if c["state"] == "out" else ("starved" if c["state"] == "dead" else None),
        "ended": None}


# --- the heuristic ------------------------------------------------------------------------
PARANOIA = 0.26           # a laid tile's chance of paranoia: 16 event tiles of 40, 13 of 20 cards


def _meal(box: Box) -> tuple[float, float, float, float]:
    """What a food card of value v gives on average, raw and cooked: (a, b) of a*v + b."""
    def mean(sides: dict[str, int]) -> tuple[float, float]:
        n = sum(sides.values()) or 1
        a = sum(k for r, k in sides.items() if box.results[r][0]) / n
        b = sum(k * box.results[r][1] for r, k in sides.items()) / n
        return a, b
    return (*mean(box.unprepared), *mean(box.prepared))


def _steps_to_empty(state: CaveState, box: Box, ch: Character, most: int = 8) -> int:
    """Turns from the character to the nearest empty square it can walk into, over placed
    tiles that open toward each other; a challenge tile on the way counts three (its roll, or
    the way back); `most` when none is that near."""
    board, pieces, masks = state["board"], state["pieces"], box.masks
    ways = links(box.width, box.height)
    here = key(ch["x"], ch["y"])
    placed = board.get(here)
    if placed is None:
        return most
    best = {here: 0}
    todo = [(0, here, masks[pieces[placed["id"]]["shape"]][placed["turn"]])]
    while todo:
        cost, square, sides = heapq.heappop(todo)
        if cost >= most:
            break
        for _side, there, back in ways[square][sides]:
            p = board.get(there)
            if p is None:
                return cost + 1           # the first empty square popped is the nearest
            piece = pieces[p["id"]]
            theirs = masks[piece["shape"]][p["turn"]]
            if not theirs & back:
                continue
            step = cost + (3 if piece["content"] == "challenge" else 1)   # every entry rolls
            if step < best.get(there, most):
                best[there] = step
                heapq.heappush(todo, (step, there, theirs))
    return most


def _room(state: CaveState, box: Box, ch: Character) -> float:
    """What the next turns may waste, by where the character stands: nothing with two empty
    squares its tile opens onto, a little with one (the next tile may close the way), the
    walk to the nearest empty square when none."""
    steps = _steps_to_empty(state, box, ch)
    if steps > 1:
        return steps - 1 + 0.3
    placed = state["board"][key(ch["x"], ch["y"])]
    sides = box.masks[state["pieces"][placed["id"]]["shape"]][placed["turn"]]
    ways = links(box.width, box.height)
    empty = [there for _side, there, _back in ways[key(ch["x"], ch["y"])][sides]
             if there not in state["board"]]
    if len(empty) >= 2:
        return 0.0
    beyond = sum(1 for _side, far, _back in ways[empty[0]][15] if far not in state["board"])
    return 0.2 if beyond >= 2 else 0.5


def _squash(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def value(state: CaveState, box: Box) -> float:
    """The party's chance of escaping as the heuristic reads it (see the module's words)."""
    people = state["characters"]
    if any(c["state"] == "out" for c in people):
        return _escaping(state)
    draw = state["tiles"]["draw"]
    if EXIT not in draw:
        return 0.0
    meal = _meal(box)
    now = current(state)
    future = sum(_tiles_laid(state, box, c, c is now, meal) for c in people if c["state"] == "in")
    # the exit lies k tiles down the draw pile, k even among the last eleven (C-SET-2)
    span = min(box.exit_in_last + 1, len(draw))
    chance = sum(_squash((future - k) / SPREAD) for k in range(len(draw) - span + 1, len(draw) + 1))
    return 0.8 * chance / max(span, 1)


def _escaping(state: CaveState) -> float:
    """Someone is out: 0.8, and more the nearer the others stand to the exit."""
    people = state["characters"]
    near = 0.0
    exit_at = next((k for k, p in state["board"].items() if p["id"] == EXIT), None)
    ex, ey = map(int, exit_at.split(",")) if exit_at else (0, 0)
    for c in people:
        if c["state"] == "out":
            near += 1
        elif c["state"] == "in" and exit_at:
            near += 1 / (1 + abs(c["x"] - ex) + abs(c["y"] - ey))
    return 0.8 + 0.2 * near / len(people)


def _tiles_laid(state: CaveState, box: Box, c: Character, current: bool,
                meal: tuple[float, float, float, float]) -> float:
    """The tiles this character may still lay: the turns its Energy and food last (C-TURN-1),
    for as long as its mental strength holds (paranoia, C-EV-1) or until someone frees it,
    less a challenge it may fail to cross and the walk to an empty square."""
    moved = current and state["moved"]
    turns = _turns_left(c, moved, meal)
    lasts = _lasts(state, box, c, moved)
    laying = min(turns, lasts) + 0.3 * max(turns - lasts, 0.0)
    held = c["challenge"]
    if held and not held["crossed"]:                      # a roll to cross, or a step back (C-TURN-3)
        cross = min(1.0, max(c["energy"] - 1 + box.item_bonus * c["items"], 0) / box.challenge_die)
        laying -= 2 * (1 - cross)
    if not c["stuck"]:
        laying -= _room(state, box, c)
    return max(laying, 0.0)


def _turns_left(c: Character, moved: bool, meal: tuple[float, float, float, float]) -> float:
    """The turns its Energy gives, this turn's move spent, and its food on average (cooked
    where it holds a fire; a bad meal at 1 Energy kills)."""
    raw_a, raw_b, cook_a, cook_b = meal
    turns = float(c["energy"]) - (1 if moved else 0)
    a, b = (cook_a, cook_b) if c["fire"] else (raw_a, raw_b)
    food = sum(a * v + b for v in c["food"])
    if c["energy"] <= 2:
        food *= 0.8
    return turns + max(food, 0.0)


def _lasts(state: CaveState, box: Box, c: Character, moved: bool) -> float:
    """How many turns its mind lasts: until paranoia takes it (C-EV-1; company this turn
    gives one back), or, stuck, until someone comes."""
    people = state["characters"]
    if c["stuck"]:
        free = [abs(o["x"] - c["x"]) + abs(o["y"] - c["y"]) for o in people
                if o is not c and o["state"] == "in" and not o["stuck"]]
        return 1.0 + (4.0 / (1 + min(free)) if free else 0.0)
    company = any(o is not c and o["state"] == "in" and o["x"] == c["x"] and o["y"] == c["y"]
                  for o in people)
    mental = c["mental"] + (1 if moved and c["mental"] < box.mental and company else 0)
    return (mental - 0.5) / PARANOIA


KIT = CaveBots()
