"""Seating and range (T-WPN-2), with Long Range (T-VAR-LR-1)."""

from __future__ import annotations

from .model import Range, State, active_names


def around(state: State, name: str) -> tuple[list[str], list[str]]:
    """The other players in the brawl (present, not eliminated) from the nearest outwards:
    to the left (the next seated, clockwise) and to the right."""
    seats = state["seating"]
    live = set(active_names(state))
    i = seats.index(name)
    clockwise = [seats[(i + k) % len(seats)] for k in range(1, len(seats))]
    left = [n for n in clockwise if n in live]
    return left, left[::-1]


def targets(state: State, name: str) -> dict[str, Range]:
    """Who `name` can attack, and how (T-WPN-2): the nearest on each side in melee, the
    second nearest at range; with Long Range the X-th instead, X = the attacker's Dodges
    (T-VAR-LR-1). With 3 in the brawl both opponents are in melee; with 2, the other one."""
    left, right = around(state, name)
    if not left:
        return {}
    out: dict[str, Range] = {left[0]: "melee", right[0]: "melee"}
    if "long-range" in state["variants"]:
        x = len(state["players"][name]["dodges"])
    else:
        x = 2
    if 2 <= x <= len(left):
        for n in (left[x - 1], right[x - 1]):
            out.setdefault(n, "ranged")
    return out


def clockwise_from(state: State, first: str | None) -> list[str]:
    """Every seated player, clockwise starting at `first` (the Pillar has the advantage,
    then the player to his left, and so on)."""
    seats = state["seating"]
    if first not in seats:
        return list(seats)
    i = seats.index(first)
    return seats[i:] + seats[:i]


def next_pillar(state: State) -> str | None:
    """T-CALL-9: the next seated player to the Pillar's left who is present and not
    eliminated (the Pillar again if nobody else is)."""
    order = clockwise_from(state, state["pillar"])
    live = set(active_names(state))
    for n in order[1:] + order[:1]:
        if n in live:
            return n
    return state["pillar"]
