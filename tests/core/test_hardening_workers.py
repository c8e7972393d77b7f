"""Issue 31, item 3: kill -9 during `odds` left its worker processes running, holding the
campaign's lock ("already open in another guide") and the view's port. Workers now die with
their table (Kaverini's `odds`: tests/games/kaverini/test_odds_workers.py), and a forked
worker never holds the lock at all."""

from __future__ import annotations

import os

from conftest import alive


def test_a_forked_worker_does_not_hold_the_campaign_lock(tmp_path):
    """However a child is forked while a table is open, the lock stays the table's alone: a
    child that outlives its table (a stopped one, say) leaves the campaign free."""
    from guide.core.repl.run import open_table

    path = tmp_path / "c.sqlite"
    table = open_table(path, [], 1)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:                            # the child waits for its parent's word
        os.close(write)
        os.read(read, 1)
        os._exit(0)
    os.close(read)
    try:
        table.close()
        again = open_table(path, [], 1)       # the child is still alive: no "already open"
        again.close()
        assert alive(child)
    finally:
        os.write(write, b"x")
        os.close(write)
        os.waitpid(child, 0)


def test_a_child_that_has_not_closed_its_copy_yet_does_not_keep_the_campaign_held(tmp_path):
    """A child forked a moment before the table closes may not have run its at-fork close
    yet: it shares the lock's open file until it does. A copy of the descriptor stands for
    it here (the race the forked test above met on a loaded machine): closing the table
    unlocks the file itself, so the campaign is free at once."""
    from guide.core.repl.run import open_table

    path = tmp_path / "c.sqlite"
    table = open_table(path, [], 1)
    fd = table.store._lock_fd
    assert fd is not None
    copy = os.dup(fd)                      # the child's copy, not closed yet
    try:
        table.close()
        again = open_table(path, [], 1)
        again.close()
    finally:
        os.close(copy)
