"""How many turns a person gets in a round against three normal bots (issue 28).

    python benchmarks/kaivo_turns.py [MATCHES] [SEED]   # default 300 matches, seed 1

The person's seat (seat 1) is played by a normal bot from its own seat's view, as a
stand-in; each round counts the turns that seat began before the call (a call of its own
counts as a turn). Prints the share of rounds with 0, 1, 2 and 3+ turns, and who called.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guide.core.dice import Dice  # noqa: E402
from guide.games.kaivo import bots, deck  # noqa: E402
from guide.games.kaivo.bots import choose  # noqa: E402
from guide.games.kaivo.knowledge import view  # noqa: E402
from guide.games.kaivo.match import act_as, next_round, start_play  # noqa: E402
from guide.games.kaivo.model import new_state  # noqa: E402
from guide.games.kaivo.table import played  # noqa: E402


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rules, levels = deck.load(), bots.load_bots()
    dice = Dice(seed, record=False)
    normal = levels.levels["normal"]
    counts: Counter[int] = Counter()
    person_called = 0
    for _m in range(matches):
        state = new_state()
        start_play(rules, levels, state, dice, 3, "normal")
        while True:
            t = state["table"]
            assert t is not None
            began: set[int] = set()
            while t["phase"] != "over":
                if t["phase"] == "turn":
                    began.add(played(t))
                act_as(rules, levels, state, dice, 0, choose(view(t, 0), rules, normal, dice))
                t = state["table"]
                assert t is not None
            counts[len(began)] += 1
            person_called += t["caller"] == 0
            if state["winners"]:
                break
            next_round(rules, levels, state, dice)
    rounds = sum(counts.values())
    share = {k: 100 * counts[k] / rounds for k in (0, 1, 2)}
    more = 100 * sum(c for k, c in counts.items() if k >= 3) / rounds
    print(f"{rounds} rounds: the person's seat had 0 turns in {share[0]:.1f}%, 1 in "
          f"{share[1]:.1f}%, 2 in {share[2]:.1f}%, 3+ in {more:.1f}%; "
          f"it called {100 * person_called / rounds:.1f}%")


if __name__ == "__main__":
    main()
