"""Kaverini's seats: one per Kaveri. A seat's page is the players' view (what everyone may
see) and that Kaveri's own: its sheet, what its banked points can buy, its items with Usage
("hidden from other players", R-CONF-12) and their uses left, the foes' secrets when a
Psychic Kaveri is present (R-CONF-3: then open to all), and on its turn the moves it may
make, as ready-made lines the Tour Guide runs with Enter (nothing changes the campaign
without the Tour Guide)."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any

from guide.games.kaverini.data.tables import abilities, ladders
from guide.games.kaverini.rules.leveling import MAX_LADDER, ladder_cost, level
from guide.games.kaverini.view.model import player_view

if TYPE_CHECKING:
    from guide.games.kaverini.state import Sheet
    from guide.games.kaverini.table import KaveriniTable


def seats(table: KaveriniTable) -> list[str]:
    return [k["name"] for k in table.state["kaverit"]]


def seat_view(table: KaveriniTable, seat: str) -> dict[str, Any]:
    k = _sheet(table, seat)
    view = player_view(table)
    if k is None:
        return view
    view["you"] = {
        "name": k["name"], "level": level(k["xp"]), "xp": k["xp"],
        "hp": k["hp"], "max_hp": k["max_hp"], "emotion": k["emotion"], "heart": k["heart"],
        "counters": dict(k["counters"]),
        "ability": {"name": k["ability"], "text": abilities().get(k["ability"], "")},
        "ladders": [{"ladder": name, "level": lv, "technique": _technique(name, lv),
                     "schmerz": lv} for name, lv in k["ladders"].items()],
        "custom": [{"technique": name, "level": lv, "schmerz": f"{lv}+Lv"}
                   for name, lv in k["custom"].items()],
        "facts": list(k.get("facts", [])),
        "world_points": k["world_points"], "money": k["money"],
        "items": [{"card": i["card"], "uses_left": i["uses"], "bonded": i["bonded"]}
                  for i in k["items"]],
        "points": k["points"], "can_buy": _can_buy(k),
    }
    return view


def seat_moves(table: KaveriniTable, seat: str) -> list[tuple[str, str]]:
    """On this Kaveri's turn in a confrontation: each technique on each foe it may target,
    an item with Usage to play first, a world point to force the effect, or passing."""
    from guide.games.kaverini.commands.confront import arena, fight

    k = _sheet(table, seat)
    field = arena(table)
    if k is None or field is None or field is not table.state:
        return []
    f = fight(table, quiet=True)
    waiting = f.waiting()
    if not waiting or waiting[0].name != seat:          # whose turn it is (R-CONF-2)
        return []
    foes = [x.name for x in f.fighters() if x.kind == "foe" and x.hp > 0]
    techniques = [(name, f"{name} ({_technique(name, lv)}, {lv} Schmerz)")
                  for name, lv in k["ladders"].items()]
    techniques += [(name, f"{name} ({lv}+Lv Schmerz)") for name, lv in k["custom"].items()]
    moves = []
    for foe in foes:
        for name, label in techniques:
            line = f"use {_q(seat)} {_q(name)} --on {_q(foe)}"
            moves.append((f"{label} on {foe}", line))
            if k["world_points"] and name in k["ladders"]:
                moves.append((f"{label} on {foe}, a world point forcing the effect",
                              line + " --world-point effect"))
    for item in k["items"]:
        if item["uses"] is not None:
            moves.append((f"Play {item['card']} first ({item['uses']} use(s) left)",
                          f"play {_q(seat)} {_q(item['card'])}"))
    moves.append(("Pass this turn", "next"))
    return moves


def _sheet(table: KaveriniTable, seat: str) -> Sheet | None:
    return next((k for k in table.state["kaverit"] if k["name"] == seat), None)


def _technique(ladder: str, lv: int) -> str:
    lad = ladders().get(ladder.casefold())
    return lad.technique_name(lv) if lad else ladder


def _can_buy(k: Sheet) -> list[str]:
    """What the banked points can buy now (R-LVL-2, R-LVL-3), as `spend` would take it."""
    points = k["points"]
    if points < 1:
        return []
    out = ["hp=1 (1 point)", "h=1 (1 point)", "new=LADDER (1 point)"]
    if k["e_allowance"] > 0:
        out.insert(0, f"e=1 (1 point; {k['e_allowance']} more on E allowed)")
    for name, lv in {**k["ladders"], **k["custom"]}.items():
        if lv < MAX_LADDER and ladder_cost(lv, lv + 1) <= points:
            out.append(f"{name}={lv + 1} ({ladder_cost(lv, lv + 1)} points)")
    return out


def _q(name: str) -> str:
    return f'"{name}"' if " " in name and '"' not in name else shlex.quote(name)
