"""Kaverini's table: the core Table with the lookups every Kaverini command needs (a card as
it stands in this campaign, a Kaveri by name, Lv, the running adventure, house rules)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from guide.core.errors import CommandError, GuideError
from guide.core.i18n import domain
from guide.core.names import resolve
from guide.core.table import Table
from guide.games.kaverini.commands.lookup import find_card
from guide.games.kaverini.data.loader import Library
from guide.games.kaverini.data.tables import house_rules
from guide.games.kaverini.model import Adventure, Card
from guide.games.kaverini.rules.leveling import level, party_lv
from guide.games.kaverini.state import SCHEMA, Confrontation, Sheet, State, StrategyGame

_, ngettext, pgettext = domain("kaverini").functions()


class KaveriniTable(Table[State, Library]):
    # --- looking things up ------------------------------------------------------------
    def card(self, name: str, *types: str) -> Card:
        """A card as it stands in this campaign: tweaks applied, flipped if flipped (5.6)."""
        card = find_card(self.library, name, ())
        if card.key in self.state["flipped"]:
            card = card.flipped()
        tweaks = self.state["tweaks"].get(card.key)
        if tweaks:
            card = replace(card, tweaked=tuple(f"{k}={v}" for k, v in tweaks.items()),
                           **{k: v for k, v in tweaks.items()})
        if types and card.type not in types:
            raise CommandError(_("{name!r} is a {type} card, not a {value}").format(
                name=card.name, type=card.type, value=' or '.join(types)))
        return card

    def kaveri(self, name: str) -> Sheet:
        """A Kaveri of the party by name, as people type it (guide.core.names.resolve)."""
        sheets = {k["name"]: k for k in self.state["kaverit"]}
        if not sheets:
            raise CommandError(_("no Kaveri named {name!r} (the party is empty: create one with"
                                 " kaveri)").format(
                name=name))
        try:
            return sheets[resolve(name, sheets, "Kaveri")]
        except GuideError as e:
            raise CommandError(str(e)) from None

    def adventure(self) -> Adventure | None:
        running = self.state["adventure"]
        return self.library.adventures.get(running["id"]) if running else None

    def currency(self) -> str:
        return self.state["adventure"]["currency"] if self.state["adventure"] else ""

    def house(self, rule: str) -> str:
        return self.state["house"].get(rule, house_rules()[rule]["default"])

    def lv(self) -> int:
        """R-SHEET-4: Lv for a card when the GM does not choose (house rule lv_default)."""
        return party_lv(self.state["kaverit"], self.house("lv_default"))

    # --- the table-script JSON --------------------------------------------------------
    def public_state(self) -> dict:
        s = self.state
        return {
            "schema": SCHEMA,
            "game": "kaverini",
            "adventure": ({"id": s["adventure"]["id"], "currency": s["adventure"]["currency"]}
                          if s["adventure"] else None),
            "kaverit": [_public_kaveri(k, s["confrontation"]) for k in s["kaverit"]],
            "companions": list(s["companions"]),
            "buddies": [{"name": b["name"], "hp": b["hp"], "max_hp": b["max_hp"]}
                        for b in s["buddies"]],
            "confrontation": _public_confrontation(s["confrontation"]),
            "quotes_told": list(s["quotes_told"]),
            "strategy": _public_strategy(s.get("strategy"), self.card),
        }


def _public_kaveri(k: Sheet, confrontation: Confrontation | None) -> dict:
    return {
        "name": k["name"], "level": level(k["xp"]), "xp": k["xp"], "hp": k["hp"],
        "max_hp": k["max_hp"], "emotion": k["emotion"], "heart": k["heart"],
        "ability": k["ability"], "points": k["points"], "ladders": dict(k["ladders"]),
        "custom": dict(k["custom"]), "world_points": k["world_points"], "money": k["money"],
        "items": [i["card"] for i in k["items"]],
        "cowering": bool(confrontation) and k["hp"] == 0,
    }


def _public_confrontation(c: Confrontation | None) -> dict | None:
    if not c:
        return None
    return {
        "round": c["round"],
        "foes": [{"name": f["name"], "hp": f["hp"], "max_hp": f["max_hp"]}
                 for f in c["foes"]],
        "stand": [{"name": f["name"], "hp": f["hp"], "max_hp": f["max_hp"]}
                  for f in c.get("stand", [])],
    }


def _public_strategy(g: StrategyGame | None, card: Callable[[str], Card]) -> dict | None:
    from guide.games.kaverini.rules.strategy import characters

    if not g:
        return None
    versus = g["arena"]["versus"] if g["arena"] else None
    c = g["arena"]["confrontation"] if g["arena"] else None
    return {"round": c["round"] if c else (versus["round"] if versus else 0),
            "winner": versus["winner"] if versus else None,
            "players": [{"name": p["name"], "points_left": p["points_left"],
                         "world_points": versus["wp"][k] if versus else p["world_points"],
                         "characters": characters(g, k, card)}
                        for k, p in enumerate(g["players"])]}
