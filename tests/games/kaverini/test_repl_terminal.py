"""The REPL in a real terminal (pexpect): prompt, completion, questions, Ctrl-C, Ctrl-D."""

import os
import sys

import pexpect
import pytest
from terminal import Terminal, terminal_env

PROMPT = r"guide[^\n]*>"


@pytest.fixture
def repl(tmp_path):
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"), TERM="xterm",
               PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--campaign",
                                           str(tmp_path / "c.sqlite"), "--seed", "1"],
                          env=env, encoding="utf-8", timeout=20, dimensions=(40, 160))
    child.expect(PROMPT)
    yield child
    child.close(force=True)


def test_roll_3d1_prints_3(repl):
    repl.sendline("roll 3d1")
    repl.expect(r"3d1 \(1, 1, 1\) = 3")
    repl.expect(PROMPT)


def test_tab_completes_lottery_and_card_names(tmp_path):
    term = Terminal(["play", "--campaign", str(tmp_path / "c.sqlite")], terminal_env(tmp_path))
    try:
        term.wait_for("guide>")
        term.send("lotter")
        term.wait_for("guide> lotter\n lottery")     # offered while typing
        term.send("\t")
        term.wait_for("Roll the quote lottery")      # chosen: its description shows
        term.wait_for("guide> lottery")
        term.line("")
        term.wait_for("no adventure is running")
        term.send('card "Rogue H')
        term.wait_for("Rogue Herring Gull")
        term.send("\t")
        term.wait_for("foe, 5 HP")
        term.wait_for('guide> card "Rogue Herring Gull"')
        term.line("")
        term.wait_for("Zilvermeeuw")
    finally:
        term.close()


def test_kaveri_asks_for_what_the_line_left_out(repl):
    repl.sendline("kaveri Ann")
    repl.expect("Ability")
    repl.sendline("Lagom")
    for answer in ("Cheer", "Love", "custom:Hug"):
        repl.expect("Technique")
        repl.sendline(answer)
    for answer in ("Likes tulips", "", "Hates rain", "Sings"):     # R-SHEET-1: three facts
        repl.expect("Fact")
        repl.sendline(answer)
    repl.expect("Ann is ready: level 1, 20 HP, Lagom, techniques Cheer, Love, Hug")
    repl.expect(PROMPT)


def test_error_is_one_line_and_ctrl_c_clears_and_ctrl_d_exits_0(repl):
    repl.sendline("frobnicate")
    repl.expect("error: unknown command 'frobnicate'")
    repl.expect(PROMPT)
    repl.send("half a line")
    repl.expect("line")
    repl.sendcontrol("c")
    repl.sendline("roll 2d1")                    # the half line was cleared
    repl.expect(r"2d1 \(1, 1\) = 2")
    repl.expect(PROMPT)
    repl.sendcontrol("d")
    repl.expect(pexpect.EOF)
    repl.close()
    assert repl.exitstatus == 0


def test_odds_progress_bar_stops_on_ctrl_c_and_keeps_the_runs(repl):
    repl.sendline("kaveri Ann --ability Lagom --technique Cheer --technique Love"
                  " --technique Anger")
    repl.expect(PROMPT)
    repl.sendline("odds 'Tulip Bulb Speculator' --runs 200000 --seed 1")
    repl.expect("Playing the confrontation")
    repl.expect("runs")
    repl.sendcontrol("c")
    repl.expect(r"against Tulip Bulb Speculator: ([\d,]+) confrontations played")
    played = int(repl.match.group(1).replace(",", ""))
    assert 0 < played < 200000
    repl.expect(PROMPT)


def test_ctrl_d_in_a_question_cancels_the_command(repl):
    repl.sendline("kaveri Ann")
    repl.expect("Ability")
    repl.sendcontrol("d")
    repl.expect("error: cancelled; nothing changed")
    repl.sendline("party")
    repl.expect("The party is empty")


def test_a_new_campaign_started_with_its_own_lines_is_greeted_as_new(tmp_path):
    """`guide play --adventure ID` on a new file runs `adventure ID` before the prompt: the
    table is still new, and greeted so (the count is taken before the start lines)."""
    term = Terminal(["play", "--adventure", "amsterdam", "--campaign", str(tmp_path / "c.sqlite")],
                    terminal_env(tmp_path))
    try:
        screen = term.wait_for("guide (amsterdam)>")
        assert "Kaverini. Type help" in screen and "reopened" not in screen, screen
    finally:
        term.close()


def test_a_refused_answer_above_the_question_is_broken_between_words_at_80_columns(tmp_path):
    """A question's refusal longer than the terminal is broken between words, its lines
    after the first indented under it (the core's ask), where the terminal cut it anywhere
    and began the rest at the left edge ("Enter\\n takes it.")."""
    term = Terminal(["play", "--campaign", str(tmp_path / "c.sqlite")], terminal_env(tmp_path))
    try:
        term.wait_for("guide>")
        for line, then in (("kaveri Anna", "Ability:"), ("Lagom", "Technique 1 of 3"),
                           ("Anger", "Technique 2 of 3"), ("Gladness", "did you mean")):
            term.line(line)
            screen = term.wait_for(then)
        rows = screen.splitlines()
        first = next(i for i, row in enumerate(rows) if "! no ladder named 'Gladness'" in row)
        said = rows[first].rstrip() + " " + rows[first + 1].strip()
        assert said.endswith("(or custom:Gladness) Enter takes it."), rows[first:first + 2]
        assert rows[first + 1].startswith("    ") and len(rows[first].rstrip()) <= 80
    finally:
        term.close()
