"""The designers' sweep: `guide cave sim --players 4 --games 1000 --sweep energy=6..10` (5 values
x 1,000 games x 4 players = 5,000 games) on two worker processes, against the goal of 10 s.

    python benchmarks/cave_sweep.py [WORKERS]
    python benchmarks/cave_sweep.py --against COMMIT [WORKERS]

Prints the wall-clock time, the processor time the workers and this process spent, and the
ratio to the goal. On a machine busy with other work the wall clock says little: the
processor time per game is the figure that travels (a sweep needs 5,000 games x that /
2 cores, plus the start of the workers).

With --against, the same sweep is run at COMMIT too (its files from `git archive`, each run
in a process of its own, alternating, three each) and the ratio of processor time per game is
printed, with whether both played the same games (a digest of every game's figures).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
GOAL = 10.0


def sweep(root: Path, workers: int) -> dict[str, float | str | int]:
    """The sweep with the code under `root`: wall and processor seconds, games, a digest."""
    sys.path.insert(0, str(root))
    from guide.games.cave.cli import plan
    from guide.games.cave.sim import simulate_runs

    runs, _ = plan(None, 4, 1000, 1, (), ("energy", "6..10"))
    games = sum(r.games for r in runs)
    before = os.times()
    began = time.perf_counter()
    figures = simulate_runs(runs, workers)
    wall = time.perf_counter() - began
    after = os.times()
    cpu = (after.user - before.user) + (after.children_user - before.children_user) \
        + (after.system - before.system) + (after.children_system - before.children_system)
    assert sum(f.games for f in figures) == games
    digest = hashlib.sha256(repr([(f.escaped, f.rounds, f.turns, f.tiles, f.exit_drawn,
                                   sorted(f.causes.items())) for f in figures]).encode())
    return {"wall": wall, "cpu": cpu, "games": games, "values": len(runs),
            "digest": digest.hexdigest()[:16]}


def tree(commit: str) -> Path:
    """A commit's files in a temporary folder."""
    old = Path(tempfile.mkdtemp()) / commit
    archive = subprocess.run(["git", "archive", commit], cwd=HERE, capture_output=True,
                             check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(old, filter="data")
    return old


def in_process(root: Path, workers: int) -> dict[str, float | str | int]:
    out = subprocess.run([sys.executable, __file__, "--one", str(root), str(workers)],
                         capture_output=True, text=True, check=True, cwd=root,
                         env={**os.environ, "PYTHONPATH": str(root)}).stdout
    return json.loads(out)


def report(r: dict[str, float | str | int], workers: int) -> None:
    wall, cpu, games = float(r["wall"]), float(r["cpu"]), int(r["games"])
    print(f"cave sweep: {r['values']} values x {games // int(r['values'])} games x 4 players"
          f" = {games} games, {workers} workers")
    print(f"  wall {wall:.2f} s ({wall / GOAL:.2f}x the {GOAL:.0f} s goal), "
          f"{games / wall:.0f} games a second")
    print(f"  processor {cpu:.2f} s: {1000 * cpu / games:.2f} ms a game; on {workers} free cores "
          f"about {cpu / workers:.2f} s ({cpu / workers / GOAL:.2f}x the goal)")


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--one"]:
        print(json.dumps(sweep(Path(args[1]), int(args[2]))))
        return
    against = None
    if args[:1] == ["--against"]:
        against, args = args[1], args[2:]
    workers = int(args[0]) if args else 2
    if against is None:
        report(sweep(HERE, workers), workers)
        print(f"  {load()}")
        return
    old = tree(against)
    now_runs, old_runs = [], []
    for _ in range(3):
        old_runs.append(in_process(old, workers))
        now_runs.append(in_process(HERE, workers))
        print(f"  {against}: {1000 * float(old_runs[-1]['cpu']) / 5000:.2f} ms a game,"
              f" now {1000 * float(now_runs[-1]['cpu']) / 5000:.2f} ms a game ({load()})")
    best_now = min(now_runs, key=lambda r: float(r["cpu"]))
    best_old = min(old_runs, key=lambda r: float(r["cpu"]))
    report(best_now, workers)
    same = {r["digest"] for r in now_runs + old_runs}
    ratio = float(best_now["cpu"]) / float(best_old["cpu"])
    print(f"  against {against} (best of 3 each): processor {ratio:.2f}x,"
          f" wall {float(best_now['wall']) / float(best_old['wall']):.2f}x;"
          f" the same games: {'yes' if len(same) == 1 else 'NO'}")
    print(f"  {load()}")


if __name__ == "__main__":
    main()
