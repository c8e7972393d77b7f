"""Issue 31, item 3: kill -9 during `odds` left its worker processes running, holding the
campaign's lock ("already open in another guide") and the view's port. Workers now die with
their table, and a forked worker never holds the lock at all."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from conftest import KAVERI_LINE, guide


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


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(what, bound: float = 30.0):
    """Poll until `what()` is true (the bound only keeps a broken run from hanging)."""
    end = time.monotonic() + bound
    while not what():
        assert time.monotonic() < end, f"{what.__doc__ or what} never came"
        time.sleep(0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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


def test_a_forked_worker_does_not_hold_the_campaign_lock(tmp_path):
    """However a child is forked while a table is open, the lock stays the table's alone: a
    child that outlives its table (a stopped one, say) leaves the campaign free."""
    from guide.core.repl.run import open_table

    path = tmp_path / "c.sqlite"
    table = open_table(path, [], 1)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:                            # the child waits for its parent's word
        os.close(write)
        os.read(read, 1)
        os._exit(0)
    os.close(read)
    try:
        table.close()
        again = open_table(path, [], 1)       # the child is still alive: no "already open"
        again.close()
        assert alive(child)
    finally:
        os.write(write, b"x")
        os.close(write)
        os.waitpid(child, 0)


def test_a_child_that_has_not_closed_its_copy_yet_does_not_keep_the_campaign_held(tmp_path):
    """A child forked a moment before the table closes may not have run its at-fork close
    yet: it shares the lock's open file until it does. A copy of the descriptor stands for
    it here (the race the forked test above met on a loaded machine): closing the table
    unlocks the file itself, so the campaign is free at once."""
    from guide.core.repl.run import open_table

    path = tmp_path / "c.sqlite"
    table = open_table(path, [], 1)
    fd = table.store._lock_fd
    assert fd is not None
    copy = os.dup(fd)                      # the child's copy, not closed yet
    try:
        table.close()
        again = open_table(path, [], 1)
        again.close()
    finally:
        os.close(copy)
