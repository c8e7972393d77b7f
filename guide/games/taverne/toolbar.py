"""The Pillar's prompt, toolbar and `status` table (public only, from views.view_for)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guide.core.i18n import N_, NP_, domain
from guide.core.text import clip, toolbar_width

from .model import State, pillar, seated
from .render import call_words
from .views import view_for, waiting

_, ngettext, pgettext = domain("taverne").functions()
WAITING = (NP_("waiting", "to choose a Character"), NP_("waiting", "to bid"),
           NP_("waiting", "to set Dodges"), NP_("waiting", "to attack"), NP_("waiting", "to dodge"))
PHASES = (NP_("phase", "setup"), NP_("phase", "auction"), NP_("phase", "brawl"), NP_("phase", "over"))


def prompt(state: State) -> str:
    if state["phase"] == "brawl":
        return _("taverne (turn {turn}, call {call})> ").format(turn=state["turn"], call=state["call"])
    return _("taverne ({phase})> ").format(phase=pgettext("phase", state["phase"]))


def toolbar(state: State, words: dict[int, str], width: int | None = None) -> str:
    """Turn, call and its words, the Pillar, and what the call waits for; within `width`
    (the call's words shortened to their last shout first, then left out, then the Pillar,
    then the line cut by guide.core.text.clip); by default the toolbar's width
    (guide.core.text.toolbar_width)."""
    width = toolbar_width() if width is None else width
    return clip(line(state, words, width), width)


def line(state: State, words: dict[int, str], width: int | None = None) -> str:
    """The toolbar's line, its call's words shortened to fit `width`; with no width, the
    line uncut (`status` wraps it)."""
    if state["phase"] == "setup":
        return _("setup: {count} seated; `player NAME --loot N`, then `start`").format(
            count=len(seated(state)))
    if state["phase"] == "over":
        return _("brawl over: {who} won").format(who=", ".join(state["winners"])) if state["winners"] \
            else _("brawl over: no winner")
    what, who = waiting(state)
    tail = _(" | {what}: {who}").format(what=pgettext("waiting", what), who=", ".join(who)) if who \
        else _(" | all in") if what else ""
    if state["phase"] == "auction":
        return _("Auction Characters") + tail
    said = call_words(words.get(state["call"], ""))
    known = {"turn": state["turn"], "call": state["call"], "tail": tail,
             "pillar": pillar(state) or "—"}   # "—": everyone has left, the first back takes it (T-LEAVE-1)
    # shortened until it fits: the call's last shout, then no words, then no Pillar, so that
    # whom the call waits for is read whole (four names in French did not fit beside them)
    texts = [*(_("T{turn} call {call} {shout} | Pillar {pillar}{tail}").format(shout=shout, **known)
               for shout in (said, said.split("... ")[-1])),
             _("T{turn} call {call} | Pillar {pillar}{tail}").format(**known),
             _("T{turn} call {call}{tail}").format(**known)]
    return next((text for text in texts if width is None or len(text) <= width), texts[-1])


HEADERS = [N_("Player"), N_("Pints"), N_("Prestige"), N_("Energy"), N_("Loot"), N_("Hand"), N_("Pile"),
           N_("Dodges")]


def status_rows(state: State) -> list[list[Any]]:
    """Every Counter, clockwise from the first seat, from the public view (views.view_for);
    the rest of each player's situation goes in `status_notes`. A player shown the door has
    left the game (T-CALL-6: Pints and Loot lost, every card discarded) until a new
    Character brings them back: no Counter, no Pint, no "Stunned", only the note."""
    view = view_for(state, None)
    return [[c["name"], *["-"] * (len(HEADERS) - 1)] if c["eliminated"] else   # T-CALL-6: out
            [c["name"], c["pints"], c["prestige"],
             _("{energy} Stunned").format(energy=c["energy"]) if c["stunned"] else c["energy"], c["loot"],
             len(c["hand"]), "-" if c["pile_top"] is None else c["pile_top"],
             " ".join(map(str, c["dodges"])) or "-"] for c in view["players"]]


def status_notes(state: State, named: Callable[[str], str] = str) -> list[str]:
    """One line a player for what does not fit the table (the Pillar, away or out, the
    Militia called, Character, Assets in play, the Dirty Trick suffered, Specialties in
    hand), then the KO pile."""
    view = view_for(state, None)
    lines = []
    for c in view["players"]:
        n, extra = c["name"], view["counters"][c["name"]]
        parts = [_("the Pillar") if n == view["pillar"] else "", named(extra["character"] or ""),
                 _("shown the door") if c["eliminated"] else _("enters next turn")
                 if extra["entering"] else _("back next turn") if extra["returning"]
                 else _("away") if extra["away"] else "",
                 _("called the Militia") if n in view["militia"] else "",
                 _("Assets: {assets}").format(assets=", ".join(extra["assets"])) if extra["assets"] else "",
                 _("Dirty Trick: {trick}").format(trick=extra["trick"]) if extra["trick"] else "",
                 ngettext("{count} Specialty in hand", "{count} Specialties in hand",
                          extra["specialties"]).format(count=extra["specialties"])
                 if extra["specialties"] else ""]
        shown = pgettext("separator", "; ").join(p for p in parts if p)   # those that apply
        if shown:
            lines.append(_("{player}: {notes}").format(player=n, notes=shown))
    if state["ko_pile"]:
        lines.append(_("KO pile: {characters}").format(characters=", ".join(map(named, state["ko_pile"]))))
    return lines
