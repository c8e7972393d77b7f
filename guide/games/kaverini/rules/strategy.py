"""The Kaverini Strategy Game (appendix; R-STRAT-1..7): setup, team building within a point
budget, and the battle: StrategyFight, a variant of the confrontation engine (Fight) that
overrides the hooks Field declares (enemies, Lv, turn order, the E bonus, what neutralizing
does), in which every card's "foe" means "character". Pure: state dicts in, changes and
events out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guide.core.dice import pick
from guide.core.errors import GuideError, RuleError
from guide.core.i18n import domain
from guide.core.names import resolve, resolve_or_refuse
from guide.core.state import copied
from guide.games.kaverini.model import Card
from guide.games.kaverini.rules.confrontation import Fight
from guide.games.kaverini.rules.field import Declared
from guide.games.kaverini.rules.fighters import BUDDY, KAVERI, STAND, Fighter
from guide.games.kaverini.rules.leveling import level
from guide.games.kaverini.state import (
    Arena,
    Buddy,
    Foe,
    Sheet,
    StrategyGame,
    StrategyPlayer,
    buddy,
    confrontation,
    counters,
    foe,
    held_item,
    strategy_player,
)

SETTINGS = ("none", "random", "chosen")
_, ngettext, pgettext = domain("kaverini").functions()


def new_game(players: list[str], budget: int, money: int, settings: str, fluid: bool,
             power_foes: bool, pool: str, kaverit: int) -> StrategyGame:
    """R-STRAT-1: every choice of the setup."""
    if len(players) < 2:
        raise RuleError(_("the Strategy Game needs two or more players (R-STRAT-1)"))
    folded = [p.casefold() for p in players]
    if len(set(folded)) != len(folded):
        raise RuleError(_("each player needs a different name"))
    if budget < 1:
        raise RuleError(_("the point budget is at least 1 (50, 100 or 200 recommended)"))
    if kaverit < 1:
        raise RuleError(_("each player brings at least one Kaveri (R-STRAT-1)"))
    if settings not in SETTINGS:
        raise RuleError(_("settings are none, random or chosen"))
    if fluid and settings == "none":
        raise RuleError(_("--fluid needs settings (random or chosen)"))
    return {
        "budget": budget, "money": money, "settings": settings, "fluid": fluid,
        "power_foes": power_foes, "pool": pool, "kaverit_per_player": kaverit,
        "players": [strategy_player(p, budget, money) for p in players],
        "arena": None,
    }


def player(game: StrategyGame, name: str) -> StrategyPlayer:
    """A player by name as people type it (guide.core.names.resolve)."""
    players = {p["name"]: p for p in game["players"]}
    return players[resolve_or_refuse(name, list(players), pgettext("what", "player"))]


def _not_started(game: StrategyGame) -> None:
    if game["arena"] is not None:
        raise RuleError(_("the battle has begun: teams are set (R-STRAT-2)"))


def bring_kaveri(game: StrategyGame, who: StrategyPlayer, sheet: Sheet) -> None:
    _not_started(game)
    for p in game["players"]:
        if any(k["name"] == sheet["name"] for k in p["kaverit"]):
            raise RuleError(_("{sheet} already fights for {player}").format(
                sheet=sheet['name'], player=p['name']))
    if len(who["kaverit"]) >= game["kaverit_per_player"]:
        raise RuleError(_("{who} already has {kaverit_per_player} Kaveri(t) (the setup's number)").format(
            who=who['name'], kaverit_per_player=game['kaverit_per_player']))
    fighter = copied(sheet)
    fighter["hp"], fighter["items"], fighter["world_points"] = fighter["max_hp"], [], 0
    fighter["counters"] = counters()
    for entry in who["cards"]:                         # items bought before any Kaveri came
        if entry["type"] == "item" and "holder" not in entry:
            fighter["items"].append(held_item(entry["card"], entry.get("usage")))
            entry["holder"] = fighter["name"]
    who["kaverit"].append(fighter)


def buy(game: StrategyGame, who: StrategyPlayer, card: Card, holder: str | None = None
        ) -> dict[str, Any]:
    """R-STRAT-2: a card by its expense number, within the budget; the event's data."""
    _not_started(game)
    if card.type == "setting":
        raise RuleError(_("settings are not bought: add one with strategy setting (R-STRAT-1)"))
    if card.expense is None:
        raise RuleError(_("{name} has no expense number and cannot be bought (R-STRAT-2)").format(
            name=card.name))
    if card.type == "power-foe" and not game["power_foes"]:
        raise RuleError(_("this game allows no Power Foes (R-STRAT-1)"))
    if game["pool"] == "shared":
        for p in game["players"]:
            if any(c["card"] == card.name for c in p["cards"]):
                raise RuleError(_("the shared pool has one {name}, and {player} took it").format(
                    name=card.name, player=p['name']))
    if card.expense > who["points_left"]:
        raise RuleError(_("{name} costs {expense}; {who} has {points_left} of {budget} points left").format(
            name=card.name, expense=card.expense, who=who['name'], points_left=who['points_left'],
            budget=game['budget']))
    entry = {"card": card.name, "type": card.type, "expense": card.expense, "usage": card.usage}
    if card.type == "item" and (who["kaverit"] or holder):
        team = {k["name"]: k for k in who["kaverit"]}
        try:
            kaveri = who["kaverit"][0] if holder is None \
                else team[resolve(holder, list(team), pgettext("what", "Kaveri"))]
        except GuideError as e:
            raise RuleError(_("{who}'s team: {e}").format(who=who['name'], e=e)) from None
        kaveri["items"].append(held_item(card.name, card.usage))
        entry["holder"] = kaveri["name"]              # else the first Kaveri brought takes it
    who["cards"].append(entry)
    who["points_left"] -= card.expense
    return {"player": who["name"], "card": card.name, "expense": card.expense,
            "points_left": who["points_left"]}


