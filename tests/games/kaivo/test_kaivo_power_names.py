"""K-POW-1: the card you hold, a power card, is shown by its name beside its number at the
terminal ("13 Mind Read": the toolbar, `status`, the line of the draw), as the seat's page
shows it ("You drew Spy (11)"); a number card stays its number."""

from __future__ import annotations

import pytest

from guide.core import settings
from guide.core.dice import Dice
from guide.core.result import text
from guide.core.table import Table
from guide.games.kaivo.game import KaivoGame

GAME = KaivoGame()
PEEK = 11           # Dice(11): you draw a 10, Peek (the seed the undo tests found)


@pytest.fixture(autouse=True)
def _80_columns(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")


def test_K_POW_1_a_held_power_card_is_named_at_the_terminal():
    t = Table(GAME, None, settings.load(GAME, []), Dice(PEEK))
    t.execute("deal --friends Ann,Ben --bots 0")
    out = text(t.execute("draw --as Ann"))
    tbl = t.state["table"]
    assert tbl["cards"][tbl["held"]] == 10
    assert "Ann draws from the deck." in out        # a friend's card: on Ann's page only
    assert GAME.events.render({"kind": "held", "seat": 0, "value": 10, "power": "peek", "private": "Ann"},
                       t) == "You drew 10 (Peek)."
    assert GAME.events.render({"kind": "held", "seat": 0, "value": 4, "power": None, "private": "Ann"},
                       t) == "You drew 4."


def test_K_POW_1_the_toolbar_and_status_name_your_held_power_card():
    t = Table(GAME, None, settings.load(GAME, []), Dice(14))  # Dice(14): you draw a 12, Swap
    t.execute("deal --bots 2")
    t.execute("draw")
    tbl = t.state["table"]
    assert tbl["cards"][tbl["held"]] == 12
    bar = GAME.toolbar(t) or ""
    assert "hold 12 Swap |" in bar and all(len(line) <= 79 for line in bar.split("\n"))
    assert "you hold 12 Swap (from the deck)" in text(t.execute("status"))
