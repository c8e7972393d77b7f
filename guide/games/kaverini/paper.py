"""Shabbat mode (rulebook 7.3: "use counters, dice, cards or anything else you'd like to mark
E, H, HP"): the box on paper, as one self-contained HTML page laid out for printing on A4 or
Letter. Each Kaveri's sheet, every card at card size with its back, the scenes, the shops,
the pronunciation guide, the quote lottery (R-QL-1) as a numbered table, and E, H and HP
counters (R-SHEET-3) to cut out. Pure: data in, text out; every text is escaped."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources

from guide.core.i18n import N_, domain
from guide.games.kaverini.cards_text import guards, technique_parts
from guide.games.kaverini.data.loader import Library
from guide.games.kaverini.data.tables import abilities, ladders
from guide.games.kaverini.model import CARD_TYPES, Adventure, Card, Side, Technique
from guide.games.kaverini.paper_reference import e, reference, table
from guide.games.kaverini.rules.leveling import level

PER_SHEET = 6                       # cards on a printed page: 3 across, 2 down
_, ngettext, pgettext = domain("kaverini").functions()
COUNTERS = (("+E", 18), ("-E", 12), ("+H", 18), ("-H", 12), ("HP", 30))


PAPERS = {"a4": "A4", "letter": "letter"}     # A4 for a European box, the default


def page(library: Library, adventure: Adventure | None, sheets: list[dict],
         paper: str = "a4") -> str:
    """The whole box on paper of this size: the cover and the confrontation reference share
    the first page, then the sheets, the booklet, the cards and the counters."""
    css = resources.files("guide.games.kaverini.data").joinpath("print.css").read_text("utf-8")
    css += f"\n@page {{ size: {PAPERS[paper]}; }}\n"
    title = adventure.title if adventure else "Kaverini"
    parts = [f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
             f"<title>{e(_('{title}: Kaverini on paper').format(title=title))}</title>"
             f"<style>{css}</style></head><body>",
             _cover(adventure), reference(), _sheets(sheets, adventure)]
    if adventure is not None:
        parts += [_scenes(adventure, library), _shops(adventure), _pronunciation(adventure),
                  _lottery(adventure)]
    parts += [_cards(library), _counters(), "</body></html>\n"]
    return "\n".join(parts)


def _cover(a: Adventure | None) -> str:
    if a is None:
        return (f'<section class="first"><h1>{e(_("Kaverini on paper"))}</h1><p class="note">'
                f'{e(_("No adventure chosen: the sheets, cards and counters only."))}</p></section>')
    rows = [f"<h1>{e(a.title)}</h1>"]
    if a.place:
        rows.append(f"<p><b>{e(a.place)}</b></p>")
    rows.append("<p>" + e(_("Each Kaveri starts with {money} {currency}.").format(
        money=a.starting_money, currency=a.currency)) + "</p>")
    rows += [f"<p>{e(p)}</p>" for p in a.intro.split("\n") if p.strip()]
    rows.append('<p class="note screen-only">' + e(_(
        "Print this page (at 100% scale). Card pages come in pairs: print them double-sided,"
        " flipping on the long edge, or cut each front and glue it to the back in the same place"
        " on the next page.")) + "</p>")
    return '<section class="first">' + "\n".join(rows) + "</section>"


def _sheets(sheets: list[dict], a: Adventure | None) -> str:
    out = [f"<section><h2>{e(_('Kaveri sheets'))}</h2>"]
    out += [_sheet(k, a) for k in sheets] or [_sheet(None, a)]    # none: one blank sheet
    return "\n".join(out) + "</section>"


def _sheet(k: dict | None, a: Adventure | None) -> str:
    """The rulebook's character sheet (R-SHEET-1); None: a blank one to fill in."""
    def v(key: str) -> str:
        return e(k[key]) if k else "&nbsp;"
    lv = e(level(k["xp"])) if k else "&nbsp;"
    told = abilities().get(k["ability"], "") if k else ""
    rows = [f'<div class="sheet"><h3>{v("name") if k else e(_("A new Kaveri"))}</h3>',
            '<p class="stats">'
            + "".join(f"<span>{s}</span>" for s in (
                _("Level {level} ({xp} XP)").format(level=lv, xp=v("xp")),
                _("HP {hp} / {max_hp}").format(hp=v("hp"), max_hp=v("max_hp")),
                _("Emotion {value}").format(value=v("emotion")),
                _("Heart {value}").format(value=v("heart")),
                _("World points {value}").format(value=v("world_points")))) + "</p>",
            "<p>" + _("Ability: {ability}").format(ability=f"<b>{v('ability')}</b>")
            + (f" ({e(told)})" if told else "") + "</p>"]
    if k and k["facts"]:
        rows.append("<p>" + _("Facts: {facts}").format(facts="; ".join(e(f) for f in k["facts"]))
                    + "</p>")
    rows.append(_sheet_techniques(k))
    rows.append("<p>" + _("Money: {money} &nbsp; Items: {items}").format(
        money=_sheet_money(k, a), items=_sheet_items(k)) + "</p>")
    box = '<span class="box"></span>'
    rows.append("<p>" + _("Now: HP{box} +E/-E{box} +H/-H{box} HP counters{box}").format(box=box)
                + "</p></div>")
    return "\n".join(rows)


