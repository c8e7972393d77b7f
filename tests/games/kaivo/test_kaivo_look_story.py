"""K-DEAL-1 at a phone: a friend's tap to look at a card tells the table nothing (the card
shows on their page alone), so the game master's terminal and `log` print no line for it:
not even the "(from Ann's seat)" that heads a seat's move, which alone would be a header
over nothing."""

from __future__ import annotations

from guide.core import settings
from guide.core.dice import Dice
from guide.core.result import text
from guide.core.store import Store
from guide.core.table import Table
from guide.games.kaivo.game import KaivoGame

GAME = KaivoGame()


def test_a_look_from_a_seat_prints_no_lone_seat_header(tmp_path):
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(5))
    try:
        t.execute("deal --friends \"O'Brien,Ben\" --bots 1")
        looks = [m for m in GAME.seat_moves(t, "O'Brien") if m.key]
        assert looks, "K-DEAL-1: the outer cards wait on the page to be looked at"
        out = text(t.execute(looks[0].line, seat="O'Brien"))
        assert "seat" not in out, out
        assert "(from O'Brien's seat)" not in text(t.execute("log"))
        # a seat's move that tells the table something keeps its header
        out = text(t.execute("draw --as O'Brien", seat="O'Brien"))
        assert out.startswith("(from O'Brien's seat)") and "draws" in out, out
    finally:
        t.close()
