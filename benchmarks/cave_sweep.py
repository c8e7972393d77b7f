"""The designers' sweep: `guide cave sim --players 4 --games 1000 --sweep energy=6..10` (5 values
x 1,000 games x 4 players = 5,000 games) on two worker processes, against the goal of 10 s.

    python benchmarks/cave_sweep.py [WORKERS]

Prints the wall-clock time, the processor time the workers and this process spent, and the
ratio to the goal. On a machine busy with other work the wall clock says little: the
processor time per game is the figure that travels (a sweep needs 5,000 games x that /
2 cores, plus the start of the workers).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guide.games.cave.cli import plan  # noqa: E402
from guide.games.cave.sim import simulate_runs  # noqa: E402

GOAL = 10.0


def main() -> None:
    workers = int(sys.argv[1]) if len(sys.argv) > 1 else 2
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
    print(f"cave sweep: {len(runs)} values x {runs[0].games} games x 4 players = {games} games, "
          f"{workers} workers")
    print(f"  wall {wall:.2f} s ({wall / GOAL:.2f}x the {GOAL:.0f} s goal), "
          f"{games / wall:.0f} games a second")
    print(f"  processor {cpu:.2f} s: {1000 * cpu / games:.2f} ms a game; on {workers} free cores "
          f"about {cpu / workers:.2f} s ({cpu / workers / GOAL:.2f}x the goal)")
    print(f"  load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
