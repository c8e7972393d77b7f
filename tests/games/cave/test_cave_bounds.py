"""Issue 31, item 12: what a table holds is bounded (docs/limits.md), with a refusal naming
the bound: Cave escape's expedition."""

from __future__ import annotations


def test_the_cave_expedition_is_bounded(tmp_path):
    from guide.core.repl.run import attempt, open_table

    table = open_table(tmp_path / "c.sqlite", [], 1, game_id="cave")
    try:
        for i in range(12):
            assert not isinstance(attempt(table, f"character C{i}"), str)
        assert attempt(table, "character C12") == ("error: at most 12 characters in the"
                                                   " expedition (docs/limits.md)")
    finally:
        table.close()
