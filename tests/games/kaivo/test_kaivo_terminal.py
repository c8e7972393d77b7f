"""Kaivo in a real terminal (pexpect and pyte, tests/terminal.py), issue 28: a long result
never opens the pager at a table with seats (it held every phone's tap behind it and paged
the round's result away), moves from the seats run whatever the terminal shows, and `seats`
lists the links with `seats qr NAME` printing one code."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pyte
import pytest
from terminal import Terminal, terminal_env

pytestmark = pytest.mark.terminal


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


def tap(link: str, starts: str, after: int = -1) -> dict:
    """Send the seat's move whose label starts with `starts`, as its page does (once the
    page's version is past `after`); the state it was chosen from."""
    for _ in range(100):
        state = get(link + "/state.json")
        if state["version"] > after and any(m["label"].startswith(starts) for m in state["moves"]):
            break
        time.sleep(0.1)
    move = next(m["id"] for m in state["moves"] if m["label"].startswith(starts))
    body = json.dumps({"move": move, "version": state["version"]}).encode()
    request = urllib.request.Request(link + "/move", data=body, method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Origin": link.split("/seat/")[0]})
    with urllib.request.urlopen(request, timeout=5) as r:
        assert json.loads(r.read()) == {"said": "sent"}
    return state


class Scrolled(Terminal):
    """The terminal with what scrolled off its top kept (a person scrolls back to it)."""

    def __init__(self, args: list[str], env: dict[str, str], rows: int, cols: int = 80):
        super().__init__(args, env, rows, cols)
        self.screen = pyte.HistoryScreen(cols, rows, history=5000)
        self.stream = pyte.Stream(self.screen)

    @property
    def scrollback(self) -> str:
        """Every row printed so far: those scrolled off, then the screen."""
        self._pump()
        gone = ["".join(line[x].data for x in sorted(line)).rstrip()
                for line in self.screen.history.top]
        return "\n".join(gone + [line.rstrip() for line in self.screen.display])

    def wait_back(self, wanted: str, timeout: float = 20) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if wanted in (shown := self.scrollback):
                return shown
            time.sleep(0.05)
        raise AssertionError(f"never printed {wanted!r}:\n{self.scrollback}")


def pager_open(screen: str) -> bool:
    rows = [r for r in screen.splitlines() if r.strip()]
    return "(END)" in screen or (bool(rows) and rows[-1].strip() == ":")


def test_a_long_result_from_a_phone_never_opens_the_pager_and_the_next_tap_runs(tmp_path):
    env = dict(terminal_env(tmp_path), PAGER="less")
    # ten rows: a tap's result with three bots' turns after it is longer than the screen
    term = Scrolled(["play", "--game", "kaivo", "--campaign", str(tmp_path / "k.sqlite"),
                     "--seed", "3"], env, rows=10, cols=80)
    try:
        term.wait_back("kaivo>")
        term.line("deal --friends Ann --bots 3")
        term.wait_back("Ann to play")
        term.line("view")
        term.wait_back("The players' view is at")
        term.line("seats")
        screen = term.wait_back("QR code to scan")      # `seats` (view's own lines name it too)
        ann = re.search(r"Ann: (http://\S+)", screen).group(1)
        assert "\u2580" not in screen and "\u2588" not in screen     # no QR code unasked
        term.line("help")                     # a long result typed at the table: no pager
        term.wait_back("undo")
        time.sleep(0.5)
        assert not pager_open(term.text), term.text
        state = tap(ann, "Draw from the deck")
        term.wait_back("(from Ann's seat)")
        tap(ann, "Discard it", after=state["version"])
        screen = term.wait_back("Ann discards")
        lines = get(ann + "/state.json")
        # the tap's result and the bots' turns after it ran past the screen's ten rows, and
        # no key was pressed at the terminal: the pager is not holding them
        assert not pager_open(screen), screen
        assert lines["view"]["you"]["row"]
        again = tap(ann, "Draw from the deck", after=state["version"])   # the next tap runs
        for _ in range(100):
            if get(ann + "/state.json")["version"] > again["version"]:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the second tap never ran:\n" + term.text)
        assert not pager_open(term.text), term.text
        term.line("seats qr Ann")
        screen = term.wait_back("\u2580")          # one code, drawn in half blocks
        assert not pager_open(screen), screen
    finally:
        term.close()
