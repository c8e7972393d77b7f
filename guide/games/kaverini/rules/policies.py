"""The spending policies of the balance report (`odds --adventure`, rules/evening.py): how
each Kaveri spends its banked points between two scenes (R-LVL-1..3). The report plays the
default one; `--policies` plays each of them on the same evenings, to show how much the
build matters. Every policy spends every point; each is a few steps, said in POLICIES.

None of them is a card or a rule of the game: they are ways a table might spend, from
the careless to the careful. Pure: a sheet in, the same sheet spent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from guide.core.errors import RuleError
from guide.core.i18n import N_
from guide.games.kaverini.rules.leveling import MAX_LADDER, spend
from guide.games.kaverini.state import Sheet

Step = Callable[[Sheet], None]


def on_e(k: Sheet) -> None:
    """As many points on E as R-LVL-3 allows now (1 per level reached, not yet used); a
    point the rules refuse on E stays for the next step."""
    e = min(k["e_allowance"], k["points"])
    if e > 0:
        try:
            spend(k, e=e)
        except RuleError:                    # the allowance reads otherwise: no E this time
            pass


def _ladders(k: Sheet) -> list[tuple[int, int, str]]:
    """(level, order, key) of every ladder below the top, emotion ladders first, then the
    custom ones (keys as `spend` takes them)."""
    out = [(lv, i, name) for i, (name, lv) in enumerate(k["ladders"].items())]
    n = len(out)
    out += [(lv, n + i, f"custom:{name}") for i, (name, lv) in enumerate(k["custom"].items())]
    return [x for x in out if x[0] < MAX_LADDER]


def _ladder_up(k: Sheet, rank: Callable[[tuple[int, int, str]], tuple[int, int]]) -> None:
    """The first ladder by `rank` (of _ladders' level and order) up one level, again and
    again, while the points pay for it (n+1 points, R-LVL-2)."""
    while (ladders := _ladders(k)):
        lv, _order, key = min(ladders, key=rank)
        if k["points"] < lv + 1:
            return
        spend(k, raises={key: lv + 1})


def lowest_ladder_up(k: Sheet) -> None:
    """The lowest ladder (the first on a tie) up one level, again and again."""
    _ladder_up(k, lambda x: (x[0], x[1]))


def highest_ladder_up(k: Sheet) -> None:
    """The highest ladder (the first on a tie) up one level, again and again: one
    technique as strong as it gets."""
    _ladder_up(k, lambda x: (-x[0], x[1]))


def h_and_hp(k: Sheet) -> None:
    """The rest alternately on H and on max HP, H first."""
    if k["points"] > 0:
        h = (k["points"] + 1) // 2
        spend(k, h=h, hp=k["points"] - h)


def all_on_hp(k: Sheet) -> None:
    if k["points"] > 0:
        spend(k, hp=k["points"])


def all_on_h(k: Sheet) -> None:
    if k["points"] > 0:
        spend(k, h=k["points"])


@dataclass(frozen=True)
class SpendingPolicy:
    id: str                      # as `--policies` and the JSON name it
    words: tuple[str, ...]       # its steps, in English (N_); evening.policy() says them
    steps: tuple[Step, ...]

    def spend(self, k: Sheet) -> None:
        for step in self.steps:
            step(k)


_E = N_("E: 1 point per level reached, as R-LVL-3 allows")
_H_AND_HP = N_("the rest alternately on H and on max HP, H first")

# In the order the report lists them before it measures them (it then sorts them from the
# weakest to the strongest on the adventure it plays). The default is `spread`.
POLICIES: dict[str, SpendingPolicy] = {p.id: p for p in (
    SpendingPolicy("hp", (N_("every point on max HP: no E, no ladder, no H"),), (all_on_hp,)),
    SpendingPolicy("heart", (_E, N_("the rest on H")), (on_e, all_on_h)),
    SpendingPolicy("spread", (_E, N_("ladders: the lowest ladder (the first on a tie) up one"
                                     " level, again and again, while the points pay for it"
                                     " (n+1 points, R-LVL-2)"), _H_AND_HP),
                   (on_e, lowest_ladder_up, h_and_hp)),
    SpendingPolicy("focus", (_E, N_("ladders: the highest ladder (the first on a tie) up one"
                                    " level, again and again, while the points pay for it"
                                    " (n+1 points, R-LVL-2)"), _H_AND_HP),
                   (on_e, highest_ladder_up, h_and_hp)),
)}
DEFAULT = "spread"
