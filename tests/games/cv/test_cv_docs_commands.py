"""docs/cv.md's table of commands, as a new game master reads it beside `help`: every
command of the game is in it, and a player's name the line may leave out on that player's
own turn (guide.core.params.Named.or_turn, V-DICE-2) is shown in brackets, `end [NAME]`."""

from __future__ import annotations

import re

from conftest import ROOT
from guide.core import games
from guide.core.params import Named

DOC = ROOT / "docs" / "cv.md"


def documented() -> list[list[str]]:
    """The words of each command the table's first column shows (`a`, `b` in one cell)."""
    cells = [line.replace("\\|", "/").split("|")[1] for line in DOC.read_text("utf-8").splitlines()
             if line.startswith("| `")]
    return [span.split() for cell in cells for span in re.findall(r"`([^`]+)`", cell)]


def test_the_table_shows_every_command_and_a_name_left_out_on_the_turn_in_brackets():
    shown = documented()
    for name, command in games.load("cv").commands.commands.items():
        forms = [words for words in shown if words[:1] == [name]]
        assert forms, f"{name} is not in docs/cv.md's table of commands"
        first = next((p for p in command.click_command.params if p.param_type_name == "argument"), None)
        if first is not None and isinstance(first.type, Named) and first.type.turn:
            assert all(words[1:2] == ["[NAME]"] for words in forms), (name, forms)
