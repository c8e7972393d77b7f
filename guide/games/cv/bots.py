"""CV's part in bots and `guide bench` (guide.core.bots.kit). The rulebook prints no card
list, so the bench needs the table's own card file (`--box DIR` with a box.yaml of cards)
and says so without one. Each bench game deals every player a secret life goal and lays
out players - 1 public goals at random among 76..83 (V-SET-1), then the track from the card
file; its figures are the points by goal (V-SCORE-4).

Levels: `random`, and `think` (the core's determinization, guide.core.bots.think) with CV's
sampler and heuristic (belief.py): for two deals of what the seat cannot see, each of the
seat's moves worth weighing (every take, play, loss and power, the end of the turn, and a few
sets of dice to reroll) is played on the real rules, and the state it leaves is judged by
its points and what the dice still buy. A reroll is tried once per deal, each with dice of
its own, so a reroll is weighed by two outcomes."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path
from typing import Any, cast

from guide.core.bots.kit import BotKit, Outcome
from guide.core.i18n import domain
from guide.core.state import copied
from guide.core.table import Table

from . import belief, score
from .commands import commands
from .secrets import GOALS

_, ngettext, pgettext = domain("cv").functions()


class CvBots(BotKit):
    players = (2, 2, 4)
    max_moves = 6000
    think_samples = 2              # deals of what the seat cannot see
    think_depth = 0                # the heuristic judges the state a candidate leaves
    rerolls = 4                    # the sets of dice to reroll it weighs at most

    def sample(self, library: Any, view: dict, seat: str, rng: random.Random) -> dict | None:
        return cast(dict | None, belief.sample(library, view, seat, rng))

    def value(self, table: Table, seat: str) -> float:
        return belief.value(table.state, table.library, seat)

    def candidates(self, moves: list, view: dict, seat: str, rng: random.Random) -> list:
        """Every move but the rerolls, and a few sets of dice to reroll: every die the seat
        may reroll, and others drawn at random (a roll of five dice has 31 sets)."""
        rerolls = [m for m in moves if m.command == "reroll"]
        rest = [m for m in moves if m.command != "reroll"]
        if len(rerolls) > self.rerolls:
            widest = max(rerolls, key=lambda m: len(dict(m.values)["positions"]))
            others = [m for m in rerolls if m is not widest]
            rerolls = [widest, *rng.sample(others, self.rerolls - 1)]
        return rest + rerolls

    def notes(self, boxes: list) -> list[str]:
        return [_("The table's card file: {boxes}; the Bicycle counted 1 point.").format(
            boxes=", ".join(map(str, boxes)))]

    def need(self, boxes: list) -> str | None:
        if not any((Path(b) / "box.yaml").is_file() or Path(b).is_file() for b in boxes):
            return _("the CV bench needs the table's cards: --box DIR with a card file (the"
                     " rulebook prints no card list)")
        from guide.core import settings
        from guide.core.text import shown_path

        from .game import CvGame

        if not settings.load(CvGame(), [Path(b) for b in boxes]).dealt():
            # a card file as `guide new box` writes it: no track would be dealt and no game
            # would end (V-END-1 reads the Old age deck), so 0 of N games finished, unsaid
            return _("the CV bench needs the table's cards: {boxes} holds no Youth, Maturity"
                     " or Old age card yet; fill it from your box (docs/cv.md, \"The table's own"
                     " cards\")").format(boxes=", ".join(map(shown_path, boxes)))
        return None

    def setup(self, seats: list[str], rng: random.Random) -> list[str]:
        goals = rng.sample(GOALS, 2 * len(seats) - 1)
        # the Bicycle (V-SET-1) prints its points on the table's card: the bench gives it 1
        return [_line("players", names=seats), _line("card", name=seats[0], card="Bicycle", points=1),
                *(_line("goal", name=s, goal=g) for s, g in zip(seats, goals, strict=False)),
                _line("public", goals=goals[len(seats):]), _line("track")]

    def outcome(self, table: Table) -> Outcome | None:
        s: Any = table.state
        if not s["over"]:
            return None
        events, totals = score.score(copied(s), table.library)
        top = next(e for e in events if e["kind"] == "score_winner")["players"]
        goals: dict[str, int] = defaultdict(int)
        for e in events:
            if e["kind"] == "score_goal":
                goals[f"{e['number']}{' (public)' if e['public'] else ''}"] += e["scored"]
        return Outcome(list(top), figures={"goals": dict(goals), "totals": totals,
                                           "rounds": s["order"]["round"]})

    def figures(self, outcomes: list[Outcome], seats: list[str]) -> list[str]:
        n = max(len(outcomes), 1)
        mean = sum(sum(o.figures["totals"].values()) / len(o.figures["totals"])
                   for o in outcomes) / n
        return [_("Points by goal (mean where dealt):")] + [
            f"  {g}: {p / k:.2f} ({k}x)" for g, (p, k) in sorted(_by_goal(outcomes).items())] + [
            _("Mean points a player: {mean:.1f}").format(mean=mean)]

    def figures_json(self, outcomes: list[Outcome], seats: list[str]) -> dict[str, Any]:
        return {"goals": {g: round(p / k, 3) for g, (p, k) in _by_goal(outcomes).items()}}


def _by_goal(outcomes: list[Outcome]) -> dict[str, list[int]]:
    """Each goal's points over the games it was dealt in, and how many games: [points, games]."""
    sums: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for o in outcomes:
        for goal, points in o.figures["goals"].items():
            sums[goal][0] += points
            sums[goal][1] += 1
    return sums

def _line(command: str, **values: Any) -> str:
    """The line of one of CV's commands with these values, built from its declaration."""
    return commands.move(command, command, **values).line


KIT = CvBots()
