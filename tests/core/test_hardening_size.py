"""Issue 31, item 12: a party of 400 made each command take 570 ms with the view on, growing
with the square of the party. What a table holds is bounded (docs/limits.md), with a refusal
naming the bound (each game's: tests/games/kaverini/test_kaverini_bounds.py,
tests/games/cave/test_cave_bounds.py), and the view's per-command work reads the journal's
last entries, which follow every write, without a query of its own."""

from __future__ import annotations


def test_entries_follow_every_write(tally):
    store = tally.table.store
    assert store.entries(limit=5)[-1].line == "join Bob"
    tally.do("add 1")
    assert store.entries(limit=5)[-1].line == "add 1"
    tally.do("undo")
    assert store.entries(limit=5)[-1].line == "join Bob"
