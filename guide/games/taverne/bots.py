"""Taverne de la Licorne's part in bots and `guide bench` (guide.core.bots.kit). A bot acts
when the call waits for it (its Dodges, its Attack, its Dodge divisions), and as the Pillar
announces the next call when the call waits for nobody; handed the seat of a player who
left, it brings them back (T-LEAVE-1); it never leaves the table nor casts
a Spell without its formula (a Mistake). The bench plays the beginner game (the box prints
no power): its Initial Loot drawn from 1 to 3, as the table reads it off the card, and says
so; its figures are the wins by seat and by Initial Loot."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from guide.core.bots.kit import BotKit, Outcome
from guide.core.i18n import domain
from guide.core.stats import wilson
from guide.core.table import Table

from . import thinking
from .commands import box_of, commands

_, ngettext, pgettext = domain("taverne").functions()


class TaverneBots(BotKit):
    players = (3, 3, 8)
    max_moves = 4000
    think_samples = 2
    think_depth = 0          # the heuristic judges right after the move (the quarrels at
    think_candidates = 12    # what they bring on average): a brawl's turn is long

    def waits(self, view: dict, seat: str) -> bool:
        me = view.get("counters", {}).get(seat, {})
        if me.get("away"):      # a bot handed the seat of a player who left brings them
            return bool(me.get("returning"))     # back (T-LEAVE-1), once
        who = view.get("waiting", {}).get("who", [])
        if seat in who or (view.get("pillar") == seat and not who):
            return False
        return not self.optional(view, seat)

    def optional(self, view: dict, seat: str) -> bool:
        """Call 2 while it waits for nobody: a player other than the Pillar may spend Loot
        or keep it (T-CALL-2); the Pillar's own "pass" is the next call."""
        return (view.get("call") == 2 and not view.get("over") and view.get("pillar") != seat
                and not view.get("waiting", {}).get("who"))

    def never(self, move: Any) -> bool:
        return move.command == "leave" or ("no_formula", True) in move.values

    def notes(self, boxes: list) -> list[str]:
        return [_("The beginner game: each Initial Loot drawn from 1 to 3, no powers (the box"
                  " prints none).")]

    def setup(self, seats: list[str], rng: random.Random) -> list[str]:
        self._loot = {s: rng.randint(1, 3) for s in seats}
        start = commands.move("start", "", beginner=True).line
        return ([commands.move("player", "", name=s).line for s in seats] + [start]
                + [commands.move("player", "", name=s, loot=self._loot[s]).line for s in seats]
                + [start])

    def outcome(self, table: Table) -> Outcome | None:
        s: Any = table.state
        if not s["winners"] and s["phase"] != "over":      # T-END-1: also a brawl no one wins
            return None
        loot = {n: p.get("initial_loot") for n, p in s["players"].items()}
        return Outcome(list(s["winners"]), figures={"loot": loot, "turns": s["turn"]})

    # --- the think level (thinking.py) -----------------------------------------------------
    def sample(self, library: Any, view: dict, seat: str, rng: random.Random) -> dict | None:
        return thinking.sample(view, seat, rng)

    def value(self, table: Table, seat: str) -> float:
        return thinking.value(table.state, seat)

    def candidates(self, moves: list, view: dict, seat: str, rng: random.Random) -> list:
        return super().candidates(thinking.candidates(moves, view), view, seat, rng)

    def recast(self, move: Any, table: Table, seat: str) -> str | None:
        return thinking.recast(move, table.state, seat, box_of(table))

    def figures(self, outcomes: list[Outcome], seats: list[str]) -> list[str]:
        won, n = Counter(w for o in outcomes for w in o.winners), len(outcomes)
        by_loot = _by_loot(outcomes)
        return ([_("Wins by seat (the Pillar first):")]
                + [f"  {seat}: {_share(won[seat], n)}" for seat in seats]
                + [_("Wins by Initial Loot:")]
                + [f"  {loot}: {_share(*by_loot[loot])} of {by_loot[loot][1]}"
                   for loot in sorted(int(v) for v in by_loot if v is not None)])

    def figures_json(self, outcomes: list[Outcome], seats: list[str]) -> dict[str, Any]:
        n = max(len(outcomes), 1)
        won = Counter(w for o in outcomes for w in o.winners)
        return {"by_seat": {s: round(100 * won[s] / n, 2) for s in seats},
                "by_loot": {str(k): round(100 * w / max(m, 1), 2)
                            for k, (w, m) in _by_loot(outcomes).items()}}


def _share(won: int, n: int) -> str:
    """Wins of n as a percentage with its 95% interval: 40.0% (21.9-61.3)."""
    low, high = wilson(won, n)
    return f"{100 * won / max(n, 1):.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def _by_loot(outcomes: list[Outcome]) -> dict[Any, list[int]]:
    """Each Initial Loot (None: never given), with its players' wins and their count."""
    loot: dict[Any, list[int]] = {}
    for o in outcomes:
        for name, v in o.figures["loot"].items():
            row = loot.setdefault(v, [0, 0])
            row[0] += name in o.winners
            row[1] += 1
    return loot


KIT = TaverneBots()
