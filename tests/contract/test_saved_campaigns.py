"""Campaigns saved before the game model moved into the core open and play on: one per
game (tests/data/campaigns, written by its make.py), each set up with a few moves played.
Opened today, each shows the `guide state` it showed when it was saved (an older state
goes through its game's `migrate`), and takes the next lines of its evening."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from gamelist import game_ids, game_of, given_scenes

from conftest import ROOT
from guide.core import settings
from guide.core.dice import Dice
from guide.core.players import seats as seats_of
from guide.core.store import Store
from guide.core.table import Table
from guide.core.viewers import public_state

SAVED = ROOT / "tests" / "data" / "campaigns"

# The evening goes on: lines each campaign takes next, as the table would type them (its
# game's scenes' PLAY_ON).
PLAY_ON: dict[str, list[str]] = {game_id: given.PLAY_ON for game_id, given in given_scenes().items()
                                 if hasattr(given, "PLAY_ON")}


def opened(game_id: str, folder: Path, read_only: bool = False) -> Table:
    path = folder / f"{game_id}.sqlite"
    if not path.exists():
        shutil.copy(SAVED / f"{game_id}.sqlite", path)
    game = game_of(game_id)
    store = Store(path, read_only=read_only, game=game.id, state_version=game.settings.state_version)
    return (game.settings.table_class or Table)(game, store, settings.load(game, []), Dice(3))


def test_every_game_has_a_saved_campaign():
    assert set(PLAY_ON) == set(game_ids())
    for game_id in PLAY_ON:
        assert (SAVED / f"{game_id}.sqlite").is_file()
        assert (SAVED / f"{game_id}.json").is_file()


@pytest.mark.parametrize("game_id", sorted(PLAY_ON))
def test_a_saved_campaign_shows_what_it_held(game_id, tmp_path):
    held = json.loads((SAVED / f"{game_id}.json").read_text("utf-8"))
    table = opened(game_id, tmp_path, read_only=True)
    assert public_state(table) == held["public"]
    table.close()


@pytest.mark.parametrize("game_id", sorted(PLAY_ON))
def test_a_saved_campaign_plays_on(game_id, tmp_path):
    table = opened(game_id, tmp_path)
    start = json.dumps(table.state, sort_keys=True)
    for line in PLAY_ON[game_id]:
        before = json.dumps(table.state, sort_keys=True)
        table.execute(line)                      # a refusal fails the test with its reason
        assert json.dumps(table.state, sort_keys=True) != before, f"{line!r} changed nothing"
    after = json.dumps(table.state, sort_keys=True)
    table.close()
    again = opened(game_id, tmp_path)            # the file holds what the table held
    assert json.dumps(again.state, sort_keys=True) == after != start
    again.close()


# the games whose saved campaign has a seat with moves (their scenes say SAVED_SEATS = True)
SEATED_SAVES = sorted(g for g, given in given_scenes().items() if getattr(given, "SAVED_SEATS", False))


@pytest.mark.parametrize("game_id", SEATED_SAVES)
def test_a_seat_of_a_saved_campaign_reads_its_view_and_moves(game_id, tmp_path):
    from guide.core.seats import Desk, moves_for, view_for

    table = opened(game_id, tmp_path)
    seat = seats_of(table)[0]
    page = Desk.payload_of(table, seat)
    assert view_for(table, seat) == page["view"]
    moves = moves_for(table, seat)
    assert [m.shown(i) for i, m in enumerate(moves)] == page["moves"] and moves
    before = json.dumps(table.state, sort_keys=True)
    table.execute(moves[0].line, seat=seat)
    assert json.dumps(table.state, sort_keys=True) != before
