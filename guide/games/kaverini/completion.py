"""What each kind of argument of Kaverini's commands completes to: Kaverit, cards, ladders,
techniques, ..., from the table's state at every keystroke."""

from __future__ import annotations

from guide.games.kaverini.data.tables import abilities, house_rules, ladders

REPEATING = ("foecard", "spend", "tweak")   # kinds that the last argument repeats


def values(table, kind: str, words: list[str]) -> list[str]:
    """What an argument of this kind completes to (a Kaveri, a card, a ladder, ...)."""
    s = table.state
    cards = table.library.cards.values()
    conf = s["confrontation"]
    if kind == "kaveri":
        return [k["name"] for k in s["kaverit"]]
    if kind == "actor":
        return [k["name"] for k in s["kaverit"]] + [b["name"] for b in s["buddies"]] + (
            [x["name"] for x in conf["stand"]] if conf else [])
    if kind == "ladder":
        return [lad.name for lad in ladders().values()]
    if kind == "ability":
        return list(abilities())
    if kind == "technique":
        return _techniques(table, words[1] if len(words) > 1 else "")
    if kind == "fighter":
        return values(table, "target", words) + values(table, "foe", words)
    if kind in ("foe", "target"):
        if not conf:
            return []
        if kind == "foe":
            return [f["name"] for f in conf["foes"] if f["hp"] > 0]
        return [k["name"] for k in s["kaverit"] if k["hp"] > 0] + [
            b["name"] for b in s["buddies"]] + [x["name"] for x in conf["stand"]]
    if kind == "foetechnique":
        if conf and len(words) > 1:
            for f in conf["foes"]:
                if f["name"].casefold() == words[1].casefold():
                    return [t.name for t in table.card(f["card"]).techniques]
        return []
    if kind == "foecard":
        return [c.name for c in cards if c.type in ("foe", "power-foe")]
    if kind == "double":
        return [c.name for c in cards if c.back is not None]
    if kind in ("item", "companion", "buddy", "setting"):
        return [c.name for c in cards if c.type == kind]
    if kind == "token":
        return [c.name for c in cards if c.token]
    if kind == "card":
        return [c.name for c in cards]
    if kind == "held":
        for k in s["kaverit"]:
            if len(words) > 1 and k["name"].casefold() == words[1].casefold():
                return [i["card"] for i in k["items"]]
        return []
    if kind == "adventure":
        return list(table.library.adventures)
    if kind == "house":
        return list(house_rules())
    if kind == "type":
        return ["foe", "power-foe", "buddy", "companion", "item", "setting"]
    if kind == "spend":
        return ["e=", "h=", "hp=", "new="] + [f"{lad.name}=" for lad in ladders().values()]
    if kind == "tweak":
        return ["hp=", "emotion=", "heart=", "expense=", "usage=", "shield=", "heel=", "reset"]
    if kind == "wp":
        return ["all-foes", "effect"]
    if kind == "boost":
        return ["e", "h", "hp"]
    if kind == "yesno":
        return ["yes", "no"]
    if kind == "player":
        game = s.get("strategy")
        return [p["name"] for p in game["players"]] if game else []
    if kind == "shop":
        a = table.adventure()
        return [shop.name for shop in a.shops] if a else []
    if kind == "npc":
        return list(s["npcs"])
    return []


def _techniques(table, actor: str) -> list[str]:
    s = table.state
    for k in s["kaverit"]:
        if k["name"].casefold() == actor.casefold():
            return list(k["ladders"]) + list(k["custom"])
    for b in s["buddies"]:
        if b["name"].casefold() == actor.casefold():
            return [t.name for t in table.card(b["name"]).techniques]
    return [lad.name for lad in ladders().values()]
