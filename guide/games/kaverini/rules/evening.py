"""The balance of a whole adventure: its scenes played in order, on the same party, with the
odds simulator's engine and policies (rules/simulate.py), many evenings over.

One evening: the party meets each scene's foes in the booklet's order (R-CONF-4's extra HP at
the party's Lv of that moment); a neutralized foe gives the booklet's XP to each Kaveri
standing (R-CONF-7, R-LVL-1); between two scenes every Kaveri spends its points by a spending
policy (rules/policies.py) and the party starts the next scene at full HP. Every scene is
played whatever the one before gave: a scene run away from gives no more XP (R-CONF-6), and
after a lost one (R-CONF-11: items and money gone, sheets kept) the table goes on from there
(6.1: "You could even begin from the point where you lost"), so each scene is measured on
every evening.

The booklet as written: a scene won brings the friends of its `joins` into the party (a
buddy at full HP, 4.5; a companion), as the table's `buddy NAME` / `companion NAME` would; a
foe neutralized the way its back's flip condition says flips and joins as that buddy
(5.6, rules/simulate.py); both then fight beside the party in the scenes that follow, unless
the evening loses them (R-CONF-8, 6.2). `alone` plays the Kaverit without any of them.
Pure: plain data and seeds in, outcomes out.
"""

from __future__ import annotations

import json
import random
import statistics
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from guide.core.i18n import domain
from guide.games.kaverini.data.tables import read
from guide.games.kaverini.model import Adventure, Card
from guide.games.kaverini.rules.leveling import new_kaveri, party_lv
from guide.games.kaverini.rules.policies import DEFAULT, POLICIES
from guide.games.kaverini.rules.simulate import Setup, card_lookup, join, outcome, play, wilson
from guide.games.kaverini.state import Sheet, State

MAX_SIZE = 12
_, ngettext, pgettext = domain("kaverini").functions()


@cache
def _balance() -> dict:
    return read("balance.yaml")


def policy(name: str = DEFAULT) -> list[str]:
    """A spending policy's steps (rules/policies.py, marked there), in the table's language."""
    return [_(words) for words in POLICIES[name].words]


def new_party(size: int, money: int = 0, taken: list[str] | None = None) -> list[Sheet]:
    """N new level-1 Kaverit of data/balance.yaml (R-SHEET-1), its list again past its end:
    always the same builds in the same order, so `--size N` weighs the same party at home and
    at any table; a made-up Kaveri whose name the table uses (`taken`, its own Kaverit) or an
    earlier one took is numbered instead ("Ann 2")."""
    party = _balance()["party"]
    used = {n.casefold() for n in taken or []}
    out: list[Sheet] = []
    for i in range(size):
        d = party[i % len(party)]
        n = i // len(party) + 1
        name = d["name"] if n == 1 else f"{d['name']} {n}"
        while name.casefold() in used:
            n += 1
            name = f"{d['name']} {n}"
        used.add(name.casefold())
        out.append(new_kaveri(name, d["ability"], d["ladders"], [], money))
    return out


def spend_by_policy(k: Sheet, name: str = DEFAULT) -> None:
    """Every banked point spent by the named policy (rules/policies.py; R-LVL-1..3)."""
    POLICIES[name].spend(k)


@dataclass
class Evening:
    """Everything an evening needs; plain data, so it can travel to another process."""

    state: State                                 # the party: kaverit, buddies, companions
    cards: dict[str, Card]
    scenes: list[tuple[str, list[str], list[str], list[str]]]   # name, foes, settings, won_when
    xp: dict[str, int]                           # XP per foe card, case-folded
    house: dict[str, str] = field(default_factory=dict)
    joins: list[tuple[str, ...]] = field(default_factory=list)  # per scene: who joins on a win
    flips: bool = False                          # a foe flipped by its condition joins (5.6)
    policy: str = DEFAULT                        # the spending policy (rules/policies.py)


