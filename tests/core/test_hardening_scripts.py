"""Issue 31, item 6: Ctrl-C in a script. After a save but before its output, the script
ended with 130 and no word though the command was saved; Ctrl-C during `odds` let the script
run on (Kaverini's `odds`: tests/games/kaverini/test_odds_workers.py). A script now stops,
exit 130, saying truthfully whether the command it cut was saved."""

from __future__ import annotations

import os
import signal

from test_interrupts import (  # noqa: F401  (its fixtures: this module's too)
    ctrl_c_reaches_python,
    file_state,
    lines_in_turn,
)

from guide.core.repl.run import run_batch


def test_ctrl_c_after_the_save_before_the_output_says_it_was_saved(tally, lines_in_turn, capsys):  # noqa: F811
    def listener(table) -> None:
        os.kill(os.getpid(), signal.SIGINT)

    tally.table.listeners.append(listener)
    code = run_batch(tally.table, ["add 3\n", "add 5\n"], "scene.txt")
    tally.table.listeners.remove(listener)
    out, err = capsys.readouterr()
    assert code == 130 and out == ""
    assert err == ("scene.txt:1: (interrupted: `add 3` was saved, though its output was not"
                   " shown; undo takes it back; the rest of the script was not run)\n")
    assert tally.state["count"] == 3
    assert tally.table.state == file_state(tally.path)


def test_ctrl_c_before_the_save_says_it_was_not_saved(tally, lines_in_turn, capsys, monkeypatch):  # noqa: F811
    import guide.core.table

    real = guide.core.table.diff

    def diff_then_interrupt(old, new):
        os.kill(os.getpid(), signal.SIGINT)
        return real(old, new)

    tally.do("add 1")
    monkeypatch.setattr(guide.core.table, "diff", diff_then_interrupt)
    code = run_batch(tally.table, ["# a comment\n", "add 3\n", "add 5\n"])
    monkeypatch.setattr(guide.core.table, "diff", real)
    out, err = capsys.readouterr()
    assert code == 130 and out == ""
    assert err == ("(interrupted: `add 3` was not saved; the rest of the script was not"
                   " run)\n")
    assert tally.state["count"] == 1
    assert tally.table.state == file_state(tally.path)


def test_ctrl_c_between_commands_names_no_command(tally, lines_in_turn, capsys):  # noqa: F811
    def lines():
        yield "add 2\n"
        os.kill(os.getpid(), signal.SIGINT)
        yield "add 5\n"

    assert run_batch(tally.table, lines()) == 130
    out, err = capsys.readouterr()
    assert out == "Added 2: the count is 2.\n"
    assert err.startswith("(interrupted between commands: those above stand as shown;")
    assert tally.state["count"] == 2
