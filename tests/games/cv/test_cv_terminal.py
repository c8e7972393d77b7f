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


def test_at_a_real_terminal_an_event_out_of_turn_and_a_waiting_stack_are_asked(tmp_path):
    """V-EVENT-1: an Event in another player's turn is asked about before it is accepted
    (Enter: no, the card stays); V-TWO-1: the take that brings a waiting card's choice asks
    its owner, at the prompt, the move kept."""
    term = Terminal(["play", "--game", "cv", "--campaign", str(tmp_path / "c.sqlite")],
                    terminal_env(tmp_path))
    try:
        term.wait_for("cv>")
        for line in ("players Ann Bob", "hand Bob Lottery --gives 2money",
                     "roll Ann --faces money,money,health,knowledge"):
            term.line(line)
        term.wait_for("Rerolls left: 2")
        term.line("play Bob Lottery")
        term.wait_for("(yes/no):")                         # the question's last line
        term.send("\r")                                    # Enter: the default, no
        screen = term.wait_for("Lottery stays in the hand; nothing changed")
        assert "error: Lottery" not in screen, screen     # the player's choice, said plainly
        term.line("take Ann Coach --type health --also relationships --cost health")
        term.line("end")
        term.line("roll Bob")
        term.line("end")
        term.line("roll Ann --faces money,money,health,knowledge")
        term.line("take Ann Friend --type relationships --cost knowledge")
        term.wait_for("waits for a stack (V-TWO-1): Health / Relationships:")
        term.line("health")
        screen = term.wait_for("goes into Health")
        assert "error" not in screen.split("Friend --type", 1)[1], screen
    finally:
        term.close()


def test_a_question_longer_than_the_terminal_is_broken_between_words(tmp_path):
    """The core's question (the REPL's ask) is broken between words at the terminal's width,
    its last part the prompt: in Ukrainian V-EVENT-1's question is three lines, which the
    terminal cut in the middle of "(так/ні)"."""
    term = Terminal(["play", "--game", "cv", "--lang", "uk", "--campaign",
                     str(tmp_path / "c.sqlite")], terminal_env(tmp_path))
    try:
        term.wait_for("cv>")
        for line in ("players Оля Петро Іра Яна", "roll", "hand Петро Лотерея --gives 2гроші"):
            term.typed(line, "cv (")
        term.line("play Петро лотерея")
        screen = term.wait_for("(так/ні):")
        rows = [row.rstrip() for row in screen.splitlines()]
        first = next(i for i, row in enumerate(rows) if "Петро грає карту" in row)
        asked = rows[first:first + 3]
        assert "(так/ні):" in asked[-1] and all(r.startswith("    ") for r in asked[1:])
        words = " ".join(r.strip() for r in asked).split()
        assert "(V-EVENT-1)." in words and all(len(r) < 80 for r in asked), asked
    finally:
        term.close()


def test_every_options_help_fits_the_tab_menus_line_at_80_columns_in_both_languages():
    """Tab shows the help of the option under the cursor on one line of the terminal: in
    Ukrainian, take --type's was cut at 80 columns ('для двоколірної карти — її с')."""
    from guide.core.i18n import catalogue
    from guide.games.cv.commands import commands

    uk = catalogue("cv", "uk")
    assert uk is not None
    for name, c in commands.commands.items():
        for p in c.click_command.params:
            said = getattr(p, "help", None)
            if said:
                for words in (said, uk.gettext(said)):
                    assert len(words) <= 78, f"{name} {p.opts[0]}: {words}"
