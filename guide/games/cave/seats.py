"""Seats: every character is a seat; on its turn it is offered each legal move as a ready
command line (a cooperative game without a game master: a legal move runs at once)."""

from __future__ import annotations

from guide.core.errors import RuleError

from .box import Box
from .meals import fire_at_hand
from .state import OPPOSITE, CaveState, current, others_here
from .turn import check_move

Move = tuple[str, str]


def quoted(name: str) -> str:
    return f'"{name}"' if " " in name else name


def seat_moves(state: CaveState, box: Box, seat: str) -> list[Move]:
    ch = current(state)
    if ch is None or ch["name"] != seat:
        return []
    who = quoted(seat)
    moves: list[Move] = []
    for side in OPPOSITE:
        try:
            check_move(state, box, seat, side)
        except RuleError:
            continue
        moves.append((f"move {side}", f"move {who} {side}"))
    held = ch["challenge"]
    if held and not held["crossed"] and not state["moved"] and not ch["stuck"]:
        moves.append(("roll to cross the challenge", f"roll {who}"))
    if ch["food"]:
        moves.append((f"eat raw ({', '.join(map(str, ch['food']))})", f"eat {who}"))
        if fire_at_hand(state, ch):
            moves.append(("eat cooked", f"eat {who} --cooked"))
        for other in others_here(state, ch):
            moves.append((f"give a food card to {other['name']}", f"give {who} {quoted(other['name'])}"))
    moves.append(("end the turn", f"end {who}"))
    return moves
