"""Kaverini's table: the core Table with the lookups every Kaverini command needs (a card as
it stands in this campaign, a Kaveri by name, Lv, the running adventure, house rules)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.names import resolve_or_refuse
from guide.core.table import Table
from guide.games.kaverini.cards_text import not_of_type
from guide.games.kaverini.commands.lookup import find_card
from guide.games.kaverini.data.loader import Library
from guide.games.kaverini.data.tables import house_rules
from guide.games.kaverini.model import Adventure, Card
from guide.games.kaverini.rules.bounds import beyond
from guide.games.kaverini.rules.leveling import level, party_lv
from guide.games.kaverini.state import SCHEMA, Confrontation, Sheet, State, StrategyGame

_, ngettext, pgettext = domain("kaverini").functions()


class KaveriniTable(Table[State, Library]):
    def check_bounds(self) -> None:
        """A party, a fight, a Strategy Game no bigger than one table holds (rules/bounds)."""
        refusal = beyond(dict(self.state))
        if refusal is not None:
            raise CommandError(refusal)

    # --- looking things up ------------------------------------------------------------
    def card(self, name: str, *types: str) -> Card:
        """A card as it stands in this campaign: tweaks applied, flipped if flipped (5.6);
        a name as people say it is looked for among the cards of `types` first."""
        card = find_card(self.library, name, types)
        if card.key in self.state["flipped"]:
            card = card.flipped()
        return self._tweaked(card, types)

    def card_text(self, name: str) -> str:
        """A card's text as it stands in this campaign; "" for a card gone from the box (a
        page still shows its name)."""
        try:
            return self.card(name).text or ""
        except Exception:  # noqa: BLE001 - a card gone from the box: its name alone
            return ""

    def first_side(self, name: str, *types: str) -> Card:
        """A card of a Strategy Game collection (R-STRAT-2): on its first side, whatever the
        adventure did to it (flips, 5.6); the campaign's tweaks still apply. A back side's
        own name is refused, naming the card it is the back of."""
        card = find_card(self.library, name, ())
        if card.key not in self.library.cards:                          # a back side
            front = next(c for c in self.library.cards.values()
                         if c.back is not None and c.back.name == card.name)
            raise CommandError(_("{name} is the back of {name2}: a Strategy Game collection has every card"
                                 " on its first side ({name2})").format(
                name=card.name, name2=front.name))
        return self._tweaked(card, types)

    def _tweaked(self, card: Card, types: tuple[str, ...]) -> Card:
        tweaks = self.state["tweaks"].get(card.key)
        if tweaks:
            card = replace(card, tweaked=tuple(f"{k}={v}" for k, v in tweaks.items()),
                           **{k: v for k, v in tweaks.items()})
        if types and card.type not in types:
            raise CommandError(not_of_type(card.name, card.type, " or ".join(types)))
        return card

    def kaveri(self, name: str) -> Sheet:
        """A Kaveri of the party by name, as people type it (guide.core.names.resolve)."""
        sheets = {k["name"]: k for k in self.state["kaverit"]}
        if not sheets:
            raise CommandError(_("no Kaveri named {name!r} (the party is empty: create one with"
                                 " kaveri)").format(
                name=name))
        return sheets[resolve_or_refuse(name, sheets, pgettext("what", "Kaveri"))]

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
        c = s["confrontation"]
        return {
            "schema": SCHEMA,
            "game": "kaverini",
            "adventure": ({"id": s["adventure"]["id"], "currency": s["adventure"]["currency"]}
                          if s["adventure"] else None),
            "kaverit": [_public_kaveri(k, c) for k in s["kaverit"]],
            "companions": list(s["companions"]),
            "buddies": [_hp(b) for b in s["buddies"]],
            "confrontation": None if not c else {
                "round": c["turns"]["round"], "foes": [_hp(f) for f in c["foes"]],
                "stand": [_hp(f) for f in c.get("stand", [])]},
            "quotes_told": list(s["quotes_told"]),
            "strategy": _public_strategy(s.get("strategy"), self.first_side),
        }


def _public_kaveri(k: Sheet, confrontation: Confrontation | None) -> dict:
    """A Kaveri as `guide state` shows it to anyone: in a confrontation its items with Usage
    are kept out (R-CONF-12, rulebook 4.3: secret from the other players at all times)."""
    return {
        "name": k["name"], "level": level(k["xp"]), "xp": k["xp"], "hp": k["hp"],
        "max_hp": k["max_hp"], "emotion": k["emotion"], "heart": k["heart"],
        "ability": k["ability"], "points": k["points"], "ladders": dict(k["ladders"]),
        "custom": dict(k["custom"]), "world_points": k["world_points"], "money": k["money"],
        "items": [i["card"] for i in k["items"] if not (confrontation and i["uses"] is not None)],
        "cowering": bool(confrontation) and k["hp"] == 0,
        **_soak(k),
    }


def _hp(f: Mapping[str, Any]) -> dict:
    """A buddy's, foe's or standing companion's HP (and HP counters, when it has some)."""
    return {"name": f["name"], "hp": f["hp"], "max_hp": f["max_hp"], **_soak(f)}


def _soak(f: Mapping[str, Any]) -> dict:
    """`hp_counters` when HP counters stand ready (R-SHEET-3), absent at 0 as before."""
    n = (f.get("counters") or {}).get("HP", 0)
    return {"hp_counters": n} if n else {}


def _public_strategy(g: StrategyGame | None, card: Callable[[str], Card]) -> dict | None:
    from guide.games.kaverini.rules.strategy import characters

    if not g:
        return None
    versus = g["arena"]["versus"] if g["arena"] else None
    c = g["arena"]["confrontation"] if g["arena"] else None
    return {"round": c["turns"]["round"] if c else (versus["round"] if versus else 0),
            "winner": versus["winner"] if versus else None,
            "players": [{"name": p["name"], "points_left": p["points_left"],
                         "world_points": versus["wp"][k] if versus else p["world_points"],
                         "characters": characters(g, k, card)}
                        for k, p in enumerate(g["players"])]}
