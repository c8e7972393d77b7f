"""The Kaverini Strategy Game (appendix; R-STRAT-1..7): setup, team building within a point
budget, and the battle, which is a confrontation of the same engine (Fight) in which every
card's "foe" means "character". Pure: state dicts in, changes and words out."""

from __future__ import annotations

import copy

from guide.games.kaverini.model import Card
from guide.games.kaverini.rules.leveling import RuleError

SETTINGS = ("none", "random", "chosen")


def new_game(players: list[str], budget: int, money: int, settings: str, fluid: bool,
             power_foes: bool, pool: str, kaverit: int) -> dict:
    """R-STRAT-1: every choice of the setup."""
    if len(players) < 2:
        raise RuleError("the Strategy Game needs two or more players (R-STRAT-1)")
    folded = [p.casefold() for p in players]
    if len(set(folded)) != len(folded):
        raise RuleError("each player needs a different name")
    if budget < 1:
        raise RuleError("the point budget is at least 1 (50, 100 or 200 recommended)")
    if kaverit < 1:
        raise RuleError("each player brings at least one Kaveri (R-STRAT-1)")
    if settings not in SETTINGS:
        raise RuleError("settings are none, random or chosen")
    if fluid and settings == "none":
        raise RuleError("--fluid needs settings (random or chosen)")
    return {
        "budget": budget, "money": money, "settings": settings, "fluid": fluid,
        "power_foes": power_foes, "pool": pool, "kaverit_per_player": kaverit,
        "players": [{"name": p, "points_left": budget, "world_points": 0, "money": money,
                     "kaverit": [], "cards": [], "settings": []} for p in players],
        "arena": None,
    }


def player(game: dict, name: str) -> dict:
    for p in game["players"]:
        if p["name"].casefold() == name.casefold():
            return p
    raise RuleError(f"no player {name!r}; players: " + ", ".join(p["name"] for p in game["players"]))


def _not_started(game: dict) -> None:
    if game["arena"] is not None:
        raise RuleError("the battle has begun: teams are set (R-STRAT-2)")


def bring_kaveri(game: dict, who: dict, sheet: dict) -> None:
    _not_started(game)
    for p in game["players"]:
        if any(k["name"] == sheet["name"] for k in p["kaverit"]):
            raise RuleError(f"{sheet['name']} already fights for {p['name']}")
    if len(who["kaverit"]) >= game["kaverit_per_player"]:
        raise RuleError(f"{who['name']} already has {game['kaverit_per_player']} Kaveri(t)"
                        " (the setup's number)")
    fighter = copy.deepcopy(sheet)
    fighter.update(hp=fighter["max_hp"], items=[], world_points=0,
                   counters={"E": 0, "H": 0, "HP": 0})
    for entry in who["cards"]:                         # items bought before any Kaveri came
        if entry["type"] == "item" and "holder" not in entry:
            fighter["items"].append({"card": entry["card"], "uses": entry.get("usage"),
                                     "bonded": False})
            entry["holder"] = fighter["name"]
    who["kaverit"].append(fighter)


def buy(game: dict, who: dict, card: Card, holder: str | None = None) -> str:
    """R-STRAT-2: a card by its expense number, within the budget."""
    _not_started(game)
    if card.type == "setting":
        raise RuleError("settings are not bought: add one with strategy setting (R-STRAT-1)")
    if card.expense is None:
        raise RuleError(f"{card.name} has no expense number and cannot be bought (R-STRAT-2)")
    if card.type == "power-foe" and not game["power_foes"]:
        raise RuleError("this game allows no Power Foes (R-STRAT-1)")
    if game["pool"] == "shared":
        for p in game["players"]:
            if any(c["card"] == card.name for c in p["cards"]):
                raise RuleError(f"the shared pool has one {card.name}, and {p['name']} took it")
    if card.expense > who["points_left"]:
        raise RuleError(f"{card.name} costs {card.expense}; {who['name']} has"
                        f" {who['points_left']} of {game['budget']} points left")
    entry = {"card": card.name, "type": card.type, "expense": card.expense, "usage": card.usage}
    if card.type == "item" and (who["kaverit"] or holder):
        kaveri = who["kaverit"][0] if holder is None else next(
            (k for k in who["kaverit"] if k["name"].casefold() == holder.casefold()), None)
        if kaveri is None:
            raise RuleError(f"{who['name']} has no Kaveri named {holder!r}")
        kaveri["items"].append({"card": card.name, "uses": card.usage, "bonded": False})
        entry["holder"] = kaveri["name"]              # else the first Kaveri brought takes it
    who["cards"].append(entry)
    who["points_left"] -= card.expense
    return f"{who['name']} buys {card.name} for {card.expense} ({who['points_left']} left)."


