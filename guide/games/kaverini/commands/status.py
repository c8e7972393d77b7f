"""`status`: the whole field as the GM (or the players) see it: every fighter's HP with its
HP counters, E, H and running effects with the turns they have left, the abilities that act
once and whether they are used up, and the foes' secrets when they are open (R-CONF-3)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import click

from guide.core.i18n import N_, NP_, domain
from guide.core.result import Result
from guide.games.kaverini.commands.confront import arena, fight, secrets_open, turn_line
from guide.games.kaverini.commands.sheets import party
from guide.games.kaverini.registry import command
from guide.games.kaverini.rules.effects import effective_emotion, effective_heart
from guide.games.kaverini.rules.fighters import FOE, Fighter
from guide.games.kaverini.state import Confrontation, Effect
from guide.games.kaverini.view.sheet import turns_left

if TYPE_CHECKING:
    from guide.games.kaverini.rules.confrontation import Fight
    from guide.games.kaverini.table import KaveriniTable

_, ngettext, pgettext = domain("kaverini").functions()

HEADERS = (N_("fighter"), N_("side"), N_("HP"), N_("E"), N_("H"), N_("effects"))
# a fighter's side, by its kind (rules/fighters.py)
SIDES = {"kaveri": NP_("side", "kaveri"), "stand": NP_("side", "stand"),
         "buddy": NP_("side", "buddy"), "foe": NP_("side", "foe")}


@command("status", "confrontation", aliases=("field",))
@click.option("--players", is_flag=True, help="The players' view: foes' secrets hidden"
                                               " unless a Psychic Kaveri is present.")
def status(t: KaveriniTable, players: bool) -> Result:
    """The whole field: every fighter's HP, E, H, effects; the GM's view unless --players.

    Example: status --players"""
    field = arena(t)
    if field is None:                      # between scenes: the party, and no fight
        shown = party(t)
        shown.lines.insert(0, _("No confrontation is running (confront starts one). The party:"))
        return shown
    c = field.c
    f = fight(t, quiet=True)
    psychic = secrets_open(t)
    secret = not players or psychic
    r = Result([turn_line(t, field)], headers=[_(h) for h in HEADERS])
    counted = False
    details: list[str] = []
    for x in f.fighters():
        mine = [e for e in c["effects"] if e["on"] == x.name]
        soak = x.counters["HP"] if x.hp > 0 else 0
        counted = counted or bool(soak)
        r.rows.append(_row(f, x, soak, mine, secret))
        if mine:
            details.append(f"{x.name}: " + "; ".join(_running(c, e) for e in mine))
        if secret and x.kind == FOE:
            r.notes += _secrets(x)
    if counted:
        r.notes.append(_("HP +N: N HP counters, which absorb Schmerz before the HP (R-DMG-5)."))
    r.notes += _wrapped(_("Effects: {list}."), details)
    r.notes += _wrapped(_("Abilities: {list}."),
                        [line for x in f.fighters() if (line := _abilities(c, x))])
    r.notes += _in_play(c, players and psychic)
    return r


def _row(f: Fight, x: Fighter, soak: int, mine: list[Effect], secret: bool) -> list:
    """A fighter's row: name, side, HP (with its HP counters), E, H (a foe's is a secret) and
    its running effects in short."""
    side = f.side_of(x) if f.variant == "strategy" else pgettext("side", SIDES[x.kind])
    return [x.name, side, _hp(f, x, soak), effective_emotion(f, x),
            effective_heart(f, x) if (secret or x.kind != FOE) else "?",
            textwrap.shorten(", ".join(_tag(e) for e in mine), 24, placeholder="…")]


def _hp(f: Fight, x: Fighter, soak: int) -> str:
    """`12/20 +2` (2 HP counters), `0/20 cowering`, or `neutralized` (a fighter out for good)."""
    if x.hp == 0 and not f.cowers(x):
        return _("neutralized")
    return f"{x.hp}/{x.max_hp}" + (f" +{soak}" if soak else "") + (
        " " + _("cowering") if x.hp == 0 else "")


def _in_play(c: Confrontation, psychic_shown: bool) -> list[str]:
    """The settings and companions in play, and whether a Psychic Kaveri opens the secrets."""
    notes = []
    if c["settings"]:
        notes.append(_("Settings: {names}").format(names=", ".join(c["settings"])))
    if c["companions"]:
        notes.append(_("Companions: {names}").format(names=", ".join(c["companions"])))
    if psychic_shown:
        notes.append(_("A Psychic Kaveri is present: secrets shown (R-CONF-3)."))
    return notes


def _wrapped(said: str, parts: list[str]) -> list[str]:
    """`said` (a message with `{list}`) with the parts, wrapped to 80 columns."""
    if not parts:
        return []
    return textwrap.wrap(said.format(list="; ".join(parts)), 79, subsequent_indent="    ")


def _tag(e: Effect) -> str:
    """An effect in a few letters for the table's column."""
    kind = e["kind"]
    if kind in ("e", "h"):
        return f"{e['why']} {kind.upper()}{e['amount']:+d}"
    if kind == "boost":
        return f"{e['stat'].upper()}{e['amount']:+d}"
    tags = {"skip": pgettext("tag", "skips"), "nervous": pgettext("tag", "nerves"),
            "glad": pgettext("tag", "glad")}
    return tags.get(kind, e["why"])


