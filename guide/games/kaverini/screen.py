"""Kaverini at the prompt: where the table is (adventure, round, phase) and the bottom
toolbar. In a fight the toolbar's first line is what the table asks for most: the round,
the phase, whose turn, and every foe's HP; the second line is the party. Both fit the
terminal's width (80 columns and up), names shortened only when they must be."""

from __future__ import annotations

import shutil

from guide.games.kaverini.commands.confront import arena, fight
from guide.games.kaverini.rules.leveling import level

Fragments = list[tuple[str, str]]
LOW = 0.25           # a fighter at or under a quarter of its HP is shown as low


def prompt_text(table) -> str:
    s = table.state
    parts = [s["adventure"]["id"]] if s["adventure"] and s["adventure"]["id"] else []
    field = arena(table)
    if field is not None:
        c = field["confrontation"]
        parts.append(("strategy, " if field is not s else "") + f"round {c['round']}: {c['phase']}")
    return f"guide ({', '.join(parts)})> " if parts else "guide> "


def toolbar(table) -> Fragments:
    """Two lines at most, each within the terminal's width."""
    width = max(40, shutil.get_terminal_size().columns - 1)
    s = table.state
    field = arena(table)
    if field is None:
        party = [_kaveri(k) for k in s["kaverit"]] + [_fighter(b) for b in s["buddies"]]
        return _fit(party, width) if party else [("", " no Kaverit yet: kaveri NAME")]
    c = field["confrontation"]
    waiting = [x.name for x in fight(table).waiting()]
    turn = (waiting[0] + (f" +{len(waiting) - 1}" if len(waiting) > 1 else "")) if waiting \
        else "next"
    head: Fragments = [("", " "), ("bold", f"R{c['round']} {c['phase']}: "),
                       ("reverse bold", turn), ("", " |")]
    if field is not s:                                   # the Strategy Game's battle
        players = field["versus"]["players"]
        everyone = field["kaverit"] + field["buddies"] + c["foes"]
        lines = [_fit([_fighter(f, f"{name}: " if first else "") for first, f in
                       _firsts([f for f in everyone if f.get("owner") == k])], width)
                 for k, name in enumerate(players)]
        return head + [("", "\n")] + [frag for line in _between(lines) for frag in line]
    foes = [_fighter(f) for f in c["foes"]]
    party = [_kaveri(k) for k in s["kaverit"]] + [_fighter(b) for b in s["buddies"] + c["stand"]]
    return head + _fit(foes, width - _length(head)) + [("", "\n")] + _fit(party, width)


Entry = tuple[str, Fragments, Fragments]     # name, what follows it, and its short form


def hp_counters(f: dict) -> str:
    """`+N` after the HP when HP counters stand ready to absorb Schmerz (R-SHEET-3)."""
    n = (f.get("counters") or {}).get("HP", 0)
    return f"+{n}" if n else ""


def _fighter(f: dict, label: str = "") -> Entry:
    low = f["hp"] <= LOW * f["max_hp"]
    style = "fg:ansired bold" if low else ""
    soak = hp_counters(f)                   # R-DMG-5: absorbed before the HP fall
    hp = f"{f['hp']}/{f['max_hp']}{soak}" if f["hp"] > 0 else "out"
    short = f"{f['hp']}{soak}" if f["hp"] > 0 else "out"
    return label + f["name"], [("", " "), (style, hp)], [("", " "), (style, short)]


def _kaveri(k: dict) -> Entry:
    name, full, short = _fighter(k)
    extra = "".join(f" {key}{value:+d}" for key, value in (("E", k["emotion"]), ("H", k["heart"]))
                    if value)
    if k["points"]:
        extra += f" +{k['points']}pt"
    if k["world_points"]:
        extra += f" {k['world_points']}wp"
    return name, [("", f" L{level(k['xp'])}")] + full + [("", extra)], short + [("", extra)]


def _fit(entries: list[Entry], width: int) -> Fragments:
    """Entries joined by " · " within `width`: first in full, then with HP only, then with
    long names shortened to their last word (and a duplicate's number: "Gull 2"), and last
    the entries that still do not fit counted (+N more)."""
    for cut, short in ((None, False), (None, True), (12, True), (8, True)):
        line = _join([_shown(e, cut, short) for e in entries])
        if _length(line) <= width:
            return line
    shown: list[Fragments] = []
    for e in entries:
        if _length(_join(shown + [_shown(e, 8, True)])) + 9 > width:
            break
        shown.append(_shown(e, 8, True))
    return _join(shown) + [("", f" · +{len(entries) - len(shown)} more")]


def _shown(entry: Entry, size: int | None, short: bool) -> Fragments:
    name, full, brief = entry
    words = name.split()
    if size is not None and len(name) > size and words:
        tag = [words.pop()] if len(words) > 1 and words[-1].isdigit() else []
        # "Tess the Bell-Ringer", "Musketeer of the Night Watch": the first word is the name
        # people say; "Rogue Herring Gull": the last
        key = words[0] if {"the", "of"} & {w.casefold() for w in words[1:]} else words[-1]
        last = key if len(key) <= size else key[:size - 1] + "…"
        name = " ".join([last, *tag])
    return [("", name)] + (brief if short else full)


def _join(entries: list[Fragments]) -> Fragments:
    out: Fragments = [("", " ")]
    for i, e in enumerate(entries):
        out += ([("", " · ")] if i else []) + e
    return out


def _firsts(items: list[dict]) -> list[tuple[bool, dict]]:
    return [(i == 0, item) for i, item in enumerate(items)]


def _between(lines: list[Fragments]) -> list[Fragments]:
    out: list[Fragments] = []
    for i, line in enumerate(lines):
        out += ([[("", "\n")]] if i else []) + [line]
    return out


def _length(fragments: Fragments) -> int:
    return sum(len(text) for _, text in fragments)
