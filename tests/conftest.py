"""Shared helpers: a table on a fresh campaign in a temporary folder, driven line by line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from guide.core.registry import CommandError
from guide.core.repl.run import open_table
from guide.core.result import text

ROOT = Path(__file__).resolve().parents[1]
# Tally, the template game that lives only in the tests, is imported by name (`from tally
# import ...`) by the core's and the contract's tests, whichever runs first
sys.path.insert(0, str(ROOT / "tests" / "tinygame"))

# The parsed boxes' cache (guide.core.boxcache) of this test session, not the user's: every
# test and every `guide` subprocess of the session share it.
if "GUIDE_CACHE_DIR" not in os.environ:
    import tempfile

    os.environ["GUIDE_CACHE_DIR"] = tempfile.mkdtemp(prefix="guide-cache-")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GUIDE_DATA_DIR", str(tmp_path / "data"))


class Play:
    """A table on a campaign file; `do` runs a line and returns its text."""

    def __init__(self, path: Path, seed: int | None = 1, boxes=()):
        self.path = path
        self.boxes = list(boxes)
        self.table = open_table(path, self.boxes, seed)

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
        before = self.table.public_state()
        with pytest.raises(CommandError) as e:
            self.table.execute(line)
        assert self.table.public_state() == before, "a refused command changed the state"
        return str(e.value)

    @property
    def state(self) -> dict:
        return self.table.public_state()

    @property
    def raw(self) -> dict:
        return self.table.state

    def kaveri(self, name: str) -> dict:
        return next(k for k in self.state["kaverit"] if k["name"] == name)

    def foe(self, name: str) -> dict:
        return next(f for f in self.state["confrontation"]["foes"] if f["name"] == name)

    def reopen(self) -> Play:
        self.close()
        return Play(self.path, None, self.boxes)

    def close(self) -> None:
        self.table.store.close()


@pytest.fixture
def play(tmp_path):
    p = Play(tmp_path / "campaign.sqlite")
    yield p
    if p.table.store.db:
        try:
            p.close()
        except Exception:
            pass


@pytest.fixture
def party(play):
    """Two level-1 Kaverit in the bundled Amsterdam adventure."""
    play.do("adventure amsterdam",
            'kaveri Ann --ability Focused --technique Sadness --technique "custom:Bad Hair Day"'
            ' --technique Cheer',
            "kaveri Bob --ability Insensitive --technique Anger --technique Love --technique Happy")
    return play


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


@pytest.fixture
def field(tmp_path):
    p = Play(tmp_path / "c.sqlite", boxes=[ROOT / "tests" / "data" / "box"])
    p.do("adventure test-town")
    yield p
    p.close()


def kaveri(field, name, ability="Psychic", techniques=("Sadness", "custom:Kick", "Anger")):
    field.do(f"kaveri {name} --ability {ability} " + " ".join(
        f'--technique "{t}"' for t in techniques))


def alias_bomb() -> list[str]:
    """YAML lines whose last anchor `j` stands for 9**10 values once aliases are followed."""
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        prev, cur = chr(96 + i), chr(97 + i)
        lines.append(f"{cur}: &{cur} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return lines


KAVERI_LINE = "kaveri A --ability Lagom --technique Sadness --technique Love --technique Cheer"
