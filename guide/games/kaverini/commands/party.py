"""Party and sheets: kaveri, xp, spend, wp, money, item, bond, companion, buddy, adventure,
exchange (R-SHEET, R-LVL, R-WP-1, rulebook 7.4)."""

from __future__ import annotations

import click

from guide.core.errors import CommandError
from guide.core.result import Result
from guide.games.kaverini import params
from guide.games.kaverini.data.tables import abilities, ladders
from guide.games.kaverini.registry import command
from guide.games.kaverini.rules.leveling import award_xp, new_kaveri
from guide.games.kaverini.rules.leveling import spend as spend_points


@command("kaveri", "party", changes=True)
@click.argument("name")
@click.option("--ability", default=None, type=params.ABILITY,
              help="One ability (Sensitive, Focused, ...).")
@click.option("--technique", "techniques", multiple=True, type=params.LADDER,
              help="An emotion ladder or custom:NAME; exactly three.")
@click.option("--fact", "facts", multiple=True, help="A fact about the Kaveri (three, free text).")
def kaveri(t, name: str, ability: str | None, techniques: tuple[str, ...], facts: tuple[str, ...]):
    """Create a Kaveri: level 1, 20 HP, three techniques, one ability (R-SHEET-1)."""
    if any(k["name"].casefold() == name.casefold() for k in t.state["kaverit"]):
        raise CommandError(f"there is already a Kaveri named {name!r}")
    techniques, facts = list(techniques), list(facts)
    if t.ask and (ability is None or len(techniques) < 3):
        # in a terminal, the short form `kaveri NAME` asks for the rest, facts included
        if ability is None:
            ability = t.ask("Ability", list(abilities()))
        while len(techniques) < 3:
            techniques.append(t.ask(f"Technique {len(techniques) + 1} of 3 (a ladder, or"
                                    " custom:NAME)", [lad.name for lad in ladders().values()]))
        while len(facts) < 3:
            facts.append(t.ask(f"Fact {len(facts) + 1} of 3 (free text, Enter to skip)", []))
        facts = [f for f in facts if f.strip()]
    if ability is None:
        raise CommandError("kaveri: give --ability (one of " + ", ".join(abilities()) + ")")
    adventure = t.state["adventure"]
    sheet = new_kaveri(name, ability, techniques, facts,
                       t.adventure().starting_money if adventure and t.adventure() else 0)
    t.state["kaverit"].append(sheet)
    t.tell("kaveri", text=f"{name} is ready: level 1, 20 HP, {sheet['ability']},"
                          f" techniques {', '.join(list(sheet['ladders']) + list(sheet['custom']))}.",
           kaveri=name)
    return Result()


@command("xp", "party", changes=True)
@click.argument("name", type=params.KAVERI)
@click.argument("amount", type=int)
def xp(t, name: str, amount: int):
    """Award experience points; each level reached banks points to spend (R-LVL-1)."""
    k = t.kaveri(name)
    give_xp(t, k, amount)
    return Result()


def give_xp(t, k: dict, amount: int) -> None:
    reached = award_xp(k, amount)
    t.tell("xp", text=f"{k['name']} gains {amount} XP ({k['xp']} XP).", kaveri=k["name"],
           amount=amount)
    for lv in reached:
        t.tell("level", text=f"{k['name']} reaches level {lv}!", kaveri=k["name"], level=lv)
    if reached:
        t.tell("points", text=f"{k['name']} has {k['points']} point(s) to spend"
                              f" (spend {k['name']} ...).", kaveri=k["name"], points=k["points"])




@command("spend", "party", changes=True)
@click.argument("name", type=params.KAVERI)
@click.argument("choices", nargs=-1, required=True, type=params.SPEND)
def spend(t, name: str, choices: tuple[tuple[str, str], ...]):
    """Spend banked points: e=N h=N hp=N new=LADDER LADDER=LEVEL; all or nothing (R-LVL-2, R-LVL-3)."""
    k = t.kaveri(name)
    e = h = hp = 0
    new, raises = [], {}
    for key, value in choices:
        if key.casefold() == "new":
            new.append(value)
            continue
        try:
            number = int(value)
        except ValueError:
            raise CommandError(f"spend: {key}={value}: {value!r} is not a number") from None
        if key.casefold() == "e":
            e += number
        elif key.casefold() == "h":
            h += number
        elif key.casefold() == "hp":
            hp += number
        else:
            raises[key] = number
    bought = spend_points(k, e, h, hp, new, raises)
    text = f"{k['name']} spends points: {'; '.join(bought)}. {k['points']} point(s) left."
    t.tell("spend", text=text, kaveri=k["name"])
    return Result()


