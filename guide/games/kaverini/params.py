"""What the arguments of Kaverini's commands are: each type (guide.core.params) says what it
completes to from the table's state, with a short description, and converts a typed name to
the name as the state writes it, through the core's one resolver."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import click

from guide.core.errors import GuideError
from guide.core.i18n import domain
from guide.core.names import resolve
from guide.core.params import Faces, KeyValue, Named, TableType
from guide.core.players import named, names
from guide.games.kaverini.cards_text import card_of
from guide.games.kaverini.data.tables import abilities, house_rule_text, house_rules, ladders
from guide.games.kaverini.model import CARD_TYPES

_, ngettext, pgettext = domain("kaverini").functions()

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable


def _state(t: KaveriniTable | None) -> Mapping[str, Any]:
    return t.state if t is not None else {"kaverit": [], "buddies": [], "confrontation": None}


def _field(t: KaveriniTable | None) -> Mapping[str, Any]:
    """Where the fighters stand: a Strategy Game's running battle (its own Kaverit, buddies
    and confrontation, R-STRAT-3), else the campaign's party and confrontation."""
    if t is None:
        return _state(t)
    from guide.games.kaverini.commands.confront import ground

    return ground(t)


def _kaverit(t: KaveriniTable | None, words: list[str]) -> list[str]:
    """The Kaverit where the fighters stand: the party, or a battle's (designed ones too)."""
    return [k["name"] for k in _field(t)["kaverit"]]


def _stand(s: Mapping[str, Any]) -> list[str]:
    """The buddies, and in a confrontation whoever takes a stand (R-CONF-10)."""
    conf = s["confrontation"]
    return [b["name"] for b in s["buddies"]] + ([x["name"] for x in conf["stand"]] if conf else [])


def _actors(t: KaveriniTable | None, words: list[str]) -> list[str]:
    """The Kaverit where the fighters stand (_kaverit), the buddies and the stand."""
    return _kaverit(t, words) + _stand(_field(t))


def _party(t: KaveriniTable | None, words: list[str]) -> list[str]:
    """The campaign's party, whatever battle runs (heal, drop: the sheets kept)."""
    return names(t, words) + _stand(_state(t)) + list(_state(t).get("companions", []))


def _foes(t: KaveriniTable | None, words: list[str]) -> list[str]:
    conf = _field(t)["confrontation"]
    return [f["name"] for f in conf["foes"] if f["hp"] > 0] if conf else []


def _standing(t: KaveriniTable | None, words: list[str]) -> list[str]:
    """The Kaverit not cowering (R-CONF-5), the buddies and the stand, in a fight."""
    s = _field(t)
    if not s["confrontation"]:
        return []
    return [k["name"] for k in s["kaverit"] if k["hp"] > 0] + _stand(s)


def _targets(t: KaveriniTable | None, words: list[str]) -> list[str]:
    """What `foe NAME ... --on` can target: the party standing; in the Strategy Game the
    foe's adversaries, any opponent's character (R-STRAT-3)."""
    if "versus" in _field(t):
        return _enemies_of_actor(t, words)
    return _standing(t, words)


def _fighters(t: KaveriniTable | None, words: list[str]) -> list[str]:
    return _standing(t, words) + _foes(t, words)


def _enemies_of_actor(t: KaveriniTable | None, words: list[str]) -> list[str]:
    """What `use NAME ... --on` can target: the actor's adversaries still standing (the foes
    in an adventure, the other players' characters in the Strategy Game); with no actor
    named, every fighter a battle's actor may target."""
    if t is None or len(words) < 2:
        return _fighters(t, words) if "versus" in _field(t) else _foes(t, words)
    from guide.games.kaverini.commands.confront import arena, fight

    if arena(t) is None:
        return []
    f = fight(t, quiet=True)
    try:
        actor = f.get(words[1])
    except GuideError:
        return _fighters(t, words)
    return [x.name for x in f.fighters() if x.data["hp"] > 0 and f.enemy(actor, x)]


def _named(typed: str, names: list[str]) -> str:
    """The name a typed word stands for (guide.core.names.resolve), or the word itself."""
    try:
        return resolve(typed, names)
    except GuideError:
        return typed


