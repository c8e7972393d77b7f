"""What harm leads to: cowering, buddies leaving, neutralized foes and their XP, companions
taking a stand, losing the game, the end of a confrontation (R-CONF-5, 7, 8, 10, 11). Part of
Fight; the Strategy Game's battle overrides at_zero (rules/strategy.py)."""

from __future__ import annotations

from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.names import resolve_or_refuse
from guide.games.kaverini.rules.field import Field
from guide.games.kaverini.rules.fighters import BUDDY, FOE, KAVERI, STAND, Fighter
from guide.games.kaverini.rules.leveling import award_xp, level, level_event, xp_room
from guide.games.kaverini.state import counters, stand

_, ngettext, pgettext = domain("kaverini").functions()


class Outcomes(Field):
    def at_zero(self, f: Fighter) -> None:
        """A fighter at 0 HP: a foe is neutralized (R-CONF-7), a Kaveri cowers (R-CONF-5), a
        buddy (R-CONF-8) or a companion taking a stand (R-CONF-10) leaves the party."""
        if not self.running or f.hp > 0:
            return
        if f.kind == FOE:
            self._neutralized(f)
            return
        practice = self.c["practice"]
        if f.kind == KAVERI:
            self.say("cower", name=f.name)
        elif f.kind == BUDDY:
            buddies = self.s["buddies"]
            at = buddies.index(f.data)
            out = buddies.pop(at)
            if practice:                 # R-CONF-13: off the field, back when the bout ends
                self.c.setdefault("benched", []).append({"at": at, "buddy": out})
            else:
                self.s.setdefault("lost_buddies", []).append(f.name)
        else:                                        # a companion taking a stand
            self.c["stand"][:] = [s for s in self.c["stand"] if s is not f.data]
            # R-CONF-13: a practice bout is outside the adventure; the companion runs from
            # the bout only and is still with the party after it
            present = ([self.c["companions"]] if practice else
                       [self.s["companions"], self.c["companions"]])
            for names in present:
                if f.name in names:                  # no more round effects from it either
                    names.remove(f.name)
            if not practice:
                self.s["lost_companions"].append(f.name)
        if f.kind != KAVERI:                         # a buddy or companion leaves (`who`)
            self._changed()
            self.say("leave", name=f.name, who=f.kind, **({"practice": True} if practice else {}))
        self._check_all_cowering()

    def _neutralized(self, f: Fighter) -> None:
        """R-CONF-7: the XP of a neutralized foe to every Kaveri standing at that moment."""
        c = self.c
        c["neutralized"].append(f.name)
        xp = 0 if c["practice"] else self.xp_for(f.data["card"])
        self.say("neutralized", name=f.name, foe=f.data["card"])
        if xp:
            for k in self.s["kaverit"]:
                if k["hp"] > 0:
                    gained = min(xp, xp_room(k))      # a Kaveri at the XP limit stays there
                    reached = award_xp(k, gained)
                    self.say("xp", kaveri=k["name"], amount=gained, xp=k["xp"])
                    if reached:
                        self.say("level", **level_event(k, reached))
        if not self.standing(FOE):
            self.say("victory", winner=None)
            self.end("won")
        elif self._won_when_down():          # the booklet's decisive foes, others standing
            self.say("victory", winner=None, decisive=sorted({f["name"] for f in self.c["foes"]
                                                              if f["card"] in self.c["won_when"]}))
            self.end("won")

    def _won_when_down(self) -> bool:
        """A scene won by the fall of some of its foes (its booklet's `won_when`): every foe
        of those cards is neutralized, whoever else still stands."""
        decisive = self.c.get("won_when")
        if not decisive:
            return False
        those = [f for f in self.c["foes"] if f["card"] in decisive]
        return bool(those) and all(f["hp"] == 0 for f in those)

    def _check_all_cowering(self) -> None:
        """R-CONF-10, R-CONF-11: only when no Kaveri, companion or buddy can act."""
        if not self.running or self.standing(KAVERI, STAND, BUDDY):
            return
        c = self.c
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
        lv = max(1, min(10, max(level(k["xp"]) for k in self.s["kaverit"])))
        share, extra = divmod(total, len(names))
        for i, name in enumerate(names):
            c["stand"].append(stand(name, share + (1 if i < extra else 0), lv))
        self._changed()
        self.say("stand", stand=[{"name": s["name"], "max_hp": s["max_hp"]} for s in c["stand"]],
                 lv=lv)

    def shares(self, hp: dict[str, int]) -> None:
        """The players divide the stand's HP their own way (the total stays the foes' HP)."""
        c = self.c
        by_name = {s["name"].casefold(): s for s in c["stand"]}
        if not by_name:
            raise RuleError(_("no companion is taking a stand"))
        total = sum(s["max_hp"] for s in c["stand"])
        named: dict[str, int] = {}
        for typed, value in hp.items():            # `Mevrouw=35`: names as people say them
            key = resolve_or_refuse(typed, [s["name"] for s in c["stand"]],
                                    pgettext("what", "companion taking a stand"))
            if key.casefold() in named:
                raise RuleError(_("{key} has two shares").format(key=key))
            named[key.casefold()] = value
        missing = [s["name"] for k, s in by_name.items() if k not in named]
        if missing:
            raise RuleError(_("give every companion taking a stand a share; missing: {names}"
                              " (R-CONF-10)").format(names=", ".join(missing)))
        if sum(named.values()) != total:
            raise RuleError(_("the shares add up to {value}; they must add up to {total}, the foes' HP"
                              " (R-CONF-10)").format(value=sum(named.values()), total=total))
        for name, value in named.items():
            if value < 1:
                raise RuleError(_("each share is at least 1 HP"))
            s = by_name[name]
            s["hp"] = s["max_hp"] = value
        self.say("shares", stand=[{"name": s["name"], "max_hp": s["max_hp"]} for s in c["stand"]])

    def _lose(self) -> None:
        """R-CONF-11: the game is lost; sheets stay, items and money go, and the Kaverit
        are back at full HP when the next adventure starts. R-CONF-13: losing a practice
        bout loses nothing, and the cowering Kaverit end it at 1 HP."""
        practice = self.c["practice"]
        for k in self.s["kaverit"]:
            if practice:
                k["hp"] = max(k["hp"], 1)
            else:
                k["items"] = []
                k["money"] = 0
        self.say("lost", practice=practice)
        self.end("lost")
        if not practice:
            self.s["adventure"] = None

    def end(self, why: str = "ended early") -> None:
        """The confrontation ends (won, ran away, lost; or the Tour Guide ends it early, no
        XP following): one "over" event says it."""
        c = self.c
        for name, gain in c["max_hp_boosts"].items():
            f = self.named(name)
            if f is not None:
                f.data["max_hp"] -= gain
                f.data["hp"] = min(f.data["hp"], f.data["max_hp"])
        for k in self.s["kaverit"]:
            k["counters"] = counters()
        self._unbench()
        for b in self.s["buddies"]:
            b.pop("counters", None)
        practice = c["practice"]
        self.s["confrontation"] = None
        self.running = False
        self.ended = why
        self._changed()
        self.finished()
        self.say("over", result=why, **({"practice": True} if practice else {}))

    def _unbench(self) -> None:
        """R-CONF-13: losing a practice bout loses nothing; the buddies it put out of HP are
        back with the party, in their places, at 1 HP like the cowering Kaverit."""
        benched = self.c.get("benched", [])
        for out in reversed(benched):
            buddy = out["buddy"]
            buddy["hp"] = max(buddy["hp"], 1)
            self.s["buddies"].insert(min(out["at"], len(self.s["buddies"])), buddy)
        benched.clear()
