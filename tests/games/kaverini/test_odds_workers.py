"""`odds` and `odds --adventure` on worker processes (guide.core.pool): a worker the kernel
kills mid-run (out of memory, a kill -9) broke their pool, whose map then hung about one run
in three (Python 3.11's Executor.map cancels the futures left, racing the broken pool's
clean-up). The command now says so in one line and changes nothing; the script
goes on, as after any refused line, and ends with 1."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import KAVERI_LINE, kaveri


def children(pid: int) -> list[int]:
    """The live (not zombie) processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


@pytest.mark.parametrize(("line", "command"), [
    ("odds --scene 2 --runs 200000 --seed 1", "odds"),
    ("odds --adventure amsterdam --runs 200000 --seed 1", "odds --adventure")])
def test_a_worker_killed_mid_run_ends_the_odds_with_one_line(tmp_path, line, command):
    campaign = str(tmp_path / "c.sqlite")
    env = {**os.environ, "GUIDE_DATA_DIR": str(tmp_path / "data")}
    script = tmp_path / "scene.txt"
    script.write_text(f"adventure amsterdam\n{KAVERI_LINE}\n{line}\nwp A 1\n")
    with script.open() as stdin:
        table = subprocess.Popen([sys.executable, "-m", "guide", "play", "--campaign",
                                  campaign], stdin=stdin, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
        try:
            end = time.monotonic() + 30
            while len(children(table.pid)) < 2:
                assert time.monotonic() < end and table.poll() is None, table.communicate()
                time.sleep(0.02)
            time.sleep(0.3)                          # the pool at work
            os.kill(children(table.pid)[0], signal.SIGKILL)
            out, err = table.communicate(timeout=30)   # the old pool's map could hang here
        finally:
            table.kill()
    assert err.strip() == (f"scene.txt:3: error: {command}: the simulation lost a worker"
                           " process (the system stopped it, perhaps short of memory); nothing"
                           " changed: type the command again to run it again")
    assert "A gets 1 world point (1 now)." in out and table.returncode == 1


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_at_the_prompt_keeps_the_runs_so_far_and_in_a_script_stops(field, monkeypatch,
                                                                           workers):
    """Ctrl-C once the first batch is played (on one worker or two): at the prompt, the
    odds of its runs; in a script, the interrupt goes on up (the script stops and says so)."""
    from guide.games.kaverini.commands import odds

    monkeypatch.setattr(odds, "cores", lambda most=0: workers)
    kaveri(field, "Ann")
    setup = odds.build_setup(field.table, ("Coin Flipper",), None, None, ())

    def ctrl_c(_done: int, _total: int) -> bool:
        raise KeyboardInterrupt

    monkeypatch.setattr(odds, "at_the_prompt", lambda: True)
    assert odds.simulate(setup, 2000, 3, ctrl_c).runs == odds.BATCH * workers
    monkeypatch.setattr(odds, "at_the_prompt", lambda: False)
    with pytest.raises(KeyboardInterrupt):
        odds.simulate(setup, 2000, 3, ctrl_c)
