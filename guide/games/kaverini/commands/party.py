"""Party and sheets: kaveri, xp, spend, wp, money, item, bond, companion, buddy, adventure,
exchange (R-SHEET, R-LVL, R-WP-1, rulebook 7.4)."""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.names import resolve
from guide.core.result import Result
from guide.core.text import look_alike, name_problem, unsafe
from guide.games.kaverini import params, spending
from guide.games.kaverini.data.tables import abilities, house_rules, limits
from guide.games.kaverini.guided import ask_sheet
from guide.games.kaverini.registry import command
from guide.games.kaverini.rules.leveling import award_xp, level_event, new_kaveri
from guide.games.kaverini.rules.leveling import spend as spend_points
from guide.games.kaverini.state import HeldItem, Sheet
from guide.games.kaverini.state import buddy as new_buddy
from guide.games.kaverini.state import held_item as held_item_of

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable

_, ngettext, pgettext = domain("kaverini").functions()


@command("kaveri", "party")
@click.argument("name")
@click.option("--ability", default=None, type=params.ABILITY,
              help="One ability (Sensitive, Focused, ...).")
@click.option("--technique", "techniques", multiple=True, type=params.LADDER,
              help="An emotion ladder or custom:NAME; exactly three.")
@click.option("--fact", "facts", multiple=True, help="A fact about the Kaveri (three, free text).")
def kaveri(t: KaveriniTable, name: str, ability: str | None, techniques: tuple[str, ...],
           facts: tuple[str, ...]) -> None:
    """Create a Kaveri: level 1, 20 HP, three techniques, one ability (R-SHEET-1); in a
    terminal, `kaveri NAME` alone asks for the rest, one answer at a time.

    Example: kaveri Ann --ability Focused --technique Cheer --technique Love --technique custom:Hug"""
    a = t.adventure()
    sheet = design(t, name, ability, techniques, facts, [k["name"] for k in t.state["kaverit"]],
                   a.starting_money if a else 0)
    t.state["kaverit"].append(sheet)
    t.tell("kaveri", kaveri=name, ability=sheet["ability"],
           techniques=list(sheet["ladders"]) + list(sheet["custom"]))


def design(t: KaveriniTable, name: str, ability: str | None, techniques: tuple[str, ...],
           facts: tuple[str, ...], taken: list[str], money: int) -> Sheet:
    """A new Kaveri's sheet (R-SHEET-1), for the party or for a Strategy Game (its appendix,
    step 2): the name checked against `taken`; in a terminal the short form asks the rest."""
    check_name(name, taken)
    chosen, told = list(techniques), list(facts)
    if t.ask and (ability is None or len(chosen) < 3):
        # in a terminal, the short form `kaveri NAME` asks for the rest, facts included,
        # each answer checked as it is given
        ability, chosen, told = ask_sheet(t, ability, chosen, told)
    if ability is None:
        raise CommandError(_("kaveri: give --ability (one of {abilities})").format(
            abilities=", ".join(abilities())))
    for text in [ability, *chosen, *told]:
        bad = unsafe(text)
        if bad:
            raise CommandError(_("kaveri: {text!r} holds a control or invisible character ({bad})").format(
                text=text, bad=bad))
    ladders_only = "ladders_at_start" in house_rules() and t.house("ladders_at_start") == "on"
    return new_kaveri(name, ability, chosen, told, money, ladders_only)


def check_name(name: str, taken: list[str]) -> None:
    """A new Kaveri's name: not blank, no control or invisible characters, and neither an
    existing name nor one that looks like it (Ann and Cyrillic Аnn)."""
    problem = name_problem(name)
    if problem:
        raise CommandError(_("kaveri: {problem}").format(problem=problem))
    if name.casefold() == "all":
        raise CommandError(_("kaveri: `all` means the whole party (xp all 1); choose another name"))
    if name.casefold() in (other.casefold() for other in taken):
        raise CommandError(_("there is already a Kaveri named {name!r}").format(name=name))
    similar = look_alike(name, taken)
    if similar:
        raise CommandError(_("{name!r} looks like the name of {similar!r}, already in the party; choose a"
                             " name that reads differently").format(
            name=name, similar=similar))


