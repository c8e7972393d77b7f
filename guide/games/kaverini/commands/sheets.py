"""Looking at the party: sheet, party, export (the rulebook's character sheet)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError
from guide.core.i18n import domain
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
        f"Name: {k['name']}   Level {level(k['xp'])} ({k['xp']} XP)   Ability: {k['ability']}",
        "Facts:",
        *[f"  {i}. {fact}" for i, fact in enumerate(k["facts"], 1)],
        f"HP: {k['hp']}/{k['max_hp']}   Emotion: {k['emotion']}   Heart: {k['heart']}"
        f"   World points: {k['world_points']}   Points to spend: {k['points']}",
        "Emotional Technique Ladders:",
    ]
    for lad in ladders().values():
        lv = k["ladders"].get(lad.name)
        lines.append(f"  {lad.name + ':':17} " + (f"{lv} - {lad.technique_name(lv)}" if lv else "-"))
    lines.append("Custom Technique Ladders:")
    lines += [f"  {name}: {lv}" for name, lv in k["custom"].items()] or ["  -"]
    items = [i["card"] + (" (" + ngettext("{count} use", "{count} uses", i["uses"]).format(
                 count=i["uses"]) + ")" if i["uses"] else "")
             + (" [bonded]" if i["bonded"] else "") for i in k["items"]]
    counters = ", ".join(f"{v:+d} {n}" if n != "HP" else f"{v} HP" for n, v in k["counters"].items() if v)
    lines.append(f"Money: {k['money']} {cur}".rstrip())
    lines.append("Items: " + (", ".join(items) or "-"))
    if counters:
        lines.append("Counters: " + counters)
    return lines


@command("sheet", "party")
@click.argument("name", type=params.KAVERI)
def sheet(t: KaveriniTable, name: str) -> Result:
    """A Kaveri's character sheet: all 13 ladders, custom ladders, ability, money, items.

    Example: sheet Ann"""
    return Result(sheet_lines(t, t.kaveri(name)))


@command("party", "party")
def party(t: KaveriniTable) -> Result:
    """The party at a glance: Kaverit, buddies, companions.

    Example: party"""
    cur = t.currency()
    r = Result(headers=["Kaveri", "lv", "HP", "E", "H", "ability", "WP", "pts", cur or "money",
                        "items"])
    for k in t.state["kaverit"]:
        r.rows.append([k["name"], level(k["xp"]), f"{k['hp']}/{k['max_hp']}", k["emotion"],
                       k["heart"], k["ability"], k["world_points"], k["points"], k["money"],
                       len(k["items"])])
    if not r.rows:
        r.add("The party is empty. Create a Kaveri: kaveri NAME --ability A --technique T"
              " --technique T --technique T")
    if t.state["buddies"]:
        r.notes.append("Buddies: " + ", ".join(f"{b['name']} {b['hp']}/{b['max_hp']} HP"
                                      for b in t.state["buddies"]))
    if t.state["companions"]:
        r.notes.append("Companions: " + ", ".join(t.state["companions"]))
    return r


@command("export", "party")
@click.argument("name", type=params.KAVERI)
@click.option("--to", "path", default=None, help="The Markdown file (default: NAME.md here).")
def export(t: KaveriniTable, name: str, path: str | None) -> Result:
    """Write a Kaveri's character sheet to a Markdown file a player can print.

    Example: export Ann --to ann.md"""
    k = t.kaveri(name)
    target = Path(path or f"{k['name'].replace(' ', '_').replace('/', '_')}.md")
    lines = sheet_lines(t, k)
    md = [f"# {k['name']}", "", "| | |", "|---|---|"]
    md += [f"| Level | {level(k['xp'])} ({k['xp']} XP) |", f"| Ability | {k['ability']} |",
           f"| HP | {k['hp']} / {k['max_hp']} |", f"| Emotion | {k['emotion']} |",
           f"| Heart | {k['heart']} |", f"| World points | {k['world_points']} |",
           f"| Points to spend | {k['points']} (E may take {k['e_allowance']} more) |",
           f"| Money | {k['money']} {t.currency()} |", "", "## Facts", ""]
    md += [f"{i}. {fact}" for i, fact in enumerate(k["facts"], 1)] or ["-"]
    md += ["", "## Emotional Technique Ladders", "", "| Ladder | Level | Technique |",
           "|---|---|---|"]
    for lad in ladders().values():
        lv = k["ladders"].get(lad.name)
        md.append(f"| {lad.name} | {lv or ''} | {lad.technique_name(lv) if lv else ''} |")
    md += ["", "## Custom Technique Ladders", ""]
    md += [f"- {n}: level {lv}" for n, lv in k["custom"].items()] or ["-"]
    md += ["", "## Items", ""]
    md += [line for line in lines if line.startswith("Items: ")]
    if target.exists() and not target.is_file():
        raise CommandError(_("export: {target} is not a regular file; name a file to write").format(
            target=target))
    try:
        target.write_text("\n".join(md) + "\n", encoding="utf-8")
    except (OSError, ValueError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else e
        raise CommandError(_("export: cannot write {target}: {why}").format(target=target, why=why)) from None
    return Result([f"Wrote {k['name']}'s character sheet to {target}."])
