"""The confrontation engine (R-CONF-1..13 with R-DMG, R-FX, R-ABIL, R-WP): "Get ready to feel!"

Pure: a Fight works on a state dict with the cards and one Dice, and reports what happened
as events (data; words.py says them). It never prints or touches files, so the same engine
runs at the table, headless (the odds simulator plays it thousands of times) and as the
Strategy Game's battle (rules/strategy.py: a Fight overriding the hooks of rules/field.py).

A round (R-CONF-2): 1 setting round effects; 2 Kaverit (items, then one technique each);
3 buddies; 4 foes; gladness ticks; 5 companions; 6 items; 7 other round effects.
This module holds the round; the field and its hooks are in field.py, a turn in
techniques.py, what harm leads to in outcomes.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from guide.core import turns
from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.games.kaverini.cardtext import acts_each_round, round_part
from guide.games.kaverini.model import Card
from guide.games.kaverini.rules import effects as fx
from guide.games.kaverini.rules.field import present_level
from guide.games.kaverini.rules.fighters import FOE, PHASE_INDEX, Fighter
from guide.games.kaverini.rules.outcomes import Outcomes
from guide.games.kaverini.rules.schmerz import Taken
from guide.games.kaverini.rules.techniques import Move, Techniques
from guide.games.kaverini.state import Effect, Phase, confrontation, foe, numbered

PHASES: tuple[Phase, ...] = ("kaverit", "buddies", "foes")

__all__ = ["Fight", "Move", "PHASES", "extra_hp"]
_, ngettext, pgettext = domain("kaverini").functions()


def extra_hp(kaverit: int, lv: int) -> int:
    """R-CONF-4, R-CONF-14: with k Kaverit (k >= 2) each foe gets +(k-1) x Lv max HP."""
    return (kaverit - 1) * lv if kaverit >= 2 else 0


class Fight(Techniques, Outcomes):
    """A confrontation of the Adventure Game; see Field for what it is built with."""

    variant = "adventure"

    def skipping(self, f: Fighter) -> Effect | None:
        """The skip effect (Sadness, Nervousness) that takes `f`'s turn this round, if any."""
        c = self.c
        for e in fx.of_kind(c, "skip"):
            if e["on"] == f.name and e["round"] == c["turns"]["round"]:
                return e
        return None

    def _may_act(self) -> list[Fighter]:
        """Who may still act in the current phase, in round order (`turn` finds the first
        with the same test, without the list: a hot spot)."""
        c = self.c
        acted = c["turns"]["acted"]
        effects = c["effects"]
        in_turn = None if self._any_turn else self.in_turn
        if self._fighters is None:
            self.fighters()
        return [f for f in self._by_phase.get(c["turns"]["phase"], ())
                if f.data["hp"] > 0 and f.name not in acted
                and (in_turn is None or in_turn(f)) and not (effects and self.skipping(f))]

    # The field's own turn hooks (every fighter of a phase in its turn, round order): the
    # first who may act is the first found. A subclass with hooks of its own lists them all.
    _any_turn = True

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._any_turn = cls.in_turn is Fight.in_turn and cls.in_order is Fight.in_order

    def waiting(self) -> list[Fighter]:
        """Who may still act in the current phase (and, by player, the current player)."""
        return self.in_order(self._may_act())

    def _apply_declared(self, when: str, phase: str | None = None) -> None:
        for d in self.declared(when, phase):
            if not self.running:
                return
            fx.apply_declared(self.say, self, d.source, d.effect, self.declared_targets(d),
                              self.lv_for(d.owner))

    # --- starting ---------------------------------------------------------------------
    def start(self, foes: list[Card], order: list[str], settings: list[Card],
              companions: list[str], lv: int, practice: bool = False,
              won_when: Sequence[str] = ()) -> None:
        """R-CONF-1, R-CONF-4, R-CONF-9: set the field and run round 1's phase 1. `won_when`:
        the foe cards whose fall wins it though others still stand (a scene's, as its
        booklet says)."""
        kaverit = self.s["kaverit"]
        if not kaverit:
            raise RuleError(_("the party has no Kaveri to confront anyone"))
        if not foes:
            raise RuleError(_("confront needs at least one foe card"))
        if not any(k["hp"] > 0 for k in kaverit):
            raise RuleError(_("no Kaveri can act: every Kaveri is at 0 HP (heal NAME full first)"))
        present_level(kaverit, lv)                                  # R-SHEET-4
        bonus = extra_hp(len(kaverit), lv)
        names = [card.name for card in foes]       # a card's second foe is "NAME 2", ...
        fighters = [foe(card, numbered(card.name, names[:i].count(card.name)), bonus)
                    for i, card in enumerate(foes)]
        self._changed()
        self.s["confrontation"] = confrontation(fighters, order, [s.name for s in settings],
                                                companions, practice)
        if won_when:
            self.s["confrontation"]["won_when"] = list(won_when)
        self._attach(self.s["confrontation"])
        if self.telling:
            self.say("confront", foes=[{"name": f["name"], "max_hp": f["max_hp"]}
                                       for f in fighters],
                     order=order, bonus=bonus, kaverit=len(kaverit), practice=practice)
        self.begin()

    def begin(self) -> None:
        """Effects at the start of a confrontation, then round 1's phase 1."""
        self._apply_declared("start")
        self._round_effects("settings")

    # --- the round ----------------------------------------------------------------------
    def next(self, boost: str | None = None) -> None:
        """R-CONF-2: pass the one whose turn it is (or, when nobody of the phase can act,
        end the phase) and move on. A pass is a turn: a Nervousness boost due now comes with
        it (R-FX-4), on `boost` (HP if not said)."""
        who = self.turn()
        if who is None:
            if boost is not None:
                raise RuleError(_("--boost is for the turn after Nervousness's skipped one;"
                                  " nobody's turn is passed now (R-FX-4)"))
            self._end_phase()
            self._maybe_advance()
            return
        self._nervous_boost(who, boost)
        self.say("pass", name=who.name)
        self._done(who)

    def turn(self) -> Fighter | None:
        """Whose turn it is in the current phase (None: nobody of the phase can act): the
        first of `waiting`, found as `_may_act` finds them when every fighter of the phase
        is in its turn (the field's own hooks)."""
        if not self._any_turn:
            waiting = self.waiting()
            return waiting[0] if waiting else None
        c = self.c
        now = c["turns"]                # the core's turn order, read as is: a hot spot
        acted = now["acted"]
        effects = c["effects"]
        if self._fighters is None:
            self.fighters()
        for f in self._by_phase.get(now["phase"], ()):
            if f.data["hp"] > 0 and f.name not in acted and not (effects and self.skipping(f)):
                return f
        return None

    def runaway(self, roll: int | None = None, shown: list[int] | None = None) -> bool:
        """R-CONF-6: with cowering Kaverit, a percentile at or under 25 x cowering (max 100);
        the Kaverit's whole action, before any of them has acted in the round. `shown`: the
        table's two d10 as typed (a 0 stays 0 in the echo, R-DICE-2)."""
        self.can_run_away()
        cowering = [k for k in self.s["kaverit"] if k["hp"] == 0]
        if not cowering:
            raise RuleError(_("running away needs at least one cowering Kaveri (R-CONF-6)"))
        now = self.c["turns"]
        if now["phase"] != "kaverit" or any(f.name in now["acted"]
                                             for f in self.of_phase("kaverit")):
            raise RuleError(_("running away is the Kaverit's whole action: only before any Kaveri acts in a"
                              " round (R-CONF-6){value}").format(value=self._now()))
        chance = min(100, 25 * len(cowering))
        if roll is not None and not 1 <= roll <= 100:
            raise RuleError(_("a percentile roll is 1 to 100, not {roll}").format(roll=roll))
        value = self.dice.percentile().value if roll is None else roll
        escaped = value <= chance
        self.say("runaway", escaped=escaped, roll=value, chance=chance,
                 **({"shown": shown} if shown else {}))
        if escaped:
            for k in cowering:
                k["hp"] = 1
            self.end("ran away")
            return True
        for f in self.of_phase("kaverit"):
            if f.name not in now["acted"]:
                turns.act(now, f.name)                   # the Kaverit's phase is spent
        self._end_phase()
        self._maybe_advance()
        return False

    def schmerz(self, name: str, amount: int) -> None:
        """The Tour Guide deals Schmerz by hand (a card's free text): R-DMG-8, the taker's
        side applies (its Sensitive/Insensitive, its H, then its HP counters; no Love, as
        the GM is nobody's adversary), and its consequences follow (cowering, XP, ...)."""
        f = self.get(name)
        if not f.standing:
            raise RuleError(_("{name} is already at 0 HP").format(name=f.name))
        taken = self.take(f, amount) or Taken(0)         # R-DMG-8: the taker's side applies
        self.say("schmerz", target=f.name, lost=taken.lost, hp=f.hp, max_hp=f.max_hp,
                 **taken.steps(amount), **taken.soaked)
        self.settle(f)

    # --- turn order -----------------------------------------------------------------------
    def _position(self) -> tuple[int, int]:
        return self.slot(), PHASES.index(self.c["turns"]["phase"])

    def _turn_of(self, f: Fighter) -> tuple[int, int]:
        return self.slot_of(f), PHASE_INDEX[f.kind]

    def _enter_phase(self, actor: Fighter) -> None:
        """R-CONF-2: the actor must be the one whose turn it is. Phases in which nobody can
        act are passed over on the way to the actor's; anyone else is refused with a line
        naming whose turn it is."""
        while (self.running and self.turn() is None
               and self._position() < self._turn_of(actor)):
            self._end_phase()
        if not self.running:
            raise RuleError(_("the confrontation is over"))
        self._check_can_act(actor)
        if actor.kind == FOE and self.c["turns"]["phase"] == "foes" and actor in self.waiting():
            return              # the rulebook fixes the foes' phase, not an order among foes
        if self.turn() is not actor:
            raise RuleError(_("it is not {name}'s turn{value}").format(name=actor.name, value=self._now()))

    def _now(self) -> str:
        """Whose turn it is, for a refusal."""
        who = self.turn()
        if who is None:
            return _("; now: {phase}, nobody can act (next to move on)").format(
                phase=pgettext("phase", self.c["turns"]["phase"]))
        return _("; now it is {name}'s turn ({command} {name} ..., or next to pass)").format(
            name=who.name, command="foe" if who.kind == "foe" else "use")

    def _check_can_act(self, f: Fighter) -> None:
        if not f.standing:
            raise RuleError(_("{name} is at 0 HP and cannot act (R-CONF-5)").format(name=f.name))
        if f.name in self.c["turns"]["acted"]:
            raise RuleError(_("{name} has already acted this round{value}").format(
                name=f.name, value=self._now()))
        skip = self.skipping(f)
        if skip:
            raise RuleError(_("{name} skips this turn ({why}){value}").format(
                name=f.name, why=skip['why'], value=self._now()))

    def _done(self, f: Fighter) -> None:
        if not self.running:
            return
        c = self.c
        c["turns"]["acted"].append(f.name)  # turns.act, inline (_check_can_act checked): a hot spot
        if c["effects"]:
            fx.expire(c, {f.name})
        self._maybe_advance()

    def _maybe_advance(self) -> None:
        """Move on by itself once everyone of the phase has acted, skips or cowers; never
        past the start of a new round (the table then sees it, and `next` goes on)."""
        now = self.c["turns"]
        start = now["round"]
        while self.running and now["round"] == start:
            who = self.turn()
            if who is not None:
                self.up_next = who
                return
            self._end_phase()

    def _end_phase(self) -> None:
        c = self.c
        phase = self.c["turns"]["phase"]
        if c["effects"]:
            in_phase = [f for f in self.of_phase(phase) if self.in_turn(f)]
            for f in in_phase:          # R-FX-4: a turn that went by unplayed (skipped again,
                if f.standing:          # the phase ended) still brings the boost due on it
                    self._nervous_boost(f, None)
            fx.expire(c, {f.name for f in in_phase})
        if phase == "foes":
            if not self.last_slot():
                self.next_slot()
                turns.set_phase(c["turns"], "kaverit", PHASES)
                self._say_skips()
                return
            self._end_round()
            return
        if phase == "buddies" and self.house("companions_before_foes") == "on":
            self._round_effects("companions")
        turns.end_phase(c["turns"], PHASES)
        self._say_skips()

    def _say_skips(self) -> None:
        """R-FX-4: whoever of the phase just begun loses its turn (Sadness, Nervousness) is
        said as the phase begins, on screen and in the log."""
        c = self.c
        if not self.telling or not self.running or not c["effects"]:
            return
        for f in self.in_order([f for f in self.of_phase(c["turns"]["phase"])
                                if f.data["hp"] > 0 and self.in_turn(f)]):
            skip = self.skipping(f)
            if skip:
                self.say("skips", name=f.name, why=skip["why"])

    def _end_round(self) -> None:
        """After phase 4: gladness; 5 companions; 6 items; 7 others; then the next round."""
        self._gladness()
        if self.house("companions_before_foes") != "on":
            self._round_effects("companions")
        self._round_effects("items")
        self._round_effects("other")
        if not self.running:
            return
        c = self.c
        turns.begin_round(c["turns"], "kaverit")     # past the foes: the next round
        fx.expire(c)
        if self.telling:
            self.say("round", round=c["turns"]["round"])
        self.new_round()
        self._round_effects("settings")
        self._say_skips()

    def _gladness(self) -> None:
        c = self.c
        if not self.running or not c["effects"]:
            return
        for e in fx.of_kind(c, "glad"):
            target = self.named(e["on"])
            if target is None or not target.standing:
                continue
            lv = self.lv_for(e.get("lv_owner"))
            taken = self.take(target, lv, self.named(e.get("by", "")))      # R-DMG-8
            if taken is None:
                self.say("loved", target=target.name, technique="gladness")
            else:
                self.say("glad", target=target.name, lost=taken.lost, lv=lv, hp=target.hp,
                         max_hp=target.max_hp, **taken.steps(lv), **taken.soaked)
                self.settle(target)
            if not self.running:
                return
            ends = e.get("ends_tick")
            if ends is not None and ends <= c["turns"]["round"]:
                c["effects"].remove(e)

    def _round_effects(self, phase: str) -> None:
        """Phases 1, 5, 6, 7: declared round effects, and the free text for the GM."""
        if not self.running:
            return
        if self.telling:
            self._say_round_text(phase)
        self._apply_declared("round", phase)

    def _say_round_text(self, phase: str) -> None:
        """A card's free text for the GM to apply (told only: the GM applies it)."""
        c = self.c
        first = c["turns"]["round"] == 1
        sources = {"settings": c["settings"], "companions": c["companions"]}.get(phase, [])
        if phase == "items":
            sources = [i["card"] for k in self.s["kaverit"] if k["hp"] > 0
                       for i in k["items"] if i["bonded"]]
        for name in sources:
            card = self.card(name)
            text = card.bond if phase == "items" else card.text
            whens = {e.when for e in card.effects}
            if not text or whens & {"round", "static"}:
                continue
            # free text the GM applies: whole, once, in round 1 (not when it has a start
            # effect: that was applied at the start, no reminder); and every round what of
            # it acts each round, when it says so
            once = first and "start" not in whens
            if once or acts_each_round(text):
                self.say("gm", phase=phase, card=card.name, text=text if once else round_part(text))
