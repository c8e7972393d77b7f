"""The REPL's pager (guide.core.repl.session.pages), issue 28: a long result opens the pager
only at a table nobody follows from a seat; with seats in play it is printed whole (the
pager held every phone's tap behind it). The terminal itself: tests/games/kaivo/
test_kaivo_terminal.py."""

from __future__ import annotations

from test_tiny_game import tally_table  # noqa: I001 - the tiny game's table

from guide.core.players import seats as seats_of
from guide.core.repl.session import pages


def test_the_pager_is_for_a_table_without_seats_in_play(tmp_path):
    t = tally_table(tmp_path / "c.sqlite")
    try:
        assert seats_of(t) == [] and pages(t)
        t.execute("join Ann")
        assert not pages(t)
    finally:
        t.close()
