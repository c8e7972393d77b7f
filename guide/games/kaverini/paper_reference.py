"""The confrontation reference on paper, for a table without screens: the round's phase order
(R-CONF-2), the d20 each ladder level needs (R-FX-1), the Comic d10 (R-FX-4), the foes' extra
HP for 2+ Kaverit (R-CONF-4; foe cards print their base HP), running away (R-CONF-6), the
costs of going up a level (R-LVL-1..3) and what a world point buys (R-WP-1..4). Every figure
comes from the rules the engine plays by (the same tables and functions). Pure: text out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from guide.core.i18n import N_, domain
from guide.games.kaverini.data.tables import comic_d10, ladders
from guide.games.kaverini.rules.confrontation import extra_hp
from guide.games.kaverini.rules.effects import trigger_threshold

PARTY_SIZES = (2, 3, 4, 5)
LEVELS = range(1, 11)

PHASES = (
    N_("The setting's round effects."),
    N_("Each Kaveri in the order chosen at the start: items first, then one technique."),
    N_("The buddies' techniques."),
    N_("The foes' techniques (a foe with a die icon rolls it for its move). Gladness bites"
       " right after."),
    N_("The companions' round effects."),
    N_("The items' round effects."),
    N_("Any other round effects."),
)
_, ngettext, pgettext = domain("kaverini").functions()


def e(value: object) -> str:
    """Any text as HTML text (a card may hold anything)."""
    return escape(str(value), quote=True)


def table(head: list[str], rows: Iterable[Sequence[object]]) -> str:
    """An HTML table: a row of headings, then a row per entry, every cell escaped."""
    return ("<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr>"
            + "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows)
            + "</table>")


def _h3(text: str) -> str:
    return f"<h3>{e(text)}</h3>"


def _note(text: str) -> str:
    return f'<p class="note">{e(text)}</p>'


def reference() -> str:
    """The section, headed, laid out in two columns on paper (every word in the table's
    language: the printed box is read at the table too)."""
    thresholds = [[lv, _("always") if lv >= 10 else f"{trigger_threshold(lv)}+"] for lv in LEVELS]
    comic = [[face, name.capitalize()] for face, name in enumerate(comic_d10(), start=1)]
    bonus = [[lv, *(f"+{extra_hp(k, lv)}" for k in PARTY_SIZES)] for lv in LEVELS]
    costs = [[f"{n} -> {n + 1}", n + 1] for n in range(1, 10)]
    names = [[lad.name, lad.text] for lad in ladders().values()]
    parts = [
        f'<section class="reference"><h2>{e(_("At the table: the confrontation reference"))}</h2>',
        '<div class="columns">',
        _h3(_("A round, phase by phase (R-CONF-2)")) + "<ol>"
        + "".join(f"<li>{e(_(p))}</li>" for p in PHASES) + "</ol>"
        + _note(_('"Get ready to feel!" starts a confrontation; the Kaverit go first (R-CONF-1).'
                  " A Kaveri at 0 HP cowers: no techniques, no items, no one targets it"
                  " (R-CONF-5).")),
        _h3(_("The special effect's d20 (R-FX-1)"))
        + _note(_("A ladder technique of level L has its effect on a d20 of 21 - 2L or more,"
                  " after its Schmerz; custom techniques roll nothing."))
        + table([_("ladder level"), _("d20 needs")], thresholds),
        _h3(_("The Comic d10 (R-FX-4)"))
        + _note(_("Comic Wit, Silly and Slapstick: a d10 picks the effect."))
        + table(["d10", _("effect")], comic),
        _h3(_("Foes' extra HP for 2+ Kaverit (R-CONF-4)"))
        + _note(_("Foe cards print their base HP. With k Kaverit each foe gets (k - 1) x Lv"
                  " more; foes joining later too (R-CONF-14)."))
        + table(["Lv", *(_("{count} Kaverit").format(count=k) for k in PARTY_SIZES)], bonus),
        _h3(_("Running away (R-CONF-6)"))
        + "<p>" + e(_("Only with a cowering Kaveri, before any Kaveri acts in the round: roll the"
                      " percentile (two d10, tens then ones; 10 counts as 0, 0 and 0 is 100;"
                      " R-DICE-2) at or under 25 per cowering Kaveri (100 at most). It works: the"
                      " confrontation ends, the cowering get up with 1 HP, no XP. It fails: the"
                      " Kaverit lose their phase and the foes act.")) + "</p>",
        _h3(_("Going up a level (R-LVL-1..3)"))
        + "<p>" + e(_("Level = XP. Reaching level L banks L points (Focused: L + 1); several"
                      " levels at once bank each one's points. A point buys 1 E (at most one per"
                      " level reached), 1 H, 1 max HP, or a new ladder at level 1. Raising a"
                      " ladder:")) + "</p>"
        + table([_("ladder level"), _("points")], costs),
        _h3(_("World points (R-WP-1..4)")) + "<ul>" + "".join(f"<li>{e(line)}</li>" for line in (
            _("The Tour Guide gives them; each is spent once."),
            _("A ladder technique hits every foe this turn, each on its own; its effect is"
              " rolled once, for one foe."),
            _("This turn's special effect happens, whatever the die says."),
            _("At a shop: its cheapest item, once a visit."))) + "</ul>",
        _h3(_("The emotion ladders (R-FX-4)")) + table([_("ladder"), _("its special effect")], names),
        "</div></section>",
    ]
    return "\n".join(parts)
