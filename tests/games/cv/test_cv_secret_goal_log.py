"""A player's secret goal (V-GOAL) stays out of `log`, which everyone may read; `log --gm`
shows it to the game master."""

from __future__ import annotations

from guide.core.repl.run import open_table


def test_cv_a_secret_goal_stays_out_of_log(tmp_path):
    t = open_table(tmp_path / "c.sqlite", [], 1, game_id="cv")
    try:
        for line in ("players Ann Bob", "goal Ann 80"):
            t.execute(line)
        said = "\n".join(t.execute("log 5").lines)
        assert " 80 " not in said and "80" in "\n".join(t.execute("log 5 --gm").lines)
    finally:
        t.close()