@command("wp", "party", changes=True)
@click.argument("name", type=params.KAVERI)
@click.argument("amount", type=int)
def wp(t, name: str, amount: int):
    """Give (or, negative, take back) world points (R-WP-1)."""
    k = t.kaveri(name)
    if k["world_points"] + amount < 0:
        raise CommandError(f"{k['name']} has only {k['world_points']} world point(s)")
    k["world_points"] += amount
    text = f"{k['name']} {'gets' if amount >= 0 else 'gives back'} {abs(amount)} world point(s)" \
           f" ({k['world_points']} now)."
    t.tell("wp", text=text, kaveri=k["name"])
    return Result()


@command("money", "party", changes=True)
@click.argument("name", type=params.KAVERI)
@click.argument("amount", type=int)
def money(t, name: str, amount: int):
    """Add money to a Kaveri (negative to take), in the adventure's currency."""
    k = t.kaveri(name)
    cur = t.currency()
    if k["money"] + amount < 0:
        raise CommandError(f"{k['name']} has only {k['money']} {cur}".rstrip())
    k["money"] += amount
    text = f"{k['name']} now has {k['money']} {cur}".rstrip() + "."
    t.tell("money", text=text, kaveri=k["name"])
    return Result()


@command("heal", "party", changes=True)
@click.argument("name", type=params.PARTY)
@click.argument("amount")
def heal(t, name: str, amount: str):
    """Heal a Kaveri or buddy by AMOUNT HP, or `full` (the GM's call between scenes)."""
    target = None
    for x in t.state["kaverit"] + t.state["buddies"]:
        if x["name"].casefold() == name.casefold():
            target = x
    if target is None:
        t.kaveri(name)  # the usual error with a suggestion
    if amount.casefold() == "full":
        gained = target["max_hp"] - target["hp"]
    elif amount.isdigit():
        gained = min(int(amount), target["max_hp"] - target["hp"])
    else:
        raise CommandError(f"heal: {amount!r} is not a number or full")
    target["hp"] += gained
    text = f"{target['name']} heals {gained} HP ({target['hp']}/{target['max_hp']})."
    t.tell("heal", text=text)
    return Result()


@command("exchange", "party", changes=True)
@click.argument("currency")
@click.argument("rate", type=float)
def exchange(t, currency: str, rate: float):
    """Convert every Kaveri's money into CURRENCY at RATE (1 old = RATE new), rulebook 7.4."""
    if rate <= 0:
        raise CommandError("exchange: the rate must be above 0")
    old = t.currency() or "money"
    for k in t.state["kaverit"]:
        k["money"] = int(k["money"] * rate + 0.5)
    if t.state["adventure"]:
        t.state["adventure"]["currency"] = currency
    else:
        t.state["adventure"] = {"id": "", "title": "", "currency": currency}
    text = f"Exchanged {old} to {currency} at {rate:g}: " + ", ".join(
        f"{k['name']} {k['money']} {currency}" for k in t.state["kaverit"])
    t.tell("money", text=text)
    return Result()


@command("item", "party", changes=True)
@click.argument("name", type=params.KAVERI)
@click.argument("card", nargs=-1, required=True, type=params.cards("item"))
def item(t, name: str, card: tuple[str, ...]):
    """Give an item card to a Kaveri (with its usage count, R-CONF-12)."""
    k = t.kaveri(name)
    c = t.card(" ".join(card), "item")
    k["items"].append({"card": c.name, "uses": c.usage, "bonded": False})
    text = f"{k['name']} gets {c.name}" + (f" ({c.usage} use(s))." if c.usage else ".")
    t.tell("item", text=text, kaveri=k["name"])
    return Result()


@command("drop", "party", changes=True)
@click.argument("name", type=params.KAVERI)
@click.argument("card", nargs=-1, required=True, type=params.HELD)
def drop(t, name: str, card: tuple[str, ...]):
    """Take an item away from a Kaveri (sold, lost, given away)."""
    k = t.kaveri(name)
    entry = held_item(k, " ".join(card))
    k["items"].remove(entry)
    text = f"{k['name']} no longer has {entry['card']}."
    t.tell("item", text=text, kaveri=k["name"])
    return Result()


@command("bond", "party", changes=True)
@click.argument("name", type=params.KAVERI)
@click.argument("card", nargs=-1, required=True, type=params.HELD)
def bond(t, name: str, card: tuple[str, ...]):
    """Bond an item to the Kaveri holding it; only outside confrontations (4.3, R-CONF-12)."""
    _set_bond(t, name, " ".join(card), True)
    return Result()


@command("unbond", "party", changes=True)
@click.argument("name", type=params.KAVERI)
@click.argument("card", nargs=-1, required=True, type=params.HELD)
def unbond(t, name: str, card: tuple[str, ...]):
    """Unbond an item; only outside confrontations (4.3, R-CONF-12)."""
    _set_bond(t, name, " ".join(card), False)
    return Result()


