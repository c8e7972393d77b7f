"""The interactive REPL on prompt_toolkit: the game's prompt and bottom toolbar, tab
completion, history in the user's data folder."""

from __future__ import annotations

import os
import shutil
from typing import Any, cast

import click
from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.completion import ThreadedCompleter, WordCompleter
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory
from prompt_toolkit.shortcuts import CompleteStyle

from guide import __version__
from guide.core.errors import CommandError
from guide.core.logs import data_dir
from guide.core.repl.completer import TableCompleter
from guide.core.repl.run import attempt
from guide.core.result import STYLES, Result, Styled, lines
from guide.core.table import Table


def show(shown: Result | str) -> None:
    """A command's output in the terminal: in colour (unless NO_COLOR), through a pager when
    it would scroll off the screen."""
    styled = [Styled(shown, "error")] if isinstance(shown, str) else lines(shown)
    if not styled:
        return
    plain = "\n".join(styled)
    if len(plain.splitlines()) > shutil.get_terminal_size().lines - 2:
        click.echo_via_pager(plain + "\n")
        return
    if os.environ.get("NO_COLOR"):
        print(plain)
        return
    fragments: list[tuple[str, str]] = []
    for line in styled:
        style = STYLES.get(getattr(line, "style", ""), "")
        fragments += [(style, str(line)), ("", "\n")]
    print_formatted_text(FormattedText(fragments))


def run_repl(table: Table) -> int:
    completer = ThreadedCompleter(TableCompleter(table))
    session: PromptSession = PromptSession(
        history=FileHistory(str(data_dir() / "history")), complete_while_typing=True,
        auto_suggest=AutoSuggestFromHistory(), complete_style=CompleteStyle.MULTI_COLUMN)

    def ask(question: str, choices: list[str]) -> str:
        completer = WordCompleter(choices, ignore_case=True, sentence=True) if choices else None
        while True:
            try:
                answer = session.prompt(f"  {question}: ", completer=completer,
                                        bottom_toolbar=None).strip()
            except (EOFError, KeyboardInterrupt):
                raise CommandError("cancelled; nothing changed") from None
            if answer or not choices:
                return answer

    table.ask = ask
    print(f"guide {__version__}: {table.game.greeting()}")
    while True:
        try:
            # completer and toolbar are given each time: a question asked by a command
            # (kaveri's prompts) uses the same session with its own
            line = session.prompt(table.game.prompt(table), completer=completer,
                                  bottom_toolbar=lambda: cast(Any, table.game.toolbar(table)))
        except KeyboardInterrupt:
            continue                      # Ctrl-C clears the line
        except EOFError:
            break                         # Ctrl-D leaves
        if not line.strip() or line.strip().startswith("#"):
            continue
        try:
            outcome = attempt(table, line)
        except KeyboardInterrupt:
            print("(interrupted; nothing changed)")
            continue
        except SystemExit:
            break
        show(outcome)
    return 0
