"""`guide --version` stays fast: it imports none of the heavier core (dice, settings, the
games, the table), which the commands import inside themselves (guide/cli.py). The
start-up benchmark (benchmarks/run.py startup) measures the time; this says why it moves."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
import guide.cli
sys.argv = ["guide", "--version"]
try:
    guide.cli.main()
except SystemExit:
    pass
print(" ".join(sorted(m for m in sys.modules if m.startswith("guide"))))
"""


def test_guide_version_imports_only_the_command_line():
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         check=True).stdout.split("\n")[-2].split()
    heavy = {"guide.core.dice", "guide.core.settings", "guide.core.games", "guide.core.table",
             "guide.core.store", "guide.games"}
    assert not heavy & set(out), out
