"""Kaverini at the prompt: where the table is (adventure, round, phase) and the bottom
toolbar. In a fight the toolbar's first line is what the table asks for most: the round,
the phase, whose turn, and every foe's HP; the second line is the party. Both fit the
terminal's width (80 columns and up), names shortened only when they must be."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from guide.core.i18n import NP_, domain
from guide.core.text import Entry, Fragments, fit, length, toolbar_width
from guide.games.kaverini.commands.confront import arena, fight
from guide.games.kaverini.rules.effects import effective_emotion, effective_heart
from guide.games.kaverini.rules.fighters import KAVERI
from guide.games.kaverini.rules.leveling import level
from guide.games.kaverini.words import LOW  # a fighter at or under it is shown as low

if TYPE_CHECKING:
    from guide.games.kaverini.commands.confront import Ground
    from guide.games.kaverini.rules.confrontation import Fight
    from guide.games.kaverini.table import KaveriniTable

_, ngettext, pgettext = domain("kaverini").functions()
# A confrontation's phases (rules/confrontation.py PHASES), as the prompt, the pages and the
# recap say them: pgettext("phase", name).
PHASE_WORDS = (NP_("phase", "kaverit"), NP_("phase", "buddies"), NP_("phase", "foes"))


def prompt_text(table: KaveriniTable) -> str:
    s = table.state
    parts = [s["adventure"]["id"]] if s["adventure"] and s["adventure"]["id"] else []
    field = arena(table)
    if field is not None:
        c = field.c
        parts.append((_("strategy, round {round}: {phase}") if field.versus is not None else
                      _("round {round}: {phase}")).format(
                          round=c["turns"]["round"], phase=pgettext("phase", c["turns"]["phase"])))
    return f"guide ({', '.join(parts)})> " if parts else "guide> "


def toolbar(table: KaveriniTable) -> Fragments:
    """Two lines at most, each within the terminal's width: out of a fight, the party; in a
    fight, the head (round, phase, whose turn) and the foes, then the party; in the Strategy
    Game's battle, the head, then one line per player."""
    width = toolbar_width()
    field = arena(table)
    if field is None:
        party = [_kaveri(k) for k in table.state["kaverit"]] + \
            [_fighter(b) for b in table.state["buddies"]]
        return fit(party, width) if party else [("", " " + _("no Kaverit yet: kaveri NAME"))]
    f = fight(table)
    head = _head(field.c, f)
    if field.versus is not None:
        return head + _sides(field, width)
    foes = [_foe(x) for x in field.c["foes"]]
    return head + fit(foes, width - length(head)) + [("", "\n")] + _party(table, field, f, width)


def _head(c: Mapping[str, Any], f: Fight) -> Fragments:
    """The round, the phase and whose turn it is (+N when more wait), or `next`."""
    waiting = [x.name for x in f.waiting()]
    turn = waiting[0] + (f" +{len(waiting) - 1}" if len(waiting) > 1 else "") if waiting \
        else _("next")
    said = _("R{round} {phase}: ").format(round=c["turns"]["round"],
                                          phase=pgettext("phase", c["turns"]["phase"]))
    return [("", " "), ("bold", said), ("reverse bold", turn), ("", " |")]


def _sides(field: Ground, width: int) -> Fragments:
    """The Strategy Game's battle: each player's line, its characters after its name."""
    assert field.versus is not None
    everyone = [*field.state["kaverit"], *field.state["buddies"], *field.c["foes"]]
    out: Fragments = []
    for k, name in enumerate(field.versus["players"]):
        own = [x for x in everyone if x.get("owner") == k]
        out += [("", "\n")] + fit([_fighter(x, f"{name}: " if i == 0 else "")
                                    for i, x in enumerate(own)], width)
    return out


def _party(table: KaveriniTable, field: Ground, f: Fight, width: int) -> Fragments:
    """The party in a fight: E and H as they are now (counters, effects, companions,
    settings: the status table's), not the sheet's: a hit adds these."""
    now = {x.name: (effective_emotion(f, x), effective_heart(f, x)) for x in f.fighters()
           if x.kind == KAVERI}
    s = table.state
    party = [_kaveri(k, *now.get(k["name"], (k["emotion"], k["heart"]))) for k in s["kaverit"]]
    return fit(party + [_fighter(b) for b in s["buddies"] + field.c["stand"]], width)


def _fighter(f: Mapping[str, Any], label: str = "") -> Entry:
    low = f["hp"] <= LOW * f["max_hp"]
    style = "fg:ansired bold" if low else ""
    # `+N` after the HP when HP counters stand ready to absorb Schmerz before the HP fall
    # (R-SHEET-3, R-DMG-5)
    counters = (f.get("counters") or {}).get("HP", 0)
    soak = f"+{counters}" if counters else ""
    hp = f"{f['hp']}/{f['max_hp']}{soak}" if f["hp"] > 0 else _("out")
    short = f"{f['hp']}{soak}" if f["hp"] > 0 else _("out")
    return label + f["name"], [("", " "), (style, hp)], [("", " "), (style, short)]


def _foe(f: Mapping[str, Any]) -> Entry:
    """A foe in the fight's line: its short form puts a colon before the HP, so a duplicate's
    number is never read as HP ("Spirit: 2 · Spirit 2: 8", not "Spirit 2 · Spirit 2 8")."""
    name, full, short = _fighter(f)
    return name, full, [("", ":")] + short


def _kaveri(k: Mapping[str, Any], emotion: int | None = None, heart: int | None = None) -> Entry:
    """A Kaveri in the party's line: level, HP, then E and H (the sheet's, or those given:
    in a fight, what they are now), banked points and world points."""
    name, full, short = _fighter(k)
    e = k["emotion"] if emotion is None else emotion
    h = k["heart"] if heart is None else heart
    extra = "".join(f" {key}{value:+d}" for key, value in ((_("E"), e), (_("H"), h)) if value)
    if k["points"]:
        extra += " " + _("+{points}pt").format(points=k["points"])
    if k["world_points"]:
        extra += " " + _("{world_points}wp").format(world_points=k["world_points"])
    return name, [("", " " + _("L{level}").format(level=level(k["xp"])))] + full + [("", extra)], \
        short + [("", extra)]
