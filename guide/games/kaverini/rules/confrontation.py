"""The confrontation engine (R-CONF-1..13 with R-DMG, R-FX, R-ABIL, R-WP): "Get ready to feel!"

Pure: a Fight works on a state dict with the cards and one Dice, and reports what happened
as events (kind, text, data). It never prints or touches files, so the same engine runs at
the table, headless (the odds simulator plays it thousands of times) and as the Strategy
Game's battle, where every card's "foe" means "character" (R-STRAT-3).

A round (R-CONF-2): 1 setting round effects; 2 Kaverit (items, then one technique each);
3 buddies; 4 foes; gladness ticks; 5 companions; 6 items; 7 other round effects.
This module holds the field and the round; a turn is in techniques.py, what harm leads to
in outcomes.py.
"""

from __future__ import annotations

from collections.abc import Callable

from guide.core.dice import Dice
from guide.games.kaverini.model import Card
from guide.games.kaverini.rules import effects as fx
from guide.games.kaverini.rules.fighters import (
    BUDDY,
    FOE,
    KAVERI,
    PHASE_OF,
    STAND,
    Fighter,
    all_fighters,
    find,
)
from guide.games.kaverini.rules.leveling import RuleError, level
from guide.games.kaverini.rules.outcomes import Outcomes
from guide.games.kaverini.rules.schmerz import absorb
from guide.games.kaverini.rules.techniques import Move, Techniques

PHASES = ("kaverit", "buddies", "foes")
PHASE_KINDS = {"kaverit": (KAVERI, STAND), "buddies": (BUDDY,), "foes": (FOE,)}
_KIND_WORDS = {KAVERI: "Kaveri", STAND: "companion taking a stand", BUDDY: "buddy", FOE: "foe"}

__all__ = ["Fight", "Move", "PHASES", "new_confrontation"]


def new_confrontation(foes: list[dict], order: list[str], settings: list[str],
                      companions: list[str], practice: bool = False) -> dict:
    """The `confrontation` part of a state: round 1, the Kaverit's phase."""
    return {
        "round": 1, "phase": "kaverit", "order": order, "acted": [], "foes": foes,
        "stand": [], "companions": companions, "settings": settings, "effects": [],
        "passionate": {}, "last_turn": {}, "confidence": [], "chutzpah": [],
        "practice": practice, "max_hp_boosts": {}, "neutralized": [],
    }


