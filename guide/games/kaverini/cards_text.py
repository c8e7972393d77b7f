"""Cards in words: a row of the `cards` table and one card in full (secrets kept, R-CONF-3)."""

from __future__ import annotations

import textwrap

from guide.games.kaverini.model import Card, Side


def card_row(card: Card) -> list:
    """A card in one row within 80 columns: long subtypes shortened (`card NAME` has all)."""
    stats = []
    if card.hp is not None:
        stats.append(f"HP {card.hp}")
    if card.emotion:
        stats.append(f"E{card.emotion:+d}")
    if card.heart:
        stats.append(f"H{card.heart:+d}")
    if card.usage:
        stats.append(f"usage {card.usage}")
    name = card.name + (" (tweaked)" if card.tweaked else "")
    kind = (" ".join(card.flags) + ": " if card.flags else "") + ", ".join(card.subtypes)
    return [name, card.type, textwrap.shorten(kind, 18, placeholder="…"),
            card.expense if card.expense is not None else "-", " ".join(stats)]


CARD_HEADERS = ["card", "type", "flags: subtypes", "cost", "stats"]   # cost: the expense


def card_detail(card: Card | Side, secret: bool = True) -> list[str]:
    """One card in full. With secret=False, moves, Shield and Heel are hidden (R-CONF-3)."""
    lines = [f"{card.name}  [{card.type}{': ' + ', '.join(card.subtypes) if card.subtypes else ''}]"]
    tweaked: tuple[str, ...] = getattr(card, "tweaked", ())
    if tweaked:
        lines.append(f"  tweaked for this campaign: {', '.join(tweaked)}")
    facts = []
    if card.flags:
        facts.append("flags " + " ".join(card.flags))
    expense: int | None = getattr(card, "expense", None)
    if expense is not None:
        facts.append(f"expense {expense}")
    if card.hp is not None:
        facts.append(f"HP {card.hp}")
    if card.hp is not None or card.emotion:
        facts.append(f"E {card.emotion}")
    if secret and (card.hp is not None or card.heart):
        facts.append(f"H {card.heart}")
    usage: int | None = getattr(card, "usage", None)
    if usage:
        facts.append(f"usage {usage}")
    if facts:
        lines.append("  " + ", ".join(facts))
    if card.abilities:
        lines.append("  abilities: " + ", ".join(card.abilities))
    if secret:
        if card.shield:
            lines.append(f"  Shield: {card.shield}")
        if card.heel:
            lines.append(f"  Heel: {card.heel}")
        if card.move_die:
            lines.append(f"  moves by a d{card.move_die}")
        for t in card.techniques:
            faces = f"[{', '.join(map(str, t.roll))}] " if t.roll else ""
            emotion = f" ({t.emotion})" if t.emotion else ""
            extra = f": {t.text}" if t.text else ""
            lines.append(f"  - {faces}{t.name}{emotion}: {t.schmerz} Schmerz{extra}")
    elif card.techniques:
        lines.append(f"  knows {len(card.techniques)} technique(s) (secret)")
    bond = getattr(card, "bond", None)
    if bond:
        lines.append(f"  Bond: {bond}")
    for e in card.effects:
        lines.append(f"  effect ({e.when}): {e.do} {e.amount}"
                     f"{' ' + e.counter if e.counter else ''} to {e.target}"
                     f"{' - ' + e.text if e.text else ''}")
    creates = getattr(card, "creates", ())
    if creates:
        lines.append("  creates tokens: " + ", ".join(creates))
    if getattr(card, "token", False):
        lines.append("  (a token)")
    if card.text:
        lines.append("  " + card.text)
    back = getattr(card, "back", None)
    if back is not None:
        lines.append(f"  Flips when: {back.flip}")
        lines.extend("  " + line for line in card_detail(back, secret))
    return lines
