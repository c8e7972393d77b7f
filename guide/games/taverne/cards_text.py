"""`guide cards --game taverne` and `guide card NAME`: what the box knows of each card, and
"(the table's card)" where the rulebook prints nothing."""

from __future__ import annotations

from guide.core.errors import GuideError
from guide.core.i18n import domain
from guide.core.result import Result

from .box import Box

TYPES = ("character", "weapon", "specialty")
UNKNOWN = "(the table's card)"
_, ngettext, pgettext = domain("taverne").functions()


def table(box: Box, card_type: str | None) -> Result:
    if card_type is not None and card_type not in TYPES:
        raise GuideError(_("--type: one of {value}, not {card_type!r}").format(
            value=', '.join(TYPES), card_type=card_type))
    rows: list[list[object]] = []
    if card_type in (None, "character"):
        rows += [[c.name, "character" + (" (beginner)" if c.beginner else ""),
                  c.tavern or box.home or "-",
                  c.initial_loot if c.initial_loot is not None else UNKNOWN,
                  c.power or UNKNOWN] for c in box.characters.values()]
    if card_type in (None, "weapon"):
        rows += [[w["name"], "weapon", "-", w["value"] if w["value"] is not None else "?", "-"]
                 for w in box.weapons]
    if card_type in (None, "specialty"):
        rows += [[s.name, s.kind, s.tavern or box.home or "-", "-", s.text or UNKNOWN]
                 for s in box.specialties.values()]
    return Result(headers=["Name", "Type", "Tavern", "Initial Loot / value", "Text"], rows=rows)


def detail(box: Box, name: str) -> list[str]:
    c = box.character(name)
    if c is not None:
        return [f"{c.name} (Character{', beginner game' if c.beginner else ''})",
                f"Tavern of origin: {c.tavern or box.home or '-'}",
                f"Initial Loot: {c.initial_loot if c.initial_loot is not None else UNKNOWN}",
                f"Power: {c.power or UNKNOWN}"]
    s = box.specialties.get(name.casefold())
    if s is not None:
        return [f"{s.name} ({s.kind})", f"Tavern: {s.tavern or box.home or '-'}",
                f"Text: {s.text or UNKNOWN}"]
    w = next((w for w in box.weapons if w["name"].casefold() == name.casefold()), None)
    if w is not None:
        return [f"{w['name']} (Weapon {w['value'] if w['value'] is not None else '?'})"]
    raise GuideError(_("no card named {name!r} in the Taverne box").format(name=name))