def _techniques(t: KaveriniTable | None, words: list[str]) -> list[str]:
    """The techniques of the actor named before (words[1]), else every ladder."""
    s = _field(t)
    actor = _named(words[1], _actors(t, words)).casefold() if len(words) > 1 else ""
    for k in s["kaverit"]:
        if k["name"].casefold() == actor:
            return list(k["ladders"]) + list(k["custom"])
    for b in s["buddies"]:
        if b["name"].casefold() == actor and t is not None:
            return [tech.name for tech in t.card(b.get("card", b["name"])).techniques]
    return _ladder_names()


def _foe_techniques(t: KaveriniTable | None, words: list[str]) -> list[str]:
    conf = _field(t)["confrontation"]
    if conf and len(words) > 1 and t is not None:
        typed = _named(words[1], _foes(t, words)).casefold()
        for f in conf["foes"]:
            if f["name"].casefold() == typed:
                return [tech.name for tech in t.card(f["card"]).techniques]
    return []


def _held(t: KaveriniTable | None, words: list[str]) -> list[str]:
    for k in _field(t)["kaverit"]:
        if len(words) > 1 and k["name"].casefold() == words[1].casefold():
            return [i["card"] for i in k["items"]]
    return []


def cards(*types: str, double: bool = False, token: bool = False) -> Named:
    """A card of these types (all types when none), by name."""

    def names(t: KaveriniTable | None, words: list[str]) -> Iterable[str]:
        if t is None:
            return []
        return [c.name for c in t.library.cards.values()
                if (not types or c.type in types) and (not double or c.back is not None)
                and (not token or c.token)]

    def describe(t: KaveriniTable, name: str) -> str:
        card = t.library.card(name)
        return "" if card is None else card.type + (f", {card.hp} HP" if card.hp else "")

    return Named(lambda: card_of(types), names, describe=describe, convert=False)


def _shops(t: KaveriniTable | None, words: list[str]) -> list[str]:
    a = t.adventure() if t is not None else None
    return [shop.name for shop in a.shops] if a else []


def _shop_items(t: KaveriniTable | None, words: list[str]) -> list[str]:
    """What `buy` can take: the items the shops sell (the one `--shop` names, when it names
    one), and with `--world-point` only each shop's cheapest (R-WP-4)."""
    a = t.adventure() if t is not None else None
    if a is None:
        return []
    shops = list(a.shops)
    typed = _option_value(words, "--shop")
    if typed:
        named = _named(typed, [shop.name for shop in shops])
        shops = [shop for shop in shops if shop.name == named] or shops
    cheapest = "--world-point" in words
    return list(dict.fromkeys(item for shop in shops for item, price in shop.prices.items()
                              if not cheapest or price == min(shop.prices.values())))


def _shop_price(t: KaveriniTable, item: str) -> str:
    """Beside an item Tab offers for `buy`: its price and where (`3 EUR, Albert Cuyp ...`)."""
    a = t.adventure()
    return "; ".join(f"{shop.prices[item]} {a.currency}, {shop.name}" for shop in a.shops
                     if item in shop.prices) if a else ""


def _option_value(words: list[str], option: str) -> str | None:
    """The value typed for `option` (`--shop Albert`, `--shop=Albert`), or None."""
    for i, word in enumerate(words):
        if word == option and i + 1 < len(words):
            return words[i + 1]
        if word.startswith(option + "="):
            return word[len(option) + 1:]
    return None


def _players(t: KaveriniTable | None, words: list[str]) -> list[str]:
    game = _state(t).get("strategy")
    return [p["name"] for p in game["players"]] if game else []


def _ladder_names(*_ignored: object) -> list[str]:
    return [lad.name for lad in ladders().values()]


def _technique_schmerz(t: KaveriniTable | None, name: str) -> str:
    lad = ladders().get(name.casefold())
    return f"{lad.effect}: {lad.text}"[:60] if lad else ""