class Fight(Techniques, Outcomes):
    def __init__(self, state: dict, card: Callable[[str], Card], dice: Dice,
                 house: Callable[[str], str], lv: Callable[[], int],
                 xp_for: Callable[[str], int] = lambda name: 0):
        self.s = state
        self._card = card
        self._cards: dict[str, Card] = {}      # looked up once per Fight
        self._any_static: bool | None = None    # does any card present have a static effect?
        self._fighters: list[Fighter] | None = None  # who is in the field (see _changed)
        self.dice = dice
        self.house = house
        self.lv = lv                            # R-SHEET-4: Lv when nobody chooses
        self.chosen_lv: int | None = None       # R-SHEET-4: the Lv the GM chose for this step
        self.xp_for = xp_for
        self.events: list[tuple[str, str, dict]] = []

    # --- the field ------------------------------------------------------------------
    @property
    def c(self) -> dict | None:
        return self.s["confrontation"]

    @property
    def strategy(self) -> dict | None:
        """The Strategy Game's players, world points and winner, when this is its battle."""
        return self.s.get("versus")

    def card(self, name: str) -> Card:
        found = self._cards.get(name)
        if found is None:
            found = self._cards[name] = self._card(name)
        return found

    def say(self, kind: str, text: str, **data) -> None:
        self.events.append((kind, text, data))

    def fighters(self) -> list[Fighter]:
        """Every fighter in round order. The views follow the state's own dicts, so only a
        change of who is in the field (_changed) needs a new list."""
        if self._fighters is None:
            self._fighters = all_fighters(self.s, self.card)
        return self._fighters

    def _changed(self) -> None:
        self._fighters = None
        self._any_static = None

    def get(self, name: str, kinds: tuple[str, ...] = ()) -> Fighter:
        f = find(self.fighters(), name, kinds)
        if f is None:
            who = " or ".join(dict.fromkeys(_KIND_WORDS[k] for k in kinds)) or "fighter"
            raise RuleError(f"no {who} named {name!r} in this confrontation")
        return f

    def standing(self, *kinds: str) -> list[Fighter]:
        return [f for f in self.fighters() if f.standing and f.kind in kinds]

    def enemy(self, a: Fighter, b: Fighter) -> bool:
        """Adversaries: the party against the foes, or in the Strategy Game any two players."""
        if self.strategy:
            return a.owner != b.owner
        return (a.kind == FOE) != (b.kind == FOE)

    def lv_of(self, f: Fighter | None) -> int:
        """Lv for a card: R-SHEET-4, or in the Strategy Game its controller's Kaverit
        (R-STRAT-6, house rule lv_default)."""
        if self.chosen_lv is not None:
            return self.chosen_lv
        if not self.strategy or f is None or f.owner is None:
            return self.lv()
        return self._lv_of_player(f.owner)

    def choose_lv(self, lv: int | None) -> None:
        """R-SHEET-4: the GM (or the card's controller) picks the level of a Kaveri present."""
        if lv is None:
            return
        levels = sorted({level(k["xp"]) for k in self.s["kaverit"]})
        if lv not in levels:
            raise RuleError(f"--lv is the level of a Kaveri present: {', '.join(map(str, levels))}")
        self.chosen_lv = lv

    def _lv_of_player(self, owner: int | None) -> int:
        if owner is None:
            return self.lv()
        levels = [level(k["xp"]) for k in self.s["kaverit"] if k.get("owner") == owner] or [1]
        return min(levels) if self.house("lv_default") == "lowest" else max(levels)

    def strategy_bonus(self, f: Fighter) -> int:
        """R-STRAT-4: the k-th player in turn order has +(k-1) E on every character."""
        return f.owner or 0 if self.strategy else 0

    def skipping(self, f: Fighter) -> dict | None:
        """The skip effect (Sadness, Nervousness) that takes `f`'s turn this round, if any."""
        for e in self.c["effects"]:
            if e["kind"] == "skip" and e["on"] == f.name and e["round"] == self.c["round"]:
                return e
        return None

    def waiting(self) -> list[Fighter]:
        """Who may still act in the current phase (and, by player, the current player)."""
        c = self.c
        by_player = self._by_player()
        return [f for f in self.standing(*PHASE_KINDS[c["phase"]])
                if f.name not in c["acted"] and not self.skipping(f)
                and (not by_player or f.owner == self.strategy["player"])]

    def _world_points(self, user: Fighter) -> tuple[list | dict, int | str, str]:
        if self.strategy:
            return self.strategy["wp"], user.owner, self.strategy["players"][user.owner]
        return user.data, "world_points", user.name

    # --- declared effects (settings, companions, items, cards) ------------------------
    def static_bonus(self, f: Fighter, stat: str) -> int:
        """Static `effects:` of settings, companions, bonded items and foes present."""
        if self._any_static is None:
            self._any_static = any(True for _ in self._declared("static"))
        if not self._any_static:
            return 0
        total = 0
        for _source, effect, holder, bonded, owner in self._declared("static"):
            if effect.do == stat and f in fx.targets_of(self, effect, holder, bonded, owner):
                total += effect.amount.value(self._lv_of_player(owner))
        return total

    def _declared(self, when: str, phase: str | None = None):
        """(source, effect, holder, bonded Kaveri, owner) of every declared effect present."""
        c = self.c
        owners = self.strategy["owners"] if self.strategy else {}
        fighters = {f.name: f for f in self.fighters()}
        groups = []
        if phase in (None, "settings"):
            groups += [(self.card(n), None, None, None) for n in c["settings"]]
        if phase in (None, "companions"):
            groups += [(self.card(n), None, None, owners.get(n)) for n in c["companions"]]
        if phase in (None, "items"):
            for k in self.s["kaverit"]:
                holder = fighters.get(k["name"])
                for item in k["items"]:
                    card = self.card(item["card"])
                    if card.usage is None:  # items with usage act only when played
                        groups.append((card, holder, holder if item["bonded"] else None,
                                       k.get("owner")))
        if phase in (None, "other"):
            groups += [(f.card, f, None, f.owner) for f in fighters.values()
                       if f.kind in (FOE, BUDDY) and f.card and f.standing]
        for card, holder, bonded, owner in groups:
            for effect in card.effects:
                if effect.when == when:
                    yield card.name, effect, holder, bonded, owner

    def _apply_declared(self, when: str, phase: str | None = None) -> None:
        for source, effect, holder, bonded, owner in list(self._declared(when, phase)):
            if self.c is None:
                return
            targets = fx.targets_of(self, effect, holder, bonded, owner)
            for line in fx.apply_declared(self, source, effect, targets,
                                          self._lv_of_player(owner)):
                self.say("effect", line)

    def heal(self, f: Fighter, amount: int) -> int:
        gained = max(0, min(amount, f.max_hp - f.hp))
        f.data["hp"] += gained
        return gained

    def lose_hp(self, f: Fighter, amount: int, counters: bool = False) -> int:
        """Direct HP loss (Anger, gladness, round effects): not reduced by H."""
        hp, left, lost = absorb(amount, f.hp, f.counters["HP"] if counters else 0)
        f.data["hp"] = hp
        f.counters["HP"] = left
        self._after_harm(f)
        return lost

    # --- starting ---------------------------------------------------------------------
    def start(self, foes: list[Card], order: list[str], settings: list[Card],
              companions: list[str], lv: int, practice: bool = False) -> None:
        """R-CONF-1, R-CONF-4, R-CONF-9: set the field and run round 1's phase 1."""
        kaverit = self.s["kaverit"]
        if not kaverit:
            raise RuleError("the party has no Kaveri to confront anyone")
        if not foes:
            raise RuleError("confront needs at least one foe card")
        bonus = (len(kaverit) - 1) * lv if len(kaverit) >= 2 else 0
        fighters, seen = [], {}
        for card in foes:
            seen[card.name] = seen.get(card.name, 0) + 1
            name = card.name if seen[card.name] == 1 else f"{card.name} {seen[card.name]}"
            fighters.append({"name": name, "card": card.name, "hp": card.hp + bonus,
                             "max_hp": card.hp + bonus, "counters": {"E": 0, "H": 0, "HP": 0}})
        self._changed()
        self.s["confrontation"] = new_confrontation(fighters, order, [s.name for s in settings],
                                                    companions, practice)
        self.say("confront", "Get ready to feel! " + ", ".join(
            f"{f['name']} ({f['max_hp']} HP)" for f in fighters) + " against "
            + ", ".join(order) + (f" (each foe +{bonus} HP for {len(kaverit)} Kaverit, R-CONF-4)"
                                  if bonus else ""), practice=practice)
        self.begin()

    def begin(self) -> None:
        """Effects at the start of a confrontation, then round 1's phase 1."""
        self._apply_declared("start")
        self._round_effects("settings")

    # --- the round ----------------------------------------------------------------------
    def next(self) -> None:
        """End the current phase (those who did not act pass) and move on."""
        self._end_phase()
        self._maybe_advance()

    def runaway(self, roll: int | None = None) -> bool:
        """R-CONF-6: with cowering Kaverit, a percentile at or under 25 x cowering (max 100)."""
        if self.strategy:
            raise RuleError("there is no running away in the Strategy Game (R-STRAT-5)")
        cowering = [k for k in self.s["kaverit"] if k["hp"] == 0]
        if not cowering:
            raise RuleError("running away needs at least one cowering Kaveri (R-CONF-6)")
        if self.c["phase"] == "foes":
            self._end_round()
            if self.c is None:
                return False
        c = self.c
        if c["phase"] != "kaverit" or any(
                f.name in c["acted"] for f in self.fighters() if f.kind in (KAVERI, STAND)):
            raise RuleError("running away is the Kaverit's whole action: only before any Kaveri"
                            " acts in a round")
        chance = min(100, 25 * len(cowering))
        if roll is None:
            p = self.dice.percentile()
            value, shown = p.value, f"tens {p.tens}, ones {p.ones} = {p.value}"
        else:
            if not 1 <= roll <= 100:
                raise RuleError(f"a percentile roll is 1 to 100, not {roll}")
            value, shown = roll, str(roll)
        if value <= chance:
            for k in cowering:
                k["hp"] = 1
            self.say("runaway", f"Run away! ({shown}, needed {chance} or less) The Kaverit"
                                " escape; every cowering Kaveri is back at 1 HP. No XP.")
            self._finish("ran away")
            return True
        self.say("runaway", f"The run-away fails ({shown}, needed {chance} or less): the foes"
                            " get a free shot.")
        c["phase"] = "buddies"
        self._maybe_advance()
        return False

    def schmerz(self, name: str, amount: int) -> None:
        """The Tour Guide deals Schmerz by hand (a card's free text): HP counters absorb it,
        H does not reduce it, and its consequences follow (cowering, XP, ...)."""
        f = self.get(name)
        if not f.standing:
            raise RuleError(f"{f.name} is already at 0 HP")
        lost = self.lose_hp(f, amount, counters=True)
        self.say("hit", f"{f.name} takes {lost} Schmerz: {f.hp}/{f.max_hp} HP.")

    def end(self, why: str = "ended early") -> None:
        self.say("end", f"The confrontation is over ({why}); no more XP.")
        self._finish(why)

    # --- turn order -----------------------------------------------------------------------
    def _by_player(self) -> bool:
        """House rule strategy_by_player: each player runs phases 2 to 4 in one go."""
        return bool(self.strategy) and self.house("strategy_by_player") == "on"

    def _position(self) -> tuple[int, int]:
        player = self.strategy["player"] if self._by_player() else 0
        return player, PHASES.index(self.c["phase"])

    def _turn_of(self, f: Fighter) -> tuple[int, int]:
        return (f.owner if self._by_player() else 0), PHASES.index(PHASE_OF[f.kind])

    def _last_position(self) -> bool:
        return self.c["phase"] == "foes" and (
            not self._by_player() or self.strategy["player"] == len(self.strategy["players"]) - 1)

    def _enter_phase(self, actor: Fighter) -> None:
        """Move the round along to the actor's phase; a Kaveri after the foes of the round
        starts the next round (R-CONF-2)."""
        if self._turn_of(actor) < self._position():
            if PHASE_OF[actor.kind] == "kaverit" and self._last_position():
                self._end_round()
            elif actor.name in self.c["acted"]:
                raise RuleError(f"{actor.name} has already acted this round")
            elif self.skipping(actor):
                raise RuleError(f"{actor.name} skips this turn ({self.skipping(actor)['why']})")
            else:
                raise RuleError(f"{actor.name}'s phase is over this round; now: "
                                f"{self.c['phase']} (next to move on)")
        while self.c is not None and self._position() < self._turn_of(actor):
            self._end_phase()
        if self.c is None:
            raise RuleError("the confrontation is over")

    def _check_can_act(self, f: Fighter) -> None:
        if not f.standing:
            raise RuleError(f"{f.name} is at 0 HP and cannot act (R-CONF-5)")
        if f.name in self.c["acted"]:
            raise RuleError(f"{f.name} has already acted this round")
        skip = self.skipping(f)
        if skip:
            raise RuleError(f"{f.name} skips this turn ({skip['why']}); next to move on")

    def _done(self, f: Fighter) -> None:
        c = self.c
        if c is None:
            return
        c["acted"].append(f.name)
        fx.expire(c, {f.name})
        self._maybe_advance()

    def _maybe_advance(self) -> None:
        """Move on by itself once everyone of the phase has acted, skips or cowers; never
        past the start of a new round (the table then sees it, and `next` goes on)."""
        start = self.c["round"] if self.c else 0
        while self.c is not None and self.c["round"] == start and not self.waiting():
            self._end_phase()

    def _end_phase(self) -> None:
        c = self.c
        phase = c["phase"]
        by_player = self._by_player()
        fx.expire(c, {f.name for f in self.fighters() if f.kind in PHASE_KINDS[phase]
                      and (not by_player or f.owner == self.strategy["player"])})
        if phase == "foes":
            if by_player and not self._last_position():
                self.strategy["player"] += 1
                c["phase"] = "kaverit"
                return
            self._end_round()
            return
        if phase == "buddies" and self.house("companions_before_foes") == "on":
            self._round_effects("companions")
        c["phase"] = PHASES[PHASES.index(phase) + 1]

    def _end_round(self) -> None:
        """After phase 4: gladness; 5 companions; 6 items; 7 others; then the next round."""
        self._gladness()
        if self.house("companions_before_foes") != "on":
            self._round_effects("companions")
        self._round_effects("items")
        self._round_effects("other")
        c = self.c
        if c is None:
            return
        c["round"] += 1
        c["acted"] = []
        c["phase"] = "kaverit"
        if self.strategy:
            self.strategy["player"] = 0
        fx.expire(c)
        self.say("round", f"Round {c['round']}.")
        if self.strategy and self.strategy["fluid"]:
            self.draw_setting()
        self._round_effects("settings")

    def draw_setting(self) -> None:
        """R-STRAT-5: exactly one setting at a time, drawn from the pool."""
        pool = self.strategy["pool"]
        if pool:
            self.c["settings"] = [pool[self.dice.d(len(pool)) - 1]]
            self._changed()
            self.say("setting", f"The setting is now {self.c['settings'][0]}.")

    def _gladness(self) -> None:
        c = self.c
        if c is None:
            return
        for e in [e for e in c["effects"] if e["kind"] == "glad"]:
            target = find(self.fighters(), e["on"])
            if target is None or not target.standing:
                continue
            lv = self._lv_of_player(e.get("lv_owner"))
            lost = self.lose_hp(target, lv, counters=True)
            self.say("effect", f"{target.name} is glad and takes {lost} Schmerz (Lv {lv}):"
                               f" {target.hp}/{target.max_hp} HP.")
            if self.c is None:
                return
            if e.get("ends_tick") is not None and e["ends_tick"] <= c["round"]:
                c["effects"].remove(e)

    def _round_effects(self, phase: str) -> None:
        """Phases 1, 5, 6, 7: declared round effects, and the free text for the GM."""
        if self.c is None:
            return
        sources = {"settings": self.c["settings"], "companions": self.c["companions"],
                   "items": [i["card"] for k in self.s["kaverit"] if k["hp"] > 0
                             for i in k["items"] if i["bonded"]]}
        for name in sources.get(phase, []):
            card = self.card(name)
            text = card.bond if phase == "items" else card.text
            if text and not any(e.when in ("round", "static") for e in card.effects):
                self.say("gm", f"GM ({phase}): {card.name}: {text}")
        self._apply_declared("round", phase)
