"""Kaverini's seats: one per Kaveri. A seat's page is the players' view (what everyone may
see) and that Kaveri's own sheet (view/sheet.py: every number from the engine), its items
with Usage ("hidden from other players", R-CONF-12) and their uses left, the foes' secrets
when a Psychic Kaveri is present (R-CONF-3: then open to all), and on its turn the moves it
may make, grouped as they are chosen: a technique, then its target; an item; a world point,
to force the effect or to reach every foe (R-WP-2, R-WP-3). They are ready-made lines the
Tour Guide runs with Enter (nothing changes the campaign without the Tour Guide)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from guide.core.i18n import domain
from guide.core.seats import Move
from guide.games.kaverini.rules.schmerz import compute
from guide.games.kaverini.view.model import player_view
from guide.games.kaverini.view.sheet import sheet

if TYPE_CHECKING:
    from guide.games.kaverini.rules.confrontation import Fight
    from guide.games.kaverini.state import Sheet
    from guide.games.kaverini.table import KaveriniTable

_, ngettext, pgettext = domain("kaverini").functions()


def seat_view(table: KaveriniTable, seat: str) -> dict[str, Any]:
    k = _sheet(table, seat)
    view = player_view(table)
    if k is not None:
        view["you"] = sheet(table, k, view["psychic"])
    view["words"] = {**view["words"], **seat_words(view)}
    return view


def seat_words(view: dict[str, Any]) -> dict[str, str]:
    """The seat page's own words (seat.html shows them as sent), counts in plural forms."""
    you, c = view.get("you"), view["confrontation"]
    words = {"your_move": _("Your move"), "only_you": _("Only you see this"),
             "on_you": _("On you now"), "techniques": _("Techniques"), "items": _("Items"),
             "can_buy": _("What you can buy"), "ability": _("Ability"), "table": _("The table"),
             "in_play": _("Effects in play"), "lately": _("Lately"),
             "no_effect": _("No special effect"), "on_each": _("On each foe: {list}"),
             "held": _("held: acts while you have it"), "bonded": _("bonded"),
             "e_counters": _("E counters"), "h_counters": _("H counters"),
             "hp_counters": _("HP counters"), "world_points": _("world points"), "xp": _("XP"),
             "points": _("points"), "money": _("money"), "E": _("E"), "H": _("H"),
             "with_e": _("with E ({sum}), before the target's Shield, Heel and H"),
             "round": _("round {round}"),
             "none_now": _("No confrontation right now")}
    if c:
        words["turn"] = (_("{name}'s turn · round {round}").format(name=c["turn"][0], round=c["round"])
                         if c["turn"] else _("Round {round}").format(round=c["round"]))
    if you:
        words["level"] = _("level {level}").format(level=you["level"])
        words["wp_title"] = ngettext("{count} world point", "{count} world points",
                                     you["world_points"]).format(count=you["world_points"])
        words["points_title"] = ngettext("{count} point (spend)", "{count} points (spend)",
                                         you["points"]).format(count=you["points"])
        for t in you["techniques"]:
            t["said"] = {"title": f"{t['technique']} ({t['ladder']} {t['level']})" if t["ladder"]
                         else _("{name} (custom {level})").format(name=t["name"], level=t["level"]),
                         "schmerz": _("{schmerz} Schmerz").format(schmerz=t["schmerz"]),
                         "effect": _("Effect {percent}%").format(percent=t["effect"]["percent"])
                         if t["effect"] else ""}
        for i in you["items"]:
            if i["uses_left"] is not None:
                i["said"] = _("Usage: {count} left · only you see it").format(count=i["uses_left"])
    return words


def schmerz_said(tech: dict[str, Any]) -> str:
    """A technique's Schmerz as its sheet lists it, then with E (and the user's own Sensitive
    or Insensitive) as a hit adds it up: "3 Schmerz (3 +1 E = 4)"; the number alone when E
    changes nothing (R-DMG-1..3)."""
    if tech["schmerz"] == tech["base"]:
        return _("{schmerz} Schmerz").format(schmerz=tech["base"])
    steps = compute(tech["base"], tech["emotion"], Fraction(tech.get("mult", "1")), 0).steps
    return _("{schmerz} Schmerz ({steps})").format(schmerz=tech["base"], steps=steps)


