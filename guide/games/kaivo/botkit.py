"""Kaivo's part in the core's bots and `guide bench --game kaivo` (guide.core.bots.kit): a
match of friends' seats (`deal --friends`), every seat played by a core bot from its own
page; looks (K-DEAL-1's taps to see a card) and leaving or joining the table are not moves a
bot makes. `guide kaivo bench` keeps Kaivo's own three levels, played inside the rules."""

from __future__ import annotations

import random
from typing import Any

from guide.core.bots.kit import BotKit, Outcome
from guide.core.table import Table


class KaivoBots(BotKit):
    players = (2, 2, 4)
    max_moves = 6000

    def never(self, move: Any) -> bool:
        return move.line.split()[0] in ("look", "leave", "join")

    def setup(self, seats: list[str], rng: random.Random) -> list[str]:
        return [f"deal --friends {','.join(seats)} --bots 0"]

    def outcome(self, table: Table) -> Outcome | None:
        s: Any = table.state
        if not s["winners"]:
            return None
        return Outcome(list(s["winners"]), figures={"rounds": s["round"]})

    def figures(self, outcomes: list[Outcome], seats: list[str]) -> list[str]:
        n = max(len(outcomes), 1)
        return [f"rounds a match (mean): {sum(o.figures['rounds'] for o in outcomes) / n:.1f}"]


KIT = KaivoBots()
