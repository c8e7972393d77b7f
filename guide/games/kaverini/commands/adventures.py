"""Adventures at the table: `adventure ID` starts one (its currency, starting money, quote
lottery; a replay or a part of a series said, rulebook 1.4, 7.2); `adventure` alone reads the
running one and lists every adventure, done and next (guide.games.kaverini.campaign)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.result import Result
from guide.games.kaverini import params
from guide.games.kaverini.commands.party import add_money
from guide.games.kaverini.registry import command

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable

_, ngettext, pgettext = domain("kaverini").functions()



@command("adventure", "party")
@click.argument("adventure_id", required=False, type=params.ADVENTURE)
def adventure(t: KaveriniTable, adventure_id: str | None) -> Result:
    """Start an adventure: its currency, starting money to every Kaveri, its quote lottery.
    Without ID: the running adventure's intro, scenes and pronunciation guide.

    Example: adventure amsterdam"""
    if adventure_id is None:
        return describe_adventure(t)
    a = t.library.adventures.get(adventure_id.casefold())
    if a is None:
        known = ", ".join(t.library.adventures) or _("none loaded")
        raise CommandError(_("no adventure {adventure_id!r} (known: {known})").format(
            adventure_id=adventure_id, known=known))
    t.state["adventure"] = {"id": a.id, "title": a.title, "currency": a.currency}
    t.state.update({"quotes_told": [], "npcs": [], "shop_wp": [], "lost_companions": []})
    t.state.pop("last_quote", None)
    t.state.pop("scene", None)                 # a new (or replayed) adventure: no scene yet
    rested = []
    for k in t.state["kaverit"]:
        add_money(k, a.starting_money)
        if k["hp"] == 0:                 # after a lost game (R-CONF-11): full HP again
            k["hp"] = k["max_hp"]
            rested.append(k["name"])
    t.tell("adventure", adventure=a.id, title=a.title, rested=rested)
    from guide.games.kaverini.campaign import starting
    from guide.games.kaverini.commands.scenes import paragraphs

    notes = starting(t, a)
    return Result([a.title + (f" ({a.place})" if a.place else ""), "", *paragraphs(a.intro), "",
                   _("Each Kaveri receives {money} {currency}.").format(
                       money=a.starting_money, currency=a.currency)], notes=notes)


def describe_adventure(t: KaveriniTable) -> Result:
    """The whole booklet, wrapped for the terminal (the REPL pages it)."""
    from guide.games.kaverini.campaign import overview
    from guide.games.kaverini.commands.scenes import paragraphs

    a = t.adventure()
    if a is None:
        return Result([_("No adventure is running. Start one with: {command}.").format(
                           command="adventure ID"), "", _("Adventures:"), *overview(t)])
    r = Result([_("{title} ({place}), currency {currency}").format(
        title=a.title, place=a.place, currency=a.currency), "", *paragraphs(a.intro), ""])
    for scene in a.scenes:
        foes = ", ".join(_("{foe} ({xp} XP)").format(foe=f, xp=a.xp_for(f)) for f in scene.foes)
        r.add(f"{scene.name}" + ("  " + _("[setting: {setting}]").format(setting=scene.setting)
                                 if scene.setting else ""))
        if foes:
            r.add("  " + _("foes: {foes}").format(foes=foes))
        r.add(*paragraphs(scene.text, indent="  "), "")
    for shop in a.shops:
        r.add(_("Shop: {shop}: {prices}").format(shop=shop.name, prices=", ".join(
            f"{n} {p} {a.currency}" for n, p in shop.prices.items())))
    if a.pronunciation:
        r.add("", _("Pronunciation:"))
        r.add(*(f"  {w}: {say}" + (f" ({means})" if means else "") for w, say, means in a.pronunciation))
    r.add("", _("Adventures:"), *overview(t))
    return r
