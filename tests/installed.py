"""`guide` as a user runs it, in a subprocess: with its own data folder, and with games
'installed' beside the project's own (a dist-info folder on the path, as pip would leave it:
that is how a game shipped as a distribution of its own is found, guide.core.games)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path


def guide_env(tmp_path: Path, games: dict[str, str] | None = None,
              paths: tuple[Path, ...] = ()) -> dict[str, str]:
    """The environment of a `guide` subprocess: a data folder of its own, and `games`
    (id -> "module:Class") installed through their entry points, importable from `paths`."""
    site = tmp_path / "site"
    for game_id, value in (games or {}).items():
        info = site / f"{game_id}_game-0.1.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {game_id}-game\n"
                                       "Version: 0.1\n")
        (info / "entry_points.txt").write_text(f"[guide.games]\n{game_id} = {value}\n")
    path = [str(site), *map(str, paths)] + ([os.environ["PYTHONPATH"]]
                                            if os.environ.get("PYTHONPATH") else [])
    return dict(os.environ, PYTHONPATH=os.pathsep.join(path),
                GUIDE_DATA_DIR=str(tmp_path / "data"))


def guide(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "guide", *args], input=stdin, env=env,
                          capture_output=True, text=True, timeout=60)


class Playing:
    """`guide play ARGS` in a subprocess, fed one line at a time, as a table beside a test
    (its view served to a browser, say)."""

    def __init__(self, env: dict[str, str], *args: str):
        self.process = subprocess.Popen([sys.executable, "-m", "guide", "play", *args],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1, env=env)

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        for line in lines:
            self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, pattern: str) -> re.Match:
        """The first line of output, from here on, that matches `pattern`."""
        assert self.process.stdout is not None and self.process.stderr is not None
        while True:
            line = self.process.stdout.readline()
            assert line, self.process.stderr.read()
            found = re.search(pattern, line)
            if found:
                return found

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)
