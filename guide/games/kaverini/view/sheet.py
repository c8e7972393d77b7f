"""A Kaveri's sheet as its seat's page shows it, every number from the engine itself
(rules/): E and H as the engine adds them (R-DMG-2, R-DMG-4: counters, bonded items' static
effects, the cards present, running effects), each technique's Schmerz with E (R-DMG-1,
R-DMG-2) and the chance of its special effect (R-FX-1..3), running effects with the turns
they have left, and what the banked points buy (R-LVL-2, R-LVL-3). The page only draws it.

Outside a confrontation the engine looks at the party on a copy of the state with an empty
field (nothing is changed, no die is drawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from guide.core.i18n import N_, domain
from guide.core.state import copied
from guide.games.kaverini.data.tables import abilities, ladders
from guide.games.kaverini.rules import effects as fx
from guide.games.kaverini.rules.leveling import MAX_LADDER, ladder_cost, level
from guide.games.kaverini.rules.schmerz import MULTIPLIERS, amount, doublings, matches
from guide.games.kaverini.state import confrontation

_, ngettext, pgettext = domain("kaverini").functions()

if TYPE_CHECKING:
    from guide.games.kaverini.rules.confrontation import Fight
    from guide.games.kaverini.state import Confrontation, Effect, Sheet
    from guide.games.kaverini.table import KaveriniTable

STAT = {"E": "emotion", "H": "heart"}


def look(table: KaveriniTable) -> Fight:
    """A quiet engine on the campaign's own running confrontation, else on a copy of the
    state with an empty field (the Strategy Game's battle has seats of its own: none)."""
    from guide.games.kaverini.commands.confront import fight

    if table.state["confrontation"]:
        return fight(table, quiet=True)
    state = copied(table.state)
    state["confrontation"] = confrontation([], [k["name"] for k in state["kaverit"]], [], [])
    return fight(table, state=state, quiet=True)


def turns_left(c: Confrontation, e: Effect) -> int | None:
    """How many of its owner's turns a running effect still lasts, this one included (the
    engine stores where it ends, R-FX-4: rules/effects.py); None: until something ends it."""
    if "ends" not in e:
        return None
    acted = e.get("owner") in c["turns"]["acted"]
    return max(0, e["ends"] - c["turns"]["round"] + (0 if acted else 1))


WHAT = {"glad": N_("glad: takes Lv Schmerz every round"), "love": N_("a foe's technique does nothing"),
        "intimidate": N_("intimidated"), "nervous": N_("nervous: a boost after the skipped turn"),
        "frustration": N_("frustrated: E grows each turn"), "skip": N_("skips a turn")}


def _what(e: Effect) -> str:
    """What a running effect does, in a few words (R-FX-4)."""
    if e["kind"] in ("e", "h", "boost"):          # a boost says the stat it went to
        stat = e.get("stat", "") if e["kind"] == "boost" else e["kind"]
        return f"{stat.upper()} {e.get('amount', 0):+d}"
    return _(WHAT[e["kind"]]) if e["kind"] in WHAT else e["kind"]


def effect_line(e: dict[str, Any]) -> str:
    """A running effect as the pages show it: on whom, what, why, and the turns left."""
    line = f"{e['on']}: {e['what']} ({e['why']})"
    if e["turns_left"] is None:
        return line
    return line + " · " + ngettext("{count} turn left", "{count} turns left",
                                   e["turns_left"]).format(count=e["turns_left"])


def effects_of(c: Confrontation | None, name: str | None = None) -> list[dict[str, Any]]:
    """The running effects (on `name`, or all): on whom, what, and for how long."""
    if not c:
        return []
    out = []
    for e in c["effects"]:
        if name is None or e["on"] == name:
            entry: dict[str, Any] = {"on": e["on"], "why": e.get("why", e["kind"]),
                                     "kind": e["kind"], "what": _what(e),
                                     "turns_left": turns_left(c, e)}
            if e["kind"] == "skip" and "round" in e:
                entry["round"] = e["round"]
            entry["said"] = effect_line(entry)
            out.append(entry)
    return out


def _stat(f: Any, k: Sheet, field: Any, stat: str) -> dict[str, Any]:
    """E or H: the sheet's, then each part the engine adds, and the total it uses."""
    total = (fx.effective_emotion if stat == "E" else fx.effective_heart)(field, f)
    base = k["emotion"] if stat == "E" else k["heart"]
    parts: list[list[Any]] = []
    if f.counters[stat]:
        parts.append([_("counters"), f.counters[stat]])
    mine = {i["card"] for i in k["items"]}
    for d in field.declared("static"):
        if (d.effect.do == STAT[stat] and d.source in mine and d.holder is f
                and f in field.declared_targets(d)):
            value = d.effect.amount.value(field.lv_for(d.owner))
            parts.append([_("{card} (bonded)").format(card=d.source) if d.bonded is f
                          else d.source, value])
    rest = total - base - sum(value for _part, value in parts)     # counters and items
    if rest:
        parts.append([_("cards and effects in play"), rest])
    return {"base": base, "total": total, "parts": parts}


def chance(field: Any, f: Any, ladder: str | None, lv: int) -> dict[str, Any] | None:
    """The chance of a technique's special effect this turn (R-FX-1..3), as the engine
    decides it: level 10 or a Passionate first use always, R-FX-2 never twice running, else
    a d20 of 21 - 2L or more."""
    if ladder is None:
        return None
    if field.running and f.name in [x.name for x in field.fighters()]:
        if field._triggered_last_turn(f, ladder):
            return {"percent": 0, "why": _("it triggered last turn (R-FX-2)")}
        used = field.c["passionate"].get(f.name, [])
    else:
        used = []
    if lv >= 10:
        return {"percent": 100, "why": _("level 10 (R-FX-1)")}
    if f.has("Passionate") and ladder not in used:
        return {"percent": 100, "why": _("Passionate, first use (R-FX-3)")}
    need = fx.trigger_threshold(lv)
    faces = max(0, min(20, 21 - need))
    return {"percent": faces * 5, "why": _("d20 of {need} or more (R-FX-1)").format(need=need)}


def techniques(field: Any, f: Any, k: Sheet, psychic: bool) -> list[dict[str, Any]]:
    """Each technique: its name, ladder and level, the Schmerz it deals with E before the
    target's side (R-DMG-1..3, the user's own Sensitive or Insensitive counted), on each
    standing foe when the foes' secrets are open (R-CONF-3), and its effect's chance."""
    e = fx.effective_emotion(field, f)
    own = doublings(False, False, f.has("Sensitive"), f.has("Insensitive"))
    foes = [x for x in field.fighters() if x.kind == "foe" and x.hp > 0] if field.running else []
    out = []
    for name in [*k["ladders"], *k["custom"]]:
        move = field._move(f, name if name in k["ladders"] else "custom:" + name)
        entry: dict[str, Any] = {
            "name": name, "technique": move.name, "ladder": move.ladder, "level": move.level,
            "base": move.base, "emotion": e, "mult": MULTIPLIERS[own],
            "schmerz": amount(move.base, e, own, 0),
            "effect": chance(field, f, move.ladder, move.level),
            "effect_text": ladders()[move.ladder.casefold()].text if move.ladder else None}
        if psychic:
            entry["on"] = {x.name: _on(field, f, x, move, e) for x in foes}
        out.append(entry)
    return out


def _on(field: Any, f: Any, foe: Any, move: Any, e: int) -> int | str:
    """R-DMG-2..4 on one foe, its Shield and Heel open (R-CONF-3); "GM" when the table
    decides whether a free-text Shield or Heel applies (R-DMG-7)."""
    card = foe.card
    heel = matches(card.heel, move.emotion, f.subtypes) if card else False
    shield = matches(card.shield, move.emotion, f.subtypes) if card else False
    if heel is None or shield is None:
        return _("GM")
    twos = doublings(heel, shield, f.has("Sensitive"), f.has("Insensitive"),
                     foe.has("Sensitive"), foe.has("Insensitive"))
    return amount(move.base, e, twos, fx.effective_heart(field, foe))


def sheet(table: KaveriniTable, k: Sheet, psychic: bool) -> dict[str, Any]:
    """Everything the seat's own page shows of its Kaveri."""
    field = look(table)
    f = field.named(k["name"])
    c = table.state["confrontation"]
    return {
        "name": k["name"], "level": level(k["xp"]), "xp": k["xp"],
        "hp": k["hp"], "max_hp": k["max_hp"], "emotion": k["emotion"], "heart": k["heart"],
        "E": _stat(f, k, field, "E"), "H": _stat(f, k, field, "H"),
        "counters": dict(k["counters"]),
        "ability": {"name": k["ability"], "text": abilities().get(k["ability"], "")},
        "techniques": techniques(field, f, k, psychic),
        "effects": effects_of(c, k["name"]),
        "facts": list(k.get("facts", [])),
        "world_points": k["world_points"], "money": k["money"],
        "items": [{"card": i["card"], "uses_left": i["uses"], "bonded": i["bonded"],
                   "text": table.card_text(i["card"])} for i in k["items"]],
        "points": k["points"], "can_buy": can_buy(k),
        "world_point_buys": world_point_buys(k, bool(c)),
    }


def can_buy(k: Sheet) -> list[str]:
    """What the banked points can buy now (R-LVL-2, R-LVL-3), as `spend` would take it."""
    points = k["points"]
    if points < 1:
        return []
    out = [_costs(buy, 1) for buy in ("hp=1", "h=1", "new=" + pgettext("metavar", "LADDER"))]
    if k["e_allowance"] > 0:
        out.insert(0, _("{buy} (1 point; {count} more on E allowed)").format(
            buy="e=1", count=k["e_allowance"]))
    for name, lv in {**k["ladders"], **k["custom"]}.items():
        if lv < MAX_LADDER and ladder_cost(lv, lv + 1) <= points:
            out.append(_costs(f"{name}={lv + 1}", ladder_cost(lv, lv + 1)))
    return out


def _costs(buy: str, points: int) -> str:
    """What `spend` takes (`hp=1`, `Cheer=3`), and what it costs."""
    return ngettext("{buy} ({count} point)", "{buy} ({count} points)", points).format(
        buy=buy, count=points)


def world_point_buys(k: Sheet, fighting: bool) -> list[str]:
    """What a world point buys (R-WP-2..4), when the Kaveri has one."""
    if not k["world_points"]:
        return []
    out = [_("an emotional technique on every foe this turn (R-WP-2)"),
           _("this turn's special effect, whatever the die says (R-WP-3)")]
    if not fighting:
        out.append(_("at a shop, its cheapest item (R-WP-4)"))
    return out

