"""`guide cards --game taverne` and `guide card NAME`: what the box knows of each card, and
"(the table's card)" where the rulebook prints nothing."""

from __future__ import annotations

from guide.core.errors import GuideError
from guide.core.i18n import N_, domain
from guide.core.result import Result

from .box import Box

TYPES = ("character", "weapon", "specialty")
UNKNOWN = N_("(the table's card)")
_, ngettext, pgettext = domain("taverne").functions()


def table(box: Box, card_type: str | None) -> Result:
    if card_type is not None and card_type not in TYPES:
        raise GuideError(_("--type: one of {value}, not {card_type!r}").format(
            value=', '.join(TYPES), card_type=card_type))
    rows: list[list[object]] = []
    unknown = _(UNKNOWN)
    if card_type in (None, "character"):
        rows += [[box.shown(c.name), _("character (beginner)") if c.beginner else _("character"),
                  c.tavern or box.home or "-",
                  c.initial_loot if c.initial_loot is not None else unknown,
                  c.power or unknown] for c in box.characters.values()]
    if card_type in (None, "weapon"):
        rows += [[box.shown(w["name"]), _("weapon"), "-", w["value"] if w["value"] is not None else "?", "-"]
                 for w in box.weapons]
    if card_type in (None, "specialty"):
        rows += [[s.name, pgettext("kind", s.kind), s.tavern or box.home or "-", "-", s.text or unknown]
                 for s in box.specialties.values()]
    return Result(headers=[_("Name"), _("Type"), _("Tavern"), _("Initial Loot / value"), _("Text")],
                  rows=rows)


def detail(box: Box, name: str) -> list[str]:
    c = box.character(name)
    unknown = _(UNKNOWN)
    if c is not None:
        return [(_("{name} (Character, beginner game)") if c.beginner else
                 _("{name} (Character)")).format(name=box.shown(c.name)),
                _("Tavern of origin: {tavern}").format(tavern=c.tavern or box.home or "-"),
                _("Initial Loot: {loot}").format(
                    loot=c.initial_loot if c.initial_loot is not None else unknown),
                _("Power: {power}").format(power=c.power or unknown)]
    s = box.specialties.get(name.casefold())
    if s is not None:
        return [f"{s.name} ({pgettext('kind', s.kind)})",
                _("Tavern: {tavern}").format(tavern=s.tavern or box.home or "-"),
                _("Text: {text}").format(text=s.text or unknown)]
    w = next((w for w in box.weapons
              if name.casefold() in (w["name"].casefold(), box.shown(w["name"]).casefold())), None)
    if w is not None:
        return [_("{name} (Weapon {value})").format(
            name=box.shown(w["name"]), value=w["value"] if w["value"] is not None else "?")]
    raise GuideError(_("no card named {name!r} in the Taverne box").format(name=name))
