"""The board: openings, who sees what (C-VIS-1), and pruning (C-TURN-5)."""

from __future__ import annotations

from functools import cache

from .box import TURNS, Box
from .state import DELTA, EXIT, OPPOSITE, START, CaveState, Character, key

Event = dict[str, object]


def sides_at(state: CaveState, box: Box, x: int, y: int) -> tuple[str, ...]:
    """The open sides of the tile on (x, y); () for an empty square."""
    placed = state["board"].get(key(x, y))
    if placed is None:
        return ()
    return box.sides(state["pieces"][placed["id"]]["shape"], placed["turn"])


def on_board(box: Box, x: int, y: int) -> bool:
    return 0 <= x < box.width and 0 <= y < box.height


def neighbour(x: int, y: int, side: str) -> tuple[int, int]:
    dx, dy = DELTA[side]
    return x + dx, y + dy


def linked(state: CaveState, box: Box, x: int, y: int, side: str) -> bool:
    """C-TURN-1: two placed tiles connect when both open toward each other."""
    nx, ny = neighbour(x, y, side)
    return side in sides_at(state, box, x, y) and OPPOSITE[side] in sides_at(state, box, nx, ny)


def entry_turns(box: Box, shape: str, side: str) -> list[int]:
    """C-TURN-2: the orientations of a new tile that let a mover in, entering toward `side`."""
    wanted = OPPOSITE[side]
    return [t for t in TURNS if wanted in box.rotations[(shape, t)]]


def open_sides(state: CaveState, box: Box) -> dict[str, tuple[str, ...]]:
    """The open sides of every placed tile, by square ("X,Y")."""
    pieces = state["pieces"]
    return {k: box.rotations[(pieces[p["id"]]["shape"], p["turn"])] for k, p in state["board"].items()}


@cache
def around(width: int, height: int) -> dict[str, tuple[tuple[str, str], ...]]:
    """Each square's neighbours on the board: (side, square) pairs, for a board's size."""
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    for x in range(width):
        for y in range(height):
            out[key(x, y)] = tuple((side, key(x + dx, y + dy)) for side, (dx, dy) in DELTA.items()
                                   if 0 <= x + dx < width and 0 <= y + dy < height)
    return out


def seen_by(state: CaveState, box: Box, ch: Character,
            sides: dict[str, tuple[str, ...]] | None = None) -> set[str]:
    """C-VIS-1: the tile a character stands on and the adjacent tiles its openings lead to."""
    sides = open_sides(state, box) if sides is None else sides
    here = key(ch["x"], ch["y"])
    seen = {here}
    mine = sides.get(here, ())
    for side, there in around(box.width, box.height).get(here, ()):
        if side in mine and OPPOSITE[side] in sides.get(there, ()):
            seen.add(there)
    return seen


def prune(state: CaveState, box: Box) -> list[Event]:
    """C-TURN-5 / C-VIS-1: every tile no character sees goes to the discards; the start tile
    leaves the game (kept while any of its two squares is seen); a discovered exit stays."""
    board, pieces, rotations = state["board"], state["pieces"], box.rotations
    near = around(box.width, box.height)
    seen: set[str] = set()
    for here in {key(ch["x"], ch["y"]) for ch in state["characters"] if ch["state"] == "in"}:
        seen.add(here)                              # seen_by, for every character at once
        placed = board.get(here)
        if placed is None:
            continue
        mine = rotations[(pieces[placed["id"]]["shape"], placed["turn"])]
        for side, there in near.get(here, ()):
            if side in mine and there not in seen:
                p = board.get(there)
                if p is not None and OPPOSITE[side] in rotations[(pieces[p["id"]]["shape"],
                                                                  p["turn"])]:
                    seen.add(there)
    if seen.issuperset(board):
        return []
    start_seen = any(p["id"] == START and k in seen for k, p in board.items())
    gone: list[list[int]] = []
    start_gone = False
    unseen = [k for k, p in board.items()
              if k not in seen and p["id"] != EXIT and not (p["id"] == START and start_seen)]
    for k in sorted(unseen, key=_order):           # row by row, as the discards receive them
        tile_id = board[k]["id"]
        del board[k]
        x, y = (int(v) for v in k.split(","))
        gone.append([x, y])
        if tile_id == START:
            start_gone = True
        else:
            state["tiles"]["discard"].append(tile_id)
    if start_gone:
        del state["pieces"][START]
    return [{"kind": "pruned", "squares": gone, "start": start_gone}] if gone else []


def _order(k: str) -> tuple[int, int]:
    x, y = k.split(",")
    return int(y), int(x)
