"""Chunks of work shared among worker processes forked by a command (a simulator's games):
each chunk a job, the answers in the chunks' order whatever the number of workers, so the
figures never depend on it.

The workers leave Ctrl-C to the command and die with it, even by kill -9
(guide.core.processes). A worker the kernel kills mid-run (out of memory, a kill -9 of the
worker alone) breaks the pool: the command says so in one line (processes.worker_lost) and
ends, where a multiprocessing.Pool would wait for the lost chunk forever.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
from typing import TypeVar

from guide.core.processes import die_with_parent, worker_lost

Job = TypeVar("Job")
Answer = TypeVar("Answer")


def cores(most: int = 0) -> int:
    """The cores this process may use (at most `most`, when given)."""
    try:
        found = len(os.sched_getaffinity(0))
    except AttributeError:
        found = os.cpu_count() or 1
    return max(1, min(most, found) if most else found)


def in_workers(job: Callable[[Job], Answer], chunks: Sequence[Job], workers: int,
               command: str) -> list[Answer]:
    """`job` of each chunk, on `workers` forked processes (1, or a single chunk: in this
    one), the answers in the chunks' order. `job` is a module's function (a worker finds it
    by name); `command` names the command in the line said when a worker is lost."""
    if workers <= 1 or len(chunks) <= 1:
        return [job(chunk) for chunk in chunks]
    # imported here: multiprocessing weighs on the start of every command that never forks
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    from multiprocessing import get_context

    pool = ProcessPoolExecutor(min(workers, len(chunks)), mp_context=get_context("fork"),
                               initializer=_start, initargs=(os.getpid(),))
    broken = False
    try:
        futures = [pool.submit(job, chunk) for chunk in chunks]
        return [future.result() for future in futures]
    except BrokenProcessPool:                  # a worker killed (out of memory, kill -9)
        broken = True
        raise worker_lost(command) from None
    finally:
        # A broken pool fails every future itself: none is cancelled here, since cancelling
        # races it (Python 3.11's pool.map did, and its manager thread died, the other
        # workers left waiting and the command hung at exit). Else (Ctrl-C) the futures
        # not started are dropped.
        pool.shutdown(cancel_futures=not broken)


def _start(parent: int) -> None:
    """A worker leaves Ctrl-C to its parent, and dies with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)
