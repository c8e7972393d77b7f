"""SIGKILL in the middle of a long script: every command whose result was printed is in the
campaign, none is half applied, and the campaign opens and carries on."""

import json
import os
import random
import signal
import subprocess
import sys
import time

from conftest import guide

KAVERI = "kaveri A --ability Lagom --technique Sadness --technique Love --technique Cheer\n"


def test_sigkill_loses_no_printed_command(tmp_path):
    rng = random.Random(5)
    for attempt in range(6):
        campaign = tmp_path / f"c{attempt}.sqlite"
        lines = [KAVERI] + ["wp A 1\n" for _ in range(400)]
        proc = subprocess.Popen([sys.executable, "-m", "guide", "play", "--campaign",
                                 str(campaign)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                env={**os.environ, "GUIDE_DATA_DIR": str(tmp_path / "data")})
        proc.stdin.write("".join(lines))
        proc.stdin.flush()
        printed = 0
        stop = rng.randint(5, 300)
        while printed < stop:
            line = proc.stdout.readline()
            if not line:
                break
            if line.startswith("A gets 1 world point"):
                printed += 1
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        state = guide("state", "--campaign", str(campaign))
        assert state.returncode == 0, state.stderr
        wp = json.loads(state.stdout)["kaverit"][0]["world_points"]
        assert wp >= printed                      # nothing printed was lost
        r = guide("play", "--campaign", str(campaign), input="wp A 1\nundo\nwp A 2\n")
        assert r.returncode == 0, r.stderr
        after = json.loads(guide("state", "--campaign", str(campaign)).stdout)
        assert after["kaverit"][0]["world_points"] == wp + 2
        time.sleep(0)
