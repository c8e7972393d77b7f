"""Finding cards, Kaverit and ladders by name, case-insensitively, with helpful errors."""

from __future__ import annotations

import difflib

from guide.commands.registry import CommandError
from guide.data.loader import Library
from guide.model import Card


def suggest(word: str, choices) -> str:
    names = list(choices)
    close = difflib.get_close_matches(word.casefold(), [n.casefold() for n in names], n=1, cutoff=0.6)
    if close:
        for n in names:
            if n.casefold() == close[0]:
                return f"; did you mean {n!r}?"
    return ""


def find_card(library: Library, name: str, types: tuple[str, ...] = ()) -> Card:
    """A card by name, or a one-line error with a suggestion."""
    card = library.card(name)
    if card is None:
        names = [c.name for c in library.cards.values()]
        raise CommandError(f"no card named {name!r}{suggest(name, names)}")
    if types and card.type not in types:
        raise CommandError(f"{card.name!r} is a {card.type} card, not a {' or '.join(types)}")
    return card
