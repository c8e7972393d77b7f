"""A seat's moves are built from their commands' declarations (guide.core.moves,
guide.core.line.build): a character whose name holds quotes, an apostrophe or spaces still
moves from its phone."""

from __future__ import annotations

from pathlib import Path

from guide.core import settings
from guide.core.dice import Dice
from guide.core.seats import moves_for
from guide.core.store import Store
from guide.core.table import Table
from guide.games.cave.game import CaveGame

GAME = CaveGame()


def table(tmp_path: Path) -> Table:
    store = Store(tmp_path / "c.sqlite", game=GAME.id, state_version=GAME.settings.state_version)
    return Table(GAME, store, settings.load(GAME, []), Dice(5))


def test_a_name_with_quotes_ends_its_turn_from_its_phone_C_TURN_1(tmp_path):
    t = table(tmp_path)
    for line in ['character \'Zed "the" Rock\'', "character \"O'Neill\"", "start"]:
        t.execute(line)
    name = t.state["characters"][0]["name"]
    assert name == 'Zed "the" Rock'
    end = next(m for m in moves_for(t, name) if m.label == "End the turn")
    t.execute(end.line, seat=name)
    assert t.state["characters"][1]["name"] == "O'Neill"
    assert any(m.label == "End the turn" for m in moves_for(t, "O'Neill"))   # its turn now


def test_every_move_of_a_quoted_name_is_taken_by_the_table(tmp_path):
    t = table(tmp_path)
    for line in ['character \'Zed "the" Rock\'', "start"]:
        t.execute(line)
    for move in moves_for(t, 'Zed "the" Rock'):
        before = t.state
        t.execute(move.line, seat='Zed "the" Rock')      # none is refused as unreadable
        t.execute("undo")
        assert t.state == before
