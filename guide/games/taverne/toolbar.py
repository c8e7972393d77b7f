"""The Pillar's prompt, toolbar and `status` table (public only, from views.view_for)."""

from __future__ import annotations

from typing import Any

from .model import State
from .views import view_for, waiting

WIDTH = 80


def prompt(state: State) -> str:
    if state["phase"] == "brawl":
        return f"taverne (turn {state['turn']}, call {state['call']})> "
    return f"taverne ({state['phase']})> "


def toolbar(state: State, words: dict[int, str], width: int | None = WIDTH) -> str:
    """Turn, call and its words, the Pillar, and what the call waits for; within `width`
    (the call's words shortened to their last shout first, then the line cut)."""
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
    return text[:(width or WIDTH) - 3] + "..."


HEADERS = ["Player", "Character", "Pints", "Prestige", "Energy", "Loot", "Hand", "Pile top",
           "Dodges", "Assets", "Trick", "Spec.", "Note"]


def status_rows(state: State) -> list[list[Any]]:
    """Every Counter, clockwise from the first seat, from the public view (views.view_for)."""
    view = view_for(state, None)
    rows: list[list[Any]] = []
    for c in view["players"]:
        n, extra = c["name"], view["counters"][c["name"]]
        energy = f"{c['energy']} Stunned" if c["stunned"] else str(c["energy"])
        notes = []
        if n == state["pillar"]:
            notes.append("Pillar")
        if c["eliminated"]:
            notes.append("shown the door")
        elif extra["entering"]:
            notes.append("enters next turn")
        elif extra["returning"]:
            notes.append("back next turn")
        elif extra["away"]:
            notes.append("away")
        if n in view["militia"]:
            notes.append("called the Militia")
        rows.append([n, extra["character"] or "-", c["pints"], c["prestige"], energy, c["loot"],
                     len(c["hand"]), "-" if c["pile_top"] is None else c["pile_top"],
                     " ".join(map(str, c["dodges"])) or "-", ", ".join(extra["assets"]) or "-",
                     extra["trick"] or "-", extra["specialties"], ", ".join(notes)])
    return rows
