"""Bots at every seat of every game that has them (issue 38; Game.bots): a table of one
person and bots plays a whole game through the script's runner, and a bot keeps its seat's
secrets (the secrets contract for bots). Each game's scenes seat its players for the bots
(BOTS_START: a game with bots and no such scene is not checked here), with the box its
decks need (BOTS_BOX)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamelist import game_of, installed_ids, scenes

from guide.core import settings
from guide.core.bots import choose
from guide.core.dice import Dice
from guide.core.players import seats as seats_of
from guide.core.repl.run import _on_time
from guide.core.seats import moves_for
from guide.core.store import Store
from guide.core.table import Table

# the games whose seats bots take (Game.bots) and whose scenes seat their players for them
BOTS = [g for g in installed_ids() if hasattr(scenes(g), "BOTS_START")]


def table(game_id: str, path: Path, seed: int = 3) -> Table:
    """The game's table, its players seated as its scenes seat them for the bots."""
    game, given = game_of(game_id), scenes(game_id)
    boxes = [given.BOTS_BOX] if hasattr(given, "BOTS_BOX") else []
    t = (game.settings.table_class or Table)(game, Store(path, game=game_id), settings.load(game, boxes),
                                             Dice(seed))
    for line in given.BOTS_START:
        t.execute(line)
    return t


def over(t: Table) -> bool:
    kit = t.game.bots()
    assert kit is not None
    return kit.outcome(t) is not None


def test_the_games_with_bots():
    assert set(BOTS) >= {"cave", "taverne", "kaivo", "cv"}
    assert all(game_of(g).bots() is not None for g in BOTS)


@pytest.mark.parametrize("game_id", BOTS)
def test_one_person_and_bots_play_a_whole_game_through_the_scripts_runner(game_id, tmp_path,
                                                                           capsys):
    """Ann types her moves (the first her page offers); every other seat is a bot, playing
    between her lines as a script runs them, each move from its seat with its story."""
    t = table(game_id, tmp_path / "c.sqlite")
    seats = seats_of(t)
    for seat in seats[1:]:
        t.execute(f"bot {seat} --level random")
    for _step in range(3000):
        _on_time(t)                                   # the bots' moves, as between lines
        if over(t):
            break
        kit = t.game.bots()
        mine = [m for m in moves_for(t, "Ann") if not kit.never(m)]
        assert mine, "nobody can move and the game has not ended"
        t.execute(mine[0].line)
    assert over(t)
    stories = [e.story for e in t.store.entries(limit=50)]
    assert any(ev.get("kind") == "seat" and ev.get("bot") == "random" and ev["seat"] != "Ann"
               for story in stories for ev in story)


@pytest.mark.parametrize("game_id", BOTS)
def test_a_bots_choice_is_the_same_in_every_variant_its_seat_cannot_tell_apart(game_id, tmp_path):
    """The secrets contract for bots: the state's secret variants (read by this test only)
    that a seat may not see give its bot the same choice, point after point of a game."""
    from bot_variants import same_in_every_variant

    t = table(game_id, tmp_path / "c.sqlite")
    seats = seats_of(t)
    checked = 0
    for step in range(120):
        for seat in seats:
            checked += same_in_every_variant(t, seat, "random", 7, step)[1]
        due = [(s, choose(t, s, "random", 7, step)) for s in seats]
        due = [(s, m) for s, m in due if m is not None]
        if not due or over(t):
            break
        seat, move = due[step % len(due)]
        t.execute(move.line, seat=seat, bot="random")
    assert checked
