"""SIGKILL in the middle of a long script: every command whose result was printed is in the
campaign, none is half applied, and the campaign opens and carries on."""

import json
import random
import signal
import subprocess
import sys
import time

from conftest import guide


def test_sigkill_loses_no_printed_command(tmp_path, tally_env):
    rng = random.Random(5)
    for attempt in range(6):
        campaign = tmp_path / f"c{attempt}.sqlite"
        lines = ["join A\n"] + ["add 1\n" for _ in range(400)]
        proc = subprocess.Popen([sys.executable, "-m", "guide", "play", "--game", "tally",
                                 "--campaign", str(campaign)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                bufsize=1, env=tally_env)
        proc.stdin.write("".join(lines))
        proc.stdin.flush()
        printed = 0
        stop = rng.randint(5, 300)
        while printed < stop:
            line = proc.stdout.readline()
            if not line:
                break
            if line.startswith("Added 1: the count is"):
                printed += 1
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        state = guide("state", "--campaign", str(campaign), env=tally_env)
        assert state.returncode == 0, state.stderr
        count = json.loads(state.stdout)["count"]
        assert count >= printed                   # nothing printed was lost
        r = guide("play", "--campaign", str(campaign), input="add 1\nundo\nadd 2\n", env=tally_env)
        assert r.returncode == 0, r.stderr
        after = json.loads(guide("state", "--campaign", str(campaign), env=tally_env).stdout)
        assert after["count"] == count + 2
        time.sleep(0)
