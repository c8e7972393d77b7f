"""How fast the Kaivo bench plays: matches of three bots (easy, normal, hard) per second.

    python benchmarks/kaivo_bench.py [GAMES] [SEED]     # default 1000 matches, seed 1

Prints the bench's own lines (win rates, mean round scores) and the speed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guide.games.kaivo import bench, bots, deck  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rules, levels = deck.load(), bots.load_bots()
    start = time.perf_counter()
    results = bench.bench(rules, levels, games, seed)
    took = time.perf_counter() - start          # the three-bot matches alone, as at 07e7b42
    duels = bench.duels(rules, levels, games, seed)
    dueled = time.perf_counter() - start - took
    for line in bench.report(results) + bench.duel_table(duels):
        print(line)
    rounds = results[0].rounds
    print(f"one on one: 3 pairs x {games} matches in {dueled:.2f}s")
    print(f"{games} matches ({rounds} rounds) in {took:.2f}s: {games / took:.0f} matches per second")


if __name__ == "__main__":
    main()