def _sheet_techniques(k: dict | None) -> str:
    """The sheet's table of the Emotion Table ladders, with the Kaveri's level and technique
    on each, then its custom techniques."""
    rows: list[list[object]] = []
    for lad in ladders().values():
        lvl = k["ladders"].get(lad.name) if k else None
        rows.append([lad.name, lvl or "", lad.technique_name(lvl) if lvl else "", lad.text])
    rows += [[_("{name} (custom)").format(name=name), lvl, "", _("no effect; +Lv Schmerz")]
             for name, lvl in (k["custom"].items() if k else ())]
    return table([_("ladder"), _("level"), _("technique"), _("effect")], rows)


def _sheet_money(k: dict | None, a: Adventure | None) -> str:
    """The Kaveri's money in the adventure's currency (blank on a blank sheet)."""
    return f"{e(k['money'])} {e(a.currency if a else '')}" if k else ""


def _sheet_items(k: dict | None) -> str:
    """The items held, each with the uses it has left (blank on a blank sheet)."""
    if not k:
        return ""
    return ", ".join(e(i["card"]) + (" (" + e(ngettext("{count} use", "{count} uses", i["uses"])
                                             .format(count=i["uses"])) + ")" if i["uses"] else "")
                     for i in k["items"])


def _scenes(a: Adventure, library: Library) -> str:
    out = [f"<section><h2>{e(_('Scenes'))}</h2>"]
    for s in a.scenes:
        foes = ", ".join(f"{e(f)} ({e(a.xp_for(f))} XP)" for f in s.foes)
        out.append(f'<div class="scene"><h3>{e(s.name)}</h3>'
                   + ("<p>" + _("Setting: {setting}").format(setting=f"<b>{e(s.setting)}</b>")
                      + "</p>" if s.setting else "")
                   + ("<p>" + _("Foes: {foes}").format(foes=foes) + "</p>" if foes else "")
                   + (f"<p>{e(s.text)}</p>" if s.text else "") + "</div>")
    if a.xp:
        out.append(f"<h3>{e(_('XP to each standing Kaveri per foe neutralized (R-CONF-7)'))}</h3>"
                   + table([_("foe"), _("XP")], a.xp.items()))
    for label, text in ((_("Good ending"), a.good_ending), (_("Bad ending"), a.bad_ending)):
        if text:
            out.append(f"<h3>{e(label)}</h3><p>{e(text)}</p>")
    return "\n".join(out) + "</section>"


def _shops(a: Adventure) -> str:
    out = [f"<section><h2>{e(_('Shops'))}</h2>"]
    for shop in a.shops:
        out.append(f"<h3>{e(shop.name)}</h3>" + table(
            [_("item"), _("price")], [(i, f"{p} {a.currency}") for i, p in shop.prices.items()]))
    if not a.shops:
        out.append(f'<p class="note">{e(_("This adventure has no shop."))}</p>')
    return "\n".join(out)


def _pronunciation(a: Adventure) -> str:
    return (f"<h2>{e(_('Pronunciation guide'))}</h2>"
            + table([_("word"), _("say"), _("means")], a.pronunciation) + "</section>")


def _lottery(a: Adventure) -> str:
    rows = "".join(f"<tr><td>{n}</td><td>{e(a.quotes[n])}</td>"
                   f'<td class="note">{e(a.sources.get(n, ""))}</td></tr>' for n in sorted(a.quotes))
    return (f"<section><h2>{e(_('The quote lottery'))}</h2><p class=\"note\">"
            + e(_("Roll two d10: tens, then ones; a 10 counts as 0, and 0 and 0 is 100 (R-DICE-2)."
                  " Each friendly character tells one (R-QL-2)."))
            + f"</p><table><tr><th>#</th><th>{e(_('quote'))}</th><th>{e(_('source'))}</th></tr>"
            + rows + "</table></section>")


