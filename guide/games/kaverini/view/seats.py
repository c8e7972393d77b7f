"""Kaverini's seats: one per Kaveri. A seat's page is the players' view (what everyone may
see) and that Kaveri's own sheet (view/sheet.py: every number from the engine), its items
with Usage ("hidden from other players", R-CONF-12) and their uses left, the foes' secrets
when a Psychic Kaveri is present (R-CONF-3: then open to all), and on its turn the moves it
may make, grouped as they are chosen: a technique, then its target; an item; a world point,
to force the effect or to reach every foe (R-WP-2, R-WP-3). They are ready-made lines the
Tour Guide runs with Enter (nothing changes the campaign without the Tour Guide)."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any

from guide.core.seats import Move
from guide.games.kaverini.view.model import player_view
from guide.games.kaverini.view.sheet import sheet

if TYPE_CHECKING:
    from guide.games.kaverini.state import Sheet
    from guide.games.kaverini.table import KaveriniTable


def seats(table: KaveriniTable) -> list[str]:
    return [k["name"] for k in table.state["kaverit"]]


def seat_view(table: KaveriniTable, seat: str) -> dict[str, Any]:
    k = _sheet(table, seat)
    view = player_view(table)
    if k is not None:
        view["you"] = sheet(table, k, view["psychic"])
    return view


def seat_moves(table: KaveriniTable, seat: str) -> list[Move]:
    """On this Kaveri's turn in a confrontation (R-CONF-2): each technique on each foe it may
    target, with a world point forcing the effect or reaching every foe, an item with Usage
    to play first, or passing."""
    from guide.games.kaverini.commands.confront import arena, fight

    k = _sheet(table, seat)
    field = arena(table)
    if k is None or field is None or field.versus is not None:
        return []
    f = fight(table, quiet=True)
    waiting = f.waiting()
    if not waiting or waiting[0].name != seat:          # whose turn it is (R-CONF-2)
        return []
    foes = [x.name for x in f.fighters() if x.kind == "foe" and x.hp > 0]
    me = sheet(table, k, False)
    moves: list[Move] = []
    wp: list[Move] = []
    for tech in me["techniques"]:
        name = tech["name"]
        heading = f"{name}: {tech['technique']}" if tech["ladder"] else f"{name} (custom)"
        chance = tech["effect"]
        detail = f"{tech['schmerz']} Schmerz with E" + (
            f", effect {chance['percent']}%" if chance else "")
        use = f"use {_q(seat)} {_q(name)}"
        for foe in foes:
            moves.append(Move(foe, f"{use} --on {_q(foe)}", ("Technique", heading), detail))
        if k["world_points"] and tech["ladder"]:
            for foe in foes:
                wp.append(Move(f"Force the effect on {foe}",
                               f"{use} --on {_q(foe)} --world-point effect",
                               ("World point", heading), f"{tech['schmerz']} Schmerz, effect 100%"))
            if len(foes) > 1:
                for foe in foes:
                    wp.append(Move(f"Every foe, the effect on {foe}",
                                   f"{use} --world-point all-foes --on {_q(foe)}",
                                   ("World point", heading), "each foe its own Schmerz with E"))
    for item in k["items"]:
        if item["uses"] is not None:
            moves.append(Move(f"Play {item['card']}", f"play {_q(seat)} {_q(item['card'])}",
                              ("Item",), f"{item['uses']} use(s) left; before the technique"))
    moves += wp
    moves.append(Move("Pass this turn", "next"))
    return moves


def _sheet(table: KaveriniTable, seat: str) -> Sheet | None:
    return next((k for k in table.state["kaverit"] if k["name"] == seat), None)


def _q(name: str) -> str:
    return f'"{name}"' if " " in name and '"' not in name else shlex.quote(name)
