"""Chunks of work shared among worker processes forked by a command (a simulator's games,
the odds' runs, the bench's games): each chunk a job, the answers in the chunks' order
whatever the number of workers, so the figures never depend on it. Every command that
forks workers does it here.

The workers leave Ctrl-C to the command and die with it, even by kill -9
(guide.core.processes). A worker the kernel kills mid-run (out of memory, a kill -9 of the
worker alone) breaks the pool: the command says so in one line (processes.worker_lost) and
ends, where a multiprocessing.Pool would wait for the lost chunk forever.

Python 3.11's ProcessPoolExecutor has a race there: its manager thread, failing the pending
futures of a broken pool, dies ("dictionary changed size during iteration") if a chunk is
submitted at that moment, before it ends the other workers and fails the rest of the futures;
the workers ran on, and the command hung, after a traceback. So only a few chunks are ever
submitted ahead (WINDOW), a pool whose thread is gone counts as broken, the workers are ended
here whenever the pool is left on an error, and a traceback of that thread goes to the log
(guide.log), never to the screen.
"""

from __future__ import annotations

import itertools
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

from guide.core.logs import log_exception
from guide.core.processes import die_with_parent, worker_lost

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

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
    one), the answers in the chunks' order (see Pool)."""
    with Pool(min(workers, len(chunks)), command) as pool:
        return list(pool.each(job, chunks))


class Pool:
    """`workers` forked processes for one command (1 or fewer: none, the jobs run in this
    process), handed chunks once or batch after batch (the odds play runs till they are
    known well enough); `command` names the command in the line said when a worker is lost.
    Used in a `with`, which ends the workers."""

    WINDOW = 2              # chunks submitted ahead per worker: each busy, one waiting
    PATIENCE = 1.0          # seconds between two looks at a pool that gives no answer

    def __init__(self, workers: int, command: str) -> None:
        self.command = command
        self.executor: ProcessPoolExecutor | None = None
        self.ahead = self.WINDOW * workers
        self._hook = threading.excepthook
        if workers > 1:
            # imported here: multiprocessing weighs on the start of every command that never
            # forks
            from concurrent.futures import ProcessPoolExecutor
            from multiprocessing import get_context

            self.executor = ProcessPoolExecutor(workers, mp_context=get_context("fork"),
                                                initializer=_start, initargs=(os.getpid(),))
            threading.excepthook = self._thread_failed

    def _thread_failed(self, args: threading.ExceptHookArgs) -> None:
        """The executor's own thread failing (the race above) is logged, not printed."""
        if self.executor is not None and args.thread is getattr(
                self.executor, "_executor_manager_thread", None) and args.exc_value is not None:
            log_exception(args.exc_value)
        else:
            self._hook(args)

    def each(self, job: Callable[[Job], Answer], chunks: Sequence[Job]) -> Iterator[Answer]:
        """`job` of each chunk, the answers in the chunks' order, each as soon as it and
        those before it are done (a progress line can follow them). `job` is a module's
        function (a worker finds it by name)."""
        if self.executor is None:
            yield from map(job, chunks)
            return
        from concurrent.futures.process import BrokenProcessPool

        executor, todo = self.executor, iter(chunks)
        try:
            # a few submitted ahead, then one more as each answer comes; never cancelled
            # (Executor.map cancels those left when one fails: see __exit__)
            futures = deque(executor.submit(job, chunk) for chunk in itertools.islice(todo, self.ahead))
            while futures:
                answer = self._answer(futures.popleft())
                for chunk in itertools.islice(todo, 1):
                    futures.append(executor.submit(job, chunk))
                yield answer
        except BrokenProcessPool:                  # a worker killed (out of memory, kill -9)
            raise worker_lost(self.command) from None

    def _answer(self, future: Future[Answer]) -> Answer:
        """The future's answer, once it has one; a pool whose manager thread is gone before
        it gave one is broken (it never will)."""
        from concurrent.futures.process import BrokenProcessPool

        while True:
            try:
                return future.result(timeout=self.PATIENCE)
            except TimeoutError:
                thread = getattr(self.executor, "_executor_manager_thread", None)
                if thread is None or not thread.is_alive():
                    raise BrokenProcessPool(self.command) from None

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.executor is None:
            return
        if kind is not None:
            # Ctrl-C, an error or a lost worker mid-work: the chunks under way are not
            # waited for (a bench's took seconds), and no worker outlives the command (a
            # broken pool's manager thread may have died before it ended them). The workers
            # killed, the pool breaks and fails every future itself: none is cancelled here,
            # since cancelling races a broken pool's clean-up (Python 3.11's Executor.map
            # did: its manager thread died, the other workers waited, and the command hung).
            for worker in list((self.executor._processes or {}).values()):
                worker.kill()
        try:
            self.executor.shutdown()
        finally:
            threading.excepthook = self._hook


def _start(parent: int) -> None:
    """A worker leaves Ctrl-C to its parent, and dies with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)
