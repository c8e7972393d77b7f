"""The Pillar's prompt, toolbar and `status` table (public only, from views.view_for)."""

from __future__ import annotations

from typing import Any

from . import counters
from .model import State
from .views import waiting

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
    """Every Counter, clockwise from the first seat."""
    rows: list[list[Any]] = []
    for n in state["seating"]:
        p = state["players"][n]
        energy = f"{p['energy']} Stunned" if counters.stunned(p) else str(p["energy"])
        notes = []
        if n == state["pillar"]:
            notes.append("Pillar")
        if p["eliminated"]:
            notes.append("shown the door")
        elif p["entering"]:
            notes.append("enters next turn")
        elif p["returning"]:
            notes.append("back next turn")
        elif not p["present"]:
            notes.append("away")
        if n in state["militia"]:
            notes.append("called the Militia")
        rows.append([n, p["character"] or "-", p["pints"], counters.prestige(p), energy,
                     p["loot"], len(p["hand"]), p["pile"][0] if p["pile"] else "-",
                     " ".join(map(str, p["dodges"])) or "-", ", ".join(p["assets"]) or "-",
                     p["trick"] or "-", sum(p["specialties"].values()), ", ".join(notes)])
    return rows
