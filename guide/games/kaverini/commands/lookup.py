"""Finding cards by name as people type them, with one-line errors that list the choices or
suggest one."""

from __future__ import annotations

from guide.core.errors import CommandError, GuideError
from guide.core.i18n import domain
from guide.core.names import Ambiguous, resolve
from guide.games.kaverini.cards_text import card_of, not_of_type
from guide.games.kaverini.data.loader import Library
from guide.games.kaverini.model import Card

_, ngettext, pgettext = domain("kaverini").functions()


def find_card(library: Library, name: str, types: tuple[str, ...] = ()) -> Card:
    """A card by name as people type it (guide.core.names.resolve: among the cards of these
    types first, then among all), or a one-line error with the choices or a suggestion."""
    card = library.card(name) or library.card(_resolve(library, name, types))
    assert card is not None
    if types and card.type not in types:
        raise CommandError(not_of_type(card.name, card.type, " or ".join(types)))
    return card


def _resolve(library: Library, name: str, types: tuple[str, ...]) -> str:
    def names(only: tuple[str, ...]) -> list[str]:
        """Every side's name (a card, then its back), of the types `only` (all when none)."""
        return [side.name for c in library.cards.values() for side in (c, c.back)
                if side is not None and (not only or side.type in only)]

    try:
        return resolve(name, names(types), card_of(types))
    except GuideError as e:
        if not types or isinstance(e, Ambiguous):
            raise CommandError(str(e)) from None
    try:
        return resolve(name, names(()), pgettext("what", "card"))
    except GuideError as e:
        raise CommandError(str(e)) from None