@command("xp", "party")
@click.argument("name", type=params.KAVERI_OR_ALL)
@click.argument("amount", type=int)
def xp(t: KaveriniTable, name: str, amount: int) -> None:
    """Award experience points (to one Kaveri, or `all`); each level reached banks points to
    spend (R-LVL-1).

    Example: xp all 1"""
    for k in _everyone(t, name):
        reached = award_xp(k, amount)
        t.tell("xp", kaveri=k["name"], amount=amount, xp=k["xp"])
        if reached:
            t.tell("level", **level_event(k, reached))


def _everyone(t: KaveriniTable, name: str) -> list[Sheet]:
    """`all` is the whole party; any other name is that one Kaveri."""
    if name.casefold() != "all":
        return [t.kaveri(name)]
    if not t.state["kaverit"]:
        raise CommandError(_("there is nobody in the party yet (kaveri NAME)"))
    return list(t.state["kaverit"])


@command("spend", "party")
@click.argument("name", type=params.KAVERI)
@click.argument("choices", nargs=-1, type=params.SPEND)
def spend(t: KaveriniTable, name: str, choices: tuple[tuple[str, str], ...]) -> Result:
    """Spend banked points: e=N h=N hp=N new=LADDER LADDER=LEVEL; all or nothing (R-LVL-2,
    R-LVL-3). Without choices: what the points can buy, and the cost of each.

    Example: spend Ann h=1 Cheer=2"""
    k = t.kaveri(name)
    if not choices:
        return spending.choices(k)
    stats: Counter[str] = Counter()           # e, h and hp: what each adds up to
    new, raises = [], {}
    for key, value in choices:
        if key.casefold() == "new":
            new.append(value)
            continue
        try:
            number = int(value)
        except ValueError:
            raise CommandError(_("spend: {key}={value}: {value!r} is not a number").format(
                key=key, value=value)) from None
        if key.casefold() in ("e", "h", "hp"):
            stats[key.casefold()] += number
        else:
            raises[key] = number
    bought = spend_points(k, stats["e"], stats["h"], stats["hp"], new, raises)
    t.tell("spend", kaveri=k["name"], bought=bought, points=k["points"])
    return Result()


@command("wp", "party")
@click.argument("name", type=params.KAVERI_OR_ALL)
@click.argument("amount", type=int)
def wp(t: KaveriniTable, name: str, amount: int) -> None:
    """Give (or, negative, take back) world points (R-WP-1), to one Kaveri or `all`.

    Example: wp all 1"""
    most = limits()["world_points"]
    for k in _everyone(t, name):
        if k["world_points"] + amount < 0:
            raise CommandError(_("{k} has only {world_points} world point(s)").format(
                k=k['name'], world_points=k['world_points']))
        if k["world_points"] + amount > most:
            raise CommandError(_("{k} has {world_points} world point(s); at most {most:,} in all")
                               .format(k=k['name'], world_points=k['world_points'], most=most))
        k["world_points"] += amount
        t.tell("wp", kaveri=k["name"], amount=amount, now=k["world_points"])


@command("money", "party")
@click.argument("name", type=params.KAVERI)
@click.argument("amount", type=int)
def money(t: KaveriniTable, name: str, amount: int) -> None:
    """Add money to a Kaveri (negative to take), in the adventure's currency.

    Example: money Ann -20"""
    k = t.kaveri(name)
    cur = t.currency()
    if k["money"] + amount < 0:
        raise CommandError(_("{name} has only {money} {currency}").format(
            name=k["name"], money=k["money"], currency=cur).rstrip())
    add_money(k, amount)
    t.tell("money", kaveri=k["name"], money=k["money"], currency=cur)