def evening_of(adventure: Adventure, state: State, cards: dict[str, Card],
               house: dict[str, str], start: int = 1, alone: bool = False,
               policy: str = DEFAULT) -> Evening:
    """The evening from scene `start` on (mid-adventure: the current scene): as the booklet
    has it, or with `alone` the Kaverit without buddies or companions, none joining."""
    played = [s for s in adventure.scenes[start - 1:] if s.foes]
    scenes = [(s.name, list(s.foes), [s.setting] if s.setting else [], list(s.won_when))
              for s in played]
    xp = {name.casefold(): n for name, n in adventure.xp.items()}
    if alone:
        state["buddies"], state["companions"] = [], []
    joins = [tuple(s.joins) for s in played]     # told after a won confrontation
    return Evening(state, cards, scenes, xp, house, [] if alone else joins, not alone, policy)


@dataclass(frozen=True)
class Arrival:
    level: int           # the party's Lv on arrival (R-SHEET-4)
    result: str          # won | ran away | lost | undecided
    rounds: int
    joined: tuple[str, ...] = ()   # the buddies and companions with the party on arrival


def play_evening(evening: Evening, seed: int) -> list[Arrival]:
    state = json.loads(json.dumps(evening.state))
    rng = random.Random(seed)
    card = card_lookup(evening.cards)
    out = []
    for i, (_, foes, settings, won_when) in enumerate(evening.scenes):
        if i:
            for k in state["kaverit"]:
                spend_by_policy(k, evening.policy)
        for fighter in state["kaverit"] + state["buddies"]:
            fighter["hp"] = fighter["max_hp"]
        lv = party_lv(state["kaverit"], evening.house.get("lv_default", "highest"))
        with_them = tuple(b["name"] for b in state["buddies"]) + tuple(state["companions"])
        setup = Setup(state, evening.cards, foes, settings, 1.0, lv, evening.house, evening.xp,
                      won_when, flips=evening.flips)
        ended = outcome(play(setup, rng.randrange(1 << 30), state, record=False))
        out.append(Arrival(lv, ended.result, ended.rounds, with_them))
        if ended.result == "won" and i < len(evening.joins):
            for name in evening.joins[i]:            # the booklet's `joins` (after_win)
                join(state, card(name))
    return out


def run_evenings(evening: Evening, seeds: list[int]) -> list[list[Arrival]]:
    return [play_evening(evening, s) for s in seeds]


@dataclass
class SceneOdds:
    name: str
    arrivals: list[Arrival]

    def share(self, result: str) -> float:
        return sum(a.result == result for a in self.arrivals) / (len(self.arrivals) or 1)

    def half_width(self) -> float:
        """The widest 95% half-interval (Wilson) of the chances to win, run away and lose."""
        results = Counter(a.result for a in self.arrivals)
        intervals = [wilson(results[r], len(self.arrivals)) for r in ("won", "ran away", "lost")]
        return max((hi - lo) / 2 for lo, hi in intervals)

    @property
    def level(self) -> int:
        return round(statistics.median(a.level for a in self.arrivals))

    @property
    def level_spread(self) -> tuple[int, int]:
        """The party's Lv on arrival in the middle 80% of the evenings (10th to 90th)."""
        ordered = sorted(a.level for a in self.arrivals)
        return ordered[len(ordered) // 10], ordered[(len(ordered) * 9) // 10 - 1]

    def joined(self) -> dict[str, float]:
        """Each buddy and companion with the party on arrival in at least one evening, and
        the share of evenings it is (the order it first joined in)."""
        counts = Counter(name for a in self.arrivals for name in a.joined)
        return {name: n / (len(self.arrivals) or 1) for name, n in counts.items()}

    @property
    def rounds(self) -> int:
        return round(statistics.median(a.rounds for a in self.arrivals))


def by_scene(evening: Evening, evenings: list[list[Arrival]]) -> list[SceneOdds]:
    return [SceneOdds(name, [e[i] for e in evenings]) for i, (name, *_) in
            enumerate(evening.scenes)]


def verdict(win: float) -> str | None:
    """The one-line verdict of a scene: too easy above 95%, too hard below 40%."""
    if win > 0.95:
        return _("too easy (above 95%)")
    if win < 0.40:
        return _("too hard (below 40%)")
    return None