def _turns(c: Confrontation, e: Effect) -> str:
    """The owner's turns the effect still lasts (view.sheet.turns_left: to the end of its turn
    in round `ends`; a timed effect is its owner's, rules/effects.timed)."""
    left = turns_left(c, e)
    return ngettext("{count} turn left", "{count} turns left", left).format(count=left) \
        if left else _("ends now")


def _running(c: Confrontation, e: Effect) -> str:
    """R-FX-4: what a running effect does and how long it still lasts."""
    kind, why = e["kind"], e["why"]
    if kind == "skip":
        return _("skips its turn in round {round} ({why})").format(round=e["round"], why=why)
    if kind == "nervous":
        return _("{why}: +{amount} to E, H or HP from its turn in round {round}").format(
            why=why, amount=e["amount"], round=e["round"])
    if kind == "boost":
        return _("{why}: {stat} +{amount} to the end of the confrontation").format(
            why=why, stat=e["stat"].upper(), amount=e["amount"])
    if kind == "frustration":
        last = e["start"] + e["turns"]
        return _("Frustration: +1, +2, ... E up to round {round}").format(round=last)
    if kind == "glad":
        ends = e.get("ends_tick")
        return (_("glad: Lv Schmerz after the foes' techniques, to the end of the"
                  " confrontation") if ends is None else
                _("glad: Lv Schmerz after the foes' techniques, up to round {round}").format(
                    round=ends))
    what = {"e": f"E {e.get('amount', 0):+d}", "h": f"H {e.get('amount', 0):+d}",
            "love": _("foes' effects do nothing"),
            "intimidate": _("the next foe technique on it does nothing")}.get(kind, kind)
    return f"{why} {what}" + (f", {_turns(c, e)}" if "ends" in e else "")


def _abilities(c: Confrontation, x: Fighter) -> str:
    """R-ABIL-1: a fighter's abilities; those that act once say whether they are used up."""
    shown = []
    for ability in x.abilities:
        used = (ability == "Confidence" and x.name in c["confidence"]) or (
            ability == "Chutzpah" and x.name in c["chutzpah"])
        if ability == "Passionate":
            ladders = c["passionate"].get(x.name, [])
            shown.append(_("{ability} (used: {ladders})").format(
                ability=ability, ladders=", ".join(ladders)) if ladders else ability)
        else:
            shown.append(_("{ability} (used up)").format(ability=ability) if used else ability)
    return f"{x.name} {', '.join(shown)}" if shown else ""


def _secrets(x: Fighter) -> list[str]:
    """A foe's secret side (R-CONF-3), wrapped to 80 columns below the table."""
    card = x.card
    assert card is not None, "a foe is its card"
    moves = "; ".join((f"{'/'.join(map(str, m.roll))}: " if m.roll else "") + f"{m.name} {m.schmerz}"
                      for m in card.techniques)
    guard = ", ".join(said.format(value=value) for said, value in (
        (_("Shield {value}"), card.shield), (_("Heel {value}"), card.heel)) if value)
    line = (_("{name}: {guard}; moves {moves}") if guard else _("{name}: moves {moves}")).format(
        name=x.name, guard=guard, moves=moves)
    return textwrap.wrap(line, 79, subsequent_indent="    ")
