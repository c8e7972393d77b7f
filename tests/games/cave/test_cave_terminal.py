"""Cave escape in a real 80x24 terminal: the map with the characters beside it stays on the
screen above the prompt while the next move is typed (no pager), and the toolbar fits."""

from __future__ import annotations

import pytest
from terminal import Terminal, terminal_env

pytestmark = pytest.mark.terminal


def test_the_map_stays_on_screen_at_80x24_while_the_next_move_is_typed(tmp_path):
    term = Terminal(["play", "--game", "cave", "--campaign", str(tmp_path / "c.sqlite"),
                     "--seed", "2"], terminal_env(tmp_path))
    try:
        term.wait_for("cave>")
        for name in ("Ann", "Bob", "Cid", "Dorothea Longname"):
            term.line(f"character {name}")
            term.wait_for(f"{name} joins")
        term.line("start")
        term.wait_for("cave (round 1: Ann)>")
        term.line("map")
        term.wait_for("1 2 3: characters")
        term.send("move Ann ri")                        # typing the next move
        screen = term.wait_for("cave (round 1: Ann)> move Ann ri")
        rows = screen.splitlines()
        top = next(i for i, row in enumerate(rows) if row.split()[:3] == ["0", "1", "2"])
        assert rows[top + 1].startswith(" 0  .   .") and "Round 1: Ann" in rows[top]
        assert rows.index("cave (round 1: Ann)> move Ann ri") == top + 19   # the whole map above
        assert " 7  .   ." in screen
        # four on the start tile: its S stays, and the line under the board names them all
        assert rows[top + 7].startswith(" 3  .   .   .   .   .  S1+  S ")
        assert rows[top + 16] == "+ on the map: 5,3 S: 1 2 3 4"
        assert "4 Dorothea" in screen
        assert "(END)" not in screen and ":" != rows[-1].strip()
        assert rows[-1] == "R1 | >1 Ann E8 M4 | 2 Bob E8 M4 | 3 Cid E8 M4 | 4 Dorothea Longname E8 M4"
    finally:
        term.close()
