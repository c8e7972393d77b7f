"""A turn in a confrontation: a technique, its Schmerz on each target (R-DMG-1..7, R-ABIL-1/2,
R-WP-2/3), and its special effect (R-FX-1..3). Part of Fight (guide.games.kaverini.rules.confrontation)."""

from __future__ import annotations

from dataclasses import dataclass

from guide.games.kaverini.data.tables import ladder as find_ladder
from guide.games.kaverini.data.tables import ladder_of_technique
from guide.games.kaverini.rules import effects as fx
from guide.games.kaverini.rules.fighters import BUDDY, FOE, KAVERI, STAND, Fighter
from guide.games.kaverini.rules.leveling import RuleError
from guide.games.kaverini.rules.schmerz import absorb, base_schmerz, compute, matches, multiplier


@dataclass
class Move:
    """A technique as one fighter uses it."""

    name: str
    base: int
    emotion: str | None          # for Shields and Heels
    ladder: str | None           # an emotion ladder: rolls for its special effect
    level: int                   # ladder level (for R-FX-1)


class Techniques:
    """Fight's turns: use (Kaverit, companions taking a stand, buddies) and foe_use."""

    def use(self, actor: str, technique: str, on: list[str] | None = None,
            d20: int | None = None, d10: int | None = None, world_point: str | None = None,
            split: dict[str, int] | None = None, gm_match: bool | None = None,
            boost: str | None = None) -> None:
        """Phase 2 or 3: a Kaveri, a companion taking a stand, or a buddy uses a technique."""
        user = self.get(actor, (KAVERI, STAND, BUDDY))
        self._enter_phase(user)
        self._check_can_act(user)
        self._nervous_boost(user, boost)
        move = self._move(user, technique)
        if world_point == "effect" and not move.ladder:
            raise RuleError(f"{move.name} has no special effect to force (R-WP-3)")
        if world_point == "all-foes":
            targets = [(f, None) for f in self._enemies(user)]   # R-WP-2: each on its own
        else:
            targets = self._targets(user, on[0] if on else None, split, move)
        if world_point:
            self._spend_world_point(user, world_point)
        emotion = fx.effective_emotion(self, user)
        self.say("use", f"{user.name} uses {move.name}" + (
            f" ({move.ladder} {move.level})" if move.ladder else "") + ".", actor=user.name)
        if not move.ladder:
            self.c["last_turn"][user.name] = None       # no effect this turn (R-FX-2)
        self._deal(user, move, targets, emotion, gm_match, split is not None)
        if move.ladder and self.c is not None:
            self._special(user, move, [t for t, _ in targets], d20, d10,
                          forced=world_point == "effect")
        self._done(user)

    def foe_use(self, foe: str, technique: str | None, on: str | None = None,
                roll: int | None = None, split: dict[str, int] | None = None) -> None:
        """Phase 4: a foe's technique; a foe with a die icon picks it by the roll (R-CONF-3)."""
        user = self.get(foe, (FOE,))
        self._enter_phase(user)
        self._check_can_act(user)
        tech = self._foe_technique(user, technique, roll)
        move = Move(tech.name, tech.schmerz.value(self.lv_of(user)), tech.emotion, None, 0)
        targets = self._targets(user, on, split, move)
        self.say("use", f"{user.name} uses {tech.name}." + (f" ({tech.text})" if tech.text else ""),
                 actor=user.name)
        self._deal(user, move, targets, fx.effective_emotion(self, user), None, split is not None)
        self._done(user)

    # --- choosing ---------------------------------------------------------------------
    def _foe_technique(self, user: Fighter, technique: str | None, roll: int | None):
        card = user.card
        if card.move_die and roll is None and technique:
            named = card.technique(technique)       # the table rolled its own die (R-DICE-3)
            if named is None:
                raise RuleError(f"{user.name} has no technique {technique!r}; it knows "
                                + ", ".join(t.name for t in card.techniques))
            self.say("roll", f"{user.name}'s d{card.move_die} picks {named.name} at the table.")
            return named
        if card.move_die:
            if roll is None:
                face = self.dice.d(card.move_die)
            elif not 1 <= roll <= card.move_die:
                raise RuleError(f"a d{card.move_die} shows 1 to {card.move_die}, not {roll}")
            else:
                face = roll
                self.dice.drawn.append((card.move_die, face))
            picked = next(t for t in card.techniques if face in t.roll)
            if technique and card.technique(technique) is not picked:
                raise RuleError(f"the d{card.move_die} shows {face}: {user.name} uses"
                                f" {picked.name}, not {technique}")
            self.say("roll", f"{user.name} rolls its d{card.move_die}: {face} -> {picked.name}.")
            return picked
        if not technique:
            raise RuleError(f"which technique? {user.name} knows "
                            + ", ".join(t.name for t in card.techniques))
        tech = card.technique(technique)
        if tech is None:
            raise RuleError(f"{user.name} has no technique {technique!r}; it knows "
                            + ", ".join(t.name for t in card.techniques))
        return tech

    def _move(self, user: Fighter, technique: str) -> Move:
        if user.kind == BUDDY:
            tech = user.card.technique(technique)
            if tech is None:
                raise RuleError(f"{user.name} has no technique {technique!r}; it knows "
                                + ", ".join(t.name for t in user.card.techniques))
            return Move(tech.name, tech.schmerz.value(self.lv_of(user)), tech.emotion, None, 0)
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

    def _enemies(self, user: Fighter) -> list[Fighter]:
        enemies = [f for f in self.fighters() if f.standing and self.enemy(user, f)]
        if not enemies:
            raise RuleError("no adversary is standing")
        return enemies

    def _targets(self, user: Fighter, on: str | None, split: dict[str, int] | None,
                 move: Move) -> list[tuple[Fighter, int | None]]:
        """The target (--on, optional when one adversary stands), or Lagom's parts."""
        if split:
            if not user.has("Lagom"):
                raise RuleError("only a fighter with Lagom may split Schmerz (R-ABIL-1)")
            if len(split) < 2:
                raise RuleError("Lagom splits among two or more adversaries: --split A=1"
                                " --split B=1")
            if any(v < 1 for v in split.values()) or sum(split.values()) != move.base:
                raise RuleError(f"the parts must add up to {move.name}'s {move.base} Schmerz,"
                                " each at least 1 (E is added once, to the first part)")
            return [(self._adversary(user, name), amount) for name, amount in split.items()]
        if on:
            return [(self._adversary(user, on), None)]
        enemies = self._enemies(user)
        if len(enemies) > 1:
            who = "which foe?" if user.kind != FOE and not self.strategy else "on whom?"
            raise RuleError(f"{who} --on " + " | ".join(repr(f.name) for f in enemies))
        return [(enemies[0], None)]

    def _adversary(self, user: Fighter, name: str) -> Fighter:
        kinds = () if self.strategy else ((FOE,) if user.kind != FOE else (KAVERI, STAND, BUDDY))
        target = self.get(name, kinds)
        if not self.enemy(user, target):
            raise RuleError(f"{target.name} fights on {user.name}'s side")
        if not target.standing:
            if target.kind == KAVERI and not self.strategy:
                raise RuleError(f"{target.name} is cowering and cannot be targeted (R-CONF-5)")
            raise RuleError(f"{target.name} is already neutralized")
        return target

    def _spend_world_point(self, user: Fighter, how: str) -> None:
        if user.kind != KAVERI:
            raise RuleError("only a Kaveri spends world points (R-WP-1)")
        pool, key, who = self._world_points(user)
        if pool[key] < 1:
            raise RuleError(f"{who} has no world point to spend")
        pool[key] -= 1
        what = "hits every foe (R-WP-2)" if how == "all-foes" else "forces its effect (R-WP-3)"
        self.say("wp", f"{user.name} spends a world point: the technique {what}.")

    # --- dealing Schmerz ----------------------------------------------------------------
    def _deal(self, user: Fighter, move: Move, targets: list, emotion: int,
              gm_match: bool | None, lagom: bool) -> None:
        for target, _ in targets:                    # R-FX-4 Intimidate: no effect at all,
            intimidated = fx.has_effect(self.c, "intimidate", target.name)   # on anyone
            if intimidated:
                self.c["effects"].remove(intimidated)
                self.say("effect", f"{target.name} intimidates {user.name}: {move.name} has no"
                                   " effect at all.")
                return
        for i, (target, part) in enumerate(targets):
            if self.c is None:
                return
            if self._protected(user, target, move):
                continue
            base = part if part is not None else move.base
            self._hit(user, target, move, base, emotion if not lagom or i == 0 else 0, gm_match)

    def _protected(self, user: Fighter, target: Fighter, move: Move) -> bool:
        """Love on the target: the technique does nothing to it (R-FX-4)."""
        if fx.has_effect(self.c, "love", target.name):
            self.say("effect", f"{target.name} is protected by love: {move.name} does nothing.")
            return True
        return False

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
            lost_back = self.lose_hp(user, -(-hit.amount // 2))
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

    # --- special effects ----------------------------------------------------------------
    def _special(self, user: Fighter, move: Move, targets: list[Fighter], d20: int | None,
                 d10: int | None, forced: bool) -> None:
        """R-FX-1..3: roll (or not) for the special effect, after the Schmerz is dealt."""
        c = self.c
        lad = find_ladder(move.ladder)
        used = c["passionate"].setdefault(user.name, [])
        first_use = lad.name not in used
        if first_use:
            used.append(lad.name)
        if forced:
            why = "a world point forces it"
        elif move.level >= 10:
            why = "level 10 always triggers"
        elif user.has("Passionate") and first_use:
            why = "Passionate: first use of the ladder"
        else:
            if d20 is None:
                face = self.dice.d(20)
            elif not 1 <= d20 <= 20:
                raise RuleError(f"a d20 shows 1 to 20, not {d20}")
            else:
                face = d20
                self.dice.drawn.append((20, face))
            need = fx.trigger_threshold(move.level)
            if face < need:
                self.say("roll", f"d20: {face} (needs {need}+): no special effect.")
                c["last_turn"][user.name] = None
                return
            why = f"d20: {face}, needs {need}+"
        if c["last_turn"].get(user.name) == lad.name and not forced:
            self.say("effect", f"{lad.name} triggered on {user.name}'s previous turn too: the"
                               f" effect is nullified ({why}; R-FX-2).")
            c["last_turn"][user.name] = None
            return
        c["last_turn"][user.name] = lad.name
        self.say("effect", f"{lad.says} ({why})")
        for line in fx.apply_special(self, user, lad.effect, user.level, targets, d10):
            self.say("effect", line)

    def _nervous_boost(self, user: Fighter, boost: str | None) -> None:
        """Nervousness: on the turn after the skipped one, 2 x Lv to E, H or HP (R-FX-4)."""
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
