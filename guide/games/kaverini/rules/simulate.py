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
- a fight still running after MAX_ROUNDS rounds counts as undecided;
- with `flips` (the balance report's booklet evening): a foe whose card's back is a buddy or
  a companion, neutralized by a Kaveri's or buddy's technique of an emotion its flip
  condition names (cardtext.flip_met, as the table's reminder reads it), flips at once and
  joins the party, as the GM's `flip` does at the table (5.6).
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.stats import wilson
from guide.games.kaverini.cardtext import flip_met
from guide.games.kaverini.data.loader import Library
from guide.games.kaverini.data.tables import house_rules, ladders
from guide.games.kaverini.model import Card
from guide.games.kaverini.rules import effects as fx
from guide.games.kaverini.rules.confrontation import Fight
from guide.games.kaverini.rules.fighters import BUDDY, FOE, STAND, Fighter
from guide.games.kaverini.rules.schmerz import amount, base_schmerz, doublings, matches
from guide.games.kaverini.state import State, buddy

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
    won_when: list[str] = field(default_factory=list)  # a scene's foes whose fall wins it
    flips: bool = False               # a foe flipped by its condition joins the party (5.6)

    @property
    def frozen(self) -> str:
        """The state as JSON, copied once per run (faster than a deep copy)."""
        if self._frozen is None:
            self._frozen = json.dumps(self.state)
        return self._frozen

    _frozen: str | None = field(default=None, init=False, repr=False, compare=False)
    _read: tuple | None = field(default=None, init=False, repr=False, compare=False)
    _memory: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def read(self) -> tuple[Callable[[str], Card], list[Card], list[Card], dict[str, str]]:
        """What every run reads of the setup, read once: the card lookup, the foes' cards
        (HP scaled), the settings' cards and the house rules (read again when a caller
        changes the foes, the scale or the house)."""
        key = (id(self.cards), tuple(self.foes), tuple(self.settings), self.hp_scale,
               tuple(sorted(self.house.items())))
        if self._read is None or self._read[0] != key:
            card = card_lookup(self.cards)
            foes = [_scaled(card(n), self.hp_scale) for n in self.foes]
            rules = {name: self.house.get(name, d["default"])
                     for name, d in house_rules().items()}
            self._read = (key, (card, foes, [card(n) for n in self.settings], rules))
        return self._read[1]

    def memory(self) -> Memory:
        """The policy's memory for runs that each start from a copy of this setup's state:
        what it reads of a fighter depends only on that state, the cards and the foes, the
        same in every such run (forgotten when a caller changes them, as `read` is)."""
        key = (self.frozen, self._read[0] if self._read else None)
        if self._memory is None or self._memory[0] != key:
            self._memory = (key, Memory())
        return self._memory[1]

    def __getstate__(self) -> dict:
        """To another process without what was read (a closure) or remembered."""
        return {**self.__dict__, "_read": None, "_memory": None}


@dataclass
class Outcome:
    result: str                       # won | ran away | lost | undecided
    rounds: int
    cowering: list[str]               # Kaverit cowering when it ended


def run_once(setup: Setup, seed: int) -> Outcome:
    return outcome(play(setup, seed, record=False))


def outcome(fight: Fight) -> Outcome:
    """How a fight that `play` ran ended: end's why (won, ran away, lost: the policies never
    end a fight early), or undecided while it still runs after MAX_ROUNDS."""
    cowering = [k["name"] for k in fight.s["kaverit"] if k["hp"] == 0]
    return Outcome(fight.ended or "undecided", min(fight.c["turns"]["round"], MAX_ROUNDS + 1),
                   cowering)


def play(setup: Setup, seed: int, state: dict | None = None, record: bool = True) -> Fight:
    """One confrontation played by the policies above, to its end or MAX_ROUNDS: on a copy of
    the setup's state, or on `state` itself (which then keeps the XP gained, the HP left, the
    buddies and companions lost: the balance of an adventure plays one state scene after
    scene, rules/evening.py). Its events and dice are kept only with `record`: the odds
    and the balance need none, and play with record=False."""
    fresh = state is None
    state = json.loads(setup.frozen) if state is None else state
    state["confrontation"] = None
    card, foes, settings, rules = setup.read()
    rng = random.Random(seed)
    xp = setup.xp
    fight = Fight(state, card, Dice(seed, record=record), rules.__getitem__,
                  xp_for=lambda name: xp.get(name.casefold(), 0), record=record)
    fight.start(foes, [k["name"] for k in state["kaverit"]], settings,
                list(state["companions"])[:3], setup.lv, won_when=setup.won_when)
    policy = Policy(fight, rng, setup.memory() if fresh else Memory(), setup.flips)
    while fight.running and fight.c["turns"]["round"] <= MAX_ROUNDS:
        try:
            policy.step()
        except RuleError:
            fight.next()       # nobody of the phase can act usefully: the phase passes
    return fight


Option = tuple[str, int, str | None]        # a technique: name, base Schmerz, emotion


@dataclass
class Memory:
    """What the policy has read of the fighters (see Policy), kept across the runs that
    start from the same state (Setup.memory)."""

    options: dict[tuple[str, int], list[Option]] = field(default_factory=dict)
    against: dict[tuple[str, int, str], list[tuple[str, int, int]]] = field(
        default_factory=dict)
    best: dict[tuple[str, int, str, int, int], tuple[int, str]] = field(default_factory=dict)


class Policy:
    """The policies above for one run. What they read again and again is read once: each
    fighter's techniques (by its level, or Lv for a buddy's card), how much each is
    doubled or halved against each foe (R-DMG-3: Heels, Shields, Sensitive, Insensitive,
    none of which changes during a fight), and the best of them against a foe for the
    user's E and the foe's H of the moment."""

    __slots__ = ("fight", "rng", "flips", "_options", "_against", "_best")

    def __init__(self, fight: Fight, rng: random.Random, memory: Memory, flips: bool = False):
        self.fight = fight
        self.rng = rng
        self.flips = flips
        self._options = memory.options
        self._against = memory.against
        self._best = memory.best

    def step(self) -> None:
        """One decision: a run-away, a technique, or the phase passes."""
        fight = self.fight
        known, fight.up_next = fight.up_next, None     # as the last move left the field
        now = fight.c["turns"]
        if now["phase"] == "kaverit" and not now["acted"]:
            kaverit = fight.s["kaverit"]
            if 2 * [k["hp"] for k in kaverit].count(0) >= len(kaverit):
                fight.runaway()
                return
        actor = known if known is not None else fight.turn()
        if actor is None:
            fight.next()
            return
        if actor.kind != FOE:
            technique, target = self.best(actor)
            fight.act(actor, technique, target)
            if self.flips and target.data["hp"] == 0:
                self.flip_if_met(actor, technique, target)
            return
        # a foe's adversaries (Fight.enemy): whoever is not a foe
        targets = [f for f in fight.fighters() if f.data["hp"] > 0 and f.kind != FOE]
        card = actor.card
        assert card is not None
        move = None if card.move_die else self.rng.choice(card.techniques).name
        fight.foe_act(actor, move, self.rng.choice(targets))

    def best(self, user: Fighter) -> tuple[str, Fighter]:
        """The technique with the best Schmerz on the weakest foe it can hurt (R-DMG, effects
        aside); a tie: the last name."""
        fight = self.fight
        foes = sorted([f for f in fight.of_phase("foes") if f.data["hp"] > 0], key=_weakest)
        level = fight.lv() if user.kind == BUDDY else user.level
        e = fx.effective_emotion(fight, user)
        for foe in foes:
            h = fx.effective_heart(fight, foe)
            key = (user.name, level, foe.name, e, h)
            found = self._best.get(key)
            if found is None:
                found = self._best[key] = self._best_on(user, level, foe, e, h)
            if found[0] > 0:
                return found[1], foe
        return self._techniques(user, level)[0][0], foes[0]

    def flip_if_met(self, user: Fighter, technique: str, foe: Fighter) -> None:
        """The foe `user` just neutralized with `technique` flips and joins the party when
        its back is a friend and its flip condition names the technique's emotion."""
        back = foe.card.back if foe.card is not None else None
        if back is None or back.type not in ("buddy", "companion"):
            return
        level = self.fight.lv() if user.kind == BUDDY else user.level
        emotion = next((e for name, _base, e in self._techniques(user, level)
                        if name == technique), None)
        if flip_met(back.flip, emotion) is True:
            flip(self.fight, foe)

    def _best_on(self, user: Fighter, level: int, foe: Fighter, e: int, h: int
                 ) -> tuple[int, str]:
        """The most Schmerz `user` deals `foe` with E `e` against H `h`, and by which
        technique (a tie: the last name)."""
        against = self._against.get((user.name, level, foe.name))
        if against is None:
            against = self._against[user.name, level, foe.name] = _against(
                user, foe, self._techniques(user, level))
        best, chosen = 0, ""
        for name, base, twos in against:
            dealt = amount(base, e, twos, h)
            if dealt > best or dealt == best and name > chosen:
                best, chosen = dealt, name
        return best, chosen

    def _techniques(self, user: Fighter, level: int) -> list[Option]:
        options = self._options.get((user.name, level))
        if options is None:
            options = self._options[user.name, level] = _techniques(self.fight, user)
        return options


def join(state: State, card: Card) -> bool:
    """A buddy (at full HP, 4.5) or companion joins the party, as the table's `buddy NAME`
    and `companion NAME` do: not twice, and not one gone for good (R-CONF-8, 6.2). True if
    it joined."""
    if card.type == "buddy":
        if card.name in state.get("lost_buddies", []) or any(
                b.get("card", b["name"]) == card.name for b in state["buddies"]):
            return False
        state["buddies"].append(buddy(card))
        return True
    if card.type == "companion":
        if card.name in state["companions"] or card.name in state["lost_companions"]:
            return False
        state["companions"].append(card.name)
        return True
    return False


def flip(fight: Fight, foe: Fighter) -> None:
    """5.6 as the table's `flip` does it (its on_flip): the card shows its back; a foe that
    becomes a friend leaves the foes (while the fight runs) and joins the party."""
    card = foe.card
    assert card is not None
    flipped = fight.s.setdefault("flipped", [])
    if card.key not in flipped:
        flipped.append(card.key)
    if fight.running and any(f is foe.data for f in fight.c["foes"]):
        fight.c["foes"][:] = [f for f in fight.c["foes"] if f is not foe.data]
    join(fight.s, card.flipped())
    fight._changed()                     # who is in the field changed


def _weakest(f: Fighter) -> tuple[int, str]:
    return f.data["hp"], f.name


def _against(user: Fighter, foe: Fighter, options: list[Option]) -> list[tuple[str, int, int]]:
    """(name, base Schmerz, doublings) of each technique of `user` on `foe` (R-DMG-3); a
    Shield or Heel the GM would have to judge (R-DMG-7) does not apply."""
    card = foe.card
    assert card is not None
    sensitive, insensitive = user.has("Sensitive"), user.has("Insensitive")
    return [(name, base, doublings(matches(card.heel, emotion, user.subtypes) is True,
                                   matches(card.shield, emotion, user.subtypes) is True,
                                   sensitive, insensitive, foe.has("Sensitive"),
                                   foe.has("Insensitive")))
            for name, base, emotion in options]


def _techniques(fight: Fight, user: Fighter) -> list[Option]:
    """(name, base Schmerz, emotion) of what the user can use."""
    if user.kind == BUDDY:
        assert user.card is not None
        return [(t.name, t.schmerz.value(fight.lv()), t.emotion) for t in user.card.techniques]
    if user.kind == STAND:
        lv = min(user.level, 10)
        return [(lad.name, lv, lad.name) for lad in ladders().values()]
    sheet = user.sheet
    out: list[Option] = [(name, lv, name) for name, lv in sheet["ladders"].items()]
    out += [(name, base_schmerz(custom_level=lv, user_level=user.level), None)
            for name, lv in sheet["custom"].items()]
    return out


def _scaled(card: Card, scale: float) -> Card:
    return card if scale == 1.0 else replace(card, hp=max(1, round((card.hp or 0) * scale)))


def card_lookup(cards: dict[str, Card]) -> Callable[[str], Card]:
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
    """The figures of many runs; `cowering` names every Kaveri of `kaverit` (0 when none)."""
    results = Counter(o.result for o in outcomes)
    won, ran_away, lost = results["won"], results["ran away"], results["lost"]
    cowering = Counter(name for o in outcomes for name in o.cowering)
    return Odds(len(outcomes), won, ran_away, lost, len(outcomes) - won - ran_away - lost,
                [o.rounds for o in outcomes], {**dict.fromkeys(kaverit, 0), **cowering})


def run_seeds(setup: Setup, seeds: list[int]) -> list[Outcome]:
    return [run_once(setup, s) for s in seeds]
