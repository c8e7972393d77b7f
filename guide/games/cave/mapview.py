"""The map (`map`, the TV page): the whole board as text, one 6x3 cell per square, 74 columns
wide, then a legend and a line per character; no line over 80 columns."""

from __future__ import annotations

from .box import Box
from .state import CaveState, Character

WIDTH = 80
MARK = {"food": "F", "event": "E", "challenge": "C", "normal": " ", "start": "S", "exit": "X"}
LEGEND = "F food (f: taken)  E event  C challenge  S start  X exit  .: empty square"


def marks(state: CaveState) -> dict[str, str]:
    """One letter per character: its initial, or its number when initials clash."""
    people = state["characters"]
    initials = [c["name"][0].upper() for c in people]
    return {c["name"]: (initials[i] if initials.count(initials[i]) == 1 else str(i + 1)[-1])
            for i, c in enumerate(people)}


def cell(sides: tuple[str, ...], mark: str, here: list[str]) -> list[str]:
    if not sides:
        return ["      ", "  .   ", "      "]
    inner = mark + "".join(here[:3]) if len(here) <= 3 else mark + "".join(here[:2]) + "+"
    return ["+" + ("-  -" if "up" in sides else "----") + "+",
            (" " if "left" in sides else "|") + f"{inner:<4}" + (" " if "right" in sides else "|"),
            "+" + ("-  -" if "down" in sides else "----") + "+"]


def describe(ch: Character, mark: str) -> str:
    if ch["state"] != "in":
        how = "escaped" if ch["state"] == "out" else f"dead ({ch['cause']})"
        return f"{mark} {ch['name']}: {how} in round {ch['ended']}"[:WIDTH]
    flags = [f"food {','.join(map(str, ch['food']))}" if ch["food"] else "",
             f"fire {ch['fire']}" if ch["fire"] else "", f"items {ch['items']}" if ch["items"] else "",
             "stuck" if ch["stuck"] else "",
             ("challenge crossed" if ch["challenge"]["crossed"] else "held by a challenge")
             if ch["challenge"] else ""]
    text = f"{mark} {ch['name']} ({ch['x']},{ch['y']}) Energy {ch['energy']} mental {ch['mental']}"
    return "  ".join([text, *[f for f in flags if f]])[:WIDTH]


def render_map(state: CaveState, box: Box) -> str:
    """The board as text: pure, state in, text out."""
    who = marks(state)
    at: dict[tuple[int, int], list[str]] = {}
    for ch in state["characters"]:
        if ch["state"] == "in":
            at.setdefault((ch["x"], ch["y"]), []).append(who[ch["name"]])
    lines = ["  " + "".join(f"{x:^6}" for x in range(box.width))]
    for y in range(box.height):
        rows = ["", "", ""]
        for x in range(box.width):
            placed = state["board"].get(f"{x},{y}")
            if placed is None:
                parts = cell((), "", [])
            else:
                piece = state["pieces"][placed["id"]]
                mark = MARK.get(piece["content"], "?")
                if piece["content"] == "food" and piece["eaten"]:
                    mark = "f"
                parts = cell(box.sides(piece["shape"], placed["turn"]), mark, at.get((x, y), []))
            for i in range(3):
                rows[i] += parts[i]
        lines += ["  " + rows[0], f"{y:>2}" + rows[1], "  " + rows[2]]
    lines.append(LEGEND)
    lines += [describe(ch, who[ch["name"]]) for ch in state["characters"]]
    return "\n".join(line.rstrip() for line in lines)
