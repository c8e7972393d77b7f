"""What the table sees: `guide state --game cave` JSON (the rules page's shape), the toolbar and
the TV page's view model."""

from __future__ import annotations

from typing import Any

from guide.core.i18n import domain
from guide.core.text import clip, toolbar_width

from .box import Box
from .mapview import ended, held, marks, meters, render_map
from .state import CaveState, current, round_of
from .tvsvg import COLOURS, board_svg

_, ngettext, pgettext = domain("cave").functions()


def public_state(state: CaveState, box: Box) -> dict[str, Any]:
    turn = current(state)
    tiles = []
    for k, placed in sorted(state["board"].items(), key=lambda kv: tuple(map(int, kv[0].split(",")))[::-1]):
        x, y = map(int, k.split(","))
        piece = state["pieces"][placed["id"]]
        tiles.append({"x": x, "y": y, "shape": piece["shape"], "content": piece["content"],
                      "openings": list(box.sides(piece["shape"], placed["turn"]))})
    return {
        "schema": 1, "game": "cave", "round": round_of(state), "turn": turn["name"] if turn else None,
        "board": {"width": box.width, "height": box.height, "tiles": tiles},
        "deck_left": len(state["tiles"]["draw"]),
        "characters": [{"name": c["name"], "x": c["x"], "y": c["y"], "energy": c["energy"],
                        "mental": c["mental"], "food": list(c["food"]), "items": c["items"],
                        "fire": c["fire"], "state": c["state"]} for c in state["characters"]],
    }


def headline(state: CaveState) -> str:
    if state["phase"] == "setup":
        return ngettext("Cave escape: setting up, {count} character",
                        "Cave escape: setting up, {count} characters",
                        len(state["characters"])).format(count=len(state["characters"]))
    if state["phase"] == "over":
        out = sum(c["state"] == "out" for c in state["characters"])
        return _("Cave escape: over in round {round}, {out} of {count} escaped").format(
            round=round_of(state), out=out, count=len(state["characters"]))
    turn = current(state)
    return _("Cave escape: round {round}, {who}'s turn").format(
        round=round_of(state), who=turn["name"] if turn else "-")


def toolbar(state: CaveState) -> str:
    """Whose turn, and each character by its map number with Energy and mental strength; at
    most 80 columns: the head is shortened first (then `>` marks whose turn it is), then the
    names (to 8, then 4 letters, then the number alone)."""
    who = marks(state)
    turn = current(state)
    if state["phase"] == "play" and turn is not None:
        head = _("R{round} {who}'s turn").format(round=round_of(state), who=turn["name"])
    else:
        head = headline(state).split(": ", 1)[-1]
    # the head shortened first ("R3", "over"), then the names: 3 long ones fit in full
    for short, cut in ((False, None), (True, None), (True, 8), (True, 4), (True, 0)):
        parts = [head.split(" ")[0] if short else head]
        for c in state["characters"]:
            name = c["name"] if cut is None or len(c["name"]) <= cut else c["name"][:cut]
            now = ">" if short and c is turn else ""
            label = f"{now}{who[c['name']]} {name}".rstrip()
            if c["state"] == "in":
                parts.append(f"{label} {meters(c)}" + (" " + _("stuck") if c["stuck"] else ""))
            else:
                parts.append(f"{label} {_('out') if c['state'] == 'out' else _('dead')}")
        text = " | ".join(parts)
        if len(text) <= toolbar_width():
            return text
    return clip(text)


def view(state: CaveState, box: Box, story: list[str] | None = None) -> dict[str, Any]:
    """The players' TV page: everything on it is public (a cooperative game has no secrets).
    The board as SVG tiles and as the text map, each character's meters and cards, whose
    turn, and the last lines of the story; as data too, what holds each character (`stuck`,
    its `challenge`) and whether this turn's movement is spent (`moved`) and the turn began
    in company (`shared`, C-TURN-7): what a bot's sampler reads (bots.py)."""
    who = marks(state)
    turn = current(state)
    placed = state["phase"] != "setup"       # before start a character is on no square (status: -)
    people = [{"name": c["name"], "mark": who[c["name"]], "colour": COLOURS[i % len(COLOURS)],
               "state": c["state"], "energy": c["energy"], "energy_max": box.energy,
               "mental": c["mental"], "mental_max": box.mental, "food": list(c["food"]),
               "fire": c["fire"], "items": c["items"], "at": [c["x"], c["y"]],
               "turn": c is turn, "held": held(state, box, c) if c["state"] == "in" else "",
               "stuck": c["stuck"], "challenge": dict(c["challenge"]) if c["challenge"] else None,
               "cards": _("food {food} · fire {fire} · items {items}").format(
                   food=", ".join(map(str, c["food"])) or _("none"), fire=c["fire"], items=c["items"]),
               "on": _("on {x},{y}").format(x=c["x"], y=c["y"]) if placed else "",
               "ended": ended(c)}
              for i, c in enumerate(state["characters"])]
    return {"game": "cave", "title": headline(state), "toolbar": toolbar(state),
            "round": round_of(state), "phase": state["phase"], "turn": turn["name"] if turn else None,
            "moved": state["moved"], "shared": state["shared"],
            "deck_left": len(state["tiles"]["draw"]), "discards": len(state["tiles"]["discard"]),
            "board": board_svg(state, box), "characters": people, "story": list(story or []),
            "map": render_map(state, box).splitlines(), "state": public_state(state, box),
            "words": {"last": _("Last"), "cave": _("The cave"), "your_move": _("Your move"),
                      "energy": _("Energy"), "mental": _("Mental strength"),
                      "pile": _("Draw pile {draw} · discards {discard}").format(
                          draw=len(state["tiles"]["draw"]), discard=len(state["tiles"]["discard"]))}}
