"""Games of Cave escape per second, headless (guide/games/cave/sim.py), on one process.

    python benchmarks/cave_sim.py [GAMES]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guide.games.cave.box import load_box  # noqa: E402
from guide.games.cave.sim import simulate  # noqa: E402
from guide.games.cave.simreport import report  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    box = load_box()
    for players in range(1, 5):
        began = time.perf_counter()
        figures = simulate(box, players, games, seed=1)
        spent = time.perf_counter() - began
        print("\n".join(report(figures)))
        print(f"  {games / spent:.0f} games a second ({spent:.2f} s)\n")


if __name__ == "__main__":
    main()
