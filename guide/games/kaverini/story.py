"""A command's story in as few lines as the Tour Guide needs: a run of XP gains of the same
amount (and the levels they reach) is one line, not two per Kaveri (issue 13: "twelve lines
of 'reaches level N!' for one kill become one line"). Every other event is words.render's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guide.core.i18n import domain
from guide.core.result import Styled
from guide.games.kaverini import words

_, ngettext, pgettext = domain("kaverini").functions()

Event = dict[str, Any]


def render_story(events: list[Event], render: Callable[[Event], str | None] = words.render
                 ) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(events):
        run, j = _xp_run(events, i)
        if len(run) > 1:
            out.append(_together(run))
            i = j
            continue
        line = render(events[i])
        if line:
            out.append(line)
        i += 1
    return out


def _xp_run(events: list[Event], i: int) -> tuple[list[tuple[Event, Event | None]], int]:
    """From i: consecutive (xp, its level or None) pairs of one amount; and where it ends."""
    run: list[tuple[Event, Event | None]] = []
    while i < len(events) and events[i]["kind"] == "xp" and (
            not run or events[i].get("amount") == run[0][0].get("amount")):
        xp = events[i]
        level = events[i + 1] if i + 1 < len(events) and events[i + 1]["kind"] == "level" \
            and events[i + 1].get("kaveri") == xp.get("kaveri") else None
        run.append((xp, level))
        i += 2 if level else 1
    return run, i


def _together(run: list[tuple[Event, Event | None]]) -> str:
    names = [xp["kaveri"] for xp, _lv in run]
    gain = {"names": words.listed(names), "amount": run[0][0]["amount"]}
    reached = [(xp["kaveri"], lv) for xp, lv in run if lv is not None]
    if not reached:
        return _("{names} gain {amount} XP.").format(**gain)
    levels = {lv["level"] for _name, lv in reached}
    points = ", ".join(f"{name} {lv['points']}" for name, lv in reached)
    if len(levels) == 1 and len(reached) == len(run):
        return Styled(_("{names} gain {amount} XP and reach level {level}; points to spend:"
                        " {points}.").format(level=levels.pop(), points=points, **gain), "good")
    each = ", ".join(_("{name} level {level}").format(name=name, level=lv["level"])
                     for name, lv in reached)
    return Styled(_("{names} gain {amount} XP; reached: {each}; points to spend: {points}.")
                  .format(each=each, points=points, **gain), "good")
