"""The Pillar's prompt, toolbar and `status` table (public only, from views.view_for)."""

from __future__ import annotations

from typing import Any

from guide.core.text import clip, toolbar_width

from .model import State
from .views import view_for, waiting


def prompt(state: State) -> str:
    if state["phase"] == "brawl":
        return f"taverne (turn {state['turn']}, call {state['call']})> "
    return f"taverne ({state['phase']})> "


def toolbar(state: State, words: dict[int, str], width: int | None = None) -> str:
    """Turn, call and its words, the Pillar, and what the call waits for; within `width`
    (the call's words shortened to their last shout first, then the line cut by
    guide.core.text.clip); by default the toolbar's width (guide.core.text.toolbar_width)."""
    width = toolbar_width() if width is None else width
    return clip(_line(state, words, width), width)


def whole_line(state: State, words: dict[int, str]) -> str:
    """The toolbar's line uncut (`status` wraps it)."""
    return _line(state, words, None)


def _line(state: State, words: dict[int, str], width: int | None) -> str:
    if state["phase"] == "setup":
        return f"setup: {len(state['seating'])} seated; `player NAME --loot N`, then `start`"
    if state["phase"] == "over":
        return "brawl over: " + (", ".join(state["winners"]) + " won" if state["winners"]
                                 else "no winner")
    what, who = waiting(state)
    tail = f" | {what}: {', '.join(who)}" if who else " | all in" if what else ""
    if state["phase"] == "auction":
        return "Auction Characters" + tail
    said = words.get(state["call"], "")
    for shout in (said, said.split("... ")[-1]):
        text = f"T{state['turn']} call {state['call']} {shout} | Pillar {state['pillar']}{tail}"
        if width is None or len(text) <= width:
            return text
    return text


HEADERS = ["Player", "Pints", "Prestige", "Energy", "Loot", "Hand", "Pile", "Dodges"]


def status_rows(state: State) -> list[list[Any]]:
    """Every Counter, clockwise from the first seat, from the public view (views.view_for);
    the rest of each player's situation goes in `status_notes`."""
    view = view_for(state, None)
    return [[c["name"], c["pints"], c["prestige"],
             f"{c['energy']} Stunned" if c["stunned"] else c["energy"], c["loot"],
             len(c["hand"]), "-" if c["pile_top"] is None else c["pile_top"],
             " ".join(map(str, c["dodges"])) or "-"] for c in view["players"]]


def status_notes(state: State) -> list[str]:
    """One line a player for what does not fit the table (the Pillar, away or out, the
    Militia called, Character, Assets in play, the Dirty Trick suffered, Specialties in
    hand), then the KO pile."""
    view = view_for(state, None)
    lines = []
    for c in view["players"]:
        n, extra = c["name"], view["counters"][c["name"]]
        parts = ["the Pillar" if n == state["pillar"] else "", extra["character"] or ""]
        parts.append("shown the door" if c["eliminated"] else "enters next turn"
                     if extra["entering"] else "back next turn" if extra["returning"]
                     else "away" if extra["away"] else "")
        if n in view["militia"]:
            parts.append("called the Militia")
        if extra["assets"]:
            parts.append("Assets: " + ", ".join(extra["assets"]))
        if extra["trick"]:
            parts.append("Dirty Trick: " + extra["trick"])
        if extra["specialties"]:
            parts.append(f"{extra['specialties']} Specialties in hand")
        shown = "; ".join(p for p in parts if p)
        if shown:
            lines.append(f"{n}: {shown}")
    if state["ko_pile"]:
        lines.append("KO pile: " + ", ".join(state["ko_pile"]))
    return lines
