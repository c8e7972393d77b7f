"""The interactive REPL on prompt_toolkit: the game's prompt and bottom toolbar, tab
completion, history in the user's data folder."""

from __future__ import annotations

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import ThreadedCompleter, WordCompleter
from prompt_toolkit.history import FileHistory

from guide import __version__
from guide.core.errors import CommandError
from guide.core.logs import data_dir
from guide.core.repl.completer import TableCompleter
from guide.core.repl.run import run_one
from guide.core.table import Table


def run_repl(table: Table) -> int:
    completer = ThreadedCompleter(TableCompleter(table))
    session: PromptSession = PromptSession(
        history=FileHistory(str(data_dir() / "history")), complete_while_typing=False)

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
                                  bottom_toolbar=lambda: table.game.toolbar(table))
        except KeyboardInterrupt:
            continue                      # Ctrl-C clears the line
        except EOFError:
            break                         # Ctrl-D leaves
        if not line.strip() or line.strip().startswith("#"):
            continue
        try:
            _, text = run_one(table, line)
        except KeyboardInterrupt:
            print("(interrupted; nothing changed)")
            continue
        except SystemExit:
            break
        if text:
            print(text)
    return 0
