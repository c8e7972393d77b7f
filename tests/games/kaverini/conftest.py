"""Kaverini's fixtures: a table (`play`) whose Play also reads a Kaveri and a foe by name,
two Kaverit in the bundled Amsterdam adventure (`party`), and the test town of the tests'
own box (`field`), with `kaveri` to seat one there. The shared helpers are re-exported
(tests/support.py says why)."""

from __future__ import annotations

import pytest
import support
from support import *  # noqa: F403  (what every conftest gives: support.py)
from support import ROOT, write_box


class Play(support.Play):
    """A Kaverini table: `kaveri` and `foe` read one by name from the state."""

    def kaveri(self, name: str) -> dict:
        return next(k for k in self.state["kaverit"] if k["name"] == name)

    def foe(self, name: str) -> dict:
        return next(f for f in self.state["confrontation"]["foes"] if f["name"] == name)


@pytest.fixture
def play(tmp_path):
    yield from Play(tmp_path / "campaign.sqlite").held()


@pytest.fixture
def party(play):
    """Two level-1 Kaverit in the bundled Amsterdam adventure."""
    play.do("adventure amsterdam",
            'kaveri Ann --ability Focused --technique Sadness --technique "custom:Bad Hair Day"'
            ' --technique Cheer',
            "kaveri Bob --ability Insensitive --technique Anger --technique Love --technique Happy")
    return play


@pytest.fixture
def field(tmp_path):
    yield from town(tmp_path).held()


def town(tmp_path, extra: str = "") -> Play:
    """The test town of the tests' own box, with `extra` (YAML cards) in a box beside it."""
    boxes = [ROOT / "tests" / "data" / "box"]
    if extra:
        boxes.append(write_box(tmp_path / "extra", "extra.yaml", extra).parent)
    p = Play(tmp_path / "c.sqlite", boxes=boxes)
    p.do("adventure test-town")
    return p


def kaveri(field, name, ability="Psychic", techniques=("Sadness", "custom:Kick", "Anger")):
    field.do(f"kaveri {name} --ability {ability} " + " ".join(
        f'--technique "{t}"' for t in techniques))
