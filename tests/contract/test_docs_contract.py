"""Each game's page in docs/ as a new game master reads it beside `help`: its table of
commands shows every command of the game, and a player's name the line may leave out on that
player's own turn (guide.core.params.Named.or_turn) in brackets, `end [NAME]`. Kaverini has
no such page: docs/table-script.md holds the forms scripts drive, not every command."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from guide.core import games
from guide.core.params import Named

PAGES = {"cave": "cave.md", "cv": "cv.md", "kaivo": "kaivo.md", "taverne": "taverne.md"}


def documented(page: str) -> list[list[str]]:
    """The words of each command a table's first column shows (`a`, `b` in one cell)."""
    text = (ROOT / "docs" / page).read_text("utf-8")
    cells = [line.replace("\\|", "/").split("|")[1] for line in text.splitlines()
             if line.startswith("| `")]
    return [span.split() for cell in cells for span in re.findall(r"`([^`]+)`", cell)]


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_the_table_shows_every_command_and_a_name_left_out_on_the_turn_in_brackets(game_id):
    shown = documented(PAGES[game_id])
    for name, command in games.load(game_id).commands.commands.items():
        forms = [words for words in shown if words[:len(name.split())] == name.split()]
        assert forms, f"{name} is not in docs/{PAGES[game_id]}'s table of commands"
        first = next((p for p in command.click_command.params if p.param_type_name == "argument"),
                     None)
        if first is not None and isinstance(first.type, Named) and first.type.turn:
            assert all(words[1:2] == ["[NAME]"] for words in forms), (name, forms)
