"""The policy every character of `guide cave sim` follows, and one whole game played by it
headless with the same pure rules the table uses (docs/cave.md, thresholds in the box's
`sim:` entry):

- eat when Energy is at or under `eat_at` and food is held: in one meal, the biggest cards that
  fit under the Energy top (at least one), cooked when a fire is at hand (C-TURN-4, C-EV-2);
- on a challenge not yet crossed, roll when the chance (Energy + 2 per item, out of 20) is at
  least `cross_chance` and the tile has another way out, else go back (C-TURN-3); a known
  challenge one would not roll is not walked through (every entry rolls);
- a discovered exit is walked to; a stuck character is walked to (its rescue, C-EV-1);
- stay together when mental strength is at or under `low_mental`: stay on a shared tile, else
  walk to the nearest character (C-TURN-7);
- otherwise explore: step toward the nearest empty square that can be reached, and turn a new
  tile so that it opens onto the most empty squares (C-TURN-2);
- ties are broken by a seeded random choice; food is never given; a stuck character stays.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from guide.core.dice import DiceLike

from .board import Event, entry_turns, links, neighbour, on_board, rows, sides_at
from .box import Box
from .flow import end_turn
from .meals import eat, fire_at_hand
from .setup import add_character, start
from .state import EXIT, CaveState, Character, current, key, new_state, round_of
from .turn import move, roll

SAFETY_ROUNDS = 1000        # a game always ends (Energy falls each turn); this only guards a bug


class SeededDice:
    """The rules' dice in a headless game: the very draws of guide.core.dice.Dice(seed) (one
    d(N) is the generator's number below N, plus 1), without the table's faces to look at
    first or a record of every die: a simulator draws a million."""

    __slots__ = ("d",)

    def __init__(self, seed: int) -> None:
        bits = random.Random(seed).getrandbits

        def d(sides: int) -> int:               # random.Random._randbelow_with_getrandbits
            k = sides.bit_length()
            r = bits(k)
            while r >= sides:
                r = bits(k)
            return r + 1
        self.d: Callable[[int], int] = d


@dataclass
class Outcome:
    """One game's result, as the figures count it."""
    escaped: int
    dead: int
    rounds: int
    turns: int              # characters' turns played
    tiles: int              # cave tiles laid (the exit included), reshuffled ones again
    exit_drawn: bool        # the exit tile was laid
    causes: list[str]       # one per death
    ended_by: str           # the rule id of the event that ended the game


def will_roll(box: Box, ch: Character, energy: int) -> bool:
    """Would the character roll a challenge with this much Energy (C-TURN-3, C-EV-3)?"""
    return min(energy + box.item_bonus * ch["items"], box.challenge_die) / box.challenge_die \
        >= box.sim["cross_chance"]


def walk(state: CaveState, box: Box, ch: Character,
         target: str | None = None) -> tuple[dict[str, str], list[str]]:
    """Every square ("X,Y") reachable over placed tiles (and the empty squares at their edges,
    where a tile would be placed), with the first step toward it, in the order a breadth-first
    walk finds them, and the empty squares among them in the order found; with a target
    square, the walk stops once it is found. A challenge the character would not roll next
    turn (with a turn's Energy spent) is not walked through."""
    board, pieces, masks = state["board"], state["pieces"], box.masks
    ways = links(box.width, box.height)
    walls = not will_roll(box, ch, ch["energy"] - 1)
    origin = key(ch["x"], ch["y"])
    first: dict[str, str] = {}
    empty: list[str] = []
    if origin not in board:
        return first, empty
    first[origin] = ""                  # found, with no first step: taken out at the end
    if target == origin:
        target = None                   # never in the answer: the whole walk is needed
    placed = board[origin]
    todo = [(origin, masks[pieces[placed["id"]]["shape"]][placed["turn"]])]
    for here, sides in todo:            # breadth first: a list read in order, never popped
        step = first[here]
        for side, there, back in ways[here][sides]:
            if there in first:
                continue
            p = board.get(there)
            if p is None:                                   # an empty square: a tile to place
                first[there] = step or side
                empty.append(there)
            else:
                piece = pieces[p["id"]]
                theirs = masks[piece["shape"]][p["turn"]]
                if not theirs & back:
                    continue
                first[there] = step or side
                if not (walls and piece["content"] == "challenge"):
                    todo.append((there, theirs))
        if target in first:
            break
    del first[origin]
    return first, empty


def aim(state: CaveState, box: Box, ch: Character, rng: random.Random,
        target: tuple[int, int] | None) -> str | None:
    """The side to step toward `target` (or, with None, toward the nearest empty square):
    among the empty squares within reach, the nearest by Manhattan distance plus a seeded
    random tie-break (drawn for each in the walk's order, the first of equals kept)."""
    goal_at = key(*target) if target is not None else None
    challenge = ch["challenge"]
    held = bool(challenge and not challenge["crossed"])
    reach, empty = walk(state, box, ch, None if held else goal_at)
    if challenge and held:                                # C-TURN-3: only back, until rolled
        back = challenge["back"]
        reach = {sq: s for sq, s in reach.items() if s == back}
        empty = [sq for sq in empty if sq in reach]
    if goal_at is not None and goal_at in reach:
        return reach[goal_at]
    at = rows(box.width, box.height)
    tx, ty = target if target is not None else (ch["x"], ch["y"])
    chance = rng.random
    best, lowest = None, 0.0
    for sq in empty:
        y, x = at[sq]
        cost = abs(x - tx) + abs(y - ty) + chance()
        if best is None or cost < lowest:
            best, lowest = reach[sq], cost
    return best


