"""Kaverini at the prompt: where the table is (adventure, round, phase) and the bottom
toolbar with the party and, in a fight, whose turn and every fighter's HP."""

from __future__ import annotations

from guide.games.kaverini.commands.confront import arena, turn_line
from guide.games.kaverini.rules.leveling import level


def prompt_text(table) -> str:
    s = table.state
    parts = [s["adventure"]["id"]] if s["adventure"] and s["adventure"]["id"] else []
    field = arena(table)
    if field is not None:
        c = field["confrontation"]
        parts.append(("strategy, " if field is not s else "") + f"round {c['round']}: {c['phase']}")
    return f"guide ({', '.join(parts)})> " if parts else "guide> "


def toolbar(table) -> str:
    """The party at a glance; in a fight, whose turn and every fighter's HP."""
    s = table.state
    field = arena(table)
    if field is not None and field is not s:           # the Strategy Game's battle
        sides = []
        for k, name in enumerate(field["versus"]["players"]):
            fighters = field["kaverit"] + field["buddies"] + field["confrontation"]["foes"]
            sides.append(f"{name}: " + " ".join(f"{f['name']} {f['hp']}/{f['max_hp']}"
                                                for f in fighters if f.get("owner") == k))
        return f" {turn_line(table)}  " + "  | ".join(sides)
    party = "  ".join(f"{k['name']} L{level(k['xp'])} {k['hp']}/{k['max_hp']}HP WP{k['world_points']}"
                      for k in s["kaverit"]) or "no Kaverit yet (kaveri NAME ...)"
    if field is None:
        return " " + party
    c = s["confrontation"]
    foes = "  ".join(f"{f['name']} {f['hp']}/{f['max_hp']}" for f in c["foes"] if f["hp"] > 0)
    extra = "  ".join(f"{b['name']} {b['hp']}/{b['max_hp']}" for b in s["buddies"] + c["stand"])
    return f" {turn_line(table)}  {party}  {extra}  | foes: {foes}"
