"""What a Kaveri's banked points can buy now, with the cost of each (R-LVL-2, R-LVL-3,
R-LVL-4): the menu `spend NAME` shows when it is given no choices."""

from __future__ import annotations

from guide.core.i18n import domain
from guide.core.result import Result
from guide.games.kaverini.data.tables import ladders
from guide.games.kaverini.rules.leveling import MAX_LADDER, e_allowed, ladder_cost
from guide.games.kaverini.state import Sheet

_, ngettext, pgettext = domain("kaverini").functions()


def choices(k: Sheet) -> Result:
    """The choices and their costs; those the bank cannot pay now are marked."""
    points, name, more = k["points"], k["name"], e_allowed(k)
    r = Result([ngettext("{name} has {points} point banked; E may take {more} more (at most 1 per"
                         " level reached, with its own points, R-LVL-3).",
                         "{name} has {points} points banked; E may take {more} more (at most 1"
                         " per level reached, with its own points, R-LVL-3).", points).format(
                             name=name, points=points, more=more)])
    rows: list[list[str]] = []

    def row(choice: str, what: str, cost: int, allowed: bool = True) -> None:
        rows.append([choice, what, str(cost), _("yes") if allowed and cost <= points else _("no")])

    row("e=1", _("Emotion {now} -> {then}").format(now=k["emotion"], then=k["emotion"] + 1), 1,
        more > 0)
    row("h=1", _("Heart {now} -> {then}").format(now=k["heart"], then=k["heart"] + 1), 1)
    row("hp=1", _("max HP {now} -> {then}").format(now=k["max_hp"], then=k["max_hp"] + 1), 1)
    for ladder, lv in [*k["ladders"].items(), *k["custom"].items()]:
        if lv < MAX_LADDER:
            row(f"{_quoted(ladder)}={lv + 1}", f"{ladder} {lv} -> {lv + 1}", ladder_cost(lv, lv + 1))
    row("new=LADDER", _("a new emotion ladder at level 1 (below)"), 1)
    row("new=custom:NAME", _("a new custom ladder at level 1 (R-LVL-4)"), 1)
    fresh = [lad.name for lad in ladders().values() if lad.name not in k["ladders"]]
    if fresh:
        r.notes.append(_("New ladders: {names}.").format(names=", ".join(fresh)))
    r.headers, r.rows = [_("choice"), _("buys"), _("cost"), _("now?")], rows
    r.notes.append(_("Example: spend {name} h=1 hp=2 (several at once: all or nothing).").format(
        name=_quoted(name)))
    return r


def _quoted(word: str) -> str:
    return f'"{word}"' if " " in word else word
