"""A turn in a confrontation: a technique, its Schmerz on each target (R-DMG-1..7, R-ABIL-1/2,
R-WP-2/3), and its special effect (R-FX-1..3). Part of Fight (rules/confrontation.py)."""

from __future__ import annotations

from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.names import either
from guide.games.kaverini.data.tables import ladder as find_ladder
from guide.games.kaverini.rules import effects as fx
from guide.games.kaverini.rules.choosing import Choosing, Move, Targets
from guide.games.kaverini.rules.fighters import BUDDY, FOE, KAVERI, STAND, Fighter
from guide.games.kaverini.rules.schmerz import MULTIPLIERS, absorb, amount, doublings, matches

_, ngettext, pgettext = domain("kaverini").functions()



class Techniques(Choosing):
    """Fight's turns: use (Kaverit, companions taking a stand, buddies) and foe_use."""

    picking = False          # `foe NAME` alone for a foe without a die: guide picks its target

    def use(self, actor: str, technique: str, on: list[str] | None = None,
            d20: int | None = None, d10: int | None = None, world_point: str | None = None,
            split: dict[str, int] | None = None, gm_match: bool | None = None,
            boost: str | None = None) -> None:
        """Phase 2 or 3: a Kaveri, a companion taking a stand, or a buddy uses a technique."""
        user = self.get(actor, (KAVERI, STAND, BUDDY))
        self._enter_phase(user)
        self._nervous_boost(user, boost)
        move = self._move(user, technique)
        if world_point == "effect" and not move.ladder:
            raise RuleError(_("{name} has no special effect to force (R-WP-3)").format(name=move.name))
        named: list[Fighter] | None = None
        if world_point == "all-foes":
            if not move.ladder:
                raise RuleError(_("a world point powers an emotional technique, not {name} (R-WP-2)").format(
                    name=move.name))
            if split:
                raise RuleError(_("a world point on every foe deals each its own Schmerz: no"
                                " --split with it (R-WP-2)"))
            foes = self._enemies(user)
            targets: Targets = [(f, None) for f in foes]          # R-WP-2: each on its own
            if on:
                named = [self._adversary(user, on[0])]
            elif len(foes) == 1:
                named = foes
            else:
                raise RuleError(_("use: say which foe gets the special effect: {choices} (R-WP-2)")
                                .format(choices=either("--on", [f.name for f in foes])))
        else:
            targets = self._targets(user, on[0] if on else None, split, move, "use")
        idle = self.idle_point(user, move, [t for t, __ in targets]) \
            if world_point == "effect" else None
        if idle:
            raise RuleError(idle)
        if world_point:
            self._spend_world_point(user, world_point)
        self._technique(user, move, targets, gm_match, split is not None, d20, d10,
                        world_point == "effect", named)

    def foe_use(self, foe: str, technique: str | None, on: str | None = None,
                roll: int | None = None, split: dict[str, int] | None = None,
                d20: int | None = None, d10: int | None = None,
                boost: str | None = None) -> None:
        """Phase 4: a foe's technique; a foe with a die icon picks it by the roll (R-CONF-3).
        `roll` is the move die's face (for a foe without one, the effect d20's), `d20`/`d10`
        the effect's (R-DICE-3); `boost` where a Nervousness boost due now goes (R-FX-4,
        R-FX-6: the GM's choice)."""
        user = self.get(foe, (FOE,))
        self._enter_phase(user)
        self._nervous_boost(user, boost)
        assert user.card is not None
        if roll is not None and not user.card.move_die:    # its one d20 is the effect's
            if d20 is not None:
                raise RuleError(_("{name} has no move die: give its effect d20 once (--roll or"
                                  " --effect-roll), not both (R-DICE-3)").format(name=user.name))
            roll, d20 = None, roll
        tech = self._foe_technique(user, technique, roll)
        self.picking = technique is None and not user.card.move_die
        move = self._card_move(user, tech)
        targets = self._targets(user, on, split, move, "foe")
        self._technique(user, move, targets, None, split is not None, d20, d10, False, None,
                        text=tech.text or None)

    # --- a turn as the odds simulator plays it (rules/simulate.py) -----------------------
    # `use` and `foe_use` for the fighter whose turn it is (turn()), on one adversary
    # standing, with no table's dice or answers: the same turn, the same draws in the same
    # order, without reading names or checking what the simulator's policy guarantees.

    def act(self, user: Fighter, technique: str, target: Fighter) -> None:
        """`use(user.name, technique, [target.name])` by the one whose turn it is."""
        self._nervous_boost(user, None)
        self._technique(user, self._move_cached(user, technique), [(target, None)], None,
                        False, None, None, False, None)

    def foe_act(self, user: Fighter, technique: str | None, target: Fighter) -> None:
        """`foe_use(user.name, technique, target.name)` by the foe whose turn it is."""
        assert user.card is not None
        self._nervous_boost(user, None)
        tech = self._foe_technique(user, technique, None)
        self.picking = technique is None and not user.card.move_die
        key = (id(tech), self.lv_of(user))                 # the card's, alive all the fight
        move = self._card_moves.get(key)
        if move is None:
            move = self._card_moves[key] = self._card_move(user, tech)
        self._technique(user, move, [(target, None)], None, False, None, None, False, None,
                        text=tech.text or None)

    def _move_cached(self, user: Fighter, technique: str) -> Move:
        """_move, read once per fighter, technique and level (what a Move depends on, while
        nobody spends points in the fight: the simulator's case)."""
        key = (user.name, technique, user.level if user.kind != BUDDY else self.lv_of(user))
        move = self._moves.get(key)
        if move is None:
            move = self._moves[key] = self._move(user, technique)
        return move

    def _technique(self, user: Fighter, move: Move, targets: Targets, gm_match: bool | None,
                   lagom: bool, d20: int | None, d10: int | None, forced: bool,
                   named: list[Fighter] | None, text: str | None = None) -> None:
        """The technique's Schmerz on each target, then its special effect (R-FX-4) on the
        targets it reached (named: R-WP-2's one target for the effect)."""
        if d20 is not None or d10 is not None:
            self._check_faces(move, d20, d10, card=user.kind in (BUDDY, FOE))
        emotion = fx.effective_emotion(self, user)
        first_use = move.ladder is not None and self._first_use(user, move)
        if self.telling:
            self.say("use", actor=user.name, technique=move.name,
                     **({"ladder": move.ladder, "level": move.level} if move.ladder else {}),
                     text=text)
        if not move.ladder:
            self._last_turn(user, None)                  # no effect this turn (R-FX-2)
        reached = self._deal(user, move, targets, emotion, gm_match, lagom)
        used: tuple[bool, bool] = (False, False)
        if move.ladder and self.running and reached:
            chosen = reached if named is None else [t for t in named if t in reached]
            if chosen:
                used = self._special(user, move, chosen, d20, d10, forced, first_use)
        if d20 is not None or d10 is not None:
            for sides, face, taken in ((20, d20, used[0]), (10, d10, used[1])):
                if face is not None and not taken:       # R-DICE-3: said, never dropped
                    # a card technique, which has no effect to roll for, is named
                    self.say("die_unused", sides=sides, face=face,
                             **({} if move.ladder else {"technique": move.name}))
        self._done(user)

    @staticmethod
    def _check_faces(move: Move, d20: int | None, d10: int | None, card: bool = False) -> None:
        """The table's own effect dice for a technique (R-FX-1, R-DICE-3). A card's technique
        (a buddy's, a foe's) may not say whether it rolls: the table's die for one with no
        effect is taken and said unneeded, as for Passionate's first use; a Kaveri's own
        custom technique is known to roll nothing, and its die is refused."""
        if d20 is not None and not move.ladder and not card:
            raise RuleError(_("{name} is not an Emotion Table technique: it rolls no effect d20, so the"
                              " table's {d20} has no use (R-FX-1, R-DICE-3)").format(
                name=move.name, d20=d20))
        if d20 is not None and not 1 <= d20 <= 20:
            raise RuleError(_("a d20 shows 1 to 20, not {d20}").format(d20=d20))
        if d10 is not None and not 1 <= d10 <= 10:
            raise RuleError(_("a d10 shows 1 to 10, not {d10}").format(d10=d10))

    def _enemies(self, user: Fighter) -> list[Fighter]:
        enemies = [f for f in self.fighters() if f.data["hp"] > 0 and self.enemy(user, f)]
        if not enemies:
            raise RuleError(_("no adversary is standing"))
        return enemies

    def _targets(self, user: Fighter, on: str | None, split: dict[str, int] | None,
                 move: Move, command: str) -> Targets:
        """The target (--on, optional when one adversary stands), or Lagom's parts.
        `command` is the table's word for the turn (`use`, `foe`), which a refusal names."""
        if split:
            if not user.has("Lagom"):
                raise RuleError(_("only a fighter with Lagom may split Schmerz (R-ABIL-1)"))
            if len(split) < 2:
                raise RuleError(_("Lagom splits among two or more adversaries: --split A=1"
                                " --split B=1"))
            dealt = self.lagom_total(user, move)
            if any(v < 1 for v in split.values()) or sum(split.values()) != dealt:
                raise RuleError(_("the parts must add up to the {dealt} Schmerz {name} deals ({base}"
                                  " and E {emotion} together), each at least 1 (R-ABIL-1)").format(
                    name=move.name, dealt=dealt, base=move.base,
                    emotion=fx.effective_emotion(self, user)))
            return [(self._adversary(user, name), part) for name, part in split.items()]
        if on:
            return [(self._adversary(user, on), None)]
        enemies = self._enemies(user)
        if len(enemies) > 1 and user.kind == FOE and self.picking:
            face = self.dice.d(len(enemies))       # the odds' policy: a random target
            self.say("target_picked", actor=user.name, die=len(enemies), face=face,
                     target=enemies[face - 1].name)
            return [(enemies[face - 1], None)]
        if len(enemies) > 1:
            # the option left out, and the ways to give it as a line types them
            ask = (_("{command}: say which foe it hits: {choices}")
                   if self.target_kinds(user) == (FOE,) else
                   _("{command}: say whom it hits: {choices}"))
            raise RuleError(ask.format(command=command,
                                       choices=either("--on", [f.name for f in enemies])))
        return [(enemies[0], None)]

    def lagom_total(self, user: Fighter, move: Move) -> int:
        """R-ABIL-1 Lagom: what a technique deals before the target's side, base and E
        together (R-DMG-2: a negative E never below 1), the Schmerz the parts share."""
        return amount(move.base, fx.effective_emotion(self, user), 0, 0)

    def _adversary(self, user: Fighter, name: str) -> Fighter:
        target = self.get(name, self.target_kinds(user))
        if not self.enemy(user, target):
            raise RuleError(_("{name} fights on {name2}'s side").format(name=target.name, name2=user.name))
        if not target.standing:
            if self.cowers(target):
                raise RuleError(_("{name} is cowering and cannot be targeted (R-CONF-5)").format(
                    name=target.name))
            raise RuleError(_("{name} is already neutralized").format(name=target.name))
        return target

    def _spend_world_point(self, user: Fighter, how: str) -> None:
        if user.kind != KAVERI:
            raise RuleError(_("only a Kaveri spends world points (R-WP-1)"))
        left, who = self.world_points(user)
        if left < 1:
            raise RuleError(_("{who} has no world point to spend").format(who=who))
        self.spend_world_point(user)
        self.say("wp_spent", actor=user.name, how=how)

    # --- dealing Schmerz ----------------------------------------------------------------
    def _deal(self, user: Fighter, move: Move, targets: Targets, emotion: int,
              gm_match: bool | None, lagom: bool) -> list[Fighter]:
        """The Schmerz on each target; returns the targets the technique reached (not stopped
        by Intimidate, Love or Confidence): its special effect is for those only."""
        effects = self.c["effects"]
        if effects:
            for target, _ in targets:                    # R-FX-4 Intimidate: no effect at all,
                intimidated = fx.has_effect(self.c, "intimidate", target.name)   # on anyone
                if intimidated and self.enemy(user, target):
                    effects.remove(intimidated)
                    self.say("intimidated", target=target.name, actor=user.name,
                             technique=move.name)
                    return []
        reached = []
        shared = sum(p or 0 for __, p in targets) if lagom else None     # R-ABIL-1 Lagom
        for target, part in targets:
            if not self.running:
                break
            if effects and fx.has_effect(self.c, "love", target.name):   # R-FX-4 Love
                self.say("loved", target=target.name, technique=move.name)
                continue
            base = part if part is not None else move.base
            # R-ABIL-1 Lagom: a part holds its share of base and E; each meets its target's side
            if self._hit(user, target, move, base, 0 if lagom else emotion, gm_match,
                         lagom_of=shared):
                reached.append(target)
        return reached

    def _hit(self, user: Fighter, target: Fighter, move: Move, base: int, emotion: int,
             gm_match: bool | None, lagom_of: int | None = None) -> bool:
        """R-DMG-2..5, R-DMG-9 and R-ABIL-1/2 for one technique on one target; False when
        Confidence stopped it (nothing at all, no effect either)."""
        c = self.c
        card = target.card
        heel = shield = False
        if card is not None:
            heel = card.heel is not None and self._defence(card.heel, move, user, gm_match)
            shield = card.shield is not None and self._defence(card.shield, move, user, gm_match)
        twos = doublings(heel, shield, user.sensitive, user.insensitive, target.sensitive,
                         target.insensitive)
        heart = fx.effective_heart(self, target)
        dealt = amount(base, emotion, twos, heart)
        if dealt <= 0:
            self.say("no_schmerz", technique=move.name, target=target.name)
            return True
        if "Confidence" in target.abilities and target.name not in c["confidence"]:
            c["confidence"].append(target.name)
            self.say("confidence", target=target.name, technique=move.name)
            return False
        counters = target.counters
        before = counters["HP"]
        hp, left, _ = absorb(dealt, target.data["hp"], before)
        target.data["hp"], counters["HP"] = hp, left
        if self.telling:
            soaked = {"absorbed": before - left, "counters_left": left} if before > left else {}
            if lagom_of is not None:
                soaked["lagom_of"] = lagom_of
            self.say("hit", technique=move.name, actor=user.name, target=target.name,
                     amount=dealt, base=base, emotion=emotion, mult=MULTIPLIERS[twos],
                     heart=heart, heel=heel, shield=shield, hp=hp, max_hp=target.max_hp,
                     **soaked)
        if hp == 0:
            self.at_zero(target)          # R-DMG-9: out at that moment; it triggers nothing
            return True
        if "Chutzpah" in target.abilities and target.name not in c["chutzpah"]:
            c["chutzpah"].append(target.name)
            half = -(-dealt // 2)
            back = self.take(user, half, source=target)     # R-DMG-8
            if back is None:
                self.say("loved", target=user.name, technique="Chutzpah")
            else:
                self.say("chutzpah", target=target.name, actor=user.name, amount=back.lost,
                         hp=user.hp, max_hp=user.max_hp, dealt=dealt, **back.steps(half),
                         **back.soaked)
                self.settle(user)
        return True

    def _defence(self, defence: str, move: Move, user: Fighter, gm_match: bool | None) -> bool:
        """R-DMG-7: does the target's Shield or Heel apply to this technique of `user`?"""
        found = matches(defence, move.emotion, user.subtypes)
        if found is None:
            # R-DMG-7: the GM is asked once per confrontation for this attacker and defence;
            # the answer (--matches) holds until the confrontation ends
            key = f"{user.name}|{defence}"
            answers = self.c.setdefault("answers", {})
            if gm_match is not None:
                answers[key] = gm_match
                return gm_match
            if key in answers:
                return answers[key]
            answers[key] = False
            self.say("ask_match", defence=defence, actor=user.name, technique=move.name)
            return False
        return found

    # --- special effects ----------------------------------------------------------------
    def _last_turn(self, user: Fighter, ladder: str | None) -> None:
        """R-FX-2: the ladder whose effect triggered on this turn (None: no effect)."""
        self.c["last_turn"][user.name] = f"{self.c['turns']['round']}:{ladder}" if ladder else None

    def _triggered_last_turn(self, user: Fighter, ladder: str) -> bool:
        """R-FX-2: did `ladder` trigger on the user's previous turn (the previous round's)?"""
        last = self.c["last_turn"].get(user.name)
        return last is not None and last == f"{self.c['turns']['round'] - 1}:{ladder}"

    def _first_use(self, user: Fighter, move: Move) -> bool:
        """R-FX-3: is this the first use of the move's ladder by `user` in the confrontation?
        Counted when the technique is used, whether or not it reaches anyone: a first use
        that Confidence, Love or Intimidate stops uses up Passionate's free effect."""
        lad = find_ladder(move.ladder or "")
        assert lad is not None
        used = self.c["passionate"].setdefault(user.name, [])
        if lad.name in used:
            return False
        used.append(lad.name)
        return True

    def idle_point(self, user: Fighter, move: Move, targets: list[Fighter]) -> str | None:
        """R-FX-2: why a world point forcing the effect (R-WP-3) would add nothing, or None.
        Such a point is refused before it is spent, so the Kaveri keeps it (and a seat's page
        offers no such button): an effect nullified as a second in a row (the point forces the
        die, not past R-FX-2), one that happens without a die anyway (level 10, R-FX-1;
        Passionate's first use of the ladder, R-FX-3), and one already at its cap (R-FX-4:
        Happy at full HP, Cheer on targets all glad already)."""
        lad = find_ladder(move.ladder or "")
        if lad is None:
            return None
        if self._triggered_last_turn(user, lad.name):
            return _("{ladder} triggered on {actor}'s previous turn: its effect would be"
                     " nullified now, world point or not, so the point is not spent"
                     " (R-FX-2)").format(ladder=lad.name, actor=user.name)
        if move.level >= 10:
            return _("{technique} is level 10: its effect happens without a world point"
                     " (R-FX-1), so the point is not spent (R-FX-2, R-WP-3)").format(
                technique=move.name)
        c = self.c
        if user.has("Passionate") and lad.name not in c["passionate"].get(user.name, []):
            return _("{actor}'s first {ladder} of this confrontation has its effect without a"
                     " world point (Passionate, R-FX-3), so the point is not spent (R-FX-2,"
                     " R-WP-3)").format(actor=user.name, ladder=lad.name)
        # a Chutzpah still to answer may cost the user HP before the effect (R-ABIL-1)
        hurt = any(t.has("Chutzpah") and t.name not in c["chutzpah"] for t in targets)
        if lad.effect == "happy" and user.hp >= user.max_hp and not hurt:
            return _("{actor} is at full HP: Happy's healing would add nothing, so the world"
                     " point is not spent (R-FX-4, R-FX-2)").format(actor=user.name)
        if lad.effect == "cheer" and targets and all(fx.has_effect(c, "glad", t.name)
                                                     for t in targets):
            return ngettext("{names} is glad already: Cheer would add nothing, so the world"
                            " point is not spent (R-FX-4, R-FX-2)",
                            "{names} are glad already: Cheer would add nothing, so the world"
                            " point is not spent (R-FX-4, R-FX-2)", len(targets)).format(
                names=_(" and ").join(t.name for t in targets))
        return None

    def _special(self, user: Fighter, move: Move, targets: list[Fighter], d20: int | None,
                 d10: int | None, forced: bool, first_use: bool) -> tuple[bool, bool]:
        """R-FX-1..3: roll (or not) for the special effect, after the Schmerz is dealt.
        Returns whether the table's d20 and d10 were used."""
        lad = find_ladder(move.ladder or "")
        assert lad is not None
        face = need = None
        if forced:
            why = "world point"
        elif move.level >= 10:
            why = "level 10"
        elif first_use and user.has("Passionate"):
            why = "passionate"
        else:
            if d20 is None:
                face = self.dice.d(20)
            else:
                face = d20
                self.dice.drawn.append((20, face))
            need = fx.trigger_threshold(move.level)
            if face < need:
                if self.telling:
                    self.say("no_effect", face=face, need=need)
                self._last_turn(user, None)
                return d20 is not None, False
            why = "roll"
        rolled = face is not None and d20 is not None
        if self._triggered_last_turn(user, lad.name):      # R-FX-2, a world point too
            self.say("nullified", ladder=lad.name, actor=user.name, why=why, face=face, need=need)
            self._last_turn(user, None)
            return rolled, False
        self._last_turn(user, lad.name)
        if self.telling:
            self.say("special", ladder=lad.name, says=lad.says, why=why, face=face, need=need,
                     actor=user.name, foe=user.kind == FOE)
        lv = user.level if user.kind in (KAVERI, STAND) else self.lv_of(user)
        fx.apply_special(self, user, lad.effect, lv, targets, d10)
        return rolled, lad.effect == "comic"

    def _nervous_boost(self, user: Fighter, boost: str | None) -> None:
        """Nervousness: on the turn after the skipped one, 2 x Lv to E, H or HP (R-FX-4), for
        a Kaveri, a buddy or a foe alike (R-FX-6), whether it acts or passes that turn."""
        c = self.c
        due = False
        for e in (fx.of_kind(c, "nervous") if c["effects"] else ()):
            if e["on"] == user.name and e["round"] <= c["turns"]["round"]:
                due = True
                stat = (boost or "hp").casefold()
                if stat not in ("e", "h", "hp"):
                    raise RuleError(_("--boost is e, h or hp (Nervousness)"))
                c["effects"].remove(e)
                gain = e["amount"]
                if stat == "hp":
                    boosts = c["max_hp_boosts"]
                    boosts[user.name] = boosts.get(user.name, 0) + gain
                    user.data["max_hp"] += gain
                    user.data["hp"] += gain
                else:
                    c["effects"].append(fx.effect("boost", user.name, "Nervousness", stat=stat,
                                                  amount=gain))
                self.say("nerves_over", actor=user.name, stat=stat, amount=gain)
        if boost is not None and not due:
            raise RuleError(_("--boost is for the turn after Nervousness's skipped one: {name}"
                              " has no boost due (R-FX-4)").format(name=user.name))
