"""`guide cave sim` on worker processes (guide.core.pool): a worker the kernel kills mid-run
(out of memory, a kill -9) ended in a pool that waited forever for its chunk; the command
now says so in one line and ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from support import children


def test_a_worker_killed_mid_run_ends_the_sim_with_one_line(tmp_path):
    env = {**os.environ, "GUIDE_DATA_DIR": str(tmp_path / "data")}
    sim = subprocess.Popen([sys.executable, "-m", "guide", "cave", "sim", "--players", "4",
                            "--games", "500000", "--workers", "2"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        end = time.monotonic() + 30
        while len(children(sim.pid)) < 2:
            assert time.monotonic() < end and sim.poll() is None, sim.communicate()
            time.sleep(0.02)
        time.sleep(0.3)                          # the pool at work
        os.kill(children(sim.pid)[0], signal.SIGKILL)
        out, err = sim.communicate(timeout=60)
    finally:
        sim.kill()
    assert (out, err.strip()) == ("", "error: cave sim: the simulation lost a worker process (the"
                                  " system stopped it, perhaps short of memory); nothing changed:"
                                  " type the command again to run it again")
    assert sim.returncode == 1
