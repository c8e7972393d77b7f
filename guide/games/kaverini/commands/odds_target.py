"""`odds --target P`: the foe HP that gives a P% chance to win (rulebook 7.3), found so that
the HP it suggests are the ones measured. The search works on whole HP, as `tweak` sets them:
a bisection on a common HP scale, then the whole-HP sets around it (the scale's neighbours
and each foe's HP one or two up or down), each measured on common seeds; the few closest are
measured again on fresh seeds, and the closest of those is suggested with that figure."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from guide.games.kaverini.rules.simulate import Odds, Setup

Measure = Callable[[Setup, int, int], Odds]      # (setup, runs, seed) -> odds

SCALE_STEPS = 8
PROBE_RUNS = 200
CANDIDATE_RUNS = 400
MAX_CANDIDATES = 12
CHECK_RUNS = 1500
FINALISTS = 2
TOLERANCE = 0.03           # "near the target": within 3 points
MAX_SCALE = 64.0           # foes at most 64 times their printed HP
PLANNED = SCALE_STEPS * PROBE_RUNS + MAX_CANDIDATES * CANDIDATE_RUNS + (FINALISTS + 1) * CHECK_RUNS


@dataclass(frozen=True)
class Suggestion:
    hp: dict[str, int]          # card name -> suggested HP
    old: dict[str, int]         # card name -> printed HP
    scale: float
    odds: Odds                  # measured with exactly these HP, on seeds the search never saw
    other: tuple[dict[str, int], Odds] | None = None   # the nearest set across the target,
                                                       # when no whole HP lands near it


def with_hp(setup: Setup, hp: dict[str, int]) -> Setup:
    cards = dict(setup.cards)
    for name, value in hp.items():
        cards[name.casefold()] = replace(cards[name.casefold()], hp=value)
    return replace(setup, cards=cards, hp_scale=1.0)


def _printed(setup: Setup) -> dict[str, int]:
    return {setup.cards[n.casefold()].name: setup.cards[n.casefold()].hp or 1
            for n in dict.fromkeys(setup.foes)}


def _scaled(old: dict[str, int], scale: float) -> dict[str, int]:
    return {name: max(1, round(hp * scale)) for name, hp in old.items()}


def search(setup: Setup, target: float, seed: int, measure: Measure) -> Suggestion:
    old = _printed(setup)
    low, high = 0.1, 4.0
    while high < MAX_SCALE and measure(with_hp(setup, _scaled(old, high)), PROBE_RUNS,
                                       seed).win > target:
        low, high = high, high * 2                 # a strong party: the foes need far more HP
    for _ in range(SCALE_STEPS):               # the foes' HP rise, the win chance falls
        mid = (low + high) / 2
        if measure(with_hp(setup, _scaled(old, mid)), PROBE_RUNS, seed).win > target:
            low = mid
        else:
            high = mid
    scale = (low + high) / 2
    # the whole-HP sets around the scale: its own, each foe's HP one or two up or down, the
    # scale's neighbours; the first MAX_CANDIDATES different ones
    centre = _scaled(old, scale)
    around = [centre, *({**centre, name: max(1, centre[name] + step)}
                        for step in (1, -1, 2, -2) for name in old),
              *(_scaled(old, scale * factor) for factor in (0.9, 1.1, 0.8, 1.25))]
    candidates = [hp for i, hp in enumerate(around) if hp not in around[:i]][:MAX_CANDIDATES]
    wins = [measure(with_hp(setup, hp), CANDIDATE_RUNS, seed).win for hp in candidates]
    scored = sorted((abs(win - target), i) for i, win in enumerate(wins))
    # the few closest, measured again on fresh seeds (the search's own seeds share a luck)
    fresh = {i: measure(with_hp(setup, candidates[i]), CHECK_RUNS, seed + 7_919)
             for _, i in scored[:FINALISTS]}
    i = min(fresh, key=lambda j: (abs(fresh[j].win - target), j))
    other = None
    if abs(fresh[i].win - target) > TOLERANCE:
        # the win chance jumps between whole HP: the nearest set on the target's other side
        above = fresh[i].win > target
        across = [j for _, j in scored if (wins[j] > target) != above]
        if across:
            j = across[0]
            found = fresh.get(j) or measure(with_hp(setup, candidates[j]), CHECK_RUNS, seed + 7_919)
            if (found.win > target) != above:
                other = (candidates[j], found)
    return Suggestion(candidates[i], old, scale, fresh[i], other)
