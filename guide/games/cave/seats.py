"""Seats: every character is a seat, moved from its player's phone. On its turn a seat is
offered each legal move, as data (guide.core.moves: the command and its values by parameter
name, the line built from the command's declaration), grouped as the page shows them: a
direction, then (onto an empty square) the new tile's turn, drawn as a picture; the
challenge roll with guide's d20 or the table's own; eating, cooking, sharing food; the end of
the turn. A cooperative game without a game master: a legal move runs at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from guide.core.errors import RuleError
from guide.core.i18n import N_, domain
from guide.core.moves import Move

from .board import distinct_turns, neighbour
from .meals import fire_at_hand
from .state import OPPOSITE, CaveState, Character, current, key, others_here
from .turn import check_move, need

if TYPE_CHECKING:
    from .commands import CaveTable

MOVE, CHALLENGE, EAT, SHARE = N_("Move"), N_("Challenge"), N_("Eat"), N_("Share food")
_, ngettext, pgettext = domain("cave").functions()


def next_shape(state: CaveState) -> str | None:
    """The shape of the tile a move onto an empty square would place (the draw pile's top;
    None when the pile is empty and the discards are to be shuffled first)."""
    draw = state["tiles"]["draw"]
    return state["pieces"][draw[0]]["shape"] if draw else None


def seat_moves(t: CaveTable, seat: str) -> list[Move]:
    """The seat's moves on its character's turn (none on another's), in the page's order."""
    ch = current(t.state)
    if ch is None or ch["name"] != seat:
        return []
    return [*_walks(t, ch), *_rolls(t, ch), *_meals(t, ch), *_shares(t, ch),
            t.registry.move("end", _("End the turn"), name=seat)]


def _walks(t: CaveTable, ch: Character) -> list[Move]:
    """A move each side the rules let the character go (C-TURN-1); onto an empty square, one
    for each distinct turn of the new tile that lets it in (C-TURN-2)."""
    state, box, seat = t.state, t.library, ch["name"]
    shape = next_shape(state)
    moves: list[Move] = []
    for side in OPPOSITE:
        try:
            check_move(state, box, seat, side)
        except RuleError:
            continue
        said = pgettext("side", side)
        if shape is None or key(*neighbour(ch["x"], ch["y"], side)) in state["board"]:
            moves.append(t.registry.move("move", said, (_(MOVE),), name=seat, side=side))
            continue
        for sides, turn in distinct_turns(box, shape, side).items():
            detail = _("a {shape}, open {sides}").format(
                shape=pgettext("shape", shape), sides=", ".join(pgettext("side", s) for s in sides))
            moves.append(t.registry.move("move", _("turned {turn}").format(turn=turn),
                                         (_(MOVE), said), detail, name=seat, side=side,
                                         angle=str(turn)))
    return moves


def _rolls(t: CaveTable, ch: Character) -> list[Move]:
    """On a challenge not crossed, before moving: guide's d20, or a face of the table's own
    (C-TURN-3)."""
    held, box, seat = ch["challenge"], t.library, ch["name"]
    if not held or held["crossed"] or t.state["moved"] or ch["stuck"]:
        return []
    own = (_(CHALLENGE), _("the table's own d20"))
    return [t.registry.move("roll", _("guide rolls the d20"), (_(CHALLENGE),),
                            _("{need} or under crosses").format(need=need(box, ch)), name=seat),
            *(t.registry.move("roll", str(face), own, name=seat, face=face)
              for face in range(1, box.challenge_die + 1))]


def _meals(t: CaveTable, ch: Character) -> list[Move]:
    """Every card held, raw or cooked with a fire at hand; with several, each value alone
    (C-TURN-4, C-EV-2)."""
    if not ch["food"]:
        return []
    kinds = [False, True] if fire_at_hand(t.state, ch) else [False]
    meals: list[tuple[str, int | None]] = [
        (_("all ({values})").format(values=", ".join(map(str, ch["food"]))), None)]
    if len(ch["food"]) > 1:
        meals += [(_("the {value}").format(value=v), v) for v in sorted(set(ch["food"]))]
    return [t.registry.move("eat", _("cooked") if cooked else _("raw"), (_(EAT), heading),
                            name=ch["name"], cooked=cooked, values=None if value is None else [value])
            for heading, value in meals for cooked in kinds]


def _shares(t: CaveTable, ch: Character) -> list[Move]:
    """A food card of each value held to each character on the same tile (C-TURN-4)."""
    return [t.registry.move("give", _("a {value}").format(value=value),
                            (_(SHARE), _("to {name}").format(name=other["name"])),
                            name=ch["name"], other=other["name"], value=value)
            for other in others_here(t.state, ch) for value in sorted(set(ch["food"]))]


def pictures(t: CaveTable, seat: str) -> dict[int, list[str]]:
    """The openings of the new tile each turn-move would place, by the move's number (its
    place among the seat's moves), for the page to draw as a picture."""
    shape = next_shape(t.state)
    out: dict[int, list[str]] = {}
    for i, m in enumerate(seat_moves(t, seat)):
        turn = dict(m.values).get("angle")
        if m.command == "move" and turn is not None and shape is not None:
            out[i] = list(t.library.sides(shape, int(turn)))
    return out