class SceneNumber(TableType):
    """A scene of the running adventure by its number, read as click's integer (its name and
    refusals unchanged); Tab offers each number with the scene's name beside it (1 Bells and
    Bicycles), the booklet's headings, where the bare numbers told a new Tour Guide nothing."""

    name = click.INT.name

    def choices(self, table: Any, words: list[str]) -> Iterable[str]:
        a = table.adventure() if table is not None else None
        return [str(n) for n in range(1, len(a.scenes) + 1)] if a else []

    def describe(self, table: Any, choice: str) -> str:
        a = table.adventure() if table is not None else None
        if a is None or not choice.isdigit() or not 1 <= int(choice) <= len(a.scenes):
            return ""
        name = a.scenes[int(choice) - 1].name
        return name.removeprefix(f"{choice}.").strip()     # "1. Bells and Bicycles" numbered

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return click.INT.convert(value, param, ctx)


KAVERI = named(lambda: pgettext("what", "Kaveri"))
# or one designed for the game
STRATEGY_KAVERI = named(lambda: pgettext("what", "Kaveri"), convert=False)
# a Kaveri where the fighters stand: a Strategy Game's battle has its own (R-STRAT-3)
FIELD_KAVERI = Named(lambda: pgettext("what", "Kaveri"), _kaverit)
KAVERI_OR_ALL = Named(lambda: pgettext("what", "Kaveri"), lambda t, w: [*names(t, w), "all"])
PARTY_OR_ALL = Named(lambda: pgettext("what", "Kaveri, buddy or companion (or all)"),
                     lambda t, w: [*_party(t, w), "all"])
ACTOR = Named(lambda: pgettext("what", "Kaveri, buddy or companion taking a stand"), _actors, convert=False)
FOE = Named(lambda: pgettext("what", "foe"), _foes, convert=False)
# --on's value runs over the words of a name typed unquoted (--on Captain Van der Decken)
TARGET = Named(lambda: pgettext("what", "target"), _targets, multiword=True, convert=False)
FIGHTER = Named(lambda: pgettext("what", "fighter"), _fighters, multiword=True, convert=False)
ADVERSARY = Named(lambda: pgettext("what", "target"), _enemies_of_actor, multiword=True,
                  convert=False)
TECHNIQUE = Named(lambda: pgettext("what", "technique"), _techniques, multiword=True, convert=False,
                  describe=_technique_schmerz)
LADDER = Named(lambda: pgettext("what", "technique"), _ladder_names, multiword=True,
               convert=False, describe=_technique_schmerz)
FOE_TECHNIQUE = Named(lambda: pgettext("what", "technique"), _foe_techniques, convert=False)
HELD = Named(lambda: pgettext("what", "item"), _held, convert=False)
ABILITY = Named(lambda: pgettext("what", "ability"), lambda t, w: list(abilities()),
                describe=lambda t, name: abilities().get(name, ""))
ADVENTURE = Named(lambda: pgettext("what", "adventure"),
                  lambda t, w: list(t.library.adventures) if t is not None else [], convert=False)
HOUSE = Named(lambda: pgettext("what", "house rule"), lambda t, w: list(house_rules()),
              describe=lambda t, name: house_rule_text(name) if name in house_rules() else "")
SHOP = Named(lambda: pgettext("what", "shop"), _shops, convert=False)
# `buy`'s item: among what the shops sell (buy resolves it there); `shop` lists them with prices
SHOP_ITEM = Named(lambda: pgettext("what", "item"), _shop_items, describe=_shop_price,
                  convert=False, listed_by="shop")
NPC = Named(lambda: pgettext("what", "friendly character"),
            lambda t, w: list(_state(t).get("npcs", [])), convert=False)
PLAYER = Named(lambda: pgettext("what", "player"), _players, convert=False)
CARD_TYPE = Named(lambda: pgettext("what", "card type"), lambda t, w: list(CARD_TYPES))
SPEND = KeyValue(lambda t, w: ["e", "h", "hp", "new"] + _ladder_names(), value=str,
                 metavar="CHOICE=N")
TWEAK = KeyValue(["hp", "emotion", "heart", "expense", "usage", "shield", "heel"],
                 value=str, metavar="STAT=VALUE", bare=("reset",))
SHARES = KeyValue(lambda t, w: [s["name"] for s in (_state(t)["confrontation"] or {}).get(
    "stand", [])], metavar="NAME=HP")
SPLIT = KeyValue(_fighters, metavar="NAME=N")
FACES = Faces()
SCENE = SceneNumber()
