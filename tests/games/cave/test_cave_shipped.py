"""Cave escape reads what it ships through the core (guide/core/shipped.py): its box schema
(schemas/box.schema.json) and its rules page (docs/cave.md, installed as rules.md)."""

from __future__ import annotations

import json
from pathlib import Path

from guide.core import shipped
from guide.games.cave.box import kind

ROOT = Path(__file__).resolve().parents[3]


def test_the_box_file_is_held_to_the_schema_the_game_ships():
    on_disk = json.loads((ROOT / "guide/games/cave/schemas/box.schema.json").read_text("utf-8"))
    assert kind().schema == on_disk == shipped.schema("guide.games.cave", "box")


def test_the_rules_page_is_the_repositorys_docs_page_where_no_copy_is_installed():
    text = shipped.page("guide.games.cave", "rules.md", "cave.md")
    assert text == (ROOT / "docs/cave.md").read_text("utf-8")
    assert "**C-TURN-6**" in text
