"""Real headless Chromium for the tests of pages (Debian's package; .ci/run installs it):
the flags this closed machine needs, and a test that is skipped only off CI without it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--virtual-time-budget=600"]   # before a page opens its event stream (after 1 s)

needs_chromium = pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                                    reason="headless Chromium is not installed (.ci/run installs it)")



def dump_dom(url: str, profile: Path) -> str:
    """The page as headless Chromium has drawn it."""
    assert CHROMIUM, "CI must have Chromium (.ci/run installs Debian's chromium)"
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
                          capture_output=True, text=True, timeout=120).stdout
