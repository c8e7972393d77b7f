"""The prompt's history is kept per game: Up and the grey suggestion at one game's table
never offer a line typed at another game's."""

from __future__ import annotations

from types import SimpleNamespace

from guide.core.repl import session


def test_each_game_keeps_its_own_prompt_history(monkeypatch, tmp_path):
    monkeypatch.setattr(session, "data_dir", lambda: tmp_path)
    files = {session.history_file(SimpleNamespace(game=SimpleNamespace(id=game)))  # type: ignore[arg-type]
             for game in ("tally", "cv", "tally")}
    assert files == {tmp_path / "history-tally", tmp_path / "history-cv"}
