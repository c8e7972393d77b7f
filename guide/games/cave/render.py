"""Events (data) -> the lines the table reads. One function per event kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Ev = dict[str, Any]


def _meal(e: Ev) -> str:
    side = "cooked" if e["cooked"] else "raw"
    sign = f"{e['change']:+d}" if e["change"] else "+0"
    return (f"{e['who']} eats a food card of {e['value']} {side}: {e['result']}, "
            f"Energy {sign} -> {e['energy']}")


def _mental(e: Ev) -> str:
    return f"{e['who']}'s mental strength {e['change']:+d} -> {e['mental']}"


def _over(e: Ev) -> str:
    return (f"The game is over in round {e['rounds']}: {e['escaped']} escaped, {e['dead']} died "
            f"(ended by {e['rule']})")


def _rolled(e: Ev) -> str:
    how = "crosses the challenge" if e["crossed"] else "fails and stays"
    return f"{e['who']} rolls {e['face']} (needs {e['need']} or under): {how}"


RENDER: dict[str, Callable[[Ev], str]] = {
    "joined": lambda e: f"{e['who']} joins the expedition",
    "started": lambda e: (f"The start tile lies on {' and '.join(f'({x},{y})' for x, y in e['squares'])}; "
                          f"{e['tiles']} tiles in the draw pile, the exit among the last ones; "
                          f"{', '.join(e['characters'])} set out from ({e['at'][0]},{e['at'][1]})"),
    "turn": lambda e: f"Round {e['round']}: {e['who']}'s turn",
    "placed": lambda e: (f"New tile at ({e['x']},{e['y']}): {e['shape']}, {e['content']}, turned {e['turn']} "
                         f"(open {', '.join(e['openings'])})"),
    "moved": lambda e: f"{e['who']} moves {e['side']} to ({e['x']},{e['y']})",
    "food": lambda e: f"{e['who']} finds food: a food card of {e['value']}",
    "food_taken": lambda e: f"{e['who']} finds no food: this tile's food was taken",
    "event": lambda e: {"fire": f"{e['who']} draws a fire card",
                        "item": f"{e['who']} draws a challenge item (+2 on challenge rolls)",
                        "paranoia": f"{e['who']} draws paranoia"}[e["card"]],
    "mental": _mental,
    "stuck": lambda e: f"{e['who']} is stuck until another character comes to the tile",
    "saved": lambda e: f"{e['by']} saves {e['who']}",
    "challenge": lambda e: (f"A challenge blocks {e['who']}: next turn, roll {e['need']} or under on a d20 "
                            f"to go on (Energy {e['energy']} by then), or go back {e['back']}"),
    "rolled": _rolled,
    "fire": lambda e: (f"{e['who']}'s fire cooks the meal" if e["who"] == e["for"]
                       else f"{e['who']}'s fire cooks {e['for']}'s meal"),
    "meal": _meal,
    "gave": lambda e: f"{e['who']} gives a food card of {e['value']} to {e['to']}",
    "energy": lambda e: f"{e['who']} spends 1 Energy -> {e['energy']}",
    "pruned": lambda e: (f"Out of sight, removed: {', '.join(f'({x},{y})' for x, y in e['squares'])}"
                         + ("; the start tile leaves the game" if e["start"] else "")),
    "reshuffled": lambda e: f"The {e['deck']} discards are shuffled into a new draw pile ({e['cards']})",
    "died": lambda e: f"{e['who']} dies: {e['cause']} ({e['rule']})",
    "exited": lambda e: f"{e['who']} finds the way out and leaves the cave!",
    "over": _over,
}


def render(event: Ev) -> str | None:
    fn = RENDER.get(str(event.get("kind")))
    return fn(event) if fn else None