def buy_world_points(game: StrategyGame, who: StrategyPlayer, count: int) -> dict[str, Any]:
    _not_started(game)
    if count < 1:
        raise RuleError(_("buy at least one world point"))
    if count > who["points_left"]:
        raise RuleError(_("{count} world point(s) cost {count}; {who} has {points_left} points left").format(
            count=count, who=who['name'], points_left=who['points_left']))
    who["points_left"] -= count
    who["world_points"] += count
    return {"player": who["name"], "count": count, "points_left": who["points_left"]}


def bond(game: StrategyGame, who: StrategyPlayer, item: str) -> dict[str, Any]:
    """Items are bonded before the first round (R-STRAT-2)."""
    _not_started(game)
    for k in who["kaverit"]:
        for entry in k["items"]:
            if entry["card"].casefold() == item.casefold():
                entry["bonded"] = not entry["bonded"]
                return {"item": entry["card"], "kaveri": k["name"], "bonded": entry["bonded"]}
    raise RuleError(_("{who} has no item {item!r}").format(who=who['name'], item=item))


def add_setting(game: StrategyGame, who: StrategyPlayer, card: Card) -> dict[str, Any]:
    _not_started(game)
    if game["settings"] == "none":
        raise RuleError(_("this game has no settings (R-STRAT-1)"))
    if game["settings"] == "chosen" and who["settings"]:
        raise RuleError(_("{who} already chose {who2}: one each").format(
            who=who['name'], who2=who['settings'][0]))
    who["settings"].append(card.name)
    return {"player": who["name"], "setting": card.name}