def buy_world_points(game: dict, who: dict, count: int) -> str:
    _not_started(game)
    if count < 1:
        raise RuleError("buy at least one world point")
    if count > who["points_left"]:
        raise RuleError(f"{count} world point(s) cost {count}; {who['name']} has"
                        f" {who['points_left']} points left")
    who["points_left"] -= count
    who["world_points"] += count
    return f"{who['name']} buys {count} world point(s) ({who['points_left']} points left)."


def bond(game: dict, who: dict, item: str) -> str:
    """Items are bonded before the first round (R-STRAT-2)."""
    _not_started(game)
    for k in who["kaverit"]:
        for entry in k["items"]:
            if entry["card"].casefold() == item.casefold():
                entry["bonded"] = not entry["bonded"]
                return f"{entry['card']} is {'bonded to' if entry['bonded'] else 'unbonded from'}" \
                       f" {k['name']}."
    raise RuleError(f"{who['name']} has no item {item!r}")


def add_setting(game: dict, who: dict, card: Card) -> str:
    _not_started(game)
    if game["settings"] == "none":
        raise RuleError("this game has no settings (R-STRAT-1)")
    if game["settings"] == "chosen" and who["settings"]:
        raise RuleError(f"{who['name']} already chose {who['settings'][0]}: one each")
    who["settings"].append(card.name)
    return f"{who['name']} adds {card.name} to the setting pool."


def arena(game: dict, cards, all_settings: list[str]) -> dict:
    """The battle's state, in the shape the confrontation engine reads (R-STRAT-3)."""
    from guide.games.kaverini.rules.confrontation import new_confrontation

    for p in game["players"]:
        if len(p["kaverit"]) != game["kaverit_per_player"]:
            raise RuleError(f"{p['name']} needs {game['kaverit_per_player']} Kaveri(t) (strategy"
                            " kaveri PLAYER KAVERI)")
        if game["settings"] == "chosen" and not p["settings"]:
            raise RuleError(f"{p['name']} has not chosen a setting (strategy setting)")
    taken: set[str] = set()
    kaverit, buddies, foes, companions, owners = [], [], [], [], {}
    for k, p in enumerate(game["players"]):
        for sheet in p["kaverit"]:
            kaverit.append({**copy.deepcopy(sheet), "owner": k})
            taken.add(sheet["name"].casefold())
        for entry in p["cards"]:
            card = cards(entry["card"])
            name = _unique(card.name, p["name"], taken)
            if card.type == "buddy":
                buddies.append({"name": name, "card": card.name, "hp": card.hp,
                                "max_hp": card.hp, "owner": k})
            elif card.type in ("foe", "power-foe"):
                foes.append({"name": name, "card": card.name, "hp": card.hp, "max_hp": card.hp,
                             "counters": {"E": 0, "H": 0, "HP": 0}, "owner": k})
            elif card.type == "companion":
                companions.append(card.name)
                owners[card.name] = k
    if game["settings"] == "random":
        pool = [s for p in game["players"] for s in p["settings"]] or list(all_settings)
    else:
        pool = [s for p in game["players"] for s in p["settings"]]
    state = {
        "kaverit": kaverit, "buddies": buddies, "companions": companions,
        "lost_companions": [], "shop_wp": [], "adventure": None,
        "versus": {"players": [p["name"] for p in game["players"]],
                   "wp": [p["world_points"] for p in game["players"]], "winner": None,
                   "player": 0, "fluid": game["fluid"], "pool": pool, "owners": owners,
                   "round": 1, "foes": foes},
        "confrontation": new_confrontation(foes, [k["name"] for k in kaverit], [], companions),
    }
    return state


def _unique(name: str, owner: str, taken: set[str]) -> str:
    candidates = [name, f"{name} ({owner})"] + [f"{name} ({owner} {i})" for i in range(2, 99)]
    for candidate in candidates:
        if candidate.casefold() not in taken:
            taken.add(candidate.casefold())
            return candidate
    raise RuleError(f"too many copies of {name}")


def characters(game: dict, k: int, cards) -> list[dict]:
    """A player's characters for the state JSON: the battle's, or the team being built."""
    if game["arena"] is not None:
        a = game["arena"]
        foes = a["confrontation"]["foes"] if a["confrontation"] else a["versus"]["foes"]
        return [{"name": f["name"], "hp": f["hp"], "max_hp": f["max_hp"]}
                for f in a["kaverit"] + a["buddies"] + foes if f.get("owner") == k]
    p = game["players"][k]
    out = [{"name": s["name"], "hp": s["hp"], "max_hp": s["max_hp"]} for s in p["kaverit"]]
    for entry in p["cards"]:
        if entry["type"] in ("buddy", "foe", "power-foe"):
            hp = cards(entry["card"]).hp
            out.append({"name": entry["card"], "hp": hp, "max_hp": hp})
    return out
