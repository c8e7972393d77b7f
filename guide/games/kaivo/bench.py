"""`guide kaivo bench`: matches of three bots, one of each level, headless.

Seats rotate through the six orders of the levels, match by match, so no level keeps the
first turn. A tied win is shared (each winner counts 1/k). The interval of a win rate is
Wilson's 95% score interval; the mean round score is what a level added per round.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from guide.core.dice import Dice
from guide.core.stats import wilson

from .bots import Bots
from .deck import Rules
from .match import play_match
from .model import LEVELS, new_state


@dataclass(frozen=True)
class LevelResult:
    level: str
    matches: int
    wins: float
    rounds: int
    points: int

    @property
    def rate(self) -> float:
        return self.wins / self.matches

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.matches)

    @property
    def mean_round(self) -> float:
        return self.points / self.rounds

    def line(self) -> str:
        low, high = self.interval
        return (f"{self.level}: win rate {100 * self.rate:.1f}% (95%: {100 * low:.1f}% to "
                f"{100 * high:.1f}%), mean round score {self.mean_round:.1f}")


def bench(rules: Rules, bots: Bots, games: int, seed: int | None) -> list[LevelResult]:
    if games < 1:
        raise ValueError("play at least one match")
    dice = Dice(seed, record=False)
    orders = list(itertools.permutations(LEVELS))
    wins = dict.fromkeys(LEVELS, 0.0)
    rounds = dict.fromkeys(LEVELS, 0)
    points = dict.fromkeys(LEVELS, 0)
    for m in range(games):
        levels = list(orders[m % len(orders)])
        names = [bots.names[i] for i in range(len(levels))]
        state = new_state()
        added = play_match(rules, bots, state, dice, levels, names)
        for level, seat_added in zip(levels, added, strict=True):
            rounds[level] += len(seat_added)
            points[level] += sum(seat_added)
        won = [levels[i] for i, p in enumerate(state["players"]) if p["name"] in state["winners"]]
        for level in won:
            wins[level] += 1 / len(won)
    return [LevelResult(lv, games, wins[lv], rounds[lv], points[lv]) for lv in LEVELS]


def report(results: list[LevelResult]) -> list[str]:
    """The lines `guide kaivo bench` prints (kaivo.md's format)."""
    return [r.line() for r in results]
