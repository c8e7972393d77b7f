"""The Kaverini engine's cost in machine instructions, which a busy machine does not disturb:
`run.py engine`'s work counted by valgrind (callgrind), here and at a commit, in turn.

    python benchmarks/engine_instructions.py [COMMIT ...]     # default: 9314deb (issue 32)

For each tree, the instructions of 400 headless confrontations less those of 100 (the same
process but for the runs: start, imports and the table cancel out), over 300, with the box
cache warmed first and Python's hash seed fixed. Prints each tree's instructions per
confrontation and the ratio of each commit's to now's, beside issue 32's target as
`run.py engine` reads it (2,000 a second where 9314deb ran 923: 2.17x). An instruction is not
a second, but on the same interpreter the two follow each other closely, and the count
repeats to within about 1% (seen here), where the clock of a shared 2-core machine swings
by a tenth or more. About four minutes a tree.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run  # noqa: E402  (the benchmarks' own module: its trees and its engine work)

# run.ENGINE_WORK, with the runs cut out when asked (RUNS 0 = everything but the runs)
WORK = run.ENGINE_WORK.replace("run_seeds(setup, list(range(50)))      # warm the caches",
                               "run_seeds(setup, list(range(50 if runs else 0)))") \
    .replace("for _ in range(3):", "for _ in range(1 if runs else 0):") \
    .replace("won = sum(", "won = 0 if not runs else sum(") \
    .replace("rounds = sum(", "rounds = 0 if not runs else sum(") \
    .replace("print(runs / best, won, rounds, runs / cpu)", "print(won, rounds)")
assert "range(50 if runs else 0)" in WORK and "print(won, rounds)" in WORK, "run.ENGINE_WORK moved"


def instructions(root: Path, runs: int, box: Path) -> int:
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          run.PY, "-c", WORK, str(runs), str(box)], capture_output=True,
                         text=True, check=True, cwd=root,
                         env={**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"engine_instructions: valgrind printed no count for {root}")
    return int(found.group(1))


def per_confrontation(root: Path, box: Path) -> float:
    subprocess.run([run.PY, "-c", WORK, "10", str(box)], capture_output=True, check=True,
                   cwd=root, env={**os.environ, "PYTHONPATH": str(root)})   # the box cache
    return (instructions(root, 400, box) - instructions(root, 100, box)) / 300


def main() -> int:
    if shutil.which("valgrind") is None:
        print("engine_instructions: valgrind is not installed (apt-get install valgrind)")
        return 2
    commits = sys.argv[1:] or [run.MEASURED]
    box = run.before_tree() / "cards"
    now = per_confrontation(run.HERE.parent, box)
    print(f"now      {now:12,.0f} instructions a confrontation")
    for commit in commits:
        then = per_confrontation(run.tree(commit), box)
        line = f"{commit:8} {then:12,.0f} instructions a confrontation: {then / now:4.2f}x now's"
        if commit == run.MEASURED:
            target = run.ENGINE_TARGET / run.ISSUE_RATE[run.MEASURED]
            line += f"  (issue 32's target as a ratio: >= {target:4.2f}x)"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
