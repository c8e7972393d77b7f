"""The chrono tournament's points of a round (T-CHRONO-1)."""

from __future__ import annotations

from . import counters
from .model import State


def points(state: State) -> list[dict[str, int | str]]:
    """10 per Prestige point, 1 per Loot, 1 per Character this player put in the KO pile.
    A player shown the door and not back has lost Pints and Loot: 0 for both."""
    rows: list[dict[str, int | str]] = []
    for n in state["seating"]:
        p = state["players"][n]
        out = p["eliminated"] or p["entering"]
        pres = 0 if out else counters.prestige(p)
        loot = 0 if out else p["loot"]
        rows.append({"name": n, "prestige": pres, "loot": loot, "ko": len(p["ko"]),
                     "points": 10 * pres + loot + len(p["ko"])})
    return rows
