"""What a Kaveri's banked points can buy now, with the cost of each (R-LVL-2, R-LVL-3,
R-LVL-4): the menu `spend NAME` shows when it is given no choices."""

from __future__ import annotations

from guide.core.result import Result
from guide.games.kaverini.data.tables import ladders
from guide.games.kaverini.rules.leveling import MAX_LADDER, ladder_cost
from guide.games.kaverini.state import Sheet


def choices(k: Sheet) -> Result:
    """The choices and their costs; those the bank cannot pay now are marked."""
    points, name = k["points"], k["name"]
    r = Result([f"{name} has {points} point(s) banked; E may take {k['e_allowance']} more"
                " (at most 1 per level reached, R-LVL-3)."])
    rows: list[list[str]] = []

    def row(choice: str, what: str, cost: int, allowed: bool = True) -> None:
        rows.append([choice, what, str(cost), "yes" if allowed and cost <= points else "no"])

    row("e=1", f"Emotion {k['emotion']} -> {k['emotion'] + 1}", 1, k["e_allowance"] > 0)
    row("h=1", f"Heart {k['heart']} -> {k['heart'] + 1}", 1)
    row("hp=1", f"max HP {k['max_hp']} -> {k['max_hp'] + 1}", 1)
    for ladder, lv in [*k["ladders"].items(), *k["custom"].items()]:
        if lv < MAX_LADDER:
            row(f"{_quoted(ladder)}={lv + 1}", f"{ladder} {lv} -> {lv + 1}", ladder_cost(lv, lv + 1))
    row("new=LADDER", "a new emotion ladder at level 1 (below)", 1)
    row("new=custom:NAME", "a new custom ladder at level 1 (R-LVL-4)", 1)
    fresh = [lad.name for lad in ladders().values() if lad.name not in k["ladders"]]
    if fresh:
        r.notes.append("New ladders: " + ", ".join(fresh) + ".")
    r.headers, r.rows = ["choice", "buys", "cost", "now?"], rows
    r.notes.append(f"Example: spend {_quoted(name)} h=1 hp=2 (several at once: all or nothing).")
    return r


def _quoted(word: str) -> str:
    return f'"{word}"' if " " in word else word
