"""Playing a confrontation headless, many times, with the table's own engine (rules/
confrontation.py): the odds of a fight, and the foe HP that makes it fair (rulebook 7.3).

Policies (documented, simple, the same for every run):
- each Kaveri, companion taking a stand and buddy uses the technique with the best Schmerz
  (as computed by R-DMG, effects aside) on the weakest foe it can hurt; world points are
  never spent; free-text Shields and Heels do not apply; Nervousness boosts HP;
- foes pick their move by their die when they have one, else at random, and aim at a random
  Kaveri, buddy or standing companion;
- the Kaverit try to run away (R-CONF-6) at the start of any round in which at least half
  of them cower;
- a fight still running after MAX_ROUNDS rounds counts as undecided.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.stats import wilson
from guide.games.kaverini.data.loader import Library
from guide.games.kaverini.data.tables import house_rules, ladders
from guide.games.kaverini.model import Card
from guide.games.kaverini.rules import effects as fx
from guide.games.kaverini.rules.confrontation import Fight
from guide.games.kaverini.rules.fighters import BUDDY, FOE, STAND, Fighter
from guide.games.kaverini.rules.schmerz import amount, base_schmerz, doublings, matches
from guide.games.kaverini.state import State

MAX_ROUNDS = 60
_, ngettext, pgettext = domain("kaverini").functions()


@dataclass
class Setup:
    """Everything one run needs; plain data, so it can travel to another process."""

    state: State                      # the campaign state (party, house rules)
    cards: dict[str, Card]            # every card the fight can name, by case-folded name
    foes: list[str]
    settings: list[str] = field(default_factory=list)
    hp_scale: float = 1.0             # foes' HP x this (rulebook 7.3)
    lv: int = 1
    house: dict[str, str] = field(default_factory=dict)
    xp: dict[str, int] = field(default_factory=dict)   # XP per foe card (case-folded), R-CONF-7

    @property
    def frozen(self) -> str:
        """The state as JSON, copied once per run (faster than a deep copy)."""
        if self._frozen is None:
            self._frozen = json.dumps(self.state)
        return self._frozen

    _frozen: str | None = field(default=None, init=False, repr=False, compare=False)


@dataclass
class Outcome:
    result: str                       # won | ran away | lost | undecided
    rounds: int
    cowering: list[str]               # Kaverit cowering when it ended


def run_once(setup: Setup, seed: int) -> Outcome:
    return outcome(play(setup, seed))


def outcome(fight: Fight) -> Outcome:
    """How a fight that `play` ran ended."""
    state = fight.s
    result = "undecided" if fight.running else "won"
    for event in fight.events:
        if event["kind"] == "over":
            result = {"won": "won", "ran away": "ran away", "lost": "lost"}.get(
                event["result"], result)
    cowering = [k["name"] for k in state["kaverit"] if k["hp"] == 0]
    return Outcome(result, min(fight.c["round"], MAX_ROUNDS + 1), cowering)


def play(setup: Setup, seed: int, state: dict | None = None) -> Fight:
    """One confrontation played by the policies above, to its end or MAX_ROUNDS: on a copy of
    the setup's state, or on `state` itself (which then keeps the XP gained, the HP left, the
    buddies and companions lost: the balance of an adventure plays one state scene after
    scene, rules/evening.py)."""
    state = json.loads(setup.frozen) if state is None else state
    state["confrontation"] = None
    card = _lookup(setup.cards)
    rng = random.Random(seed)
    rules = {name: setup.house.get(name, d["default"]) for name, d in house_rules().items()}
    xp = setup.xp
    fight = Fight(state, card, Dice(seed), rules.__getitem__,
                  xp_for=lambda name: xp.get(name.casefold(), 0))
    foes = [_scaled(card(n), setup.hp_scale) for n in setup.foes]
    fight.start(foes, [k["name"] for k in state["kaverit"]], [card(n) for n in setup.settings],
                list(state["companions"])[:3], setup.lv)
    while fight.running and fight.c["round"] <= MAX_ROUNDS:
        try:
            _step(fight, rng)
        except RuleError:
            fight.next()       # nobody of the phase can act usefully: the phase passes
    return fight


def _step(fight: Fight, rng: random.Random) -> None:
    """One decision of the policies above: a run-away, a technique, or the phase passes."""
    c = fight.c
    kaverit = fight.s["kaverit"]
    if (c["phase"] == "kaverit" and not c["acted"]
            and 2 * sum(k["hp"] == 0 for k in kaverit) >= len(kaverit)):
        fight.runaway()
        return
    actor = fight.turn()                # the first of fight.waiting()
    if actor is None:
        fight.next()
        return
    if actor.kind != FOE:
        technique, target = _best(fight, actor)
        fight.use(actor.name, technique, [target] if target else None)
        return
    targets = [f for f in fight.fighters() if f.standing and fight.enemy(actor, f)]
    card = actor.card
    assert card is not None
    move = None if card.move_die else rng.choice(card.techniques).name
    fight.foe_use(actor.name, move, rng.choice(targets).name)


def _best(fight: Fight, user: Fighter) -> tuple[str, str | None]:
    """The technique with the best Schmerz on the weakest foe it can hurt."""
    foes = sorted(fight.standing(FOE), key=lambda f: (f.hp, f.name))
    options = _techniques(fight, user)
    e = fx.effective_emotion(fight, user)
    sensitive, insensitive = user.has("Sensitive"), user.has("Insensitive")
    for foe in foes:
        card = foe.card
        assert card is not None
        h = fx.effective_heart(fight, foe)
        best, chosen = 0, ""
        for name, base, emotion in options:
            twos = doublings(matches(card.heel, emotion, user.subtypes) is True,
                             matches(card.shield, emotion, user.subtypes) is True, sensitive,
                             insensitive, foe.has("Sensitive"), foe.has("Insensitive"))
            dealt = amount(base, e, twos, h)
            if (dealt, name) > (best, chosen):       # the most Schmerz; a tie: the last name
                best, chosen = dealt, name
        if best > 0:
            return chosen, foe.name
    return options[0][0], foes[0].name


def _techniques(fight: Fight, user: Fighter) -> list[tuple[str, int, str | None]]:
    """(name, base Schmerz, emotion) of what the user can use."""
    if user.kind == BUDDY:
        assert user.card is not None
        return [(t.name, t.schmerz.value(fight.lv()), t.emotion) for t in user.card.techniques]
    if user.kind == STAND:
        lv = min(user.level, 10)
        return [(lad.name, lv, lad.name) for lad in ladders().values()]
    sheet = user.sheet
    out: list[tuple[str, int, str | None]] = [
        (name, lv, name) for name, lv in sheet["ladders"].items()]
    out += [(name, base_schmerz(custom_level=lv, user_level=user.level), None)
            for name, lv in sheet["custom"].items()]
    return out


def _scaled(card: Card, scale: float) -> Card:
    from dataclasses import replace

    return card if scale == 1.0 else replace(card, hp=max(1, round((card.hp or 0) * scale)))


def _lookup(cards: dict[str, Card]) -> Callable[[str], Card]:
    library = Library(cards)

    def card(name: str) -> Card:
        found = library.card(name)
        if found is None:
            raise RuleError(_("no card named {name!r}").format(name=name))
        return found
    return card


# --- the figures -------------------------------------------------------------------------

@dataclass
class Odds:
    runs: int
    won: int
    ran_away: int
    lost: int
    undecided: int
    rounds: list[int]
    cowering: dict[str, int]

    @property
    def win(self) -> float:
        return self.won / self.runs if self.runs else 0.0

    def interval(self) -> tuple[float, float]:
        """Wilson's 95% interval for the chance to win."""
        return wilson(self.won, self.runs)

    def percentile(self, q: float) -> int:
        ordered = sorted(self.rounds)
        if not ordered:
            return 0
        return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def tally(outcomes: list[Outcome], kaverit: list[str]) -> Odds:
    odds = Odds(len(outcomes), 0, 0, 0, 0, [], {k: 0 for k in kaverit})
    for o in outcomes:
        if o.result == "won":
            odds.won += 1
        elif o.result == "ran away":
            odds.ran_away += 1
        elif o.result == "lost":
            odds.lost += 1
        else:
            odds.undecided += 1
        odds.rounds.append(o.rounds)
        for name in o.cowering:
            odds.cowering[name] = odds.cowering.get(name, 0) + 1
    return odds


def run_seeds(setup: Setup, seeds: list[int]) -> list[Outcome]:
    return [run_once(setup, s) for s in seeds]
