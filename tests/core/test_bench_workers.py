"""`guide bench` on worker processes (guide.core.pool): a worker the kernel kills mid-run
(out of memory, a kill -9) left its multiprocessing.Pool waiting forever for the lost
games; the bench now says so in one line and ends. Ctrl-C still ends it at once, with
nothing printed but the blank lines of an interrupted command, exit 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from conftest import alive, children, wait_for

LOST = ("error: bench: the simulation lost a worker process (the system stopped it, perhaps"
        " short of memory); nothing changed: type the command again to run it again")


def ctrl_c_as_by_default() -> None:
    """A child's SIGINT as a terminal's process has it (Popen's preexec_fn): not ignored,
    even where the suite's own was; its Python then raises KeyboardInterrupt on it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def bench(tmp_path, **how) -> subprocess.Popen:
    """A long bench of Cave escape on two workers, under way (both workers forked)."""
    env = {**os.environ, "GUIDE_DATA_DIR": str(tmp_path / "data")}
    run = subprocess.Popen([sys.executable, "-m", "guide", "bench", "--game", "cave",
                            "--games", "2000", "--workers", "2"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env=env, **how)
    wait_for(lambda: len(children(run.pid)) >= 2 or run.poll() is not None)
    time.sleep(0.3)                               # the pool at work
    return run


def test_a_worker_killed_mid_run_ends_the_bench_with_one_line(tmp_path):
    run = bench(tmp_path)
    try:
        os.kill(children(run.pid)[0], signal.SIGKILL)
        out, err = run.communicate(timeout=30)    # the old pool never ended
    finally:
        run.kill()
    assert (out, err.strip()) == ("", LOST)
    assert run.returncode == 1


def test_ctrl_c_ends_the_bench_at_once(tmp_path):
    """The chunks under way are not waited for (a chunk of games took seconds)."""
    run = bench(tmp_path, preexec_fn=ctrl_c_as_by_default)
    workers = children(run.pid)
    try:
        run.send_signal(signal.SIGINT)
        started = time.monotonic()
        out, err = run.communicate(timeout=30)
        took = time.monotonic() - started
    finally:
        run.kill()
    assert (run.returncode, out, err) == (130, "", "\n\n")
    assert took < 1.5, took
    wait_for(lambda: not any(alive(w) for w in workers), 5)   # the workers died with it
