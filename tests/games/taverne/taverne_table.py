"""The Taverne tests' table: the core's Table (no store) on the game, driven line by line;
it keeps every event told, refuses without changing anything, and undoes by snapshot."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.result import text
from guide.core.table import Table
from guide.games.taverne.game import TaverneGame
from guide.games.taverne.views import public_state, view_for

ROOT = Path(__file__).resolve().parents[3]
GAME = TaverneGame()
BOX = settings.load(GAME, [])


class Brawl:
    def __init__(self, seed: int = 1, library: Any = BOX):
        self.table = Table(GAME, None, library, Dice(seed))
        self.events: list[dict[str, Any]] = []
        self.history: list[tuple[Any, str]] = []    # (state before, line)

    @property
    def state(self) -> Any:
        return self.table.state

    @property
    def library(self) -> Any:
        return self.table.library

    @property
    def dice(self) -> Dice:
        return self.table.dice

    def do(self, *lines: str) -> str:
        out = []
        for line in lines:
            before = copy.deepcopy(self.table.state)
            result = self.table.execute(line)
            self.events += self.table.story
            if self.table.state != before:
                self.history.append((before, line))
            out.append(text(result))
        return "\n".join(out)

    def fails(self, line: str) -> str:
        before = copy.deepcopy(self.table.state)
        try:
            self.table.execute(line)
        except CommandError as e:
            assert self.table.state == before, "a refused command changed the state"
            return str(e)
        raise AssertionError(f"{line!r} was accepted")

    def undo(self) -> None:
        self.table.state = self.history.pop()[0]

    @property
    def public(self) -> dict[str, Any]:
        return json.loads(json.dumps(public_state(self.state)))

    def view(self, viewer: str | None = None) -> dict[str, Any]:
        return view_for(self.state, viewer)

    def p(self, name: str) -> dict[str, Any]:
        return next(x for x in self.public["players"] if x["name"] == name)

    def kinds(self, kind: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["kind"] == kind]


NAMES = ["Marie", "Pierre", "Cecile", "Jacques", "Laurent", "Anne", "Paul", "Zoe"]


def brawl(n: int = 4, loot: int = 3, start: str = "start", seed: int = 1) -> Brawl:
    """n players seated in NAMES order with the same Initial Loot, started (call 1)."""
    b = Brawl(seed)
    for name in NAMES[:n]:
        b.do(f"player {name} --loot {loot}")
    if n > 5 and "double-tavern" not in start:      # 6 or more: two boxes (T-VAR-DT-3)
        start += " --variant double-tavern"
    b.do(start)
    return b


def to_call(b: Brawl, call: int) -> None:
    """`call` until the current call is `call`; in call 4, those who have not attacked hit
    their left neighbour with their lowest Weapon."""
    while b.state["call"] != call:
        if b.state["call"] == 4:
            attack_rest(b)
        b.do("call")


def attack_rest(b: Brawl) -> None:
    """Call 4: everyone still to attack hits their left neighbour with their lowest Weapon."""
    from guide.games.taverne.quarrels import must_attack
    from guide.games.taverne.seating import around
    for name in must_attack(b.state):
        left = around(b.state, name)[0][0]
        b.do(f"attack {name} --on {left} --weapon {b.state['players'][name]['hand'][0]}")


def next_turn(b: Brawl) -> None:
    """Play on to call 1 of the next turn."""
    to_call(b, 9)
    b.do("call")
