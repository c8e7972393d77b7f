"""A real terminal for tests: guide runs in a pseudo-terminal (pexpect) and pyte keeps the
screen it draws, so a test asserts what a person at an 80x24 terminal would see."""

from __future__ import annotations

import os
import sys
import time

import pexpect
import pyte


class Terminal:
    def __init__(self, args: list[str], env: dict[str, str], rows: int = 24, cols: int = 80):
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)
        env = dict(env, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
        self.child = pexpect.spawn(sys.executable, ["-m", "guide", *args], env=env,
                                   encoding="utf-8", dimensions=(rows, cols), timeout=20)

    def _pump(self) -> None:
        while True:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.05))
            except (pexpect.TIMEOUT, pexpect.EOF):
                return

    @property
    def text(self) -> str:
        """What the screen shows now, row by row."""
        self._pump()
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, wanted: str, timeout: float = 20) -> str:
        """Wait until the screen shows `wanted`; return the screen."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            shown = self.text
            if wanted in shown:
                return shown
        raise AssertionError(f"the screen never showed {wanted!r}; it shows:\n{self.text}")

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def line(self, text: str) -> None:
        self.child.send(text + "\r")

    def close(self) -> None:
        self.child.close(force=True)


def terminal_env(tmp_path) -> dict[str, str]:
    return dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"))
