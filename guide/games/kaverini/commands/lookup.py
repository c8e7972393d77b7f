"""Finding cards, Kaverit and ladders by name, case-insensitively, with helpful errors."""

from __future__ import annotations

from guide.core.errors import CommandError, GuideError
from guide.core.names import Ambiguous, resolve
from guide.games.kaverini.data.loader import Library
from guide.games.kaverini.model import Card


def find_card(library: Library, name: str, types: tuple[str, ...] = ()) -> Card:
    """A card by name as people type it (guide.core.names.resolve: among the cards of these
    types first, then among all), or a one-line error with the choices or a suggestion."""
    card = library.card(name)
    if card is None:
        card = library.card(_resolve(library, name, types))
    assert card is not None
    if types and card.type not in types:
        raise CommandError(f"{card.name!r} is a {card.type} card, not a {' or '.join(types)}")
    return card


def _resolve(library: Library, name: str, types: tuple[str, ...]) -> str:
    def names(only: tuple[str, ...]) -> list[str]:
        out = []
        for c in library.cards.values():
            if not only or c.type in only:
                out.append(c.name)
            if c.back is not None and (not only or c.back.type in only):
                out.append(c.back.name)
        return out

    try:
        return resolve(name, names(types), " or ".join(types) + " card" if types else "card")
    except GuideError as e:
        if not types or isinstance(e, Ambiguous):
            raise CommandError(str(e)) from None
    try:
        return resolve(name, names(()), "card")
    except GuideError as e:
        raise CommandError(str(e)) from None
