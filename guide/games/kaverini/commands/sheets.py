"""Looking at the party: sheet, party, export (the rulebook's character sheet)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError
from guide.core.files import write_whole
from guide.core.i18n import N_, domain
from guide.core.result import Result
from guide.games.kaverini import params
from guide.games.kaverini.data.tables import ladders
from guide.games.kaverini.registry import command
from guide.games.kaverini.rules.leveling import level

if TYPE_CHECKING:
    from guide.games.kaverini.state import Sheet
    from guide.games.kaverini.table import KaveriniTable
_, ngettext, pgettext = domain("kaverini").functions()


def sheet_lines(t: KaveriniTable, k: Sheet) -> list[str]:
    """The rulebook's character sheet: every ladder of the Emotion Table, then custom ones."""
    cur = t.currency()
    lines = [
        _("Name: {name}   Level {level} ({xp} XP)   Ability: {ability}").format(
            name=k["name"], level=level(k["xp"]), xp=k["xp"], ability=k["ability"]),
        _("Facts:"),
        *[f"  {i}. {fact}" for i, fact in enumerate(k["facts"], 1)],
        _("HP: {hp}/{max_hp}   Emotion: {emotion}   Heart: {heart}   World points: {wp}"
          "   Points to spend: {points}").format(
            hp=k["hp"], max_hp=k["max_hp"], emotion=k["emotion"], heart=k["heart"],
            wp=k["world_points"], points=k["points"]),
        _("Emotional Technique Ladders:"),
    ]
    for lad in ladders().values():
        lv = k["ladders"].get(lad.name)
        lines.append(f"  {lad.name + ':':17} " + (f"{lv} - {lad.technique_name(lv)}" if lv else "-"))
    lines.append(_("Custom Technique Ladders:"))
    lines += [f"  {name}: {lv}" for name, lv in k["custom"].items()] or ["  -"]
    counters = ", ".join(f"{v:+d} {n}" if n != "HP" else f"{v} HP" for n, v in k["counters"].items() if v)
    lines.append(_("Money: {money} {currency}").format(money=k["money"], currency=cur).rstrip())
    lines.append(_items_line(k))
    if counters:
        lines.append(_("Counters: {counters}").format(counters=counters))
    return lines


def _items_line(k: Sheet) -> str:
    items = [i["card"] + (" " + ngettext("({count} use)", "({count} uses)", i["uses"]).format(
        count=i["uses"]) if i["uses"] else "") + (" " + _("[bonded]") if i["bonded"] else "")
        for i in k["items"]]
    return _("Items: {items}").format(items=", ".join(items) or "-")


@command("sheet", "party")
@click.argument("name", type=params.KAVERI)
def sheet(t: KaveriniTable, name: str) -> Result:
    """A Kaveri's character sheet: all 13 ladders, custom ladders, ability, money, items.

    Example: sheet Ann"""
    return Result(sheet_lines(t, t.kaveri(name)))


PARTY_HEADERS = (N_("Kaveri"), N_("lv"), N_("HP"), N_("E"), N_("H"), N_("ability"), N_("WP"),
                 N_("pts"))


@command("party", "party")
def party(t: KaveriniTable) -> Result:
    """The party at a glance: Kaverit, buddies, companions.

    Example: party"""
    cur = t.currency()
    r = Result(headers=[_(h) for h in PARTY_HEADERS[:8]] + [cur or _("money"), _("items")])
    for k in t.state["kaverit"]:
        r.rows.append([k["name"], level(k["xp"]), f"{k['hp']}/{k['max_hp']}", k["emotion"],
                       k["heart"], k["ability"], k["world_points"], k["points"], k["money"],
                       len(k["items"])])
    if not r.rows:
        r.add(_("The party is empty. Create a Kaveri: {command}").format(
            command="kaveri NAME --ability A --technique T --technique T --technique T"))
    if t.state["buddies"]:
        r.notes.append(_("Buddies: {buddies}").format(buddies=", ".join(
            _("{name} {hp}/{max_hp} HP").format(name=b["name"], hp=b["hp"], max_hp=b["max_hp"])
            for b in t.state["buddies"])))
    if t.state["companions"]:
        r.notes.append(_("Companions: {names}").format(names=", ".join(t.state["companions"])))
    return r


@command("export", "party")
@click.argument("name", type=params.KAVERI)
@click.option("--to", "path", default=None, help="The Markdown file (default: NAME.md here).")
def export(t: KaveriniTable, name: str, path: str | None) -> Result:
    """Write a Kaveri's character sheet to a Markdown file a player can print.

    Example: export Ann --to ann.md"""
    k = t.kaveri(name)
    target = Path(path or f"{k['name'].replace(' ', '_').replace('/', '_')}.md")
    md = [f"# {k['name']}", "", "| | |", "|---|---|"]
    rows = [(_("Level"), _("{level} ({xp} XP)").format(level=level(k["xp"]), xp=k["xp"])),
            (_("Ability"), k["ability"]),
            (_("HP"), f"{k['hp']} / {k['max_hp']}"), (_("Emotion"), k["emotion"]),
            (_("Heart"), k["heart"]), (_("World points"), k["world_points"]),
            (_("Points to spend"), _("{points} (E may take {allowance} more)").format(
                points=k["points"], allowance=k["e_allowance"])),
            (_("Money"), f"{k['money']} {t.currency()}")]
    md += [f"| {label} | {value} |" for label, value in rows] + ["", "## " + _("Facts"), ""]
    md += [f"{i}. {fact}" for i, fact in enumerate(k["facts"], 1)] or ["-"]
    md += ["", "## " + _("Emotional Technique Ladders"), "",
           "| " + " | ".join((_("Ladder"), _("Level"), _("Technique"))) + " |", "|---|---|---|"]
    for lad in ladders().values():
        lv = k["ladders"].get(lad.name)
        md.append(f"| {lad.name} | {lv or ''} | {lad.technique_name(lv) if lv else ''} |")
    md += ["", "## " + _("Custom Technique Ladders"), ""]
    md += [_("- {name}: level {level}").format(name=n, level=lv)
           for n, lv in k["custom"].items()] or ["-"]
    md += ["", "## " + _("Items"), "", _items_line(k)]
    if target.exists() and not target.is_file():
        raise CommandError(_("export: {target} is not a regular file; name a file to write").format(
            target=target))
    try:
        write_whole(target, "\n".join(md) + "\n")
    except (OSError, ValueError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else e
        raise CommandError(_("export: cannot write {target}: {why}").format(target=target, why=why)) from None
    return Result([_("Wrote the character sheet of {name} to {target}.").format(
        name=k["name"], target=target)])
