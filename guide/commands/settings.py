"""The campaign's own settings and cards: house, tweak, flip, cards, card; and help, quit."""

from __future__ import annotations

import click

from guide import render
from guide.commands.registry import ALIASES, REGISTRY, CommandError, command, lookup
from guide.data.tables import house_rules
from guide.model import CARD_TYPES
from guide.render import Result

FAMILY_ORDER = ("party", "adventure", "confrontation", "strategy game", "dice", "history",
                "settings", "table")
TWEAKABLE = {"hp": int, "emotion": int, "heart": int, "expense": int, "usage": int,
             "shield": str, "heel": str}


@command("house", "settings", changes=True, complete=("house",))
@click.argument("rule", required=False)
@click.argument("value", required=False)
def house(t, rule: str | None, value: str | None):
    """List the house rules, or switch one for this campaign: house RULE VALUE."""
    rules = house_rules()
    if rule is None:
        r = Result(headers=["house rule", "now", "choices", "what"])
        for name, d in rules.items():
            r.rows.append([name, t.house(name), "/".join(d["choices"]), d["text"]])
        return r
    if rule not in rules:
        raise CommandError(f"no house rule {rule!r}; known: {', '.join(rules)}")
    if value is None:
        return Result([f"{rule} = {t.house(rule)} ({rules[rule]['text']})"])
    if value not in rules[rule]["choices"]:
        raise CommandError(f"house {rule}: choose {' or '.join(rules[rule]['choices'])}")
    if value == rules[rule]["default"]:
        t.state["house"].pop(rule, None)
    else:
        t.state["house"][rule] = value
    t.tell("house", f"House rule {rule} is now {value}.")
    return Result([f"House rule {rule} is now {value}."])


@command("tweak", "settings", changes=True, complete=("card", "tweak"))
@click.argument("card")
@click.argument("stats", nargs=-1)
def tweak(t, card: str, stats: tuple[str, ...]):
    """Change a card for this campaign only (rulebook 7.3): tweak CARD hp=40 heart=1;
    `tweak CARD reset` undoes every tweak of it. Never written to the YAML."""
    c = t.card(card)
    key = c.key
    if not stats:
        tw = t.state["tweaks"].get(key, {})
        return Result([f"{c.name}: " + (", ".join(f"{k}={v}" for k, v in tw.items()) or "not tweaked")])
    if stats == ("reset",):
        t.state["tweaks"].pop(key, None)
        t.tell("tweak", f"{c.name} is back to its printed stats.")
        return Result([f"{c.name} is back to its printed stats."])
    changes = dict(t.state["tweaks"].get(key, {}))
    for stat in stats:
        name, sep, value = stat.partition("=")
        name = name.strip().casefold()
        if not sep or name not in TWEAKABLE:
            raise CommandError(f"tweak: {stat!r}: write STAT=VALUE with STAT one of"
                               f" {', '.join(TWEAKABLE)}")
        try:
            changes[name] = TWEAKABLE[name](value)
        except ValueError:
            raise CommandError(f"tweak: {name} must be a whole number, not {value!r}") from None
        if TWEAKABLE[name] is int and changes[name] < (1 if name in ("hp", "usage") else -100):
            raise CommandError(f"tweak: {name}={value} is too low")
    t.state["tweaks"][key] = changes
    text = f"{c.name} for this campaign: " + ", ".join(f"{k}={v}" for k, v in changes.items())
    t.tell("tweak", text)
    return Result([text])


@command("flip", "settings", changes=True, complete=("double",))
@click.argument("card", nargs=-1, required=True)
def flip(t, card: tuple[str, ...]):
    """Turn a double-sided card over (5.6); flip it again to turn it back."""
    name = " ".join(card)
    original = None
    for c in t.library.cards.values():
        if c.back is not None and name.casefold() in (c.name.casefold(), c.back.name.casefold()):
            original = c
    if original is None:
        raise CommandError(f"{name!r} is not a double-sided card")
    flipped = t.state["flipped"]
    if original.key in flipped:
        flipped.remove(original.key)
        shown = original.name
    else:
        flipped.append(original.key)
        shown = original.back.name
    from guide.commands.confront import on_flip

    on_flip(t, original, shown)
    t.tell("flip", f"{original.name} flips: now {shown}.")
    return Result([f"{original.name} flips: it is now {shown} ({t.card(shown).type})."])


@command("cards", "settings", complete=("type",))
@click.argument("card_type", required=False, type=click.Choice(CARD_TYPES))
def cards(t, card_type: str | None):
    """A table of the loaded cards (tweaked ones marked)."""
    chosen = [t.card(c.name) for c in t.library.cards.values() if card_type in (None, c.type)]
    chosen.sort(key=lambda c: (CARD_TYPES.index(c.type), c.name.casefold()))
    return Result(headers=render.CARD_HEADERS, rows=[render.card_row(c) for c in chosen])


@command("card", "settings", complete=("card",))
@click.argument("name", nargs=-1, required=True)
@click.option("--players", is_flag=True, help="What the players may see: a foe's moves, Shield"
                                               " and Heel hidden unless a Psychic Kaveri is"
                                               " present (R-CONF-3).")
def card(t, name: tuple[str, ...], players: bool):
    """One card in full, as it stands in this campaign."""
    psychic = any(k["ability"] == "Psychic" for k in t.state["kaverit"])
    return Result(render.card_detail(t.card(" ".join(name)), secret=not players or psychic))


@command("help", "table", journal=False, complete=("command",), aliases=("?",))
@click.argument("name", nargs=-1)
def help_(t, name: tuple[str, ...]):
    """List the commands, or show one command's help."""
    if name:
        return Result([lookup(list(name))[0].help()])
    r = Result(["Commands (help COMMAND for more):"])
    families: dict[str, list] = {name: [] for name in FAMILY_ORDER}
    for cmd in REGISTRY.values():
        families.setdefault(cmd.family, []).append(cmd)
    width = max(len(name) for name in REGISTRY)
    for family, cmds in families.items():
        if cmds:
            r.add("", f"{family}:")
            r.add(*(f"  {c.name:{width}}  {c.summary}" for c in cmds))
    r.add("", "Aliases: " + ", ".join(f"{a} = {n}" for a, n in ALIASES.items()))
    return r


@command("quit", "table", journal=False, aliases=("exit",))
def quit_(t):
    """Leave the table (Ctrl-D works too). Everything is already saved."""
    raise SystemExit(0)


@command("state", "table")
def state(t):
    """The campaign's state as JSON (the same as `guide state`)."""
    import json

    return Result([json.dumps(t.public_state(), indent=2, ensure_ascii=False)])