@command("heal", "party")
@click.argument("name", type=params.PARTY_OR_ALL)
@click.argument("amount")
def heal(t: KaveriniTable, name: str, amount: str) -> Result:
    """Heal a Kaveri or buddy (or `all` of them) by AMOUNT HP, or `full` (the GM's call
    between scenes).

    Example: heal all full"""
    if not (amount.casefold() == "full" or _DIGITS.fullmatch(amount)):
        raise CommandError(_("heal: {amount!r} is not a number or full").format(amount=amount))
    conf = t.state["confrontation"]
    healable = t.state["kaverit"] + t.state["buddies"] + (conf["stand"] if conf else [])
    if name.casefold() == "all":
        targets = list(healable)
        if not targets:
            raise CommandError(_("there is nobody in the party yet (kaveri NAME)"))
    else:
        targets = [x for x in healable if x["name"].casefold() == name.casefold()]
        if not targets:         # PARTY_OR_ALL lets only the party's names through
            raise CommandError(_("{name} is a companion: a companion has HP only while taking a stand in a"
                                 " confrontation (R-CONF-10), so there is none to heal").format(
                name=name))
    for target in targets:
        room = target["max_hp"] - target["hp"]
        gained = room if amount.casefold() == "full" else min(int(amount), room)
        if gained or len(targets) == 1:
            target["hp"] += gained
            t.tell("heal", name=target["name"], healed=gained, hp=target["hp"],
                   max_hp=target["max_hp"])
    if len(targets) > 1 and not t.story:
        return Result([_("Everyone is at full HP already.")])
    return Result()


@command("exchange", "party")
@click.argument("currency")
@click.argument("rate", type=float)
def exchange(t: KaveriniTable, currency: str, rate: float) -> None:
    """Convert every Kaveri's money into CURRENCY at RATE (1 old = RATE new), rulebook 7.4.

    Example: exchange GBP 0.85"""
    low, high = limits()["exchange_rate"]["min"], limits()["exchange_rate"]["max"]
    if not low <= rate <= high:
        raise CommandError(_("exchange: the rate must be from {low:g} to {high:g}, not {rate:g}").format(
            low=low, high=high, rate=rate))
    old = t.currency() or "money"
    for k in t.state["kaverit"]:
        k["money"] = within_money(k, int(k["money"] * rate + 0.5))
    if t.state["adventure"]:
        t.state["adventure"]["currency"] = currency
    else:
        t.state["adventure"] = {"id": "", "title": "", "currency": currency}
    t.tell("exchange", old=old, currency=currency, rate=rate,
           kaverit=[{"name": k["name"], "money": k["money"]} for k in t.state["kaverit"]])


_DIGITS = re.compile(r"[0-9]{1,9}")


def add_money(k: Sheet, amount: int) -> None:
    k["money"] = within_money(k, k["money"] + amount)


def within_money(k: Sheet, value: int) -> int:
    """Money stays within what the game can mean (data/limits.yaml)."""
    most = limits()["money"]
    if value > most:
        raise CommandError(_("{k} would have {value:,}; at most {most:,} money in all").format(
            k=k['name'], value=value, most=most))
    return value


@command("item", "party")
@click.argument("name", type=params.KAVERI)
@click.argument("card", nargs=-1, required=True, type=params.cards("item"))
def item(t: KaveriniTable, name: str, card: tuple[str, ...]) -> None:
    """Give an item card to a Kaveri (with its usage count, R-CONF-12).

    Example: item Ann Stroopwafel"""
    k = t.kaveri(name)
    c = t.card(" ".join(card), "item")
    k["items"].append(held_item_of(c.name, c.usage))
    t.tell("item_given", kaveri=k["name"], item=c.name, uses=c.usage)


@command("drop", "party")
@click.argument("name", type=params.KAVERI)
@click.argument("card", nargs=-1, required=True, type=params.HELD)
def drop(t: KaveriniTable, name: str, card: tuple[str, ...]) -> None:
    """Take an item away from a Kaveri (sold, lost, given away).

    Example: drop Ann Stroopwafel"""
    k = t.kaveri(name)
    entry = held_item(k, " ".join(card))
    k["items"].remove(entry)
    t.tell("item_dropped", kaveri=k["name"], item=entry["card"], uses=entry["uses"])