def _on_foe(tech: dict[str, Any], foe: str) -> str:
    """A technique's Schmerz on one foe's button: as the sheet lists it, then, when the foes'
    secrets are open (R-CONF-3), what reaches that foe after its Shield, Heel and H, as the
    technique's card says it beside the foe (R-DMG-3, R-DMG-4); a Shield or Heel that the
    GM decides (R-DMG-7) is left out."""
    said = schmerz_said(tech)
    on = tech.get("on", {}).get(foe)
    if not isinstance(on, int):
        return said
    return _("{schmerz}; {amount} after its Shield, Heel and H").format(schmerz=said, amount=on)


def _world_point_moves(table: KaveriniTable, f: Fight, seat: str, tech: dict[str, Any],
                       heading: str, foes: list[str]) -> list[Move]:
    """A world point on a technique (R-WP-3, R-WP-2): the effect forced on a foe, where the
    point adds something (R-FX-2: the table refuses one that would not); with foes to spare,
    every foe hit and the effect on one."""
    name = tech["name"]
    user = f.named(seat)
    forced = f._move(user, name) if user is not None else None
    idle = {foe for foe in foes if user is None or forced is None
            or f.idle_point(user, forced, [f.get(foe)])}
    spends = [("effect", _("Force the effect on {foe}"),
               _("{schmerz}, effect 100%").format(schmerz=schmerz_said(tech)))]
    if len(foes) > 1:
        spends.append(("all-foes", _("Every foe, the effect on {foe}"),
                       _("each foe its own Schmerz with E")))
    return [table.registry.move("use", label.format(foe=foe), (_("World point"), heading), said,
                                name=seat, technique=name, on=foe, world_point=way)
            for way, label, said in spends for foe in foes if way != "effect" or foe not in idle]


def seat_moves(table: KaveriniTable, seat: str) -> list[Move]:
    """On this Kaveri's turn in a confrontation (R-CONF-2): each technique on each foe it may
    target, with a world point forcing the effect or reaching every foe, an item with Usage
    to play first, or passing."""
    from guide.games.kaverini.commands.confront import arena, fight, secrets_open

    k = _sheet(table, seat)
    field = arena(table)
    if k is None or field is None or field.versus is not None:
        return []
    f = fight(table, quiet=True)
    waiting = f.waiting()
    if not waiting or waiting[0].name != seat:          # whose turn it is (R-CONF-2)
        return []
    foes = [x.name for x in f.fighters() if x.kind == "foe" and x.hp > 0]
    me = sheet(table, k, secrets_open(table))         # R-CONF-3: each foe's own Schmerz
    move = table.registry.move
    moves: list[Move] = []
    wp: list[Move] = []
    for tech in me["techniques"]:
        name = tech["name"]
        heading = (f"{name}: {tech['technique']}" if tech["ladder"] else
                   _("{name} (custom)").format(name=name))
        chance = tech["effect"]
        for foe in foes:
            detail = _on_foe(tech, foe)
            if chance:
                detail = _("{schmerz}, effect {percent}%").format(schmerz=detail,
                                                                  percent=chance["percent"])
            moves.append(move("use", foe, (_("Technique"), heading), detail, name=seat,
                              technique=name, on=foe))
        if k["world_points"] and tech["ladder"]:
            wp += _world_point_moves(table, f, seat, tech, heading, foes)
    for item in k["items"]:
        if item["uses"] is not None:
            moves.append(move("play", _("Play {item}").format(item=item["card"]), (_("Item"),),
                              ngettext("{count} use left; before the technique",
                                       "{count} uses left; before the technique",
                                       item["uses"]).format(count=item["uses"]),
                              name=seat, card=item["card"]))
    moves += wp
    moves.append(move("next", _("Pass this turn")))
    return moves


def _sheet(table: KaveriniTable, seat: str) -> Sheet | None:
    return next((k for k in table.state["kaverit"] if k["name"] == seat), None)