def arena(game: StrategyGame, cards: Callable[[str], Card], all_settings: list[str]) -> Arena:
    """The battle's field, in the shape the confrontation engine reads (R-STRAT-3)."""
    for p in game["players"]:
        if len(p["kaverit"]) != game["kaverit_per_player"]:
            raise RuleError(_("{player} needs {kaverit_per_player} Kaveri(t) (strategy kaveri PLAYER"
                              " KAVERI)").format(
                player=p['name'], kaverit_per_player=game['kaverit_per_player']))
        if game["settings"] == "chosen" and not p["settings"]:
            raise RuleError(_("{player} has not chosen a setting (strategy setting)").format(
                player=p['name']))
    taken: set[str] = set()
    kaverit: list[Sheet] = []
    buddies: list[Buddy] = []
    foes: list[Foe] = []
    companions: list[str] = []
    owners: dict[str, int] = {}
    for k, p in enumerate(game["players"]):
        for sheet in p["kaverit"]:
            kaverit.append({**copied(sheet), "owner": k})
            taken.add(sheet["name"].casefold())
        for entry in p["cards"]:
            card = cards(entry["card"])
            name = _unique(card.name, p["name"], taken)
            if card.type == "buddy":
                buddies.append(buddy(card, owner=k, name=name))
            elif card.type in ("foe", "power-foe"):
                foes.append(foe(card, name, owner=k))
            elif card.type == "companion":
                companions.append(card.name)
                owners[card.name] = k
    pool = [s for p in game["players"] for s in p["settings"]]
    if game["settings"] == "random" and not pool:
        pool = list(all_settings)
    return {
        "kaverit": kaverit, "buddies": buddies, "companions": companions,
        "versus": {"players": [p["name"] for p in game["players"]],
                   "wp": [p["world_points"] for p in game["players"]], "winner": None,
                   "player": 0, "fluid": game["fluid"], "pool": pool, "owners": owners,
                   "round": 1, "foes": foes},
        "confrontation": confrontation(foes, [k["name"] for k in kaverit], [], companions),
    }


def _unique(name: str, owner: str, taken: set[str]) -> str:
    candidates = [name, f"{name} ({owner})"] + [f"{name} ({owner} {i})" for i in range(2, 99)]
    for candidate in candidates:
        if candidate.casefold() not in taken:
            taken.add(candidate.casefold())
            return candidate
    raise RuleError(_("too many copies of {name}").format(name=name))


def characters(game: StrategyGame, k: int, cards: Callable[[str], Card]) -> list[dict[str, Any]]:
    """A player's characters for the state JSON: the battle's, or the team being built."""
    if game["arena"] is not None:
        a = game["arena"]
        foes = a["confrontation"]["foes"] if a["confrontation"] else a["versus"]["foes"]
        everyone: list[Any] = [*a["kaverit"], *a["buddies"], *foes]
        return [{"name": f["name"], "hp": f["hp"], "max_hp": f["max_hp"]}
                for f in everyone if f.get("owner") == k]
    p = game["players"][k]
    out = [{"name": s["name"], "hp": s["hp"], "max_hp": s["max_hp"]} for s in p["kaverit"]]
    for entry in p["cards"]:
        if entry["type"] in ("buddy", "foe", "power-foe"):
            hp = cards(entry["card"]).hp
            out.append({"name": entry["card"], "hp": hp, "max_hp": hp})
    return out


