"""Issue 31, item 6: Ctrl-C in a script. After a save but before its output, the script
ended with 130 and no word though the command was saved; Ctrl-C during `odds` let the script
run on. A script now stops, exit 130, saying truthfully whether the command it cut was saved."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from test_hardening_workers import children, wait_for
from test_interrupts import (  # noqa: F401  (ctrl_c_reaches_python: this module's too)
    ctrl_c_as_by_default,
    ctrl_c_reaches_python,
    file_state,
)

from conftest import KAVERI_LINE, guide
from guide.core.repl.run import run_batch


def test_ctrl_c_after_the_save_before_the_output_says_it_was_saved(party, capsys):
    def listener(table) -> None:
        os.kill(os.getpid(), signal.SIGINT)

    party.table.listeners.append(listener)
    code = run_batch(party.table, ["wp Ann 3\n", "wp Ann 5\n"], "scene.txt")
    party.table.listeners.remove(listener)
    out, err = capsys.readouterr()
    assert code == 130 and out == ""
    assert err == ("scene.txt:1: (interrupted: `wp Ann 3` was saved, though its output was not"
                   " shown; undo takes it back; the rest of the script was not run)\n")
    assert party.kaveri("Ann")["world_points"] == 3
    assert party.table.state == file_state(party.path)


def test_ctrl_c_before_the_save_says_it_was_not_saved(party, capsys, monkeypatch):
    import guide.core.table

    real = guide.core.table.diff

    def diff_then_interrupt(old, new):
        os.kill(os.getpid(), signal.SIGINT)
        return real(old, new)

    party.do("wp Ann 1")
    monkeypatch.setattr(guide.core.table, "diff", diff_then_interrupt)
    code = run_batch(party.table, ["# a comment\n", "wp Ann 3\n", "wp Ann 5\n"])
    monkeypatch.setattr(guide.core.table, "diff", real)
    out, err = capsys.readouterr()
    assert code == 130 and out == ""
    assert err == ("(interrupted: `wp Ann 3` was not saved; the rest of the script was not"
                   " run)\n")
    assert party.kaveri("Ann")["world_points"] == 1
    assert party.table.state == file_state(party.path)


def test_ctrl_c_between_commands_names_no_command(party, capsys):
    def lines():
        yield "wp Ann 2\n"
        os.kill(os.getpid(), signal.SIGINT)
        yield "wp Ann 5\n"

    assert run_batch(party.table, lines()) == 130
    out, err = capsys.readouterr()
    assert out == "Ann gets 2 world points (2 now).\n"
    assert err.startswith("(interrupted between commands: those above stand as shown;")
    assert party.kaveri("Ann")["world_points"] == 2


def test_ctrl_c_during_odds_stops_the_script(tmp_path):
    """The script's odds is cut in its pool's work (two workers); the lines after it are not
    run, and the exit is not 0."""
    campaign = str(tmp_path / "c.sqlite")
    env = {**os.environ, "GUIDE_DATA_DIR": str(tmp_path / "data")}
    script = tmp_path / "scene.txt"
    script.write_text(f"adventure amsterdam\n{KAVERI_LINE}\n"
                      "odds --scene 2 --runs 200000 --seed 1\nwp A 1\n")
    with script.open() as stdin:
        table = subprocess.Popen([sys.executable, "-m", "guide", "play", "--campaign",
                                  campaign], stdin=stdin, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
                                 preexec_fn=ctrl_c_as_by_default)
        try:
            wait_for(lambda: len(children(table.pid)) >= 2)
            table.send_signal(signal.SIGINT)
            out, err = table.communicate(timeout=60)
        finally:
            table.kill()
    assert table.returncode == 130
    assert err.strip().endswith("scene.txt:3: (interrupted: `odds --scene 2 --runs 200000"
                                " --seed 1` was not saved; the rest of the script was not run)")
    assert "world point" not in out
    state = guide("state", "--campaign", campaign, env={"GUIDE_DATA_DIR": env["GUIDE_DATA_DIR"]})
    assert '"world_points": 0' in state.stdout