@command("bond", "party")
@click.argument("name", type=params.KAVERI)
@click.argument("card", nargs=-1, required=True, type=params.HELD)
def bond(t: KaveriniTable, name: str, card: tuple[str, ...]) -> None:
    """Bond an item to the Kaveri holding it; only outside confrontations (4.3, R-CONF-12).

    Example: bond Ann Wooden Clogs"""
    _set_bond(t, name, " ".join(card), True)


@command("unbond", "party")
@click.argument("name", type=params.KAVERI)
@click.argument("card", nargs=-1, required=True, type=params.HELD)
def unbond(t: KaveriniTable, name: str, card: tuple[str, ...]) -> None:
    """Unbond an item; only outside confrontations (4.3, R-CONF-12).

    Example: unbond Ann Wooden Clogs"""
    _set_bond(t, name, " ".join(card), False)


def _set_bond(t: KaveriniTable, name: str, card: str, bonded: bool) -> None:
    if t.state["confrontation"]:
        raise CommandError(_("items are bonded or unbonded only outside confrontations (R-CONF-12)"))
    k = t.kaveri(name)
    entry = held_item(k, card)
    if not t.card(entry["card"]).bond:
        raise CommandError(_("{card} has no bond").format(card=entry['card']))
    entry["bonded"] = bonded
    t.tell("item_bonded", kaveri=k["name"], item=entry["card"], bonded=bonded)


def held_item(k: Sheet, card: str) -> HeldItem:
    """An item a Kaveri holds, named as people say it (`Wooden` for Wooden Clogs; the
    first of two alike)."""
    held = [entry["card"] for entry in k["items"]]
    if not held:
        raise CommandError(_("{k} holds no item (item {k} CARD gives one)").format(k=k['name']))
    name = resolve(card, held, pgettext("what", "item of {name}'s").format(name=k["name"]))
    return next(entry for entry in k["items"] if entry["card"] == name)


@command("companion", "party")
@click.argument("card", nargs=-1, required=True, type=params.cards("companion"))
@click.option("--leave", is_flag=True, help="The companion leaves the party instead.")
def companion(t: KaveriniTable, card: tuple[str, ...], leave: bool) -> None:
    """A companion joins the party (or leaves with --leave).

    Example: companion Joop"""
    c = t.card(" ".join(card), "companion")
    party = t.state["companions"]
    _joins_or_leaves(c.name, c.name in party, leave)
    if leave:
        party.remove(c.name)
    elif c.name in t.state["lost_companions"]:
        raise CommandError(_("{name} ran for their life and is gone for this adventure (rulebook"
                             " 6.2)").format(name=c.name))
    else:
        party.append(c.name)
    t.tell("companion", card=c.name, joins=not leave)


@command("buddy", "party")
@click.argument("card", nargs=-1, required=True, type=params.cards("buddy"))
@click.option("--leave", is_flag=True, help="The buddy leaves the party instead.")
def buddy(t: KaveriniTable, card: tuple[str, ...], leave: bool) -> None:
    """A buddy joins the party with full HP (or leaves with --leave), rulebook 4.5.

    Example: buddy Tess"""
    c = t.card(" ".join(card), "buddy")
    buddies = t.state["buddies"]
    present = [b for b in buddies if b["name"] == c.name]
    _joins_or_leaves(c.name, bool(present), leave)
    running = t.state.get("confrontation")
    if leave:
        buddies.remove(present[0])
    elif c.name in t.state.get("lost_buddies", []):
        raise CommandError(_("{name} ran out of HP and left the party for good (R-CONF-8)").format(
            name=c.name))
    elif running and any(out["buddy"]["name"] == c.name for out in running.get("benched", [])):
        raise CommandError(_("{name} is out of HP in this practice bout and back with the party"
                             " when it ends (R-CONF-13)").format(name=c.name))
    else:
        buddies.append(new_buddy(c))
    t.tell("buddy", card=c.name, joins=not leave, hp=c.hp)


def _joins_or_leaves(name: str, present: bool, leave: bool) -> None:
    """A companion or buddy leaving (--leave) must be with the party; one joining, not yet."""
    if leave and not present:
        raise CommandError(_("{name} is not with the party").format(name=name))
    if present and not leave:
        raise CommandError(_("{name} is already with the party").format(name=name))
