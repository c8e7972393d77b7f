"""Cave escape's part in bots and `guide bench` (guide.core.bots.kit): a cooperative game,
so the party wins or loses together: a game is won when someone escapes (the cave nearly
always wins, docs/cave.md); the bench's figures are `cave sim`'s: how many escaped, and the
deaths by cause."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from guide.core.bots.kit import BotKit, Outcome
from guide.core.table import Table


class CaveBots(BotKit):
    cooperative = True
    players = (2, 1, 4)
    max_moves = 3000

    def setup(self, seats: list[str], rng: random.Random) -> list[str]:
        return [f"character {s}" for s in seats] + ["start"]

    def outcome(self, table: Table) -> Outcome | None:
        s: Any = table.state
        if s["phase"] != "over":
            return None
        people = s["characters"]
        escaped = sum(c["state"] == "out" for c in people)
        return Outcome([c["name"] for c in people] if escaped else [], figures={
            "escaped": escaped, "rounds": s["round"],
            "causes": [str(c.get("cause")) for c in people if c["state"] == "dead"]})

    def figures(self, outcomes: list[Outcome], seats: list[str]) -> list[str]:
        n = max(len(outcomes), 1)
        escaped = Counter(o.figures["escaped"] for o in outcomes)
        causes = Counter(c for o in outcomes for c in o.figures["causes"])
        rounds = sum(o.figures["rounds"] for o in outcomes) / n
        return ["escaped: " + ", ".join(f"{k} of {len(seats)}: {100 * escaped[k] / n:.1f}%"
                                        for k in range(len(seats) + 1)),
                f"rounds (mean): {rounds:.1f}",
                "deaths: " + (", ".join(f"{c} {v}" for c, v in causes.most_common()) or "none")]

    def figures_json(self, outcomes: list[Outcome], seats: list[str]) -> dict[str, Any]:
        n = max(len(outcomes), 1)
        escaped = Counter(o.figures["escaped"] for o in outcomes)
        return {"escaped": {str(k): round(100 * escaped[k] / n, 2) for k in range(len(seats) + 1)}}


KIT = CaveBots()
