"""Seating and range (T-WPN-2), with Long Range (T-VAR-LR-1), and the seats' changes on the
core's turn order (guide.core.turns): a seat moved (`player NAME --after OTHER`) and the
Pillar passing on (T-CALL-9)."""

from __future__ import annotations

from guide.core import turns

from .model import Range, State, pillar, seated


def around(state: State, name: str) -> tuple[list[str], list[str]]:
    """The other players in the brawl (present, not eliminated) from the nearest outwards:
    to the left (the next seated, clockwise) and to the right."""
    left = [n for n in turns.after(state["turns"], name) if not state["players"][n]["eliminated"]]
    return left, left[::-1]


def targets(state: State, name: str) -> dict[str, Range]:
    """Who `name` can attack, and how (T-WPN-2): the nearest on each side in melee, the
    second nearest at range; with Long Range the X-th instead, X = the attacker's Dodges
    (T-VAR-LR-1). With 3 in the brawl both opponents are in melee; with 2, the other one."""
    left, right = around(state, name)
    if not left:
        return {}
    out: dict[str, Range] = {left[0]: "melee", right[0]: "melee"}
    x = len(state["players"][name]["dodges"]) if "long-range" in state["variants"] else 2
    if 2 <= x <= len(left):
        for n in (left[x - 1], right[x - 1]):
            out.setdefault(n, "ranged")
    return out


def reaching(hand: list[int], how: str) -> list[int]:
    """The Weapons of a hand that reach a target at this range (T-WPN-2: "an odd-valued
    Weapon" at range; any in melee)."""
    return [w for w in hand if how == "melee" or w % 2]


def clockwise_from(state: State, first: str | None) -> list[str]:
    """Every seated player, clockwise starting at `first` (the Pillar has the advantage,
    then the player to his left, and so on)."""
    seats = seated(state)
    if first not in seats:
        return seats
    i = seats.index(first)
    return seats[i:] + seats[:i]


def pass_pillar(state: State) -> str | None:
    """T-CALL-9: the Pillar passes to the next seated player to the left who is present and
    not eliminated (the Pillar again if nobody else is). A Pillar shown the door this turn
    leaves the turn order now, as the others shown the door did at once."""
    order, old = state["turns"], pillar(state)
    if old is None:             # everyone had left the brawl
        return take_pillar(state)
    new = turns.end_turn(order)
    if new != old and state["players"][old]["eliminated"]:
        turns.leave(order, old)
    return new


def take_pillar(state: State) -> str | None:
    """A Pillar who leaves passes the Pillar on (T-LEAVE-1); the last one in the brawl has
    nobody to pass it to, so nobody holds it until a player is back (at a call 1): the
    first of them in seating order takes it."""
    order = state["turns"]
    if state["phase"] == "brawl" and pillar(state) is None and turns.playing(order):
        turns.start(order)
    return pillar(state)


def move_seat(state: State, name: str, after: str) -> None:
    """`name` sits down again, to the left of `after` (T-WPN-2: `player NAME --after
    OTHER`); out of the turn order, or the Pillar, as before. The core's turn order moves
    nobody: they leave the table and sit down again."""
    order = state["turns"]
    was_out, was_pillar = name not in turns.playing(order), pillar(state) == name
    turns.remove(order, name)
    turns.join(order, name, after=after)
    if was_out:
        turns.leave(order, name)
    if was_pillar and pillar(state) is None:
        turns.start(order, name)
    elif was_pillar:
        turns.end_turn(order, to=name)
