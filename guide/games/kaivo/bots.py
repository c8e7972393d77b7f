"""The three bot levels. A bot decides from its own `knowledge.view` only (what it has
seen: its peeks and spies, swaps, mind reads, glimpses caught, the whole discard pile, and
the badges and public knowledge of who knows what), one move at a time; the rules check
every move it makes like any player's. Its levels are data (cards/kaivo/bots.yaml).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from guide.core.box import Doc
from guide.core.dice import DiceLike

from .deck import Rules, only
from .knowledge import SeatView
from .table import Action


@dataclass(frozen=True)
class Level:
    name: str
    counting: bool
    opponents: bool
    placed: float
    passed: float
    call_at: float
    call_margin: float | None
    call_cap: float
    match_aware: bool
    take_margin: float
    swap_margin: float
    powers: tuple[str, ...]
    glimpse: float | str
    slip: float
    max_turns: int
    call_chance: float | None
    call_gain: float | None = None


@dataclass(frozen=True)
class Bots:
    names: tuple[str, ...]
    levels: dict[str, Level]


def bots_of(doc: Doc) -> Bots:
    """A valid bots document (its schema says every level's knobs) as Bots."""
    data = doc.value
    levels = {name: Level(name=name, **{**raw, "powers": tuple(raw["powers"])})
              for name, raw in data["levels"].items()}
    return Bots(names=tuple(data["names"]), levels=levels)


def load_bots(folder: Path | None = None) -> Bots:
    """The bots file of a box folder (default: the bundled cards/kaivo/); DataError."""
    return bots_of(only(folder, "bots"))


class Estimate:
    """What a bot believes of the hidden cards: the mean of the cards it has not seen
    (counting), or of the whole deck."""

    def __init__(self, v: SeatView, rules: Rules, level: Level) -> None:
        left = dict(rules.counts)
        if level.counting:
            shown = [x for h in v["hands"] for x in h if x is not None] + v["discard"]
            if v["held"] is not None:
                shown.append(v["held"])
            for x in shown:                 # the cards it has seen are not left (none below
                if left.get(x, 0) > 0:      # 0); a loop: a Counter's subtraction makes a bot's
                    left[x] -= 1            # every move a fifth slower
        n = sum(left.values()) or 1
        self.mean = sum(k * c for k, c in left.items()) / n
        self._left, self._n, self._var = left, n, -1.0
        self.v, self.level = v, level

    @property
    def var(self) -> float:
        """The variance of the cards it has not seen (worked out when a call is weighed)."""
        if self._var < 0:
            self._var = sum(c * (k - self.mean) ** 2 for k, c in self._left.items()) / self._n
        return self._var

    def spread(self, seat: int, pos: int) -> float:
        """The variance of the bot's belief of a card: none for a card it knows, else the
        variance of what is left, scaled as its mean is (a kept card is low and close)."""
        v, me = self.v, self.v["me"]
        if v["hands"][seat][pos] is not None and (seat == me or self.level.opponents):
            return 0.0
        scale = self.card(seat, pos) / self.mean if self.mean else 1.0
        return self.var * scale * scale

    def card(self, seat: int, pos: int) -> float:
        """The expected value of a card at (seat, pos)."""
        v, me = self.v, self.v["me"]
        value = v["hands"][seat][pos]
        if value is not None and (seat == me or self.level.opponents):
            return value
        if seat != me and seat in v["knows"][seat][pos]:
            if v["placed"][seat][pos]:
                return self.mean * self.level.placed     # drawn and kept: likely low
            if v["passed"][seat]:
                return self.mean * self.level.passed     # seen and not called on: not so low
        return self.mean

    def total(self, seat: int) -> float:
        return sum(self.card(seat, p) for p in range(len(self.v["hands"][seat])))

    def lowest_chance(self) -> float:
        """The chance that its own hand is the lowest (a tie counts: the caller wins it,
        K-SCORE-1), each total taken as normal with the beliefs' means and variances."""
        me = self.v["me"]
        hand = range(len(self.v["hands"][me]))
        mine, mine_var = self.total(me), sum(self.spread(me, p) for p in hand)
        chance = 1.0
        for o in range(len(self.v["hands"])):
            if o == me:
                continue
            theirs = self.total(o)
            var = mine_var + sum(self.spread(o, p) for p in hand)
            if var <= 0:
                chance *= 1.0 if mine <= theirs else 0.0
                continue
            chance *= 0.5 * (1 + math.erf((theirs - mine + 0.5) / math.sqrt(2 * var)))
        return chance

    def worst(self) -> tuple[int, float]:
        """My position with the highest expected value (a known card before an unknown)."""
        me = self.v["me"]
        values = [(self.card(me, p), self.v["hands"][me][p] is not None, p)
                  for p in range(len(self.v["hands"][me]))]
        value, _, pos = max(values)
        return pos, value


def _should_call(est: Estimate, rules: Rules) -> bool:
    v, level, me = est.v, est.level, est.v["me"]
    if v["turns"] >= level.max_turns:
        return True
    mine = est.total(me)
    unknown = sum(x is None for x in v["hands"][me])
    if level.call_gain is None and mine <= level.call_at and unknown <= 1:
        return True             # it knows its hand is low, near enough (hard weighs it below)
    if level.match_aware:
        decided = _match_call(est, rules)
        if decided is not None:
            return decided
    # a call against the others needs a reason from what the bot has seen them do: each has
    # had a turn this round (kept or passed cards say something about its hand)
    opponents = [o for o in range(len(v["hands"])) if o != me]
    if not all(v["passed"][o] for o in opponents):
        return False
    if level.call_gain is not None:
        # the hard bot weighs the call against what a failed one costs (K-SCORE-1): calling
        # adds 0 with the chance of the lowest hand, else its total + 10; not calling adds
        # about its total less what its turns to come may gain (call_gain): it calls when
        # chance >= (10 + gain) / (total + 10), a high hand taking a lower chance
        gain = min(level.call_gain, mine / 2)      # a low hand has little left to gain
        need = (rules.early_call + gain) / max(mine + rules.early_call, 1e-9)
        return est.lowest_chance() >= max(need, level.call_chance or 0.0)
    if level.call_chance is not None:
        # the hard bot weighs its chance of holding the lowest hand (a tie wins the call,
        # K-SCORE-1) from what it believes of every hand and how sure it is of it
        return est.lowest_chance() >= level.call_chance
    if level.call_margin is not None:
        others = [est.total(o) for o in opponents]
        return mine + level.call_margin <= min(others) and mine <= level.call_cap
    return False


def _match_call(est: Estimate, rules: Rules) -> bool | None:
    """The hard bot looks at the match (K-SCORE-3): it calls when the call ends the match
    with it the winner even if the call fails (+10), and does not when the call ends the
    match with another winner whether or not it fails. None when the match is not at stake
    that way (the round's own reckoning decides)."""
    v, me = est.v, est.v["me"]
    scores, limit = v["scores"], rules.ends_above
    mine = est.total(me)
    others = {o: scores[o] + est.total(o) for o in range(len(scores)) if o != me}

    def outcome(my_score: float) -> bool | None:
        """True: the match ends and I win; False: it ends and I lose; None: it goes on."""
        if my_score <= limit and all(x <= limit for x in others.values()):
            return None
        return my_score <= min(others.values())

    won, lost = outcome(scores[me]), outcome(scores[me] + mine + rules.early_call)
    if won and lost is not False:
        return True
    if won is False and lost is False:
        return False
    return None


def _unknown(v: SeatView, seat: int) -> list[int]:
    return [p for p, x in enumerate(v["hands"][seat]) if x is None]


def _opponents(v: SeatView) -> list[int]:
    return [o for o in range(len(v["hands"])) if o != v["me"]]


def _power(est: Estimate, rules: Rules, dice: DiceLike) -> Action:
    v, level, me = est.v, est.level, est.v["me"]
    power = v["power"]
    assert power is not None
    if power not in level.powers:
        return ("skip",)
    if power == "peek":
        mine = _unknown(v, me)
        return ("peek", mine[0]) if mine else ("skip",)
    others = sorted(_opponents(v), key=est.total)   # the most dangerous opponent first
    if power in ("spy", "mindread"):
        for o in others:
            hidden = _unknown(v, o)
            if hidden:
                # a card its owner knows (and kept) says most about their hand
                hidden.sort(key=lambda p: me in v["knows"][o][p] or o not in v["knows"][o][p])
                return (power, o, hidden[0])
        return ("skip",)
    pos, worst = est.worst()
    best = min(((est.card(o, p), o, p) for o in others for p in range(rules.hand)),
               default=None)
    if best is not None and best[0] + 1 < worst:
        return ("swapwith", pos, best[1], best[2])
    return ("skip",)


def choose(v: SeatView, rules: Rules, level: Level, dice: DiceLike) -> Action:
    """The bot's next move in its turn."""
    est = Estimate(v, rules, level)
    phase = v["phase"]
    if phase == "turn":
        if _should_call(est, rules):
            return ("kaivo",)
        top = v["discard"][-1]
        _, worst = est.worst()
        if top not in rules.powers and top + level.take_margin < worst:
            return ("take",)
        return ("draw",)
    if phase == "taken":
        return ("swap", _place(est, rules, dice))
    if phase == "drawn":
        held = v["held"]
        assert held is not None
        if held in rules.powers:
            return ("discard",)
        pos, worst = est.worst()
        if held + level.swap_margin < worst:
            if _glimpse(v, est, held, dice):
                return ("glimpse",)
            return ("swap", _place(est, rules, dice))
        return ("discard",)
    if phase == "power":
        return _power(est, rules, dice)
    raise ValueError("the round is over")


def _chance(p: float, dice: DiceLike) -> bool:
    return p > 0 and dice.d(1000) <= p * 1000


def _place(est: Estimate, rules: Rules, dice: DiceLike) -> int:
    """Where a kept card goes: over the worst card, but for a slip now and then (easy)."""
    if _chance(est.level.slip, dice):
        return dice.d(rules.hand) - 1
    return est.worst()[0]


def _glimpse(v: SeatView, est: Estimate, held: int, dice: DiceLike) -> bool:
    """K-GLIMPSE-1 as a bluff: once a turn, before keeping a card."""
    if v["glimpsed"]:
        return False
    g = est.level.glimpse
    if g == "bluff":
        return held >= est.mean
    return isinstance(g, float) and _chance(g, dice)