def best_turn(state: CaveState, box: Box, there: str, side: str, rng: random.Random) -> int | None:
    """A new tile's orientation on the empty square `there`, entered moving toward `side`:
    the one opening onto the most empty squares, a seeded random tie-break drawn for each
    angle that lets the mover in, the first of equals kept (None with an empty draw pile:
    the rules reshuffle the discards and take the first angle that fits)."""
    draw = state["tiles"]["draw"]
    if not draw:
        return None
    shape = state["pieces"][draw[0]]["shape"]
    board, turned = state["board"], box.masks[shape]
    ways = links(box.width, box.height)[there]
    chance = rng.random
    best, top = None, 0.0
    for turn in entry_turns(box, shape, side):
        opens = 0
        for _side, beyond, _back in ways[turned[turn]]:
            if beyond not in board:
                opens += 1
        score = opens + chance()
        if best is None or score > top:
            best, top = turn, score
    return best


def goal(state: CaveState, ch: Character, low_mental: float) -> tuple[str, tuple[int, int] | None]:
    """What the policy does: walk to the exit, to a stuck character or to company; stay; explore."""
    if EXIT not in state["tiles"]["draw"]:                # laid: it stays on the board (C-VIS-1)
        for k, placed in state["board"].items():
            if placed["id"] == EXIT:
                ex, ey = k.split(",")
                return "walk", (int(ex), int(ey))
    x, y = ch["x"], ch["y"]
    others: list[Character] = []
    stuck, nearest = None, 0                  # the nearest stuck one, the first of equals
    for o in state["characters"]:
        if o is ch or o["state"] != "in":
            continue
        others.append(o)
        if o["stuck"]:
            far = abs(o["x"] - x) + abs(o["y"] - y)
            if stuck is None or far < nearest:
                stuck, nearest = o, far
    if stuck is not None:
        return "walk", (stuck["x"], stuck["y"])
    if ch["mental"] <= low_mental and others:
        if any(o["x"] == x and o["y"] == y for o in others):
            return "stay", None
        o = min(others, key=lambda o: abs(o["x"] - x) + abs(o["y"] - y))
        return "walk", (o["x"], o["y"])
    return "explore", None


def meal(state: CaveState, box: Box, dice: DiceLike, ch: Character) -> list[Event]:
    if ch["energy"] > box.sim["eat_at"] or not ch["food"]:
        return []
    room, chosen = box.energy - ch["energy"], list[int]()
    for v in sorted(ch["food"], reverse=True):
        if v <= room - sum(chosen):
            chosen.append(v)
    return eat(state, box, dice, ch["name"], fire_at_hand(state, ch) is not None, chosen or [min(ch["food"])])


def play_turn(state: CaveState, box: Box, dice: DiceLike, rng: random.Random) -> list[Event]:
    """One character's turn by the policy; the events the rules told."""
    return turn_laying(state, box, dice, rng)[0]


def turn_laying(state: CaveState, box: Box, dice: DiceLike,
                rng: random.Random) -> tuple[list[Event], str | None]:
    """play_turn, and the id of the cave tile the turn laid (None when it laid none): a move
    onto an empty square is the one thing that lays a tile (C-TURN-2)."""
    ch = current(state)
    assert ch is not None
    name = ch["name"]
    laid = None
    events = meal(state, box, dice, ch)
    if ch["state"] != "in":
        return events, laid
    if not ch["stuck"]:
        challenge = ch["challenge"]
        if challenge and not challenge["crossed"]:
            ways = [s for s in sides_at(state, box, ch["x"], ch["y"]) if s != challenge["back"]
                    and on_board(box, *neighbour(ch["x"], ch["y"], s))]
            if ways and will_roll(box, ch, ch["energy"]):
                events += roll(state, box, dice, name)
        if not state["moved"]:
            what, target = goal(state, ch, box.sim["low_mental"])
            side = None if what == "stay" else aim(state, box, ch, rng, target)
            if side is not None:
                board = state["board"]
                there = key(*neighbour(ch["x"], ch["y"], side))
                empty = there not in board
                turn = best_turn(state, box, there, side, rng) if empty else None
                events += move(state, box, dice, name, side, turn)
                if empty:
                    laid = board[there]["id"]         # the exit stays once laid (C-VIS-1)
                if ch["state"] != "in":
                    return events, laid
    events += end_turn(state, box, name)
    return events, laid


def play(box: Box, players: int, seed: int) -> Outcome:
    """One whole game, seeded: the rules' dice and the policy's tie-breaks."""
    state = new_state()
    dice, rng = SeededDice(seed), random.Random(seed + 1)
    for i in range(players):
        add_character(state, box, f"P{i + 1}")
    start(state, box, dice)
    turns = tiles = 0
    exit_drawn = False
    order = state["turns"]
    while state["phase"] == "play" and order["round"] <= SAFETY_ROUNDS:
        turns += 1
        laid = turn_laying(state, box, dice, rng)[1]
        if laid is not None:
            tiles += 1
            exit_drawn = exit_drawn or laid == EXIT
    people = state["characters"]
    return Outcome(escaped=sum(c["state"] == "out" for c in people),
                   dead=sum(c["state"] == "dead" for c in people), rounds=round_of(state),
                   turns=turns, tiles=tiles, exit_drawn=exit_drawn,
                   causes=[str(c["cause"]) for c in people if c["state"] == "dead"],
                   ended_by=state["ended_by"] or "unfinished")
