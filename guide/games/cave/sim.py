"""`guide cave sim`: whole games of Cave escape played headless by the same pure rules, with one
documented policy (docs/cave.md, thresholds in the box's `sim:` entry):

- eat when Energy is at or under `eat_at` and food is held: in one meal, the biggest cards that
  fit under the Energy top (at least one), cooked when a fire is at hand (C-TURN-4, C-EV-2);
- on a challenge not yet crossed, roll when the chance (Energy + 2 per item, out of 20) is at
  least `cross_chance` and the tile has another way out, else go back (C-TURN-3);
- a discovered exit is walked to; a stuck character is walked to (its rescue, C-EV-1);
- stay together when mental strength is at or under `low_mental`: stay on a shared tile, else
  walk to the nearest character (C-TURN-7);
- otherwise explore: step toward the nearest empty square that can be reached, and turn a new
  tile so that it opens onto the most empty squares (C-TURN-2);
- ties are broken by a seeded random choice; food is never given; a stuck character stays.
"""

from __future__ import annotations

import random
import textwrap
from collections import Counter, deque
from dataclasses import dataclass, field

from guide.core.dice import Dice
from guide.core.stats import wilson

from .board import Event, entry_turns, linked, neighbour, on_board, sides_at
from .box import Box
from .flow import end_turn
from .meals import eat, fire_at_hand
from .setup import add_character, start
from .state import EXIT, CaveState, Character, current, key, new_state
from .turn import move, need, roll

SAFETY_ROUNDS = 1000        # a game always ends (Energy falls each turn); this only guards a bug


@dataclass
class Outcome:
    escaped: int
    dead: int
    rounds: int
    causes: list[str]       # one per death
    ended_by: str           # the rule id of the event that ended the game


@dataclass
class Figures:
    players: int
    games: int
    seed: int
    all: int = 0
    some: int = 0
    none: int = 0
    rounds: list[int] = field(default_factory=list)
    causes: Counter[str] = field(default_factory=Counter)
    ended_by: Counter[str] = field(default_factory=Counter)


def paths(state: CaveState, box: Box, ch: Character) -> dict[tuple[int, int], str]:
    """Every square reachable over placed tiles (and the empty squares at their edges, where a
    tile would be placed), with the first step toward it."""
    first: dict[tuple[int, int], str] = {}
    origin = (ch["x"], ch["y"])
    todo: deque[tuple[int, int]] = deque([origin])
    seen = {origin}
    while todo:
        x, y = todo.popleft()
        for side in sides_at(state, box, x, y):
            nx, ny = neighbour(x, y, side)
            if (nx, ny) in seen or not on_board(box, nx, ny):
                continue
            empty = key(nx, ny) not in state["board"]
            if not empty and not linked(state, box, x, y, side):
                continue
            seen.add((nx, ny))
            first[(nx, ny)] = first.get((x, y), side)
            if not empty:
                todo.append((nx, ny))
    return first


def legal_first(state: CaveState, box: Box, ch: Character, side: str) -> bool:
    challenge = ch["challenge"]
    return not (challenge and not challenge["crossed"] and side != challenge["back"])


def aim(state: CaveState, box: Box, ch: Character, rng: random.Random,
        target: tuple[int, int] | None) -> str | None:
    """The side to step toward `target` (or, with None, toward the nearest empty square)."""
    reach = {sq: s for sq, s in paths(state, box, ch).items() if legal_first(state, box, ch, s)}
    if not reach:
        return None
    here = (ch["x"], ch["y"])
    if target is not None and target in reach:
        return reach[target]
    empties = [sq for sq in reach if key(*sq) not in state["board"]]
    if not empties:
        return None
    if target is None:
        def cost(sq: tuple[int, int]) -> float:
            return abs(sq[0] - here[0]) + abs(sq[1] - here[1]) + rng.random()
    else:
        def cost(sq: tuple[int, int]) -> float:
            return abs(sq[0] - target[0]) + abs(sq[1] - target[1]) + rng.random()
    return reach[min(empties, key=cost)]


def best_turn(state: CaveState, box: Box, ch: Character, side: str, rng: random.Random) -> int | None:
    """A new tile's orientation: the one opening onto the most empty squares (None with an
    empty draw pile: the rules reshuffle the discards and take the first angle that fits)."""
    tile_id = state["tiles"]["draw"][0] if state["tiles"]["draw"] else None
    if tile_id is None:
        return None
    shape = state["pieces"][tile_id]["shape"]
    nx, ny = neighbour(ch["x"], ch["y"], side)

    def score(turn: int) -> float:
        open_ = 0
        for s in box.sides(shape, turn):
            mx, my = neighbour(nx, ny, s)
            open_ += on_board(box, mx, my) and key(mx, my) not in state["board"]
        return open_ + rng.random()
    return max(entry_turns(box, shape, side), key=score)