def _set_bond(t, name: str, card: str, bonded: bool) -> None:
    if t.state["confrontation"]:
        raise CommandError("items are bonded or unbonded only outside confrontations (R-CONF-12)")
    k = t.kaveri(name)
    entry = held_item(k, card)
    if not t.card(entry["card"]).bond:
        raise CommandError(f"{entry['card']} has no bond")
    entry["bonded"] = bonded
    text = f"{entry['card']} is {'bonded to' if bonded else 'unbonded from'} {k['name']}."
    t.tell("item", text=text, kaveri=k["name"])


def held_item(k: dict, card: str) -> dict:
    for entry in k["items"]:
        if entry["card"].casefold() == card.casefold():
            return entry
    raise CommandError(f"{k['name']} has no {card!r}")


@command("companion", "party", changes=True)
@click.argument("card", nargs=-1, required=True, type=params.cards("companion"))
@click.option("--leave", is_flag=True, help="The companion leaves the party instead.")
def companion(t, card: tuple[str, ...], leave: bool):
    """A companion joins the party (or leaves with --leave)."""
    c = t.card(" ".join(card), "companion")
    party = t.state["companions"]
    if leave:
        if c.name not in party:
            raise CommandError(f"{c.name} is not with the party")
        party.remove(c.name)
        text = f"{c.name} leaves the party."
    else:
        if c.name in party:
            raise CommandError(f"{c.name} is already with the party")
        if c.name in t.state["lost_companions"]:
            raise CommandError(f"{c.name} ran for their life and is gone for this adventure"
                               " (rulebook 6.2)")
        party.append(c.name)
        text = f"{c.name} joins the party as a companion."
    t.tell("party", text=text)
    return Result()


@command("buddy", "party", changes=True)
@click.argument("card", nargs=-1, required=True, type=params.cards("buddy"))
@click.option("--leave", is_flag=True, help="The buddy leaves the party instead.")
def buddy(t, card: tuple[str, ...], leave: bool):
    """A buddy joins the party with full HP (or leaves with --leave), rulebook 4.5."""
    c = t.card(" ".join(card), "buddy")
    buddies = t.state["buddies"]
    present = [b for b in buddies if b["name"] == c.name]
    if leave:
        if not present:
            raise CommandError(f"{c.name} is not with the party")
        buddies.remove(present[0])
        text = f"{c.name} leaves the party."
    else:
        if present:
            raise CommandError(f"{c.name} is already with the party")
        buddies.append({"name": c.name, "hp": c.hp, "max_hp": c.hp})
        text = f"{c.name} joins the party as a buddy ({c.hp} HP)."
    t.tell("party", text=text)
    return Result()


@command("adventure", "party", changes=True)
@click.argument("adventure_id", required=False, type=params.ADVENTURE)
def adventure(t, adventure_id: str | None):
    """Start an adventure: its currency, starting money to every Kaveri, its quote lottery.
    Without ID: the running adventure's intro, scenes and pronunciation guide."""
    if adventure_id is None:
        return describe_adventure(t)
    a = t.library.adventures.get(adventure_id.casefold())
    if a is None:
        known = ", ".join(t.library.adventures) or "none loaded"
        raise CommandError(f"no adventure {adventure_id!r} (known: {known})")
    t.state["adventure"] = {"id": a.id, "title": a.title, "currency": a.currency}
    t.state["quotes_told"] = []
    t.state["npcs"] = []
    t.state["shop_wp"] = []
    t.state["lost_companions"] = []
    for k in t.state["kaverit"]:
        k["money"] += a.starting_money
    t.tell("adventure", text=f"The adventure begins: {a.title}.", adventure=a.id)
    lines = [a.title + (f" ({a.place})" if a.place else ""), "", a.intro.strip(), "",
             f"Each Kaveri receives {a.starting_money} {a.currency}."]
    return Result(lines)


def describe_adventure(t) -> Result:
    a = t.adventure()
    if a is None:
        names = ", ".join(t.library.adventures) or "none"
        return Result([f"No adventure is running. Start one with: adventure ID ({names})."])
    r = Result([f"{a.title} ({a.place}), currency {a.currency}", "", a.intro.strip(), ""])
    for scene in a.scenes:
        foes = ", ".join(f"{f} ({a.xp_for(f)} XP)" for f in scene.foes)
        r.add(f"{scene.name}" + (f"  [setting: {scene.setting}]" if scene.setting else ""))
        if foes:
            r.add(f"  foes: {foes}")
        r.add("  " + scene.text.strip(), "")
    for shop in a.shops:
        r.add(f"Shop: {shop.name}: " + ", ".join(f"{n} {p} {a.currency}"
                                                for n, p in shop.prices.items()))
    if a.pronunciation:
        r.add("", "Pronunciation:")
        r.add(*(f"  {w}: {say}" + (f" ({means})" if means else "") for w, say, means in a.pronunciation))
    return r
