"""What the table sees: `guide state --game cave` JSON (the rules page's shape), the toolbar and
the TV page's view model."""

from __future__ import annotations

from typing import Any

from guide.core.text import clip

from .box import Box
from .mapview import render_map
from .state import CaveState, current


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
    """Whose turn, and each character's Energy and mental strength, within the toolbar's
    width (guide.core.text.clip)."""
    parts = [headline(state).removeprefix("Cave escape: ")]
    for c in state["characters"]:
        if c["state"] == "in":
            parts.append(f"{c['name']} E{c['energy']} M{c['mental']}" + (" stuck" if c["stuck"] else ""))
        else:
            parts.append(f"{c['name']} {'out' if c['state'] == 'out' else 'dead'}")
    text = " | ".join(parts)
    return clip(text)


def view(state: CaveState, box: Box) -> dict[str, Any]:
    """The players' TV page: everything on it is public."""
    return {"game": "cave", "title": headline(state), "toolbar": toolbar(state),
            "map": render_map(state, box).splitlines(), "state": public_state(state, box)}
