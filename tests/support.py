"""What every test shares, beside its fixtures (tests/conftest.py): the repository's root, a
table on a campaign file driven line by line (Play), the real `guide` command line, and
small readers of events and boxes.

They live in a module of their own, not in conftest.py, because pytest imports every
conftest.py outside a package as the one module `conftest`, each replacing the one before
(tests/conftest.py, then a game's tests/games/<game>/conftest.py): a test's
`from conftest import ROOT` reads whichever was imported last. So every conftest.py
re-exports these names (`from support import *`), and `from conftest import ...` finds
them whichever conftest that is."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from guide.core import settings
from guide.core.dice import Dice
from guide.core.games import load
from guide.core.registry import CommandError
from guide.core.repl.run import open_table
from guide.core.result import text
from guide.core.table import Table
from guide.core.viewers import public_state

__all__ = ["ROOT", "Play", "alias_bomb", "alive", "children", "event", "free_port", "guide", "kinds",
           "memory_table", "wait_for", "write_box"]

ROOT = Path(__file__).resolve().parents[1]


def memory_table(game_id: str, seed: int = 1) -> Table:
    """A game's table on its bundled box, kept in memory (no campaign file)."""
    game = load(game_id)
    return (game.settings.table_class or Table)(game, None, settings.load(game, []), Dice(seed))


class Play:
    """A table on a campaign file; `do` runs a line and returns its text. A new file is of
    `game_id`'s game (the default game when None); an existing one is of its own."""

    def __init__(self, path: Path, seed: int | None = 1, boxes=(), game_id: str | None = None):
        self.path = path
        self.boxes = list(boxes)
        self.table = open_table(path, self.boxes, seed, game_id=game_id)

    def do(self, *lines: str) -> str:
        out = []
        for line in lines:
            out.append(text(self.table.execute(line)))
        return "\n".join(out)

    def events(self, *lines: str) -> list[dict]:
        """Run the lines; the story events the last one told (data, as the rules gave them)."""
        for line in lines:
            self.table.execute(line)
        return [dict(e) for e in self.table.story]

    def fails(self, line: str) -> str:
        before = public_state(self.table)
        with pytest.raises(CommandError) as e:
            self.table.execute(line)
        assert public_state(self.table) == before, "a refused command changed the state"
        return str(e.value)

    @property
    def state(self) -> dict:
        return public_state(self.table)

    @property
    def raw(self) -> dict:
        return self.table.state

    def reopen(self) -> Play:
        self.close()
        return type(self)(self.path, None, self.boxes)

    def close(self) -> None:
        self.table.store.close()

    def held(self):
        """This table for a fixture: yielded, then closed (if a test has not closed it)."""
        yield self
        if self.table.store.db:
            try:
                self.close()
            except Exception:
                pass


def lines_of(path: Path, game_id: str, *lines: str) -> list[str]:
    """What the terminal would show for each line at a new table of `game_id` on `path`
    (guide.core.repl.attempt: a refusal as its one line, never an internal error)."""
    from guide.core.repl.attempt import attempt
    table = open_table(path, [], 1, game_id=game_id)
    try:
        return [str(attempt(table, line)) for line in lines]
    finally:
        table.close()


def kinds(events: list[dict]) -> list[str]:
    return [e["kind"] for e in events]


def event(events: list[dict], kind: str, **fields) -> dict:
    """The first event of this kind (with these fields); fails the test when there is none."""
    for e in events:
        if e["kind"] == kind and all(e.get(k) == v for k, v in fields.items()):
            return e
    raise AssertionError(f"no {kind} event with {fields} in {kinds(events)}")


def guide(*args: str, input: str | None = None, env=None, timeout: float = 60
          ) -> subprocess.CompletedProcess:
    """Run the real `guide` command line."""
    return subprocess.run([sys.executable, "-m", "guide", *args], input=input,
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


def write_box(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def alias_bomb() -> list[str]:
    """YAML lines whose last anchor `j` stands for 9**10 values once aliases are followed."""
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        prev, cur = chr(96 + i), chr(97 + i)
        lines.append(f"{cur}: &{cur} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return lines


# --- processes: a table's workers and children, as /proc lists them ---------------------------
def children(pid: int) -> list[int]:
    """The live (not zombie) processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(what, bound: float = 30.0):
    """Poll until `what()` is true (the bound only keeps a broken run from hanging)."""
    end = time.monotonic() + bound
    while not what():
        assert time.monotonic() < end, f"{what.__doc__ or what} never came"
        time.sleep(0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
