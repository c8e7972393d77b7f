"""Ctrl-C at the wrong moment (issue 14, item 1): a SIGINT delivered at chosen points of a
command's save. Whatever the moment, the command is either saved and reported as saved, or
not saved and reported as not saved, and the state in memory equals the file."""

import os
import signal
from pathlib import Path

import pytest
from tally import TallyGame

from guide.core.repl.attempt import attempt_at_prompt
from guide.core.result import text
from guide.core.store import Store


@pytest.fixture(autouse=True)
def ctrl_c_reaches_python():
    """Python's Ctrl-C (KeyboardInterrupt) for the test, whatever the suite inherited: a
    suite started as a background job (`pytest &`, some CI runners) has SIGINT ignored, and
    a SIGINT sent then does nothing (issue 41, item 7). The handler before is put back."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture
def lines_in_turn(monkeypatch):
    """A script's lines read one after the other, as a game without a clock has them: Tally's
    alarm (Game.clock) has them read ahead by a thread of their own (guide.core.repl.run)."""
    monkeypatch.setattr("guide.core.repl.run.clocked", lambda table: False)


def file_state(path: Path) -> dict:
    """The state a Tally campaign file holds (the `tally` fixture's, conftest.py)."""
    game = TallyGame()
    reader = Store(path, read_only=True, game=game.id, state_version=game.settings.state_version)
    try:
        return reader.load(game.new_state)
    finally:
        reader.close()


def run_line(table, line: str) -> tuple[bool, str]:
    """What the REPL shows for a line: (not an error, the text)."""
    outcome = attempt_at_prompt(table, line)
    if isinstance(outcome, str):
        return False, outcome
    shown = text(outcome)
    return shown != "(interrupted; nothing changed)", shown


def interrupt_at(point: str):
    def hook(where: str) -> None:
        if where == point:
            os.kill(os.getpid(), signal.SIGINT)
    return hook


@pytest.mark.parametrize("point", ["begin", "written", "committed"])
def test_ctrl_c_inside_the_save_saves_the_command_and_says_so(tally, point):
    table = tally.table
    table.store.hook = interrupt_at(point)
    ok, text = run_line(table, "add 2")
    table.store.hook = None
    assert ok and "Added 2: the count is 2." in text
    assert "the command was saved" in text
    assert table.state == file_state(tally.path)
    assert run_line(table, "undo") == (True, "Undone: add 2")
    assert tally.state["count"] == 0
    assert table.state == file_state(tally.path)


def test_ctrl_c_before_the_save_changes_nothing(tally, monkeypatch):
    import guide.core.table

    real = guide.core.table.diff

    def diff_then_interrupt(old, new):
        changes = real(old, new)
        os.kill(os.getpid(), signal.SIGINT)
        return changes

    monkeypatch.setattr(guide.core.table, "diff", diff_then_interrupt)
    assert run_line(tally.table, "add 2") == (False, "(interrupted; nothing changed)")
    monkeypatch.setattr(guide.core.table, "diff", real)
    assert tally.state["count"] == 0
    assert tally.table.state == file_state(tally.path)
    # undo takes back the last command really saved, Bob's joining
    assert run_line(tally.table, "undo")[1].startswith("Undone: join Bob")


def test_ctrl_c_after_the_save_reports_it_saved(tally):
    def listener(table) -> None:
        os.kill(os.getpid(), signal.SIGINT)

    tally.table.listeners.append(listener)
    ok, text = run_line(tally.table, "add 3")
    tally.table.listeners.remove(listener)
    assert ok and text == "(interrupted, but the command was saved; undo takes it back)"
    assert tally.state["count"] == 3
    assert tally.table.state == file_state(tally.path)


@pytest.mark.parametrize("point", ["begin", "written", "committed"])
def test_ctrl_c_inside_undo_and_redo_keeps_memory_equal_to_the_file(tally, point):
    tally.do("add 1", "add 2")
    for way in ("undo", "redo"):
        tally.table.store.hook = interrupt_at(point)
        ok, text = run_line(tally.table, way)
        tally.table.store.hook = None
        assert ok and text.splitlines()[0].endswith("add 2")    # redo also retells it
        assert tally.table.state == file_state(tally.path)
    assert tally.state["count"] == 3


def test_the_campaign_opens_after_interrupted_saves(tally):
    for point in ("begin", "written", "committed", "begin"):
        tally.table.store.hook = interrupt_at(point)
        run_line(tally.table, "die --roll 5")
        tally.table.store.hook = None
        run_line(tally.table, "undo")
    run_line(tally.table, "add 1")
    expected = tally.state
    again = tally.reopen()
    assert again.state == expected
    again.close()


def test_a_script_stops_after_a_command_saved_under_ctrl_c(tally, lines_in_turn, capsys):
    from guide.core.repl.run import run_batch

    tally.table.store.hook = interrupt_at("written")
    code = run_batch(tally.table, ["add 1\n", "add 5\n"])
    tally.table.store.hook = None
    out, err = capsys.readouterr()
    assert code == 130
    assert "Added 1: the count is 1." in out and "Added 5" not in out
    assert "the command above was saved; the rest of the script was not run" in err
    assert tally.table.state == file_state(tally.path)
    assert tally.state["count"] == 1


def test_a_prompt_history_that_cannot_be_written_does_not_end_the_evening(tmp_path):
    from guide.core.repl.session import History

    folder = tmp_path / "ro"
    folder.mkdir()
    history = History(str(folder))          # a folder where the file should be: OSError,
    # as a full or read-only disk gives
    history.store_string("add 1")        # nothing raised
