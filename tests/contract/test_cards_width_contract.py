"""Every game's card list (`guide cards`) keeps to 79 columns into a pipe too, as at the
table: the core breaks a table's widest text between words (guide.core.result), and cuts
nothing. Taverne's list was 91 columns wide, CV's 244."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from gamelist import installed_ids  # noqa: E402
from installed import guide, guide_env  # noqa: E402

from guide.core.result import WIDTH  # noqa: E402


@pytest.mark.parametrize("game_id", installed_ids())
def test_the_card_list_keeps_to_the_table_width_in_a_pipe(game_id, tmp_path):
    done = guide(guide_env(tmp_path), "cards", "--game", game_id)
    if done.returncode:                        # Cave, Kaivo: a game of no cards says so
        assert done.stderr == f"error: the {game_id} game has no cards to list\n"
        return
    lines = done.stdout.splitlines()
    assert lines and max(map(len, lines)) <= WIDTH, max(lines, key=len)
