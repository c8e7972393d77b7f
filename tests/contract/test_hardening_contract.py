"""No line a user types reaches them as an internal error, and none collides with the
state diff's encoding, in every installed game (issue 31, items 2 and 5): a bounded fuzz of
each game's commands, with Tab's words and hostile ones (unicode, numbers past every bound,
KEY=VALUE, names like the diff's old deletion marker `__delete__`: hardening_walk.py), from
a table its scenes bring into play (IN_PLAY); after every random command the state in
memory is the state a reopened file holds; and a name spelled like the marker survives a
reopen (a game's scenes' MARKER)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from gamelist import given_scenes, installed_ids, scenes
from hardening_walk import random_line
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guide.core import games
from guide.core.repl.attempt import attempt
from guide.core.repl.run import open_table
from guide.core.store import Store


def in_play(game_id: str) -> list[str]:
    """The lines that bring the game's table into play (its scenes' IN_PLAY), if any."""
    return list(getattr(scenes(game_id), "IN_PLAY", []))


def file_state(path: Path, game_id: str) -> dict:
    game = games.load(game_id)
    reader = Store(path, read_only=True, game=game_id, state_version=game.settings.state_version)
    try:
        return reader.load(game.new_state)
    finally:
        reader.close()


@pytest.mark.parametrize("game_id", installed_ids())
def test_random_and_unicode_arguments_never_give_an_internal_error(game_id):
    rng = random.Random(f"fuzz {game_id}")
    internal = []
    for round_ in range(6):
        with tempfile.TemporaryDirectory() as folder:
            table = open_table(Path(folder) / "c.sqlite", [], round_, game_id=game_id)
            try:
                for line in in_play(game_id):
                    attempt(table, line)
                for _ in range(60):
                    line = random_line(table, rng.choice, lambda n: rng.randint(0, n))
                    shown = attempt(table, line)
                    if isinstance(shown, str) and shown.startswith("error: internal error"):
                        internal.append(f"{line!r}: {shown}")
            finally:
                table.close()
    assert internal == []


@pytest.mark.parametrize("game_id", [g for g, given in given_scenes().items() if hasattr(given, "MARKER")])
def test_a_name_spelled_like_the_old_marker_survives_a_reopen(tmp_path, game_id):
    lines, check = scenes(game_id).MARKER
    path = tmp_path / "c.sqlite"
    table = open_table(path, [], 3, game_id=game_id)
    for line in lines:
        assert not isinstance(attempt(table, line), str), line
    expected = table.state
    table.close()
    assert file_state(path, game_id) == expected
    again = open_table(path, [], 3)
    try:
        assert again.state == expected
        assert not isinstance(attempt(again, check), str)
    finally:
        again.close()


@pytest.mark.parametrize("game_id", installed_ids())
@settings(max_examples=4, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_memory_equals_the_file_after_every_random_command(game_id, data):
    """Random commands of every installed game, names like `__delete__` among them: after
    each, the state in memory is the state a reopened file holds."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.sqlite"
        table = open_table(path, [], data.draw(st.integers(0, 10 ** 6), label="seed"),
                           game_id=game_id)
        try:
            lines = in_play(game_id)
            for _ in range(20):
                for line in lines:
                    attempt(table, line)
                    assert table.state == file_state(path, game_id), line
                lines = [random_line(
                    table, lambda words: data.draw(st.sampled_from(words)),
                    lambda n: data.draw(st.integers(0, n)))]
        finally:
            table.close()
