"""What harm leads to: cowering, buddies leaving, neutralized foes and their XP, companions
taking a stand, losing the game, the end of a confrontation (R-CONF-5, 7, 8, 10, 11), and in
the Strategy Game the winner (R-STRAT-5, R-STRAT-7). Part of Fight."""

from __future__ import annotations

from guide.games.kaverini.rules.fighters import BUDDY, FOE, KAVERI, STAND, Fighter, find
from guide.games.kaverini.rules.leveling import RuleError, award_xp, level


class Outcomes:
    def _after_harm(self, f: Fighter) -> None:
        c = self.c
        if c is None or f.hp > 0:
            return
        if self.strategy:
            self._strategy_neutralized(f)
        elif f.kind == FOE:
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
        """R-CONF-7: the XP of a neutralized foe to every Kaveri standing at that moment."""
        c = self.c
        c["neutralized"].append(f.name)
        xp = 0 if c["practice"] else self.xp_for(f.data["card"])
        self.say("neutralized", f"{f.name} is neutralized!", foe=f.data["card"])
        if xp:
            for k in self.s["kaverit"]:
                if k["hp"] > 0:
                    reached = award_xp(k, xp)
                    self.say("xp", f"{k['name']} gains {xp} XP ({k['xp']} XP).", kaveri=k["name"])
                    for lv in reached:
                        self.say("level", f"{k['name']} reaches level {lv}! ({k['points']}"
                                          " point(s) to spend)", kaveri=k["name"], level=lv)
        if not self.standing(FOE):
            self.say("victory", "Every foe is neutralized: the Kaverit win!")
            self._finish("won")

    def _strategy_neutralized(self, f: Fighter) -> None:
        """R-STRAT-5 and R-STRAT-7: a character at 0 is out; the last player standing wins."""
        players = self.strategy["players"]
        self.c["neutralized"].append(f.name)
        self.say("neutralized", f"{f.name} ({players[f.owner]}) is neutralized!",
                 foe=f.data.get("card", f.name))
        left = sorted({x.owner for x in self.fighters() if x.standing})
        if len(left) <= 1:
            winner = players[left[0]] if left else None
            self.strategy["winner"] = winner
            self.say("victory", f"{winner} wins the Strategy Game!" if winner else
                     "Every character is neutralized: nobody wins.", winner=winner)
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
        if self.strategy:                        # the Strategy Game's state keeps the field
            self.strategy["round"] = c["round"]
            self.strategy["foes"] = c["foes"]
        self.s["confrontation"] = None
        self._changed()
        self.s["shop_wp"] = []       # R-WP-4: a world point again after a confrontation
        self.say("over", f"The confrontation ends ({why}).", result=why)
