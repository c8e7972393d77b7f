"""What the players may see (R-CONF-3, R-CONF-12): built from the campaign state and the
evening's story. Foes' moves, Shields and Heels and items with Usage never enter it unless a
Psychic Kaveri is present; everything the page shows comes from here."""

from __future__ import annotations

from guide.games.kaverini.rules.leveling import level


def player_view(table) -> dict:
    from guide.games.kaverini.commands.confront import arena, secrets_open

    s = table.state
    field = arena(table)
    psychic = secrets_open(table)
    view = {
        "game": "kaverini",
        "adventure": s["adventure"]["title"] if s["adventure"] else None,
        "kaverit": [{"name": k["name"], "level": level(k["xp"]), "hp": k["hp"],
                     "max_hp": k["max_hp"], "world_points": k["world_points"],
                     "items": [i["card"] for i in k["items"] if i["uses"] is None]}
                    for k in s["kaverit"]],
        "buddies": [{"name": b["name"], "hp": b["hp"], "max_hp": b["max_hp"]}
                    for b in s["buddies"]],
        "confrontation": None,
        "psychic": psychic,
        "last_dice": None,
        "last_quote": None,
        "ready_to_feel": False,
        "version": 0,
    }
    if field is not None:
        view["confrontation"] = _confrontation(table, field, psychic)
    _story(table, view)
    return view


def _confrontation(table, field: dict, psychic: bool) -> dict:
    from guide.games.kaverini.commands.confront import fight

    c = field["confrontation"]
    f = fight(table, quiet=True)
    fighters = []
    for x in f.fighters():
        entry = {"name": x.name, "kind": x.kind, "hp": x.hp, "max_hp": x.max_hp,
                 "side": f.side_of(x)}
        if x.kind == "kaveri":
            entry.update(level=level(x.data["xp"]))
        if x.card is not None:
            entry.update(subtypes=list(x.card.subtypes), flags=list(x.card.flags),
                         emotion=x.card.emotion)               # Emotion is public (4.6)
            if psychic:
                entry.update(shield=x.card.shield, heel=x.card.heel,
                             moves=[t.name for t in x.card.techniques])
        fighters.append(entry)
    return {"round": c["round"], "phase": c["phase"],
            "turn": [x.name for x in f.waiting()], "fighters": fighters,
            "settings": list(c["settings"]), "strategy": f.variant == "strategy"}


def _story(table, view: dict) -> None:
    """The last dice, the last quote told, and whether a confrontation just began."""
    if table.store is None:
        return
    entries = table.store.entries(limit=20)
    view["version"] = entries[-1].seq if entries else 0
    for entry in reversed(entries):
        for event in reversed(entry.story):
            if view["last_dice"] is None and event.get("dice"):
                # faces only: the event's words may name a foe's move, which is secret
                view["last_dice"] = [{"die": f"d{sides}", "face": face}
                                     for sides, face in event["dice"]]
            if view["last_quote"] is None and event["kind"] == "quote":
                view["last_quote"] = {"number": event["quote"], "text": event["text"]}
    if entries and any(e["kind"] in ("confront", "battle") for e in entries[-1].story):
        view["ready_to_feel"] = True
