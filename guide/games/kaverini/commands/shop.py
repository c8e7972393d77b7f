"""Shops of the adventure booklet: shop, buy (with a world point, R-WP-4), bargain."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError, GuideError
from guide.core.i18n import domain
from guide.core.names import Unknown, resolve, suggest
from guide.core.result import Result
from guide.games.kaverini import params
from guide.games.kaverini.registry import command
from guide.games.kaverini.state import held_item

if TYPE_CHECKING:
    from guide.games.kaverini.model import Adventure, Shop
    from guide.games.kaverini.table import KaveriniTable
_, ngettext, pgettext = domain("kaverini").functions()


def _adventure_with_shops(t: KaveriniTable) -> Adventure:
    """The running adventure, which has shops."""
    a = t.adventure()
    if a is None or not a.shops:
        raise CommandError(_("no adventure with shops is running"))
    return a


def _shop(t: KaveriniTable, name: str | None, item: str | None = None) -> Shop:
    """The shop named (as people type it: guide.core.names.resolve), else the one that sells
    `item`, else the adventure's only shop."""
    a = _adventure_with_shops(t)
    if name:
        chosen = resolve(name, [s.name for s in a.shops], pgettext("what", "shop"))
        return next(s for s in a.shops if s.name == chosen)
    sold = _sold(item, {i for s in a.shops for i in s.prices}) if item else None
    carrying = [s for s in a.shops if sold in s.prices]
    if len(carrying) == 1:
        return carrying[0]
    if len(a.shops) == 1:
        return a.shops[0]
    raise CommandError(_("which shop? {command}").format(command="--shop " + " | ".join(
        repr(s.name) for s in (carrying or a.shops))))


def _sold(item: str, items: set[str]) -> str | None:
    """The item a shop sells, as people type it (`Tulip` for Tulip Bulb: only the shops'
    items count, not every card of the name); None when none is, or several could be."""
    try:
        return resolve(item, sorted(items), pgettext("what", "item"))
    except GuideError:
        return None


@command("shop", "adventure")
@click.argument("name", nargs=-1, type=params.SHOP)
def shop(t: KaveriniTable, name: tuple[str, ...]) -> Result:
    """The adventure's shops and their prices (the cheapest marked, R-WP-4).

    Example: shop Albert Cuyp Market stalls"""
    a = _adventure_with_shops(t)
    shops = [_shop(t, " ".join(name))] if name else list(a.shops)
    r = Result(headers=[_("shop"), _("item"), _("price {currency}").format(currency=a.currency),
                        ""])
    for s in shops:
        low = min(s.prices.values())
        for item, price in s.prices.items():
            r.rows.append([s.name, item, price, _("cheapest") if price == low else ""])
        if s.name in t.state["shop_wp"]:
            r.notes.append(_("A world point was already spent at {shop} this visit.").format(
                shop=s.name))
    return r


@command("buy", "adventure")
@click.argument("name", type=params.KAVERI)
@click.argument("item", nargs=-1, required=True, type=params.SHOP_ITEM)
@click.option("--shop", "shop_name", default=None, type=params.SHOP, help="The shop (when several sell it).")
@click.option("--world-point", "world_point", is_flag=True,
              help="Spend a world point: the cheapest item for free (R-WP-4).")
def buy(t: KaveriniTable, name: str, item: tuple[str, ...], shop_name: str | None,
        world_point: bool) -> None:
    """Buy an item in a shop of the adventure, or take the cheapest free with a world point.

    Example: buy Ann Stroopwafel --shop Albert"""
    k = t.kaveri(name)
    wanted = " ".join(item)
    s = _shop(t, shop_name, wanted)
    try:
        card_name = resolve(wanted, list(s.prices), pgettext("what", "item"))
    except Unknown:
        raise CommandError(_("{name} does not sell {wanted!r}").format(
            name=s.name, wanted=wanted) + suggest(wanted, s.prices)) from None
    price = s.prices[card_name]
    cur = t.currency()
    if world_point:
        low = min(s.prices.values())
        if price != low:
            cheapest = ", ".join(i for i, p in s.prices.items() if p == low)
            raise CommandError(_("a world point buys only the cheapest item ({cheapest}, {low} {cur}),"
                                 " R-WP-4").format(
                cheapest=cheapest, low=low, cur=cur))
        if s.name in t.state["shop_wp"]:
            raise CommandError(_("one world point per visit to {name}: again only after a confrontation or a"
                                 " bargain there (R-WP-4)").format(
                name=s.name))
        if k["world_points"] < 1:
            raise CommandError(_("{k} has no world point to spend").format(k=k['name']))
        k["world_points"] -= 1
        t.state["shop_wp"].append(s.name)
    else:
        if k["money"] < price:
            raise CommandError(_("{card_name} costs {price} {cur}; {k} has {money} {cur}").format(
                card_name=card_name, price=price, cur=cur, k=k['name'], money=k['money']))
        k["money"] -= price
    c = t.card(card_name, "item")
    k["items"].append(held_item(c.name, c.usage))
    t.tell("item_bought", kaveri=k["name"], item=c.name, uses=c.usage, shop=s.name, price=price,
           currency=cur, world_point=world_point)


@command("bargain", "adventure")
@click.argument("name", nargs=-1, required=True, type=params.SHOP)
def bargain(t: KaveriniTable, name: tuple[str, ...]) -> None:
    """A bargain struck at a shop: a world point may be spent there again (R-WP-4).

    Example: bargain Albert Cuyp Market stalls"""
    s = _shop(t, " ".join(name))
    if s.name in t.state["shop_wp"]:
        t.state["shop_wp"].remove(s.name)
    t.tell("bargain", shop=s.name)
