"""The confrontation engine (R-CONF-1..13 with R-DMG, R-FX, R-ABIL, R-WP): "Get ready to feel!"

Pure: a Fight works on the campaign state dict with the cards and one Dice, and reports what
happened as events (kind, text, data). It never prints or touches files, so the same engine
runs at the table and headless (the odds simulator plays it thousands of times).

A round (R-CONF-2): 1 setting round effects; 2 Kaverit (items, then one technique each);
3 buddies; 4 foes; gladness ticks; 5 companions; 6 items; 7 other round effects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from guide.data.tables import ladder as find_ladder
from guide.data.tables import ladder_of_technique
from guide.model import Card
from guide.rules import effects as fx
from guide.rules.dice import Dice
from guide.rules.fighters import BUDDY, FOE, KAVERI, PHASE_OF, STAND, Fighter, all_fighters, find
from guide.rules.leveling import RuleError, award_xp, level
from guide.rules.schmerz import absorb, base_schmerz, compute, matches, multiplier

PHASES = ("kaverit", "buddies", "foes")
_KIND_WORDS = {KAVERI: "Kaveri", STAND: "companion taking a stand", BUDDY: "buddy", FOE: "foe"}


@dataclass
class Move:
    """A technique as one fighter uses it."""

    name: str
    base: int
    emotion: str | None          # for Shields and Heels
    ladder: str | None           # an emotion ladder: rolls for its special effect
    level: int                   # ladder level (for R-FX-1)


class Fight:
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
        self.lv = lv
        self.xp_for = xp_for
        self.events: list[tuple[str, str, dict]] = []

    # --- small helpers --------------------------------------------------------------
    def card(self, name: str) -> Card:
        found = self._cards.get(name)
        if found is None:
            found = self._cards[name] = self._card(name)
        return found

    @property
    def c(self) -> dict:
        return self.s["confrontation"]

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

    def strategy_bonus(self, f: Fighter) -> int:
        return 0

    def static_bonus(self, f: Fighter, stat: str) -> int:
        """Static `effects:` of settings, companions, bonded items and foes present."""
        if self._any_static is None:
            self._any_static = any(True for _ in self._declared("static"))
        if not self._any_static:
            return 0
        total = 0
        for source, effect, holder, bonded in self._declared("static"):
            if effect.do == stat and f in fx.targets_of(self, effect, holder, bonded):
                total += effect.amount.value(self.lv())
        return total

    def _declared(self, when: str, phase: str | None = None):
        """(source, effect, holder fighter, bonded Kaveri) of every declared effect present."""
        c = self.c
        fighters = {f.name: f for f in self.fighters()}
        groups = []
        if phase in (None, "settings"):
            groups += [(self.card(n), None, None) for n in c["settings"]]
        if phase in (None, "companions"):
            groups += [(self.card(n), None, None) for n in c["companions"]]
        if phase in (None, "items"):
            for k in self.s["kaverit"]:
                holder = fighters.get(k["name"])
                for item in k["items"]:
                    card = self.card(item["card"])
                    if card.usage is None:  # items with usage act only when played
                        groups.append((card, holder, holder if item["bonded"] else None))
        if phase in (None, "other"):
            groups += [(f.card, f, None) for f in fighters.values()
                       if f.kind in (FOE, BUDDY) and f.card and f.standing]
        for card, holder, bonded in groups:
            for effect in card.effects:
                if effect.when == when:
                    yield card.name, effect, holder, bonded

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
        self.s["confrontation"] = {
            "round": 1, "phase": "kaverit", "order": order, "acted": [], "foes": fighters,
            "stand": [], "companions": companions, "settings": [s.name for s in settings],
            "effects": [], "passionate": {}, "last_turn": {}, "confidence": [],
            "chutzpah": [], "practice": practice, "max_hp_boosts": {}, "neutralized": [],
        }
        self.say("confront", "Get ready to feel! " + ", ".join(
            f"{f['name']} ({f['max_hp']} HP)" for f in fighters) + " against "
            + ", ".join(order) + (f" (each foe +{bonus} HP for {len(kaverit)} Kaverit, R-CONF-4)"
                                  if bonus else ""), practice=practice)
        for source, effect, holder, bonded in list(self._declared("start")):
            for line in fx.apply_declared(self, source, effect,
                                          fx.targets_of(self, effect, holder, bonded), self.lv()):
                self.say("effect", line)
        self._round_effects("settings")

    # --- techniques -------------------------------------------------------------------
    def use(self, actor: str, technique: str, on: list[str] | None = None,
            d20: int | None = None, d10: int | None = None, world_point: str | None = None,
            split: dict[str, int] | None = None, gm_match: bool | None = None,
            boost: str | None = None) -> None:
        """Phase 2 or 3: a Kaveri, a companion taking a stand, or a buddy uses a technique."""
        user = self.get(actor, (KAVERI, STAND, BUDDY))
        self._enter_phase(PHASE_OF[user.kind], user)
        self._check_can_act(user)
        self._nervous_boost(user, boost)
        move = self._move(user, technique)
        if world_point == "effect" and not move.ladder:
            raise RuleError(f"{move.name} has no special effect to force (R-WP-3)")
        targets = self._targets(user, on, world_point, split)
        if split:
            self._check_split(move, split)
        if world_point:
            self._spend_world_point(user, world_point)
        total_e = fx.effective_emotion(self, user)
        self.say("use", f"{user.name} uses {move.name}" + (
            f" ({move.ladder} {move.level})" if move.ladder else "") + ".", actor=user.name)
        if not move.ladder:
            self.c["last_turn"][user.name] = None       # no effect this turn (R-FX-2)
        for i, (target, part) in enumerate(targets):
            if self.s["confrontation"] is None:
                break
            base = part if part is not None else move.base
            add_e = split is None or i == 0          # Lagom: E added once in total
            self._hit(user, target, move, base, total_e if add_e else 0, gm_match)
        if move.ladder and self.s["confrontation"] is not None:
            self._special(user, move, [t for t, _ in targets], d20, d10,
                          forced=world_point == "effect")
        self._done(user)

    def foe_use(self, foe: str, technique: str | None, on: str | None = None,
                roll: int | None = None, split: dict[str, int] | None = None) -> None:
        """Phase 4: a foe's technique; a foe with a die icon picks it by the roll (R-CONF-3)."""
        user = self.get(foe, (FOE,))
        self._enter_phase("foes", user)
        self._check_can_act(user)
        card = user.card
        if card.move_die:
            face = roll if roll is not None else None
            if face is None:
                face = self.dice.d(card.move_die)
            elif not 1 <= face <= card.move_die:
                raise RuleError(f"a d{card.move_die} shows 1 to {card.move_die}, not {face}")
            else:
                self.dice.drawn.append((card.move_die, face))
            picked = next(t for t in card.techniques if face in t.roll)
            if technique and technique.casefold() != picked.name.casefold():
                raise RuleError(f"the d{card.move_die} shows {face}: {user.name} uses"
                                f" {picked.name}, not {technique}")
            self.say("roll", f"{user.name} rolls its d{card.move_die}: {face} -> {picked.name}.")
            tech = picked
        else:
            if not technique:
                raise RuleError(f"which technique? {user.name} knows "
                                + ", ".join(t.name for t in card.techniques))
            tech = card.technique(technique)
            if tech is None:
                raise RuleError(f"{user.name} has no technique {technique!r}; it knows "
                                + ", ".join(t.name for t in card.techniques))
        move = Move(tech.name, tech.schmerz.value(self.lv()), tech.emotion, None, 0)
        if split:
            if not user.has("Lagom"):
                raise RuleError("only a fighter with Lagom may split Schmerz (R-ABIL-1)")
            self._check_split(move, split)
            targets = [self._foe_targets(user, name)[0] for name in split]
        else:
            targets = self._foe_targets(user, on)
        self.say("use", f"{user.name} uses {tech.name}." + (f" ({tech.text})" if tech.text else ""),
                 actor=user.name)
        emotion = fx.effective_emotion(self, user)
        for i, target in enumerate(targets):
            if self.s["confrontation"] is None:
                break
            if fx.has_effect(self.c, "love", target.name):
                self.say("effect", f"{target.name} is protected by love: {tech.name} does nothing.")
                continue
            intimidated = fx.has_effect(self.c, "intimidate", target.name)
            if intimidated:
                self.c["effects"].remove(intimidated)
                self.say("effect", f"{target.name} intimidates {user.name}: {tech.name} has no"
                                   " effect at all.")
                continue
            base = split[list(split)[i]] if split else move.base
            self._hit(user, target, move, base, emotion if i == 0 else 0, None)
        if self.s["confrontation"] is not None:
            self._done(user)

    # --- the round ----------------------------------------------------------------------
    def next(self) -> None:
        """End the current phase (those who did not act pass) and move on."""
        self._end_phase()
        self._maybe_advance()

    def runaway(self, roll: int | None = None) -> bool:
        """R-CONF-6: with cowering Kaverit, a percentile at or under 25 x cowering (max 100)."""
        c = self.c
        cowering = [k for k in self.s["kaverit"] if k["hp"] == 0]
        if not cowering:
            raise RuleError("running away needs at least one cowering Kaveri (R-CONF-6)")
        if c["phase"] == "foes":
            self._end_round()
            c = self.c
            if c is None:
                return False
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

    # --- inside a turn ------------------------------------------------------------------
    def _enter_phase(self, phase: str, actor: Fighter) -> None:
        c = self.c
        now = PHASES.index(c["phase"])
        want = PHASES.index(phase)
        if want > now:
            while self.c is not None and PHASES.index(self.c["phase"]) < want:
                self._end_phase()
        elif want < now:
            if actor.name in c["acted"] and not (phase == "kaverit" and c["phase"] == "foes"):
                raise RuleError(f"{actor.name} has already acted this round")
            if phase == "kaverit" and c["phase"] == "foes":
                self._end_round()          # a Kaveri after the foes: the next round
            else:
                raise RuleError(f"the {phase} phase is over this round; now: {c['phase']}"
                                " (next to move on)")
        if self.c is None:
            raise RuleError("the confrontation is over")

    def _check_can_act(self, f: Fighter) -> None:
        c = self.c
        if not f.standing:
            raise RuleError(f"{f.name} is at 0 HP and cannot act (R-CONF-5)")
        if f.name in c["acted"]:
            raise RuleError(f"{f.name} has already acted this round")
        skip = self._skip(f)
        if skip:
            raise RuleError(f"{f.name} skips this turn ({skip['why']}); next to move on")

    def _skip(self, f: Fighter) -> dict | None:
        for e in self.c["effects"]:
            if e["kind"] == "skip" and e["on"] == f.name and e["round"] == self.c["round"]:
                return e
        return None

    def _nervous_boost(self, user: Fighter, boost: str | None) -> None:
        for e in list(self.c["effects"]):
            if e["kind"] == "nervous" and e["on"] == user.name and e["round"] <= self.c["round"]:
                stat = (boost or "hp").casefold()
                if stat not in ("e", "h", "hp"):
                    raise RuleError("--boost is e, h or hp (Nervousness)")
                self.c["effects"].remove(e)
                amount = e["amount"]
                if stat == "hp":
                    boosts = self.c["max_hp_boosts"]
                    boosts[user.name] = boosts.get(user.name, 0) + amount
                    user.data["max_hp"] += amount
                    user.data["hp"] += amount
                else:
                    self.c["effects"].append({"kind": "boost", "on": user.name, "stat": stat,
                                              "amount": amount})
                self.say("effect", f"{user.name} gets over the nerves: {stat.upper()} +{amount}"
                                   " until the confrontation ends.")

    def _move(self, user: Fighter, technique: str) -> Move:
        if user.kind == BUDDY:
            tech = user.card.technique(technique)
            if tech is None:
                raise RuleError(f"{user.name} has no technique {technique!r}; it knows "
                                + ", ".join(t.name for t in user.card.techniques))
            return Move(tech.name, tech.schmerz.value(self.lv()), tech.emotion, None, 0)
        lad = find_ladder(technique) or ladder_of_technique(technique)
        if user.kind == STAND:
            if lad is None:
                raise RuleError(f"a companion taking a stand uses an emotion ladder, not"
                                f" {technique!r} (R-CONF-10)")
            lv = min(user.level, 10)
            return Move(lad.technique_name(lv), base_schmerz(ladder_level=lv), lad.name,
                        lad.name, lv)
        sheet = user.data
        if lad is not None and lad.name in sheet["ladders"]:
            lv = sheet["ladders"][lad.name]
            return Move(lad.technique_name(lv), base_schmerz(ladder_level=lv), lad.name,
                        lad.name, lv)
        for name, lv in sheet["custom"].items():
            if name.casefold() == technique.removeprefix("custom:").casefold():
                return Move(name, base_schmerz(custom_level=lv, user_level=user.level), None,
                            None, lv)
        known = list(sheet["ladders"]) + list(sheet["custom"])
        raise RuleError(f"{user.name} has no technique {technique!r}; known: {', '.join(known)}")

    def _targets(self, user: Fighter, on: list[str] | None, world_point: str | None,
                 split: dict[str, int] | None) -> list[tuple[Fighter, int | None]]:
        foes = self.standing(FOE)
        if not foes:
            raise RuleError("no foe is standing")
        if world_point == "all-foes":
            return [(f, None) for f in foes]           # R-WP-2: each computed on its own
        if split:
            if not user.has("Lagom"):
                raise RuleError("only a fighter with Lagom may split Schmerz (R-ABIL-1)")
            return [(self._standing_foe(name), amount) for name, amount in split.items()]
        if on:
            return [(self._standing_foe(on[0]), None)]
        if len(foes) > 1:
            raise RuleError("which foe? --on " + " | ".join(repr(f.name) for f in foes))
        return [(foes[0], None)]

    @staticmethod
    def _check_split(move: Move, split: dict[str, int]) -> None:
        """R-ABIL-1 Lagom: the parts add up to the technique's Schmerz, one part per target."""
        if len(split) < 2:
            raise RuleError("Lagom splits among two or more adversaries: --split A=1 --split B=1")
        if any(v < 1 for v in split.values()) or sum(split.values()) != move.base:
            raise RuleError(f"the parts must add up to {move.name}'s {move.base} Schmerz,"
                            " each at least 1 (E is added once, to the first part)")

    def _standing_foe(self, name: str) -> Fighter:
        f = self.get(name, (FOE,))
        if not f.standing:
            raise RuleError(f"{f.name} is already neutralized")
        return f

    def _foe_targets(self, user: Fighter, on: str | None) -> list[Fighter]:
        targets = self.standing(KAVERI, STAND, BUDDY)
        if on:
            t = self.get(on, (KAVERI, STAND, BUDDY))
            if not t.standing:
                raise RuleError(f"{t.name} is cowering and cannot be targeted (R-CONF-5)")
            return [t]
        if len(targets) != 1:
            raise RuleError("on whom? --on " + " | ".join(repr(t.name) for t in targets))
        return targets

    def _spend_world_point(self, user: Fighter, how: str) -> None:
        if user.kind != KAVERI:
            raise RuleError("only a Kaveri spends world points (R-WP-1)")
        if user.data["world_points"] < 1:
            raise RuleError(f"{user.name} has no world point to spend")
        user.data["world_points"] -= 1
        what = "hits every foe (R-WP-2)" if how == "all-foes" else "forces its effect (R-WP-3)"
        self.say("wp", f"{user.name} spends a world point: the technique {what}.")

    def _hit(self, user: Fighter, target: Fighter, move: Move, base: int, emotion: int,
             gm_match: bool | None) -> None:
        """R-DMG-2..5 and R-ABIL-1/2 for one technique on one target."""
        c = self.c
        heel = self._defence(target.card.heel if target.card else None, move, user, gm_match)
        shield = self._defence(target.card.shield if target.card else None, move, user, gm_match)
        mult = multiplier(heel, shield, user.has("Sensitive"), user.has("Insensitive"),
                          target.has("Sensitive"), target.has("Insensitive"))
        hit = compute(base, emotion, mult, fx.effective_heart(self, target))
        if hit.amount <= 0:
            self.say("hit", f"{move.name} deals no Schmerz to {target.name}.")
            return
        if target.has("Confidence") and target.name not in c["confidence"]:
            c["confidence"].append(target.name)
            self.say("hit", f"{target.name}'s Confidence: {move.name} does nothing at all"
                            " (R-ABIL-1).")
            return
        hp, left, _ = absorb(hit.amount, target.hp, target.counters["HP"])
        target.data["hp"], target.counters["HP"] = hp, left
        notes = [n for n, on in (("Heel x2", heel), ("Shield x1/2", shield)) if on]
        self.say("hit", f"{move.name} deals {hit.amount} Schmerz to {target.name} ({hit.steps}"
                        f"{'; ' + ', '.join(notes) if notes else ''}): {target.name}"
                        f" {target.hp}/{target.max_hp} HP.", target=target.name, amount=hit.amount)
        if target.has("Chutzpah") and target.name not in c["chutzpah"]:
            c["chutzpah"].append(target.name)
            back = -(-hit.amount // 2)
            lost_back = self.lose_hp(user, back)
            self.say("hit", f"{target.name}'s Chutzpah: {user.name} takes {lost_back} Schmerz"
                            " back (R-ABIL-1).")
        self._after_harm(target)

    def _defence(self, defence: str | None, move: Move, user: Fighter,
                 gm_match: bool | None) -> bool:
        found = matches(defence, move.emotion, user.subtypes)
        if found is None:
            if gm_match is None:
                self.say("note", f"GM: does {defence!r} apply to {user.name}'s {move.name}? Not"
                                 " applied; answer with --matches yes (R-DMG-7).")
                return False
            return gm_match
        return found

    def _special(self, user: Fighter, move: Move, targets: list[Fighter], d20: int | None,
                 d10: int | None, forced: bool) -> None:
        """R-FX-1..3: roll (or not) for the special effect, after the Schmerz is dealt."""
        c = self.c
        lad = find_ladder(move.ladder)
        used = c["passionate"].setdefault(user.name, [])
        first_use = lad.name not in used
        if first_use:
            used.append(lad.name)
        why = None
        if forced:
            why = "a world point forces it"
        elif move.level >= 10:
            why = "level 10 always triggers"
        elif user.has("Passionate") and first_use:
            why = "Passionate: first use of the ladder"
        else:
            face = d20 if d20 is not None else None
            if face is None:
                face = self.dice.d(20)
            elif not 1 <= face <= 20:
                raise RuleError(f"a d20 shows 1 to 20, not {face}")
            else:
                self.dice.drawn.append((20, face))
            need = fx.trigger_threshold(move.level)
            if face < need:
                self.say("roll", f"d20: {face} (needs {need}+): no special effect.")
                c["last_turn"][user.name] = None
                return
            why = f"d20: {face}, needs {need}+"
        last = c["last_turn"].get(user.name)
        if last == lad.name and not forced:
            self.say("effect", f"{lad.name} triggered on {user.name}'s previous turn too: the"
                               f" effect is nullified ({why}; R-FX-2).")
            c["last_turn"][user.name] = None
            return
        c["last_turn"][user.name] = lad.name
        self.say("effect", f"{lad.says} ({why})")
        lv = user.level
        for line in fx.apply_special(self, user, lad.effect, lv, targets, d10):
            self.say("effect", line)

    def _done(self, f: Fighter) -> None:
        c = self.c
        if c is None:
            return
        c["acted"].append(f.name)
        fx.expire(c, owner=f.name)
        self._maybe_advance()

    def _maybe_advance(self) -> None:
        """Move on by itself once everyone of the phase has acted, skips or cowers; never
        past the start of a new round (the table then sees it, and `next` goes on)."""
        start = self.c["round"] if self.c else 0
        while self.c is not None and self.c["round"] == start:
            c = self.c
            kinds = {"kaverit": (KAVERI, STAND), "buddies": (BUDDY,), "foes": (FOE,)}[c["phase"]]
            waiting = [f for f in self.standing(*kinds)
                       if f.name not in c["acted"] and not self._skip(f)]
            if waiting:
                return
            self._end_phase()

    def _end_phase(self) -> None:
        c = self.c
        phase = c["phase"]
        fx.expire(c, phase=phase)
        if phase == "foes":
            self._end_round()
            return
        if phase == "buddies" and self.house("companions_before_foes") == "on":
            self._round_effects("companions")
        c["phase"] = PHASES[PHASES.index(phase) + 1]

    def _end_round(self) -> None:
        """After phase 4: gladness; 5 companions; 6 items; 7 others; then the next round."""
        c = self.c
        self._gladness()
        if self.c is None:
            return
        if self.house("companions_before_foes") != "on":
            self._round_effects("companions")
        for phase in ("items", "other"):
            if self.c is None:
                return
            self._round_effects(phase)
        if self.c is None:
            return
        c["round"] += 1
        c["acted"] = []
        c["phase"] = "kaverit"
        fx.expire(c)
        self.say("round", f"Round {c['round']}.")
        self._round_effects("settings")

    def _gladness(self) -> None:
        c = self.c
        for e in [e for e in c["effects"] if e["kind"] == "glad"]:
            target = find(self.fighters(), e["on"])
            if target is None or not target.standing:
                continue
            lv = self.lv()
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
        sources = {"settings": self.c["settings"], "companions": self.c["companions"]}
        for name in sources.get(phase, []):
            card = self.card(name)
            if card.text and not any(e.when == "round" for e in card.effects):
                self.say("gm", f"GM ({phase}): {card.name}: {card.text}")
        for source, effect, holder, bonded in list(self._declared("round", phase)):
            if self.c is None:
                return
            targets = fx.targets_of(self, effect, holder, bonded)
            for line in fx.apply_declared(self, source, effect, targets, self.lv()):
                self.say("effect", line)

    # --- harm and its consequences --------------------------------------------------------
    def _after_harm(self, f: Fighter) -> None:
        c = self.c
        if c is None or f.hp > 0:
            return
        if f.kind == FOE:
            self._neutralized(f)
        elif f.kind == KAVERI:
            self.say("cower", f"{f.name} is at 0 HP and cowers (R-CONF-5).")
            self._check_all_cowering()
        elif f.kind == BUDDY:
            self.s["buddies"].remove(f.data)
            self._changed()
            self.say("leave", f"{f.name} is out of HP and leaves the party for good (R-CONF-8).")
        elif f.kind == STAND:
            c["stand"].remove(f.data)
            self._changed()
            if f.name in self.s["companions"]:
                self.s["companions"].remove(f.name)
            self.s["lost_companions"].append(f.name)
            self.say("leave", f"{f.name} runs for their life: gone for the rest of the adventure"
                              " (rulebook 6.2).")
            self._check_all_cowering()

    def _neutralized(self, f: Fighter) -> None:
        c = self.c
        c["neutralized"].append(f.name)
        xp = 0 if c["practice"] else self.xp_for(f.data["card"])
        self.say("neutralized", f"{f.name} is neutralized!", foe=f.data["card"])
        if xp:
            for k in self.s["kaverit"]:
                if k["hp"] > 0:                              # R-CONF-7: the standing ones
                    reached = award_xp(k, xp)
                    self.say("xp", f"{k['name']} gains {xp} XP ({k['xp']} XP).", kaveri=k["name"])
                    for lv in reached:
                        self.say("level", f"{k['name']} reaches level {lv}! ({k['points']}"
                                          " point(s) to spend)", kaveri=k["name"], level=lv)
        if not self.standing(FOE):
            self.say("victory", "Every foe is neutralized: the Kaverit win!")
            self._finish("won")

    def _check_all_cowering(self) -> None:
        c = self.c
        if c is None or self.standing(KAVERI, STAND):
            return
        fresh = [n for n in c["companions"] if n not in self.s["lost_companions"]
                 and not any(s["name"] == n for s in c["stand"])]
        if fresh and not c["stand"]:
            self._take_a_stand(fresh)
            return
        self._lose()

    def _take_a_stand(self, names: list[str]) -> None:
        """R-CONF-10: companions become Kaverit with E 0, H 0 and shares of the foes' max HP."""
        c = self.c
        total = sum(f["max_hp"] for f in c["foes"] if f["hp"] > 0)
        lv = min(10, max(level(k["xp"]) for k in self.s["kaverit"]))
        share, extra = divmod(total, len(names))
        for i, name in enumerate(names):
            hp = share + (1 if i < extra else 0)
            c["stand"].append({"name": name, "hp": hp, "max_hp": hp, "lv": max(1, lv),
                               "counters": {"E": 0, "H": 0, "HP": 0}})
        self._changed()
        verb = "takes" if len(c["stand"]) == 1 else "take"
        self.say("stand", "Every Kaveri cowers: " + ", ".join(
            f"{s['name']} ({s['max_hp']} HP)" for s in c["stand"]) + f" {verb} a stand, using any"
            f" emotion ladder at level {max(1, lv)} (R-CONF-10).")

    def shares(self, hp: dict[str, int]) -> None:
        """The players divide the stand's HP their own way (the total stays the foes' HP)."""
        c = self.c
        stand = {s["name"].casefold(): s for s in c["stand"]}
        if not stand:
            raise RuleError("no companion is taking a stand")
        total = sum(s["max_hp"] for s in c["stand"])
        if set(k.casefold() for k in hp) != set(stand) or sum(hp.values()) != total:
            raise RuleError(f"give every companion taking a stand a share; the shares add up to"
                            f" {total} (R-CONF-10)")
        for name, value in hp.items():
            if value < 1:
                raise RuleError("each share is at least 1 HP")
            s = stand[name.casefold()]
            s["hp"] = s["max_hp"] = value
        self.say("stand", "HP shares: " + ", ".join(f"{s['name']} {s['max_hp']}"
                                                     for s in c["stand"]))

    def _lose(self) -> None:
        """R-CONF-11: the game is lost; sheets stay, items and money go."""
        for k in self.s["kaverit"]:
            k["items"] = []
            k["money"] = 0
        self.say("lost", "Every Kaveri cowers and no companion can take a stand: the game is"
                         " lost. The Kaverit keep their sheets but lose all items and money.")
        self._finish("lost")
        self.s["adventure"] = None

    def _finish(self, why: str) -> None:
        c = self.c
        for name, amount in c["max_hp_boosts"].items():
            f = find(self.fighters(), name)
            if f is not None:
                f.data["max_hp"] -= amount
                f.data["hp"] = min(f.data["hp"], f.data["max_hp"])
        for k in self.s["kaverit"]:
            k["counters"] = {"E": 0, "H": 0, "HP": 0}
        for b in self.s["buddies"]:
            b.pop("counters", None)
        self.s["confrontation"] = None
        self._changed()
        self.s["shop_wp"] = []       # R-WP-4: a world point again after a confrontation
        self.say("over", f"The confrontation ends ({why}).", result=why)


