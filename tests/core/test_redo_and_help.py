"""`redo` retells what it redid, as the terminal read it the first time (issue 26: "redo
retells the outcome it redid"), for every game through the core; `help` wraps a long
summary at words instead of cutting it (issue 26: "help wraps descriptions")."""

from __future__ import annotations

import sys
from pathlib import Path

from test_tiny_game import tally_table

from guide.core.registry import Registry
from guide.core.result import text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tinygame"))

from tally import TallyGame  # noqa: E402


def test_redo_retells_the_outcome_it_redid(tmp_path):
    t = tally_table(tmp_path / "c.sqlite")
    first = text(t.execute("die --roll 4"))
    assert text(t.execute("undo")) == "Undone: die --roll 4"
    assert text(t.execute("redo")).splitlines() == ["Redone: die --roll 4", first]


def test_help_wraps_a_long_summary_under_its_command(tmp_path, monkeypatch):
    t = tally_table(tmp_path / "c.sqlite")
    long = ("Count something for a long while, with many words in its summary so that it"
            " cannot fit on one line of an eighty-column terminal beside its name at all.")
    extra = Registry()

    @extra.command("lengthy", "tally")
    def lengthy(t) -> None:
        pass

    lengthy.__doc__ = long + " Example: lengthy"
    monkeypatch.setattr(TallyGame, "commands", TallyGame.commands.merged(extra))
    t.registry = t.registry.merged(extra)
    lines = text(t.execute("help")).splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("lengthy "))
    block = [lines[at]] + [line for line in lines[at + 1:at + 4] if line.startswith("   ")]
    assert all(len(line) <= 79 for line in lines)
    assert " ".join(" ".join(b.split()) for b in block).endswith(long.split()[-1])
    assert not any(line.endswith("…") for line in lines)


def test_log_breaks_a_long_line_under_its_text_past_the_time(tmp_path):
    """A `log` line broken at the terminal went on two spaces in, under the time ("21:41  Bob
    resounds with anger: ... and loses" / "  1 HP (10/20)."): it goes on under its text."""
    from guide.core.result import Styled, lines, wrapped

    t = tally_table(tmp_path / "c.sqlite")
    t.execute("die --roll 4")
    logged = lines(t.execute("log"))[0]
    said = Styled(logged + " and then a great many more words" * 3, hang=logged.hang)
    broken = wrapped([said], 40)
    assert logged[:7].strip().count(":") == 1 and len(broken) > 2
    assert all(b.startswith(" " * 7) and b[7] != " " for b in broken[1:])


def test_the_shells_lines_are_broken_at_a_terminal_and_whole_into_a_pipe(capsys, monkeypatch):
    """`guide bench`, `guide odds`, `guide cards` printed lines of 97 to 306 columns at an
    80-column terminal; they are broken between words there as the REPL breaks its own, and
    written whole into a pipe, which a script reads."""
    import sys

    from guide.core.cli import echo

    long = "bench: " + "a level and its figures " * 6
    echo([long])
    assert capsys.readouterr().out == long + "\n"                 # a pipe: as it is
    monkeypatch.setenv("COLUMNS", "41")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    echo([long])
    shown = capsys.readouterr().out.splitlines()
    assert len(shown) > 2 and all(len(line) <= 40 for line in shown)
    assert " ".join(" ".join(shown).split()) == " ".join(long.split())


def test_help_of_a_family_lists_its_commands(tmp_path, monkeypatch):
    """`help strategy` (Kaverini's Strategy Game: strategy new, strategy buy, ...) answered
    "error: strategy what? strategy new, ...": it lists the family's commands as `help` does."""
    t = tally_table(tmp_path / "c.sqlite")
    extra = Registry()

    @extra.command("count up", "tally")
    def up(t) -> None:
        """Count one more."""

    @extra.command("count down", "tally")
    def down(t) -> None:
        """Count one less."""

    monkeypatch.setattr(TallyGame, "commands", TallyGame.commands.merged(extra))
    t.registry = t.registry.merged(extra)
    assert text(t.execute("help count")).splitlines() == ["  count up    Count one more.",
                                                          "  count down  Count one less."]
    assert text(t.execute("help count up")).startswith("usage: count up")


def test_a_commands_story_comes_before_its_titled_table(tmp_path, monkeypatch):
    """A command that tells events and shows a titled table printed its heading, then the
    story, then the table (Kaivo's `drop 2`: "Scores after round 5:", "Round 2 is taken
    back; ...", the scores): the story comes first, the heading over its table."""
    from guide.core.result import Result, lines

    t = tally_table(tmp_path / "c.sqlite")
    extra = Registry()

    @extra.command("tallied", "tally")
    def tallied(t) -> Result:
        """Tell a roll, then show a table."""
        t.tell_all([{"kind": "roll", "expression": "1d6", "breakdown": "1d6 (3) = 3", "total": 3}])
        return Result(title="The counts:", headers=["who", "count"], rows=[["Ann", 3]])

    t.registry = t.registry.merged(extra)
    shown = lines(t.execute("tallied"))
    assert shown[:2] == ["1d6 (3) = 3", "The counts:"] and shown[-1].startswith("Ann")