class StrategyFight(Fight):
    """The Strategy Game's battle (R-STRAT-3..7): any two players' characters are
    adversaries; Lv is the controller's (R-STRAT-6); the k-th player has +(k-1) E
    (R-STRAT-4); a character at 0 HP is out, and the last player standing wins."""

    variant = "strategy"

    @property
    def versus(self) -> Any:
        return self.s["versus"]

    def _by_player(self) -> bool:
        """House rule strategy_by_player: each player runs phases 2 to 4 in one go."""
        return self.house("strategy_by_player") == "on"

    # --- the hooks ------------------------------------------------------------------------
    def enemy(self, a: Fighter, b: Fighter) -> bool:
        return a.owner != b.owner

    def lv_for(self, owner: int | None) -> int:
        if owner is None:
            return self.lv()
        levels = [level(k["xp"]) for k in self.s["kaverit"] if k.get("owner") == owner] or [1]
        return min(levels) if self.house("lv_default") == "lowest" else max(levels)

    def e_bonus(self, f: Fighter) -> int:
        return f.owner or 0

    def in_turn(self, f: Fighter) -> bool:
        return not self._by_player() or f.owner == self.versus["player"]

    def cowers(self, f: Fighter) -> bool:
        return False

    def in_order(self, actors: list[Fighter]) -> list[Fighter]:
        """R-STRAT-3: within each phase, players act in turn order."""
        return sorted(actors, key=lambda f: f.owner or 0)

    def side_of(self, f: Fighter) -> str:
        return self.versus["players"][f.owner or 0]

    def target_kinds(self, user: Fighter) -> tuple[str, ...]:
        return ()

    def world_points(self, user: Fighter) -> tuple[int, str]:
        owner = user.owner or 0
        return self.versus["wp"][owner], self.versus["players"][owner]

    def spend_world_point(self, user: Fighter) -> None:
        self.versus["wp"][user.owner or 0] -= 1

    def owner_of(self, companion: str) -> int | None:
        return self.versus["owners"].get(companion)

    def declared_targets(self, d: Declared) -> list[Fighter]:
        """A card owned by a player reads "kaverit", "buddies" and "party" as that player's,
        and "foes" as every other player's characters; a setting's "foes" are everyone."""
        by = d.effect.target
        if by in ("self", "bonded", "all"):
            return super().declared_targets(d)
        standing = [f for f in self.fighters() if f.standing]
        if d.owner is None:
            return standing if by == "foes" else super().declared_targets(d)
        if by == "foes":
            return [f for f in standing if f.owner != d.owner]
        mine = [f for f in standing if f.owner == d.owner]
        kinds = {"kaverit": (KAVERI, STAND), "buddies": (BUDDY,)}.get(by)    # "party": every one
        return mine if kinds is None else [f for f in mine if f.kind in kinds]

    def can_run_away(self) -> None:
        raise RuleError(_("there is no running away in the Strategy Game (R-STRAT-5)"))

    def at_zero(self, f: Fighter) -> None:
        """R-STRAT-5 and R-STRAT-7: a character at 0 is out; the last player standing wins."""
        if not self.running or f.hp > 0:
            return
        players = self.versus["players"]
        self.c["neutralized"].append(f.name)
        self.say("neutralized", name=f.name, foe=f.data.get("card", f.name),
                 player=players[f.owner or 0])
        left = sorted({x.owner or 0 for x in self.fighters() if x.standing})
        if len(left) <= 1:
            winner = players[left[0]] if left else None
            self.versus["winner"] = winner
            self.say("victory", winner=winner, strategy=True)
            self.end("won")

    def finished(self) -> None:
        """The Strategy Game's state keeps the field when the battle is over."""
        self.versus["round"] = self.c["turns"]["round"]
        self.versus["foes"] = self.c["foes"]

    def slot(self) -> int:
        return self.versus["player"] if self._by_player() else 0

    def slot_of(self, f: Fighter) -> int:
        return (f.owner or 0) if self._by_player() else 0

    def last_slot(self) -> bool:
        return not self._by_player() or self.versus["player"] == len(self.versus["players"]) - 1

    def next_slot(self) -> None:
        self.versus["player"] += 1

    def new_round(self) -> None:
        self.versus["player"] = 0
        if self.versus["fluid"]:
            self.draw_setting()

    # --- the battle -----------------------------------------------------------------------
    def draw_setting(self) -> None:
        """R-STRAT-5: exactly one setting at a time, drawn from the pool."""
        pool = self.versus["pool"]
        if pool:
            self.c["settings"] = [pick(pool, self.dice)]
            self._changed()
            self.say("setting", setting=self.c["settings"][0])

    def start_battle(self, game: StrategyGame) -> None:
        """R-STRAT-3: "Get ready to feel!", the first setting, and round 1's phase 1."""
        self.say("battle", players=[
            {"name": p["name"], "bonus": k,
             "characters": [x["name"] for x in characters(game, k, self.card)]}
            for k, p in enumerate(game["players"])])
        if game["settings"] != "none":
            self.draw_setting()
        self.begin()
