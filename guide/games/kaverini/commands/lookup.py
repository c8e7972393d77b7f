"""Finding cards, Kaverit and ladders by name, case-insensitively, with helpful errors."""

from __future__ import annotations

from guide.core.errors import CommandError
from guide.core.names import suggest
from guide.games.kaverini.data.loader import Library
from guide.games.kaverini.model import Card


def find_card(library: Library, name: str, types: tuple[str, ...] = ()) -> Card:
    """A card by name, or a one-line error with a suggestion."""
    card = library.card(name)
    if card is None:
        names = [c.name for c in library.cards.values()]
        raise CommandError(f"no card named {name!r}{suggest(name, names)}")
    if types and card.type not in types:
        raise CommandError(f"{card.name!r} is a {card.type} card, not a {' or '.join(types)}")
    return card
