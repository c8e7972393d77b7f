"""A real terminal for tests: guide runs in a pseudo-terminal (pexpect) and pyte keeps the
screen it draws, so a test asserts what a person at an 80x24 terminal would see. Like a
real terminal it answers the cursor-position question (CPR) prompt_toolkit asks, without
which prompt_toolkit does not know the screen's height and shows no bottom toolbar."""

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
        env = dict(env, TERM="xterm")
        env.pop("PROMPT_TOOLKIT_NO_CPR", None)
        self.child = pexpect.spawn(sys.executable, ["-m", "guide", *args], env=env,
                                   encoding="utf-8", dimensions=(rows, cols), timeout=20)

    def _pump(self) -> None:
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
            except (pexpect.TIMEOUT, pexpect.EOF):
                return
            for part in data.split("\x1b[6n"):
                self.stream.feed(part)
                if part is not data.split("\x1b[6n")[-1] or data.endswith("\x1b[6n"):
                    cursor = self.screen.cursor
                    self.child.send(f"\x1b[{cursor.y + 1};{cursor.x + 1}R")

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

    def typed(self, line: str, prompt: str, timeout: float = 20) -> str:
        """Type `line`, then wait for the next `prompt` drawn after it: its cursor question
        is answered while it is still asked (typed ahead, an answer may come once the
        prompt is gone: the terminal then echoes it, "^[[14;1R", over the next lines)."""
        before = self.text.count(prompt)
        self.line(line)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if (shown := self.text).count(prompt) > before:
                return shown
        raise AssertionError(f"no new {prompt!r} after {line!r}; the screen shows:\n{self.text}")

    def send(self, keys: str) -> None:
        self._pump()              # a cursor question already asked is answered first
        self.child.send(keys)

    def line(self, text: str) -> None:
        self.send(text + "\r")

    def close(self) -> None:
        self.child.close(force=True)


def terminal_env(tmp_path) -> dict[str, str]:
    return dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"))
