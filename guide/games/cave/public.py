"""What the table sees: `guide state --game cave` JSON (the rules page's shape), the toolbar and
the TV page's view model."""

from __future__ import annotations

from typing import Any

from guide.core.text import clip, toolbar_width

from .box import Box
from .mapview import held, marks, render_map
from .state import CaveState, current
from .tvsvg import COLOURS, board_svg


def public_state(state: CaveState, box: Box) -> dict[str, Any]:
    turn = current(state)
    tiles = []
    for k, placed in sorted(state["board"].items(), key=lambda kv: tuple(map(int, kv[0].split(",")))[::-1]):
        x, y = map(int, k.split(","))
        piece = state["pieces"][placed["id"]]
        tiles.append({"x": x, "y": y, "shape": piece["shape"], "content": piece["content"],
                      "openings": list(box.sides(piece["shape"], placed["turn"]))})
    return {
        "schema": 1, "game": "cave", "round": state["round"], "turn": turn["name"] if turn else None,
        "board": {"width": box.width, "height": box.height, "tiles": tiles},
        "deck_left": len(state["tiles"]["draw"]),
        "characters": [{"name": c["name"], "x": c["x"], "y": c["y"], "energy": c["energy"],
                        "mental": c["mental"], "food": list(c["food"]), "items": c["items"],
                        "fire": c["fire"], "state": c["state"]} for c in state["characters"]],
    }


def headline(state: CaveState) -> str:
    if state["phase"] == "setup":
        return f"Cave escape: setting up, {len(state['characters'])} characters"
    if state["phase"] == "over":
        out = sum(c["state"] == "out" for c in state["characters"])
        return f"Cave escape: over in round {state['round']}, {out} of {len(state['characters'])} escaped"
    turn = current(state)
    return f"Cave escape: round {state['round']}, {turn['name'] if turn else '-'}'s turn"


def toolbar(state: CaveState) -> str:
    """Whose turn, and each character by its map number with Energy and mental strength; at
    most 80 columns: names are shortened (to 8, then 4 letters, then the number alone) only
    when four or more characters would not fit in full (then `>` marks whose turn it is)."""
    who = marks(state)
    turn = current(state)
    if state["phase"] == "play" and turn is not None:
        head = f"R{state['round']} {turn['name']}'s turn"
    else:
        head = headline(state).removeprefix("Cave escape: ")
    for cut in (None, 8, 4, 0):
        parts = [head if cut is None else head.split(" ")[0]]
        for c in state["characters"]:
            name = c["name"] if cut is None or len(c["name"]) <= cut else c["name"][:cut]
            now = ">" if cut is not None and c is turn else ""
            label = f"{now}{who[c['name']]} {name}".rstrip()
            if c["state"] == "in":
                parts.append(f"{label} E{c['energy']} M{c['mental']}" + (" stuck" if c["stuck"] else ""))
            else:
                parts.append(f"{label} {'out' if c['state'] == 'out' else 'dead'}")
        text = " | ".join(parts)
        if len(text) <= toolbar_width():
            return text
    return clip(text)


def view(state: CaveState, box: Box, story: list[str] | None = None) -> dict[str, Any]:
    """The players' TV page: everything on it is public (a cooperative game has no secrets).
    The board as SVG tiles and as the text map, each character's meters and cards, whose
    turn, and the last lines of the story."""
    who = marks(state)
    turn = current(state)
    people = [{"name": c["name"], "mark": who[c["name"]], "colour": COLOURS[i % len(COLOURS)],
               "state": c["state"], "energy": c["energy"], "energy_max": box.energy,
               "mental": c["mental"], "mental_max": box.mental, "food": list(c["food"]),
               "fire": c["fire"], "items": c["items"], "at": [c["x"], c["y"]],
               "turn": c is turn, "held": held(state, box, c) if c["state"] == "in" else "",
               "ended": (("escaped" if c["state"] == "out" else f"dead ({c['cause']})")
                         + f", round {c['ended']}") if c["state"] != "in" else ""}
              for i, c in enumerate(state["characters"])]
    return {"game": "cave", "title": headline(state), "toolbar": toolbar(state),
            "round": state["round"], "phase": state["phase"], "turn": turn["name"] if turn else None,
            "deck_left": len(state["tiles"]["draw"]), "discards": len(state["tiles"]["discard"]),
            "board": board_svg(state, box), "characters": people, "story": list(story or []),
            "map": render_map(state, box).splitlines(), "state": public_state(state, box)}
