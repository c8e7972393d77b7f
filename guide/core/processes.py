"""Worker processes forked by a command (a simulator's pool) die with the table that forked
them. A table killed outright (kill -9, the kernel out of memory) runs no clean-up, and a
forked worker holds copies of the table's descriptors: the campaign file's lock and the
view's listening socket. Left running, it kept the campaign "already open in another guide"
and the port taken for over a minute (issue 31, item 3).

On Linux the kernel kills the worker when its parent dies (PR_SET_PDEATHSIG); elsewhere, and
as a second guard, a thread of the worker watches its parent and ends it once the parent is
gone. Either way the worker also closes, at fork, the lock descriptors the table holds
(guide.core.store registers them here), so the lock is the table's alone from the start.
"""

from __future__ import annotations

import os
import signal
import sys
import threading

from guide.core.errors import CommandError
from guide.core.i18n import _

PR_SET_PDEATHSIG = 1
_held: set[int] = set()         # descriptors a forked child must not keep (campaign locks)


def hold_in_parent_only(fd: int) -> None:
    """`fd` is closed in every child forked from now on (till `release`)."""
    _held.add(fd)


def release(fd: int) -> bool:
    """`fd` no longer closed in children: whether this process held it (False in a child,
    whose copy was closed at fork)."""
    held = fd in _held
    _held.discard(fd)
    return held


def _close_held() -> None:
    for fd in list(_held):
        try:
            os.close(fd)
        except OSError:
            pass
    _held.clear()


os.register_at_fork(after_in_child=_close_held)


def die_with_parent(parent: int) -> None:
    """Make this (forked) process end when `parent`, the table's process, ends."""
    signalled = False
    if sys.platform.startswith("linux"):
        try:
            import ctypes  # here, not at the top: only a worker needs it, not a table's start

            libc = ctypes.CDLL(None, use_errno=True)
            signalled = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        except (OSError, AttributeError):
            signalled = False
    if os.getppid() != parent:           # the parent died before the line above: go now
        os._exit(1)
    if not signalled:
        threading.Thread(target=_watch, args=(parent,), daemon=True,
                         name="parent-watch").start()


def _watch(parent: int) -> None:
    """Where no parent-death signal exists: look at the parent once a second."""
    import time

    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def worker_lost(command: str) -> CommandError:
    """What a command says when a worker of its pool was killed mid-run (the kernel's
    out-of-memory killer, a kill -9), which breaks the pool (concurrent.futures'
    BrokenProcessPool): one line naming the command and offering to run it again (a new
    pool), not a traceback (issue 41). A simulation only reads the table: nothing changed."""
    return CommandError(_("{command}: the simulation lost a worker process (the system stopped"
                          " it, perhaps short of memory); nothing changed: type the command"
                          " again to run it again").format(command=command))
