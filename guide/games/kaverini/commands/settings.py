"""The campaign's own settings and cards: house, tweak, flip, cards, card."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.result import Result
from guide.games.kaverini import cards_text, params
from guide.games.kaverini.data.tables import house_rule_text, house_rules
from guide.games.kaverini.registry import command

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable

TWEAKABLE = {"hp": int, "emotion": int, "heart": int, "expense": int, "usage": int,
             "shield": str, "heel": str}
WIDTH = 80                          # the terminal the tables are made for
_, ngettext, pgettext = domain("kaverini").functions()


@command("house", "settings")
@click.argument("rule", required=False, type=params.HOUSE)
@click.argument("value", required=False)
def house(t: KaveriniTable, rule: str | None, value: str | None) -> Result:
    """List the house rules, or switch one for this campaign: house RULE VALUE.

    Example: house gladness round"""
    rules = house_rules()
    if rule is None:
        return _house_table(t, rules)
    if rule not in rules:
        raise CommandError(_("no house rule {rule!r}; known: {value}").format(
            rule=rule, value=', '.join(rules)))
    if value is None:
        return Result([f"{rule} = {t.house(rule)} ({house_rule_text(rule)})"])
    if value not in rules[rule]["choices"]:
        raise CommandError(_("house {rule}: choose {value}").format(
            rule=rule, value=' or '.join(rules[rule]['choices'])))
    if value == rules[rule]["default"]:
        t.state["house"].pop(rule, None)
    else:
        t.state["house"][rule] = value
    t.tell("house", rule=rule, value=value)
    return Result()


def _house_table(t: KaveriniTable, rules: dict) -> Result:
    """Every house rule, what it is now, and what it does with its choices, folded within
    80 columns (an 80x24 terminal)."""
    r = Result(headers=[_("house rule"), _("now"), _("what")])
    names = [len(name) for name in rules] + [len(r.headers[0])]
    now = [len(t.house(name)) for name in rules] + [len(r.headers[1])]
    room = max(30, WIDTH - max(names) - max(now) - 4)      # tabulate's two-space gaps
    for name, d in rules.items():
        what = _("{what} Choices: {choices}.").format(what=house_rule_text(name),
                                                      choices=", ".join(d["choices"]))
        r.rows.append([name, t.house(name), "\n".join(textwrap.wrap(what, room))])
    return r


@command("tweak", "settings")
@click.argument("card", type=params.cards())
@click.argument("stats", nargs=-1, type=params.TWEAK)
def tweak(t: KaveriniTable, card: str, stats: tuple[tuple[str, str] | str, ...]) -> Result:
    """Change a card for this campaign only (rulebook 7.3): tweak CARD hp=40 heart=1;
    `tweak CARD reset` undoes every tweak of it. Never written to the YAML.

    Example: tweak Runaway Rental Bike hp=20"""
    c = t.card(card)
    key = c.key
    if not stats:
        tw = t.state["tweaks"].get(key, {})
        return Result([f"{c.name}: " + (", ".join(f"{k}={v}" for k, v in tw.items())
                                        or _("not tweaked"))])
    if stats == ("reset",):
        t.state["tweaks"].pop(key, None)
        t.tell("tweak", card=c.name, stats={})
        return Result()
    changes = dict(t.state["tweaks"].get(key, {}))
    for stat in stats:
        if isinstance(stat, str):
            raise CommandError(_("tweak: reset stands alone (tweak CARD reset)"))
        name, value = stat[0].casefold(), stat[1]
        if name not in TWEAKABLE:
            raise CommandError(_("tweak: {name}={value}: write STAT=VALUE with STAT one of {value2}").format(
                name=name, value=value, value2=', '.join(TWEAKABLE)))
        try:
            changes[name] = TWEAKABLE[name](value)
        except ValueError:
            raise CommandError(_("tweak: {name} must be a whole number, not {value!r}").format(
                name=name, value=value)) from None
        if TWEAKABLE[name] is int and changes[name] < (1 if name in ("hp", "usage") else -100):
            raise CommandError(_("tweak: {name}={value} is too low").format(name=name, value=value))
    t.state["tweaks"][key] = changes
    t.tell("tweak", card=c.name, stats=changes)
    return Result()


@command("flip", "settings")
@click.argument("card", nargs=-1, required=True, type=params.cards(double=True))
def flip(t: KaveriniTable, card: tuple[str, ...]) -> None:
    """Turn a double-sided card over (5.6); flip it again to turn it back.

    Example: flip Painted Musketeer"""
    name = " ".join(card)
    found = [(c, c.back) for c in t.library.cards.values() if c.back is not None
             and name.casefold() in (c.name.casefold(), c.back.name.casefold())]
    if not found:
        raise CommandError(_("{name!r} is not a double-sided card").format(name=name))
    original, back = found[-1]
    flipped = t.state["flipped"]
    if original.key in flipped:
        flipped.remove(original.key)
        shown, hidden = original.name, back.name
    else:
        flipped.append(original.key)
        shown, hidden = back.name, original.name
    from guide.games.kaverini.commands.confront import on_flip

    on_flip(t, shown, hidden)
    # outside a confrontation a buddy side joins the party only when the GM says so (4.5)
    joins = (not t.state["confrontation"] and t.card(shown).type == "buddy"
             and all(b.get("card", b["name"]) != shown for b in t.state["buddies"]))
    t.tell("flip", card=original.name, shown=shown, type=t.card(shown).type,
           line=f"buddy {shown}" if joins else None)


@command("cards", "settings")
@click.argument("card_type", required=False, type=params.CARD_TYPE)
@click.option("--type", "type_option", default=None, type=params.CARD_TYPE,
              help="Only cards of this type (as `guide cards --type`).")
def cards(t: KaveriniTable, card_type: str | None, type_option: str | None) -> Result:
    """A table of the loaded cards (tweaked ones marked), or of one type.

    Example: cards --type foe"""
    if card_type and type_option and card_type != type_option:
        raise CommandError(_("cards: one type, not both {card_type} and {type_option}").format(
            card_type=card_type, type_option=type_option))
    card_type = card_type or type_option
    return cards_text.card_table(t.card(c.name) for c in t.library.cards.values()
                                 if card_type in (None, c.type))


@command("card", "settings")
@click.argument("name", nargs=-1, required=True, type=params.cards())
@click.option("--players", is_flag=True, help="What the players may see: a foe's moves, Shield"
                                               " and Heel hidden unless a Psychic Kaveri is"
                                               " present (R-CONF-3).")
def card(t: KaveriniTable, name: tuple[str, ...], players: bool) -> Result:
    """One card in full, as it stands in this campaign.

    Example: card Rogue Herring Gull --players"""
    from guide.games.kaverini.commands.confront import secrets_open

    return Result(cards_text.card_detail(t.card(" ".join(name)), secret=not players or secrets_open(t)))
