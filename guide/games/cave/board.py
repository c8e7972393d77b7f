"""The board: openings, who sees what (C-VIS-1), and pruning (C-TURN-5)."""

from __future__ import annotations

from functools import cache

from .box import BITS, Box
from .state import DELTA, EXIT, OPPOSITE, START, CaveState, Character, key

Event = dict[str, object]


def sides_at(state: CaveState, box: Box, x: int, y: int) -> tuple[str, ...]:
    """The open sides of the tile on (x, y); () for an empty square."""
    placed = state["board"].get(key(x, y))
    if placed is None:
        return ()
    return box.rotations[state["pieces"][placed["id"]]["shape"], placed["turn"]]


def on_board(box: Box, x: int, y: int) -> bool:
    return 0 <= x < box.width and 0 <= y < box.height


def neighbour(x: int, y: int, side: str) -> tuple[int, int]:
    dx, dy = DELTA[side]
    return x + dx, y + dy


def entry_turns(box: Box, shape: str, side: str) -> tuple[int, ...]:
    """C-TURN-2: the orientations of a new tile that let a mover in, entering toward `side`."""
    return box.entries[shape, side]


def distinct_turns(box: Box, shape: str, side: str) -> dict[tuple[str, ...], int]:
    """entry_turns, one for each way the new tile looks (0 and 180 of a straight tile look
    alike): by its open sides, the first turn that gives them."""
    looks: dict[tuple[str, ...], int] = {}
    for turn in box.entries[shape, side]:
        looks.setdefault(box.sides(shape, turn), turn)
    return looks


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


Link = tuple[str, str, int]       # a side open onto the board, the square there, its side back


@cache
def links(width: int, height: int) -> dict[str, list[tuple[Link, ...]]]:
    """For a square ("X,Y") and the open sides of a tile on it as bits (Box.masks): each open
    side that leads onto the board, the square there and the bit of the side that must open
    back toward it (C-TURN-1), for a board's size. The simulator's walks and pruning read it
    on every turn."""
    return {here: [tuple((side, there, BITS[OPPOSITE[side]]) for side, there in near
                         if BITS[side] & sides) for sides in range(16)]
            for here, near in around(width, height).items()}


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
    leaves the game (kept while any of its two squares is seen); a discovered exit stays.
    A tile is seen when a character in the cave stands on it, or stands next to it on a tile
    and the two open toward each other (seen_by, asked of each tile instead of each character)."""
    unseen = _unseen(state, box, _standing(state, box))
    if not unseen:
        return []
    if len(unseen) > 1:
        unseen.sort(key=rows(box.width, box.height).__getitem__)  # as the discards receive them
    board = state["board"]
    gone: list[list[int]] = []
    start_gone = False
    for k in unseen:
        tile_id = board.pop(k)["id"]
        x, y = k.split(",")
        gone.append([int(x), int(y)])
        if tile_id == START:
            start_gone = True
        else:
            state["tiles"]["discard"].append(tile_id)
    if start_gone:
        del state["pieces"][START]
    return [{"kind": "pruned", "squares": gone, "start": start_gone}]


def _standing(state: CaveState, box: Box) -> dict[str, int]:
    """The squares where characters in the cave stand, each with its tile's open sides (a
    bitmask; 0 where no tile lies)."""
    board, pieces, masks = state["board"], state["pieces"], box.masks
    standing: dict[str, int] = {}
    for ch in state["characters"]:
        if ch["state"] == "in":
            here = key(ch["x"], ch["y"])
            if here not in standing:
                q = board.get(here)
                standing[here] = 0 if q is None else masks[pieces[q["id"]]["shape"]][q["turn"]]
    return standing


def _unseen(state: CaveState, box: Box, standing: dict[str, int]) -> list[str]:
    """The squares of the tiles no character sees (C-VIS-1), the exit never among them, the
    start tile's only when neither of its squares is seen."""
    board, pieces, masks = state["board"], state["pieces"], box.masks
    ways = links(box.width, box.height)
    unseen: list[str] = []
    start_seen = False
    for k, p in board.items():
        tile_id = p["id"]
        if tile_id == EXIT:
            continue
        seen = k in standing
        if not seen:
            for _side, there, back in ways[k][masks[pieces[tile_id]["shape"]][p["turn"]]]:
                if there in standing and standing[there] & back:
                    seen = True
                    break
        if not seen:
            unseen.append(k)
        elif tile_id == START:
            start_seen = True
    if start_seen:                                  # kept while any of its squares is seen
        unseen = [k for k in unseen if board[k]["id"] != START]
    return unseen


@cache
def rows(width: int, height: int) -> dict[str, tuple[int, int]]:
    """Each square ("X,Y") and its place row by row: (Y, X)."""
    return {key(x, y): (y, x) for x in range(width) for y in range(height)}
