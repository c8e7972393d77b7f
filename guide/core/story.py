"""A command's story as each viewer may read it: the game master's terminal, `log`,
`log --gm`, and a seat's own page (private events, guide.core.table.Table.tell_private); the
core's own marks in a story (on time, upgraded, a hidden draw), said by the core and never
given to a game's renderer; and why undo may not take a change back (Game.settings.undo_policy)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from guide.core.i18n import _
from guide.core.settings import REFUSE_HIDDEN
from guide.core.viewers import keyboard_seat

if TYPE_CHECKING:
    from guide.core.store import Entry

# The core's own marks in a story, said by the core and never given to a game's renderer:
TIMER = "on time"          # the game's clock ran this command (Game.clock)
UPGRADED = "upgraded"      # an older campaign upgraded (Game.migrate): undo stops here
HIDDEN = "hidden draw"     # the command drew hidden information (Table.drew_hidden)
SECRET = "private"         # at the terminal: an event private to a seat, not shown there
MARKS = (TIMER, UPGRADED, HIDDEN, SECRET)


def _mark(event: dict) -> str | None:
    kind = event["kind"]
    if kind == TIMER:
        return _("(on time)")
    if kind == UPGRADED:
        return _("(the campaign was upgraded from state {old} to {new}; undo stops here)").format(
            old=event["from"], new=event["to"])
    if kind == SECRET:
        return _("(something only {seat} may see: on {seat}'s own page)").format(seat=event["to"])
    return None


def visible(t: Any, events: list[dict], viewer: str) -> list[dict]:
    """The events of a story that `viewer` may read. "terminal": the game master's screen
    right after a command (an event private to a seat is only a line saying there is one,
    but the keyboard's own seat's, viewers.keyboard_seat, which it shows); "gm": `log --gm`,
    the same at the same screen (guide.core.secrets.entitled: the terminal is no seat's, so
    another seat's secret is not the GM's either: a Taverne Specialty drawn, a `roll --for`);
    "log": `log` (no event for the GM alone, none private); a seat's name: what that seat's
    page may show (public ones and its own private ones)."""
    out: list[dict] = []
    mine = ("gm", keyboard_seat(t)) if viewer in ("terminal", "gm") else ()
    for e in events:
        who = e.get("private")
        if who is None and viewer != "log":
            out.append(e)
        elif viewer == "log":
            if who is None and not t.game.events.gm_only(e, t):
                out.append(e)
        elif viewer in ("terminal", "gm"):
            out.append(e if who in mine else {"kind": SECRET, "to": who})
        elif who == viewer:
            out.append(e)
    return out


def say(t: Any, events: list[dict], viewer: str) -> list[str]:
    """A story in words for `viewer` (see `visible`): the game's renderer for its events,
    the core's marks said here."""
    lines: list[str] = []
    run: list[dict] = []
    shown = visible(t, events, viewer)
    if all(e["kind"] == "seat" for e in shown):
        return []       # whose seat, over a move that told nothing (a Kaivo look, K-DEAL-1)
    for e in shown:
        if e["kind"] in MARKS:
            lines += t.game.events.story(run, t)
            run = []
            mark = _mark(e)
            if mark:
                lines.append(mark)
        else:
            run.append(e)
    return lines + t.game.events.story(run, t)


def undo_refusal(t: Any, entry: Entry) -> str | None:
    """Why undo may not take back this change (None: it may): an upgrade of the campaign
    always, a hidden draw or a reveal of what was sealed under the game's REFUSE_HIDDEN
    policy (Game.settings.undo_policy; a reveal says it revealed, a draw that it drew)."""
    for e in entry.story:
        if e["kind"] == UPGRADED:
            return _("cannot undo past the upgrade of the campaign from state {old} to {new};"
                     " nothing changed").format(old=e["from"], new=e["to"])
        if e["kind"] == HIDDEN and t.game.settings.undo_policy == REFUSE_HIDDEN and e.get("revealed"):
            return _("cannot undo {line!r}: it revealed {what}; nothing changed").format(
                line=entry.line, what=e["what"])
        if e["kind"] == HIDDEN and t.game.settings.undo_policy == REFUSE_HIDDEN:
            return _("cannot undo {line!r}: it drew {what}, hidden from the players, and taking"
                     " it back would be a free peek; nothing changed").format(line=entry.line,
                                                                              what=e["what"])
    return None
