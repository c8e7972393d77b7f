"""`guide kaivo bench`: matches of three bots, one of each level, headless; then each level
against each other level, one on one.

Seats rotate through the six orders of the levels, match by match, so no level keeps the
first turn (one on one, the two seats alternate). A tied win is shared (each winner counts
1/k). The interval of a win rate is Wilson's 95% score interval; the mean round score is
what a level added per round; a round's length is its turns, to the call.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from guide.core.dice import Dice
from guide.core.i18n import domain
from guide.core.stats import wilson

from .bots import Bots
from .deck import Rules
from .match import play_match
from .model import LEVELS, new_state

_, ngettext, pgettext = domain("kaivo").functions()


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
        return _("{level}: win rate {rate:.1f}% (95%: {low:.1f}% to {high:.1f}%), mean round"
                 " score {mean:.1f}").format(level=pgettext("level", self.level), rate=100 * self.rate,
                                             low=100 * low, high=100 * high, mean=self.mean_round)


Played = tuple[dict[str, float], list[list[int]], list[int], tuple[str, ...]]


def _matches(rules: Rules, bots: Bots, games: int, dice: Dice,
             orders: list[tuple[str, ...]]) -> Iterator[Played]:
    """`games` whole matches of bots, the seats' levels in these orders by turns: each
    match's wins by level (a tied win shared, 1/k each), what each seat added round by
    round, each round's length in turns, and the levels."""
    if games < 1:
        raise ValueError(_("play at least one match"))
    for m in range(games):
        levels = orders[m % len(orders)]
        state = new_state()
        added, lengths = play_match(rules, bots, state, dice, levels, bots.names[:len(levels)])
        won = [levels[i] for i, p in enumerate(state["players"]) if p["name"] in state["winners"]]
        yield {lv: 1 / len(won) if lv in won else 0.0 for lv in levels}, added, lengths, levels


def bench(rules: Rules, bots: Bots, games: int, seed: int | None) -> list[LevelResult]:
    """Matches of three bots, one of each level, the seats through the six orders."""
    wins: dict[str, float] = dict.fromkeys(LEVELS, 0.0)
    rounds: dict[str, int] = dict.fromkeys(LEVELS, 0)
    points: dict[str, int] = dict.fromkeys(LEVELS, 0)
    for won, added, _lengths, levels in _matches(rules, bots, games, Dice(seed, record=False),
                                                 list(itertools.permutations(LEVELS))):
        for level, seat_added in zip(levels, added, strict=True):
            rounds[level] += len(seat_added)
            points[level] += sum(seat_added)
            wins[level] += won[level]
    return [LevelResult(lv, games, wins[lv], rounds[lv], points[lv]) for lv in LEVELS]


def report(results: list[LevelResult]) -> list[str]:
    """The lines `guide kaivo bench` prints (kaivo.md's format)."""
    return [r.line() for r in results]


@dataclass(frozen=True)
class Duel:
    """One level against another, one on one: `first`'s wins out of `matches`."""
    first: str
    second: str
    matches: int
    wins: float              # the first level's (a shared win counts 1/2)
    rounds: int
    turns: int

    def rate(self, level: str) -> float:
        won = self.wins if level == self.first else self.matches - self.wins
        return won / self.matches

    def interval(self, level: str) -> tuple[float, float]:
        return wilson(self.rate(level) * self.matches, self.matches)


def duels(rules: Rules, bots: Bots, games: int, seed: int | None) -> list[Duel]:
    """Each pair of levels, `games` matches one on one, the first seat alternating."""
    out, dice = [], Dice(seed, record=False)
    for first, second in itertools.combinations(LEVELS, 2):
        wins, rounds, turns = 0.0, 0, 0
        for won, _added, lengths, _levels in _matches(rules, bots, games, dice,
                                                      [(first, second), (second, first)]):
            rounds += len(lengths)
            turns += sum(lengths)
            wins += won[first]
        out.append(Duel(first, second, games, wins, rounds, turns))
    return out


def duel_table(results: list[Duel]) -> list[str]:
    """The level-against-level table: the row level's win rate against the column level,
    with its 95% interval; then the mean round length (80 columns)."""
    def cell(level: str, other: str) -> str:
        if level == other:
            return "-"
        d = next(d for d in results if {d.first, d.second} == {level, other})
        low, high = d.interval(level)
        return f"{100 * d.rate(level):.1f}% ({100 * low:.1f}-{100 * high:.1f})"
    matches = results[0].matches if results else 0
    lines = [ngettext("One on one, {n} match a pair: the row's win rate (95% interval)",
                      "One on one, {n} matches a pair: the row's win rate (95% interval)",
                      matches).format(n=matches),
             f"{'':8}" + "".join(f"{lv:<21}" for lv in LEVELS)]
    for level in LEVELS:
        lines.append(f"{level:<8}" + "".join(f"{cell(level, o):<21}" for o in LEVELS))
    rounds = sum(d.rounds for d in results)
    turns = sum(d.turns for d in results)
    if rounds:
        lines.append(_("Mean round length: {turns:.1f} turns ({rounds} rounds)").format(
            turns=turns / rounds, rounds=rounds))
    return [line.rstrip() for line in lines]
