"""What Cave escape takes from the core: what it ships, read by guide/core/shipped.py (its box
schema, schemas/box.schema.json, and its rules page, docs/cave.md installed as rules.md), and
its commands' one shape, a pure rule run on the table's state with its events told
(guide/core/ruling.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cave_helpers import BOX

from guide.core import shipped
from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.core.ruling import run
from guide.core.table import Table
from guide.games.cave import setup
from guide.games.cave.box import kind
from guide.games.cave.game import CaveGame

ROOT = Path(__file__).resolve().parents[3]


def test_the_box_file_is_held_to_the_schema_the_game_ships():
    on_disk = json.loads((ROOT / "guide/games/cave/schemas/box.schema.json").read_text("utf-8"))
    assert kind().schema == on_disk == shipped.schema("guide.games.cave", "box")


def test_the_rules_page_is_the_repositorys_docs_page_where_no_copy_is_installed():
    text = shipped.page("guide.games.cave", "rules.md", "cave.md")
    assert text == (ROOT / "docs/cave.md").read_text("utf-8")
    assert "**C-TURN-6**" in text


def test_a_rule_run_by_a_command_changes_the_state_and_tells_its_events_C_SET_3():
    t = Table(CaveGame(), None, BOX, Dice(1))
    assert run(t, setup.add_character, BOX, "Ann").lines == []
    assert [c["name"] for c in t.state["characters"]] == ["Ann"]
    assert [e["kind"] for e in t.story] == ["joined"]
    with pytest.raises(RuleError, match="already a character called ann"):
        run(t, setup.add_character, BOX, "ann")
    assert len(t.story) == 1