def goal(state: CaveState, ch: Character, low_mental: float) -> tuple[str, tuple[int, int] | None]:
    """What the policy does: walk to the exit, to a stuck character or to company; stay; explore."""
    for k, placed in state["board"].items():
        if placed["id"] == EXIT:
            x, y = k.split(",")
            return "walk", (int(x), int(y))
    others = [o for o in state["characters"] if o is not ch and o["state"] == "in"]
    stuck = [o for o in others if o["stuck"]]
    if stuck:
        o = min(stuck, key=lambda o: abs(o["x"] - ch["x"]) + abs(o["y"] - ch["y"]))
        return "walk", (o["x"], o["y"])
    if ch["mental"] <= low_mental and others:
        if any((o["x"], o["y"]) == (ch["x"], ch["y"]) for o in others):
            return "stay", None
        o = min(others, key=lambda o: abs(o["x"] - ch["x"]) + abs(o["y"] - ch["y"]))
        return "walk", (o["x"], o["y"])
    return "explore", None


def meal(state: CaveState, box: Box, dice: Dice, ch: Character) -> list[Event]:
    if ch["energy"] > box.sim["eat_at"] or not ch["food"]:
        return []
    room, chosen = box.energy - ch["energy"], list[int]()
    for v in sorted(ch["food"], reverse=True):
        if v <= room - sum(chosen):
            chosen.append(v)
    return eat(state, box, dice, ch["name"], fire_at_hand(state, ch) is not None, chosen or [min(ch["food"])])


def play_turn(state: CaveState, box: Box, dice: Dice, rng: random.Random) -> list[Event]:
    """One character's turn by the policy; the events the rules told."""
    ch = current(state)
    assert ch is not None
    name = ch["name"]
    events = meal(state, box, dice, ch)
    if ch["state"] != "in":
        return events
    if not ch["stuck"]:
        challenge = ch["challenge"]
        if challenge and not challenge["crossed"]:
            ways = [s for s in sides_at(state, box, ch["x"], ch["y"]) if s != challenge["back"]
                    and on_board(box, *neighbour(ch["x"], ch["y"], s))]
            if ways and min(need(box, ch), box.challenge_die) / box.challenge_die >= box.sim["cross_chance"]:
                events += roll(state, box, dice, name)
        if not state["moved"]:
            what, target = goal(state, ch, box.sim["low_mental"])
            side = None if what == "stay" else aim(state, box, ch, rng, target)
            if side is not None:
                turn = None
                if key(*neighbour(ch["x"], ch["y"], side)) not in state["board"]:
                    turn = best_turn(state, box, ch, side, rng)
                events += move(state, box, dice, name, side, turn)
                if ch["state"] != "in":
                    return events
    return events + end_turn(state, box, name)


def play(box: Box, players: int, seed: int) -> Outcome:
    """One whole game, seeded: the rules' dice and the policy's tie-breaks."""
    state = new_state()
    dice, rng = Dice(seed, record=False), random.Random(seed + 1)
    for i in range(players):
        add_character(state, box, f"P{i + 1}")
    start(state, box, dice)
    while state["phase"] == "play" and state["round"] <= SAFETY_ROUNDS:
        play_turn(state, box, dice, rng)
    people = state["characters"]
    return Outcome(escaped=sum(c["state"] == "out" for c in people),
                   dead=sum(c["state"] == "dead" for c in people), rounds=state["round"],
                   causes=[str(c["cause"]) for c in people if c["state"] == "dead"],
                   ended_by=state["ended_by"] or "unfinished")


def simulate(box: Box, players: int, games: int, seed: int) -> Figures:
    figures = Figures(players=players, games=games, seed=seed)
    for i in range(games):
        o = play(box, players, seed * 1_000_003 + 2 * i)
        if o.escaped == players:
            figures.all += 1
        elif o.escaped:
            figures.some += 1
        else:
            figures.none += 1
        figures.rounds.append(o.rounds)
        figures.causes.update(o.causes)
        figures.ended_by[o.ended_by] += 1
    return figures


RULE_NAMES = {"C-TURN-3": "the exit", "C-TURN-6": "starving at the end of a turn",
              "C-TURN-4": "a bad meal", "unfinished": "unfinished"}


def report(f: Figures) -> list[str]:
    """The figures as lines of at most 80 columns."""
    def rate(n: int) -> str:
        lo, hi = wilson(n, f.games)
        return f"{100 * n / f.games:5.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"
    rounds = sorted(f.rounds)
    deaths = sum(f.causes.values())
    lines = [f"Cave escape, {f.players} player{'s' if f.players > 1 else ''}: {f.games} games, seed {f.seed}",
             f"  escaped all   {rate(f.all)}",
             f"  escaped some  {rate(f.some)}",
             f"  escaped none  {rate(f.none)}",
             f"  rounds        mean {sum(rounds) / len(rounds):.1f}, median {rounds[len(rounds) // 2]}, "
             f"{rounds[0]} to {rounds[-1]}"]
    causes = ", ".join(f"{c} {100 * n / deaths:.0f}%" for c, n in f.causes.most_common())
    ends = ", ".join(f"{r} ({RULE_NAMES.get(r, r)}) {100 * n / f.games:.0f}%"
                     for r, n in f.ended_by.most_common())
    for head, body in (("deaths", f"{deaths / f.games:.2f} a game: {causes}" if deaths else "none"),
                       ("games end by", ends)):
        lines += textwrap.wrap(body, 80, initial_indent=f"  {head:<14}", subsequent_indent=" " * 16)
    return lines
