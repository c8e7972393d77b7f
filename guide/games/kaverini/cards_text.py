"""Cards in words: a row of the `cards` table and one card in full (secrets kept, R-CONF-3)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from guide.core.i18n import N_, domain
from guide.core.result import Result
from guide.games.kaverini.data.tables import ladder_of_technique
from guide.games.kaverini.model import CARD_TYPES, Card, Side, Technique

_, ngettext, pgettext = domain("kaverini").functions()


def technique_kind(t: Technique) -> str:
    """What a card technique's parenthesis says (R-FX-6): an Emotion Table technique rolls
    for its effect at its level; any other one has no effect, whatever emotion it names
    (that emotion is for Shields and Heels), and must not look like one that rolls."""
    lad = ladder_of_technique(t.name)
    if lad is not None:
        level = [n.casefold() for n in lad.techniques].index(t.name.casefold()) + 1
        return _("{ladder} {level}, rolls for its effect").format(ladder=lad.name, level=level)
    if t.emotion:
        return _("{emotion}, no special effect").format(emotion=t.emotion)
    return ""


def technique_parts(t: Technique) -> tuple[str, str, str]:
    """What a card technique's line says around its name and Schmerz: its move-die faces
    ("[1, 2] "), its kind (" (Sadness 2, rolls for its effect)", R-FX-6) and its text."""
    kind = technique_kind(t)
    return (f"[{', '.join(map(str, t.roll))}] " if t.roll else "", f" ({kind})" if kind else "",
            f": {t.text}" if t.text else "")


def card_row(card: Card) -> list:
    """A card in one row within 80 columns: long subtypes shortened (`card NAME` has all)."""
    stats = [f"HP {card.hp}"] if card.hp is not None else []
    stats += [f"{stat}{value:+d}" for stat, value in (("E", card.emotion), ("H", card.heart))
              if value]
    if card.usage:
        stats.append(_("usage {value}").format(value=card.usage))
    name = _("{name} (tweaked)").format(name=card.name) if card.tweaked else card.name
    kind = (" ".join(card.flags) + ": " if card.flags else "") + ", ".join(card.subtypes)
    return [name, card.type, textwrap.shorten(kind, 18, placeholder="…"),
            card.expense if card.expense is not None else "-", " ".join(stats)]


CARD_HEADERS = [N_("card"), N_("type"), N_("flags: subtypes"), N_("cost"), N_("stats")]  # cost: expense


def card_table(cards: Iterable[Card]) -> Result:
    """`cards` and `guide cards`: the cards a row each, by type in the rulebook's order, then
    by name."""
    chosen = sorted(cards, key=lambda c: (CARD_TYPES.index(c.type), c.name.casefold()))
    return Result(headers=[_(h) for h in CARD_HEADERS], rows=[card_row(c) for c in chosen])


def card_detail(card: Card | Side, secret: bool = True) -> list[str]:
    """One card in full. With secret=False, moves, Shield and Heel are hidden (R-CONF-3)."""
    lines = [f"{card.name}  [{card.type}{': ' + ', '.join(card.subtypes) if card.subtypes else ''}]"]
    tweaked: tuple[str, ...] = getattr(card, "tweaked", ())
    if tweaked:
        lines.append("  " + _("tweaked for this campaign: {stats}").format(stats=", ".join(tweaked)))
    facts = _facts(card, secret)
    if facts:
        lines.append("  " + ", ".join(facts))
    if card.abilities:
        lines.append("  " + _("abilities: {list}").format(list=", ".join(card.abilities)))
    if secret:
        lines += _fighting_secrets(card)
    elif card.techniques:
        lines.append("  " + ngettext("knows {count} technique (secret)",
                                     "knows {count} techniques (secret)",
                                     len(card.techniques)).format(count=len(card.techniques)))
    lines += _what_it_does(card)
    back = getattr(card, "back", None)
    if back is not None:
        lines.append("  " + _("Flips when: {condition}").format(condition=back.flip))
        lines.extend("  " + line for line in card_detail(back, secret))
    return lines


def _facts(card: Card | Side, secret: bool) -> list[str]:
    """The card's numbers on one line: flags, expense, HP, Emotion, Heart (a secret) and usage."""
    facts = []
    if card.flags:
        facts.append(_("flags {flags}").format(flags=" ".join(card.flags)))
    expense: int | None = getattr(card, "expense", None)
    if expense is not None:
        facts.append(_("expense {value}").format(value=expense))
    if card.hp is not None:
        facts.append(f"HP {card.hp}")
    if card.hp is not None or card.emotion:
        facts.append(f"E {card.emotion}")
    if secret and (card.hp is not None or card.heart):
        facts.append(f"H {card.heart}")
    usage: int | None = getattr(card, "usage", None)
    if usage:
        facts.append(_("usage {value}").format(value=usage))
    return facts


def _fighting_secrets(card: Card | Side) -> list[str]:
    """What the players do not see (R-CONF-3): Shield, Heel, the move die and the techniques."""
    lines = ["  " + line for line in guards(card, N_("moves by a d{sides}"))]
    for t in card.techniques:
        faces, kind, text = technique_parts(t)
        lines.append(f"  - {faces}{t.name}{kind}: {t.schmerz} Schmerz{text}")
    return lines


def guards(card: Card | Side, moves: str) -> list[str]:
    """A card's Shield, Heel and move die, a line each (the foes' secrets, R-CONF-3); `moves`
    is the message that says the die, with its {sides}."""
    shown = ((card.shield, N_("Shield: {value}")), (card.heel, N_("Heel: {value}")),
             (card.move_die, moves))
    return [_(said).format(value=value, sides=value) for value, said in shown if value]


def _what_it_does(card: Card | Side) -> list[str]:
    """The card's bond, effects, the tokens it creates, whether it is one, and its text."""
    lines = []
    bond = getattr(card, "bond", None)
    if bond:
        lines.append("  " + _("Bond: {text}").format(text=bond))
    for e in card.effects:
        lines.append(f"  effect ({e.when}): {e.do} {e.amount}"
                     f"{' ' + e.counter if e.counter else ''} to {e.target}"
                     f"{' - ' + e.text if e.text else ''}")
    creates = getattr(card, "creates", ())
    if creates:
        lines.append("  " + _("creates tokens: {names}").format(names=", ".join(creates)))
    if getattr(card, "token", False):
        lines.append("  " + _("(a token)"))
    if card.text:
        lines.append("  " + card.text)
    return lines


def card_of(types: tuple[str, ...]) -> str:
    """What a card of these types is called ("foe or power-foe card"), in the table's language."""
    if not types:
        return pgettext("what", "card")
    return pgettext("what", "{types} card").format(types=_(" or ").join(types))


def not_of_type(name: str, card_type: str, wanted: str) -> str:
    """`'Tess' is a buddy card, not an item`: a card refused for its type, with English's
    articles (Kaverini speaks English only)."""
    def a(word: str) -> str:
        return ("an " if word[:1] in "aeiou" else "a ") + word
    return _("{name!r} is {type} card, not {value}").format(name=name, type=a(card_type),
                                                             value=a(wanted))
