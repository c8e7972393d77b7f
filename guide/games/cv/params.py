"""What CV's command arguments are, for parsing and Tab alike (guide.core.params): the
players (matched as people type them), card types, symbols, goals, a player's hand."""

from __future__ import annotations

from typing import Any

from guide.core.i18n import domain
from guide.core.params import KeyValue, Named
from guide.core.players import named

from .model import CvTable
from .score import COUNTS

pgettext = domain("cv").pgettext


def _lib_names(attr: str) -> Any:
    return lambda t, words: list(getattr(t.library, attr)) if t is not None and t.library else []


def _goals(t: CvTable | None, words: list[str]) -> list[str]:
    return [str(s.ids[0]) for s in t.library.specials if s.goal] if t is not None and t.library else []


def _goal_name(t: CvTable | None, number: str) -> str:
    """Beside a goal's number as Tab offers it, its name in the table's language (the deck's
    eight goals are the box's, no one's secret): 80 Healthy body."""
    goal = t.library.special_by_id(int(number)) if t is not None and t.library else None
    return goal.here if goal is not None else ""


def _hand(t: CvTable | None, words: list[str]) -> list[str]:
    """Nothing: the cards in a player's hand are theirs (their seat's page lists them, the
    TV a count), so Tab at the shared terminal never lists them (the secrets contract)."""
    return []


def _track_cards(t: CvTable | None, words: list[str]) -> list[str]:
    """The dealt cards on the track (a card file), by their names in the table's language
    (guide play --lang or the `lang` command: Table.language)."""
    if t is None or not t.library or t.state["track"] is None:
        return []
    cards = t.state["track"].get("cards", [])
    return [t.library.shown(c, t.language) for c in cards if c]


def _decks(t: CvTable | None, words: list[str]) -> list[str]:
    return [d.id for d in t.library.decks] if t is not None and t.library else []


PLAYER = named(lambda: pgettext("what", "player"))
# the score sheet may name a new one
NEW_PLAYER = named(lambda: pgettext("what", "player"), convert=False)
# converted by the box (Ukrainian too)
TYPE = Named(lambda: pgettext("what", "type"), _lib_names("types"), convert=False)
SYMBOL = Named(lambda: pgettext("what", "symbol"), _lib_names("symbols"), convert=False)
GOAL = Named(lambda: pgettext("what", "goal"), _goals, describe=_goal_name, convert=False)
HAND = Named(lambda: pgettext("what", "card"), _hand, convert=False)
TRACK_CARD = Named(lambda: pgettext("what", "card"), _track_cards, convert=False)
COUNT = KeyValue(COUNTS, metavar="COUNT=N")
DECK = KeyValue(_decks, metavar="DECK=N")
