"""Seats: every character is a seat, moved from its player's phone. On its turn a seat is
offered each legal move as a ready command line, grouped as the page shows them: a
direction, then (onto an empty square) the new tile's turn, drawn as a picture; the
challenge roll with guide's d20 or the table's own; eating, cooking, sharing food; the end of
the turn. A cooperative game without a game master: a legal move runs at once."""

from __future__ import annotations

from guide.core.errors import RuleError
from guide.core.i18n import N_, domain
from guide.core.seats import Move

from .board import entry_turns, neighbour
from .box import Box
from .meals import fire_at_hand
from .state import OPPOSITE, CaveState, current, key, others_here
from .turn import check_move

MOVE, CHALLENGE, EAT, SHARE = N_("Move"), N_("Challenge"), N_("Eat"), N_("Share food")
ARROW = {"up": "up", "down": "down", "left": "left", "right": "right"}
_, ngettext, pgettext = domain("cave").functions()


def next_shape(state: CaveState) -> str | None:
    """The shape of the tile a move onto an empty square would place (the draw pile's top;
    None when the pile is empty and the discards are to be shuffled first)."""
    draw = state["tiles"]["draw"]
    return state["pieces"][draw[0]]["shape"] if draw else None


def seat_moves(state: CaveState, box: Box, seat: str) -> list[Move]:
    ch = current(state)
    if ch is None or ch["name"] != seat:
        return []
    moves: list[Move] = []
    shape = next_shape(state)
    for side in OPPOSITE:
        try:
            check_move(state, box, seat, side)
        except RuleError:
            continue
        empty = key(*neighbour(ch["x"], ch["y"], side)) not in state["board"]
        if not empty or shape is None:
            moves.append(Move.of(pgettext("side", side), ["move", seat, side], (_(MOVE),)))
            continue
        seen: set[tuple[str, ...]] = set()
        for turn in entry_turns(box, shape, side):
            sides = box.sides(shape, turn)
            if sides in seen:                    # 0 and 180 of a straight tile look alike
                continue
            seen.add(sides)
            moves.append(Move.of(_("turned {turn}").format(turn=turn), ["move", seat, side],
                                 (_(MOVE), pgettext("side", side)),
                                 _("a {shape}, open {sides}").format(
                                     shape=pgettext("shape", shape),
                                     sides=", ".join(pgettext("side", s) for s in sides)),
                                 options=[("--turn", turn)]))
    held = ch["challenge"]
    if held and not held["crossed"] and not state["moved"] and not ch["stuck"]:
        need = ch["energy"] + box.item_bonus * ch["items"]
        moves.append(Move.of(_("guide rolls the d20"), ["roll", seat], (_(CHALLENGE),),
                             _("{need} or under crosses").format(need=need)))
        for face in range(1, box.challenge_die + 1):
            moves.append(Move.of(str(face), ["roll", seat], (_(CHALLENGE), _("the table's own d20")),
                                 options=[("--roll", face)]))
    if ch["food"]:
        values = ", ".join(map(str, ch["food"]))
        every = _("all ({values})").format(values=values)
        moves.append(Move.of(_("raw"), ["eat", seat], (_(EAT), every)))
        if fire_at_hand(state, ch):
            moves.append(Move.of(_("cooked"), ["eat", seat], (_(EAT), every),
                                 options=[("--cooked", None)]))
        if len(ch["food"]) > 1:
            for value in sorted(set(ch["food"])):
                one = _("the {value}").format(value=value)
                moves.append(Move.of(_("raw"), ["eat", seat], (_(EAT), one),
                                     options=[("--food", value)]))
                if fire_at_hand(state, ch):
                    moves.append(Move.of(_("cooked"), ["eat", seat], (_(EAT), one),
                                         options=[("--cooked", None), ("--food", value)]))
        for other in others_here(state, ch):
            for value in sorted(set(ch["food"])):
                moves.append(Move.of(_("a {value}").format(value=value),
                                     ["give", seat, other["name"]],
                                     (_(SHARE), _("to {name}").format(name=other["name"])),
                                     options=[("--food", value)]))
    moves.append(Move.of(_("End the turn"), ["end", seat]))
    return moves


def pictures(state: CaveState, box: Box, seat: str) -> dict[int, list[str]]:
    """The openings of the new tile each turn-move would place, by the move's number (its
    place among the seat's moves), for the page to draw as a picture."""
    shape = next_shape(state)
    out: dict[int, list[str]] = {}
    for i, m in enumerate(seat_moves(state, box, seat)):
        if len(m.group) == 2 and m.group[0] == _(MOVE) and shape is not None:
            turn = int(m.line.rsplit(" ", 1)[1])
            out[i] = list(box.sides(shape, turn))
    return out
