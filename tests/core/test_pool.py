"""guide.core.pool: the one way a command runs work on worker processes (the bench, the odds,
Cave's sim). The answers come in the chunks' order whatever the number of workers, one by
one as they are done; Ctrl-C mid-work does not wait for the chunks under way."""

from __future__ import annotations

import os
import time

import pytest

from conftest import alive, wait_for
from guide.core.errors import CommandError
from guide.core.pool import Pool, in_workers


def square(n: int) -> int:
    time.sleep(0.01 * (n % 3))                # the chunks end out of order
    return n * n


def pid(_chunk: int) -> int:
    return os.getpid()


def nap(seconds: float) -> int:
    """Sleep, and say which process did."""
    time.sleep(seconds)
    return os.getpid()


@pytest.mark.parametrize("workers", [0, 1, 2, 3])
def test_the_answers_come_in_the_chunks_order_whatever_the_workers(workers):
    assert in_workers(square, list(range(12)), workers, "test") == [n * n for n in range(12)]


def test_one_worker_or_one_chunk_runs_here_and_more_fork():
    assert in_workers(pid, [1, 2], 1, "test") == [os.getpid()] * 2
    assert in_workers(pid, [1], 2, "test") == [os.getpid()]
    assert os.getpid() not in in_workers(pid, [1, 2, 3, 4], 2, "test")


def test_a_pool_takes_batch_after_batch_and_tells_each_answer_as_it_comes():
    with Pool(2, "test") as pool:
        first = pool.each(square, [1, 2, 3])
        assert next(first) == 1               # before the rest are read
        assert list(first) == [4, 9]
        assert list(pool.each(square, [4, 5])) == [16, 25]


def test_ctrl_c_mid_work_ends_the_workers_without_waiting_for_their_chunks():
    from multiprocessing import active_children

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt), Pool(2, "test") as pool:
        for _pid in pool.each(nap, [0, 30, 30]):   # the first done, both workers asleep
            workers = [p.pid for p in active_children()]
            raise KeyboardInterrupt
    assert time.monotonic() - started < 10
    assert len(workers) == 2
    wait_for(lambda: not any(alive(w) for w in workers), 5)


def test_a_worker_killed_is_said_in_one_line_naming_the_command():
    import signal

    with pytest.raises(CommandError, match="^cave sim: the simulation lost a worker process"
                       r" \(the system stopped it"), Pool(2, "cave sim") as pool:
        for worker in pool.each(nap, [0, 30, 30]):
            os.kill(worker, signal.SIGKILL)          # asleep in the third chunk


def test_a_lost_worker_whose_pools_thread_dies_leaves_no_worker_running_and_no_traceback(
        monkeypatch, capsys, tmp_path):
    """Python 3.11's pool races a chunk submitted while it fails a broken pool's futures: its
    manager thread dies ("dictionary changed size during iteration") before it ends the other
    workers, which ran on: the command hung at exit, after a traceback on the screen. Here the
    thread dies as it did; the pool still ends every worker at once, and logs the traceback."""
    import signal
    from concurrent.futures import process
    from multiprocessing import active_children

    def dies(self, cause):          # as it did: the pool marked broken, then the thread dies
        self.executor_reference()._broken = "a child process terminated abruptly"
        raise RuntimeError("dictionary changed size during iteration")

    monkeypatch.setenv("GUIDE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(process._ExecutorManagerThread, "terminate_broken", dies)
    started = time.monotonic()
    with pytest.raises(CommandError, match="lost a worker process"), Pool(2, "cave sim") as pool:
        for worker in pool.each(nap, [0, 30, 30]):
            workers = [p.pid for p in active_children()]
            os.kill(worker, signal.SIGKILL)          # asleep in the third chunk
    wait_for(lambda: not any(alive(w) for w in workers), 5)
    assert time.monotonic() - started < 10
    assert "Traceback" not in capsys.readouterr().err
    assert "dictionary changed size" in (tmp_path / "guide.log").read_text()
