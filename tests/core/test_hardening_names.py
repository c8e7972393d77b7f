"""File names reach the terminal shown, never raw (issue 41, item 4): a file or folder named
with escape codes (a colour, a terminal title) and a newline (a forged `guide check` line)
is printed through guide.core.text.shown_path, in `guide check`, `guide play --box` and the
errors naming a campaign file (for every game's files: tests/contract/test_file_names_contract.py)."""

from __future__ import annotations

import sys

import pytest

from conftest import ROOT, guide
from guide.core.text import shown_path, visible

sys.path.insert(0, str(ROOT / "tests" / "contract"))
from test_file_names_contract import HOSTILE, SHOWN, clean  # noqa: E402


def test_visible_writes_out_every_control_and_invisible_character():
    assert visible(HOSTILE) == SHOWN
    assert visible("Zoë's box\tnow") == r"Zoë's box\tnow"
    assert visible("caf\udce9") == r"caf\udce9"         # a byte of a name not in UTF-8
    assert visible("plain ünïcode name") == "plain ünïcode name"
    assert shown_path(f"/tmp/{HOSTILE}/x.yaml") == f"/tmp/{SHOWN}/x.yaml"


@pytest.fixture
def folder(tmp_path):
    hostile = tmp_path / HOSTILE
    hostile.mkdir()
    return hostile


def test_a_campaign_error_shows_its_path(folder, tmp_path):
    (folder / "c.sqlite").write_bytes(b"not a campaign" * 10)
    for path in (folder, folder / "c.sqlite"):
        r = guide("play", "--campaign", str(path), input="")
        assert r.returncode != 0
        clean(r.stdout + r.stderr)
        assert r.stderr.startswith(f"error: {shown_path(path)}: ")
