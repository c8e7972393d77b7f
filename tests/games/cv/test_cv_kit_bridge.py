"""CV on the bridge from the rules to the table (issue 23, item 2): the library is the
table's (CV used to keep it on the process-wide Game), and symbols and cards take a unique
beginning of a name, the exact name winning (the one resolver)."""

from __future__ import annotations

import dataclasses

import pytest

from guide.core import settings
from guide.core.dice import Dice
from guide.core.events import said
from guide.core.games import load
from guide.core.table import Table


def test_two_cv_tables_keep_their_own_library_and_words():
    game = load("cv")
    lib = settings.load(game, [])
    # the words of the box (a deck's name; the messages are the gettext catalogue's)
    other = dataclasses.replace(lib, decks=[dataclasses.replace(d, en="OTHER WORDS") for d in lib.decks])
    first = Table(game, None, lib, Dice(1))
    Table(game, None, other, Dice(1))                  # a second table opened after it
    event = {"kind": "deck_out", "deck": "youth"}
    assert "OTHER WORDS" not in (said(first, event) or "")
    assert "OTHER WORDS" in (said(Table(game, None, other, Dice(1)), event) or "")


def test_cv_symbols_take_a_unique_beginning_and_suggest():
    from guide.core.errors import RuleError

    lib = settings.load(load("cv"), [])
    assert lib.symbol("MONE") == "money"
    with pytest.raises(RuleError, match="did you mean 'Money'"):
        lib.symbol("monney")


def test_cv_cards_in_a_cv_take_a_unique_beginning_and_the_exact_name_wins():
    from guide.games.cv.model import find_card

    lib = settings.load(load("cv"), [])
    cards = [{"name": "Bike shop", "number": None}, {"name": "Bike", "number": None},
             {"name": "Garden", "number": None}]
    assert find_card(cards, "bike", lib) == 1              # exact, any case
    assert find_card(cards, "gard", lib) == 2              # a unique beginning
    assert find_card(cards, "gard", lib, loose=False) is None
    assert find_card(cards, "Piano", lib) is None
