"""Adventures in a campaign (rulebook 1.4, 7.2): a box holds several adventures, some a series
played in order. Winning an adventure's last scene reads the booklet's good ending and
records, on each Kaveri's sheet, that it has seen the adventure through; `adventure` lists
what is done and what comes next; replaying a done adventure gives its XP again (the XP
comes from the confrontations as usual), a practice bout none (R-CONF-13)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from guide.core.i18n import domain
from guide.games.kaverini.model import Adventure, Scene
from guide.games.kaverini.state import State

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable

_, ngettext, pgettext = domain("kaverini").functions()


def scene_won(t: KaveriniTable) -> list[str]:
    """After a won confrontation (not a practice bout): the booklet's words for the GM once
    the current scene is won (its `after_win`, with the line that brings each friend of its
    `joins` into the party); when it was the adventure's last scene, the adventure is done:
    every Kaveri of the party records it, the table is told, and the lines of the booklet's
    good ending follow (read aloud)."""
    from guide.games.kaverini.commands.scenes import paragraphs

    a = t.adventure()
    if a is None or not a.scenes:
        return []
    number = t.state.get("scene")
    if isinstance(number, int) and 1 <= number <= len(a.scenes):
        _after_win(t, number, a.scenes[number - 1])
    if number != len(a.scenes):
        return []
    for k in t.state["kaverit"]:
        done = k.setdefault("finished", [])
        if a.id not in done:
            done.append(a.id)
    t.tell("adventure_done", adventure=a.id, title=a.title,
           kaverit=[k["name"] for k in t.state["kaverit"]], ending=a.good_ending.strip())
    return ["", *paragraphs(a.good_ending)] if a.good_ending.strip() else []


def _after_win(t: KaveriniTable, number: int, scene: Scene) -> None:
    """The scene's `after_win` told to the GM alone (a reminder), with `buddy NAME` or
    `companion NAME` for each of its `joins` not yet with the party."""
    if not scene.after_win.strip():
        return
    buddies = {b.get("card", b["name"]) for b in t.state["buddies"]}
    lines = []
    for name in scene.joins:
        card = t.library.card(name)
        if card is None or name in buddies or name in t.state["companions"]:
            continue
        lines.append(f"{card.type} {card.name}")
    t.tell("after_win", scene=number, name=scene.name, text=" ".join(scene.after_win.split()),
           lines=lines)


def done_by(state: State, adventure_id: str) -> list[str]:
    """The Kaverit of the party who have seen this adventure through. 7.2: "an adventure
    that you've done already qualifies as such regardless of what Kaveri you used on that
    adventure": it is done in this campaign when any Kaveri of it did it (the list is not
    empty)."""
    return [k["name"] for k in state["kaverit"] if adventure_id in k.get("finished", [])]


def series_of(adventures: dict[str, Adventure], a: Adventure) -> list[Adventure]:
    """The adventures of `a`'s series, in order (just `a` when it is in none)."""
    if a.series is None:
        return [a]
    name = a.series[0]
    return sorted((x for x in adventures.values() if x.series and x.series[0] == name),
                  key=lambda x: x.series[1] if x.series else 0)


def starting(t: KaveriniTable, a: Adventure) -> list[str]:
    """Notes when an adventure starts: a replay (7.2: its XP is gained again), playing
    alone a new one (7.2 advises against it), or a part of a series out of order (1.4)."""
    notes = []
    who = done_by(t.state, a.id)
    if who:
        t.tell("replay", adventure=a.id, done_by=who)
    elif len(t.state["kaverit"]) == 1:
        notes.append(_("Rulebook 7.2: playing alone is meant for adventures done already (the"
                       " booklet holds surprises); this one is new to this campaign."))
    parts = series_of(t.library.adventures, a)
    if a.series is not None:
        before = [x for x in parts if x.series and x.series[1] < a.series[1]
                  and not done_by(t.state, x.id)]
        if before:
            notes.append(_("{title} is part {part} of {series}; not done yet: {before}"
                           " (rulebook 1.4: a series is played in order).").format(
                               title=a.title, part=a.series[1], series=a.series[0],
                               before=", ".join(_("{title} (part {part})").format(
                                   title=x.title, part=x.series[1] if x.series else 0)
                                   for x in before)))
    return notes


def overview(t: KaveriniTable) -> list[str]:
    """Every adventure of the loaded boxes: done (by whom), running, and what comes next in
    each series."""
    state, lines = t.state, []
    running = (state.get("adventure") or {}).get("id")
    seen: set[str] = set()
    for a in sorted(t.library.adventures.values(), key=lambda x: (x.series or (x.title, 0))):
        if a.id in seen:
            continue
        group = series_of(t.library.adventures, a)
        seen.update(x.id for x in group)
        if a.series is not None:
            lines.append(_("Series {series}:").format(series=a.series[0]))
        following = next((x for x in group if not done_by(state, x.id)), None)
        for x in group:
            who = done_by(state, x.id)
            marks = [_("done by {names}").format(names=", ".join(who)) if who else "",
                     _("running") if x.id == running else "",
                     _("next") if a.series is not None and x is following else ""]
            part = _("part {part}: ").format(part=x.series[1]) if x.series else ""
            lines.append(f"{'  ' if a.series else ''}{part}{x.id} - {x.title}"
                         + "".join(f" ({m})" for m in marks if m))
    return lines
