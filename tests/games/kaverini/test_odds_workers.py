"""Kaverini's `odds` and its pool of worker processes, when they are cut short: kill -9 of
the table (issue 31, item 3: its workers left running held the campaign's lock and the
view's port), Ctrl-C in a script during `odds` (issue 31, item 6: the script ran on), and a
worker killed mid-run (issue 41, item 5: BrokenProcessPool was an internal error), in
`odds` and in `odds --adventure` alike (their batches run on guide.core.pool); Ctrl-C at
the prompt keeps the runs so far."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import alive, children, free_port, guide, kaveri, wait_for

KAVERI_LINE = "kaveri A --ability Lagom --technique Sadness --technique Love --technique Cheer"


def ctrl_c_as_by_default() -> None:
    """A child's SIGINT as a terminal's process has it (Popen's preexec_fn): not ignored,
    even where the suite's own was (ctrl_c_reaches_python); its Python then raises
    KeyboardInterrupt on it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_kill_9_during_odds_leaves_no_worker_and_the_campaign_opens(tmp_path):
    campaign = str(tmp_path / "c.sqlite")
    port = free_port()
    env = {**os.environ, "GUIDE_DATA_DIR": str(tmp_path / "data")}
    table = subprocess.Popen([sys.executable, "-m", "guide", "play", "--campaign", campaign],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, bufsize=1, env=env)
    assert table.stdin is not None and table.stdout is not None
    table.stdin.write(f"adventure amsterdam\n{KAVERI_LINE}\nview --port {port}\n"
                      "odds --scene 2 --runs 200000 --seed 1\n")
    table.stdin.flush()
    try:
        wait_for(lambda: len(children(table.pid)) >= 2)
        workers = children(table.pid)
        table.send_signal(signal.SIGKILL)
        table.wait()
        wait_for(lambda: not any(alive(w) for w in workers))
    finally:
        table.kill()
        for w in children(table.pid):
            os.kill(w, signal.SIGKILL)
    again = guide("play", "--campaign", campaign, input=f"view --port {port}\nwp A 1\n",
                  env={"GUIDE_DATA_DIR": str(tmp_path / "data")})
    assert again.returncode == 0, again.stderr
    assert f":{port}/" in again.stdout and "A gets 1 world point (1 now)." in again.stdout


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


@pytest.mark.parametrize(("line", "command"), [
    ("odds --scene 2 --runs 200000 --seed 1", "odds"),
    ("odds --adventure amsterdam --runs 200000 --seed 1", "odds --adventure")])
def test_odds_with_a_worker_killed_says_so_and_the_table_goes_on(tmp_path, line, command):
    """The kernel's out-of-memory killer takes a worker of `odds`: BrokenProcessPool was an
    internal error; it is one line, offering to run the command again, and the script goes
    on."""
    env = {**os.environ, "GUIDE_DATA_DIR": str(tmp_path / "data")}
    table = subprocess.Popen([sys.executable, "-m", "guide", "play", "--campaign",
                              str(tmp_path / "c.sqlite")], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert table.stdin is not None
    table.stdin.write(f"adventure amsterdam\n{KAVERI_LINE}\n{line}\nwp A 1\n")
    table.stdin.flush()
    try:
        wait_for(lambda: len(children(table.pid)) >= 2)
        time.sleep(0.2)                         # the pool at work
        os.kill(children(table.pid)[0], signal.SIGKILL)
        out, err = table.communicate(timeout=60)
    finally:
        table.kill()
    assert err.strip() == (f"error: {command}: the simulation lost a worker process (the"
                           " system stopped it, perhaps short of memory); nothing changed: type"
                           " the command again to run it again")
    assert "A gets 1 world point (1 now)." in out


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_at_the_prompt_keeps_the_runs_so_far_and_in_a_script_stops(field, monkeypatch,
                                                                           workers):
    """Ctrl-C once the first batch is played (on one worker or two): at the prompt, the
    odds of its runs; in a script, the interrupt goes on up (the script stops and says so)."""
    from guide.games.kaverini.commands import odds

    monkeypatch.setattr("guide.core.pool.cores", lambda most=0: workers)   # odds imports it when run
    kaveri(field, "Ann")
    setup = odds.build_setup(field.table, ("Coin Flipper",), None, None, ())

    def ctrl_c(_done: int, _total: int) -> bool:
        raise KeyboardInterrupt

    monkeypatch.setattr(odds, "at_the_prompt", lambda: True)
    assert odds.simulate(setup, 2000, 3, ctrl_c).runs == odds.BATCH * workers
    monkeypatch.setattr(odds, "at_the_prompt", lambda: False)
    with pytest.raises(KeyboardInterrupt):
        odds.simulate(setup, 2000, 3, ctrl_c)