def _card_face(card: Card | Side) -> str:
    kind = card.type + (": " + ", ".join(card.subtypes) if card.subtypes else "")
    stats = _card_stats(card)
    out = [f'<div class="name">{e(card.name)}</div><div class="kind">{e(kind)}</div>']
    if stats:
        out.append(f'<div class="stats">{e(" · ".join(stats))}</div>')
    out += [f"<p>{e(line)}</p>" for line in _card_guards(card)]
    if card.techniques:
        out.append("<ul>" + "".join(_technique_item(t) for t in card.techniques) + "</ul>")
    bond = getattr(card, "bond", None)
    if bond:
        out.append(f"<p><b>{e(_('Bond:'))}</b> {e(bond)}</p>")
    if card.text:
        out.append(f"<p>{e(card.text)}</p>")
    out += [f"<p>{e(fx.text)}</p>" for fx in card.effects if fx.text and fx.text not in card.text]
    return "".join(out)


def _card_stats(card: Card | Side) -> list[str]:
    """The numbers printed under a card's name: HP, E, H, expense and usage."""
    stats = [f"{label} {value}" for label, value in
             (("HP", card.hp), ("E", card.emotion or None), ("H", card.heart or None))
             if value is not None]
    for label, said in (("expense", N_("expense {value}")), ("usage", N_("usage {value}"))):
        value = getattr(card, label, None)
        if value is not None:
            stats.append(_(said).format(value=value))
    return stats


def _card_guards(card: Card | Side) -> list[str]:
    """A card's abilities, Shield, Heel and move die, a line each."""
    lines = [_("Abilities: {list}").format(list=", ".join(card.abilities))] if card.abilities else []
    return lines + guards(card, N_("Moves by a d{sides}"))


def _technique_item(t: Technique) -> str:
    """A card technique as a list item: its move-die faces, name, kind (R-FX-6), Schmerz and
    text."""
    faces, told, text = technique_parts(t)
    return f"<li>{e(faces)}<b>{e(t.name)}</b>{e(told)}: {e(t.schmerz)} Schmerz{e(text)}</li>"


def _card_back(card: Card) -> str:
    if card.back is not None:        # a double-sided card (5.6): its other side
        return (f'<div class="card back side"><p class="note">'
                f'{e(_("Flips when: {condition}").format(condition=card.back.flip))}</p>'
                f"{_card_face(card.back)}</div>")
    flags = " ".join(card.flags) or _("no flag")
    return (f'<div class="card back"><div class="logo">KAVERINI</div>'
            f'<div class="kind">{e(card.type)}</div><div class="flags">{e(flags)}</div></div>')


def _cards(library: Library) -> str:
    cards = sorted(library.cards.values(),
                   key=lambda c: (CARD_TYPES.index(c.type), c.name.casefold()))
    out = [f"<section><h2>{e(_('Cards ({count})').format(count=len(cards)))}</h2>"]
    for start in range(0, len(cards), PER_SHEET):
        group: list[Card | None] = list(cards[start:start + PER_SHEET])
        group += [None] * (PER_SHEET - len(group))
        fronts = [f'<div class="card">{_card_face(c)}</div>' if c else '<div class="card blank">'
                  "</div>" for c in group]
        backs = [_card_back(c) if c else '<div class="card blank"></div>' for c in group]
        backs = _mirrored(backs)            # a long-edge flip puts each back behind its front
        out.append(f'<div class="sheet-of-cards"><div class="cards">{"".join(fronts)}</div></div>')
        out.append(f'<div class="sheet-of-cards"><div class="cards">{"".join(backs)}</div></div>')
    return "\n".join(out) + "</section>"


def _mirrored(cells: list[str], across: int = 3) -> list[str]:
    return [c for row in range(0, len(cells), across) for c in reversed(cells[row:row + across])]


def _counters(kinds: Iterable[tuple[str, int]] = COUNTERS) -> str:
    out = [f"<section><h2>{e(_('Counters to cut out'))}</h2><p class=\"note\">"
           + e(_("+E, -E, +H and -H counters change E and H by one each; HP counters absorb"
                 " Schmerz one for one before HP (R-SHEET-3). Mark current HP with HP counters or"
                 " dice.")) + "</p>"]
    for label, n in kinds:
        out.append('<div class="counter-row counters">'
                   + "".join(f'<div class="counter">{e(label)}</div>' for _ in range(n)) + "</div>")
    return "\n".join(out) + "</section>"
