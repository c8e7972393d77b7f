"""CV in Ukrainian in a real terminal at 80x24 (pexpect + pyte, tests/terminal.py)."""

from terminal import Terminal, terminal_env


def test_the_ukrainian_greeting_is_broken_between_words_at_80_columns(tmp_path):
    """The greeting is longer than 80 columns in Ukrainian: the terminal cut it in the
    middle of "доповнення"; it is broken between words like every output (issue #25)."""
    term = Terminal(["play", "--game", "cv", "--lang", "uk", "--campaign",
                     str(tmp_path / "c.sqlite")], terminal_env(tmp_path))
    try:
        screen = term.wait_for("cv>")
        assert "доповнення" in screen, screen
    finally:
        term.close()
