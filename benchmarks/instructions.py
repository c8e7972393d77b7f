"""Figures in machine instructions, which a busy machine does not disturb: each counted by
valgrind (callgrind) for the work and for its reference, as a ratio.

    python benchmarks/instructions.py engine [COMMIT ...]   # default: 9314deb (issue 32)
    python benchmarks/instructions.py data

engine: `run.py engine`'s work, here and at each COMMIT: for each tree, the instructions of
400 headless confrontations less those of 100 (the same process but for the runs: start,
imports and the table cancel out), over 300, with the box cache warmed first and Python's
hash seed fixed; the ratio of each commit's to now's, beside issue 32's target as `run.py
engine` reads it (2,000 a second where 9314deb ran 923: 2.17x). About four minutes a tree.

data: `run.py data`'s work, `guide check`'s load and validation of 3,000 generated cards
against PyYAML's C loader on the same files: three passes less one of each, in a process of
its own; the ratio against issue 32's 1.3x. About ten minutes.

An instruction is not a second, but on the same interpreter the two follow each other
closely, and a count repeats to within about 1% (seen here), where the clock of a shared
2-core machine swings by a tenth or more.
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

# run.ENGINE_WORK, its runs counted once (RUNS 0 = everything but the runs)
WORK = run.ENGINE_WORK.replace("run_seeds(setup, list(range(50)))      # warm the caches",
                               "run_seeds(setup, list(range(50 if runs else 0)))") \
    .replace("for _ in range(3):", "for _ in range(1 if runs else 0):") \
    .replace("won = sum(", "won = 0 if not runs else sum(") \
    .replace("rounds = sum(", "rounds = 0 if not runs else sum(") \
    .replace("print(runs / best, won, rounds, runs / cpu)", "print(won, rounds)")
assert "range(50 if runs else 0)" in WORK and "print(won, rounds)" in WORK, "run.ENGINE_WORK moved"


def _count(args: list[str], root: Path, env: dict[str, str] | None = None) -> int:
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          run.PY, *args], capture_output=True, text=True, check=True, cwd=root,
                         env={**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0",
                              **(env or {})})
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"instructions: valgrind printed no count for {args[:2]}")
    return int(found.group(1))


def per_confrontation(root: Path, box: Path) -> float:
    subprocess.run([run.PY, "-c", WORK, "10", str(box)], capture_output=True, check=True,
                   cwd=root, env={**os.environ, "PYTHONPATH": str(root)})   # the box cache
    return (_count(["-c", WORK, "400", str(box)], root)
            - _count(["-c", WORK, "100", str(box)], root)) / 300


DATA_WORK = f"""
import sys
from pathlib import Path
sys.path.insert(0, {str(HERE)!r})
from run import data_work
folder, what, passes = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
c_loader, check = data_work(folder)
work = c_loader if what == "c" else check
work()                                  # imports, caches: the same in both counts
for _ in range(passes):
    work()
"""


def data() -> bool:
    import tempfile

    from gen_cards import write

    folder = Path(tempfile.mkdtemp())
    write(folder, 3000)
    root = run.HERE.parent
    off = {"GUIDE_CACHE_DIR": "off"}
    per = {what: (_count(["-c", DATA_WORK, str(folder), what, "3"], root, off)
                  - _count(["-c", DATA_WORK, str(folder), what, "1"], root, off)) / 2
           for what in ("c", "check")}
    ratio = per["check"] / per["c"]
    print(f"data: guide check of 3,000 cards {per['check']:,.0f} instructions a pass, the C"
          f" loader {per['c']:,.0f}: {ratio:4.2f}x  target <= 1.3x"
          f"  {'ok' if ratio <= 1.3 else 'MISSED'}")
    return ratio <= 1.3


def engine(commits: list[str]) -> bool:
    box = run.before_tree() / "cards"
    now = per_confrontation(run.HERE.parent, box)
    print(f"engine: now  {now:12,.0f} instructions a confrontation")
    ok = True
    for commit in commits or [run.MEASURED]:
        then = per_confrontation(run.tree(commit), box)
        line = (f"engine: {commit:8} {then:12,.0f} instructions a confrontation:"
                f" {then / now:4.2f}x now's")
        if commit == run.MEASURED:
            target = run.ENGINE_TARGET / run.ISSUE_RATE[run.MEASURED]
            ok = then / now >= target
            line += f"  target >= {target:4.2f}x (issue 32)  {'ok' if ok else 'MISSED'}"
        print(line)
    return ok


def main() -> int:
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (apt-get install valgrind)")
        return 2
    section, rest = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("engine", [])
    if section not in ("engine", "data"):
        print(f"instructions: engine or data, not {section!r}")
        return 2
    ok = engine(rest) if section == "engine" else data()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
