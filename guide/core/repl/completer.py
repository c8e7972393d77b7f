"""Tab completion: command names, then what each parameter of the command takes (its type's
choices, guide.core.params, with a short description beside each), rebuilt from the
table's state at every keystroke."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.document import Document

from guide.core.i18n import help_text
from guide.core.line import partial, quote
from guide.core.names import fold
from guide.core.params import TableType, param_at

if TYPE_CHECKING:
    from guide.core.registry import Command
    from guide.core.table import Table


def context(text: str) -> tuple[list[str], str]:
    """The complete words before the cursor and the word being typed (pure, testable), read
    by the table's own splitter (guide.core.line): an apostrophe inside a word is a letter,
    and a quote still open leaves the words typed so far in the word being typed."""
    typed = partial(text)
    return typed.words, typed.word


def candidates(table: Table, words: list[str]) -> list[str]:
    """What may come next after `words` (the first word is the command): command names,
    then what the parameter at that place takes (its type's choices) and the options."""
    return [value for value, _ in described(table, words)]


def described(table: Table, words: list[str]) -> list[tuple[str, str]]:
    """The candidates with a short description each ("" where there is none)."""
    registry = table.registry
    commands, aliases = registry.commands, registry.aliases
    if not words:
        names = sorted({n.split()[0] for n in commands} | set(aliases))
        return [(n, commands[n].summary if n in commands else "") for n in names]
    name = aliases.get(words[0].casefold(), words[0].casefold())
    if len(words) > 1 and f"{name} {words[1].casefold()}" in commands:
        name = f"{name} {words[1].casefold()}"
        words = [name] + words[2:]
    elif len(words) == 1 and any(n.startswith(name + " ") for n in commands):
        return [(n.split()[1], commands[n].summary) for n in commands if n.startswith(name + " ")]
    cmd = commands.get(name)
    if cmd is None:
        return []
    param = param_at(cmd.click_command, words[1:])
    found = _choices(table, param, words)
    if isinstance(param, click.Option):
        return found
    return found + _options(cmd)


def _choices(table: Table, param: object, words: list[str]) -> list[tuple[str, str]]:
    """What the parameter at the cursor takes: a table type's choices (described), or a
    click.Choice's."""
    if not isinstance(param, click.Parameter):
        return []
    kind = param.type
    if isinstance(kind, TableType):
        return [(c, kind.describe(table, c)) for c in kind.choices(table, words)]
    if isinstance(kind, click.Choice):
        return [(str(c), "") for c in kind.choices]
    return []


def _options(cmd: Command) -> list[tuple[str, str]]:
    """The command's --options, each with its help in the table's language."""
    return [(p.opts[0], help_text(p.help, cmd.function.__module__))
            for p in cmd.click_command.params
            if isinstance(p, click.Option) and p.opts[0].startswith("--")]


class TableCompleter(Completer):
    def __init__(self, table: Table):
        self.table = table

    def get_completions(self, document: Document, complete_event):
        text = document.text_before_cursor
        typed = partial(text)
        try:
            found = described(self.table, typed.words)
        except Exception:  # noqa: BLE001 - completion must never break typing
            return
        seen = set()
        for value, meta in found:
            if value not in seen and offered(value, typed.word):
                seen.add(value)
                yield Completion(quote(value), start_position=typed.start - len(text),
                                 display=value, display_meta=meta)


def offered(value: str, word: str) -> bool:
    """Does Tab offer `value` for the word being typed? When the value begins with it, names
    compared as the resolver compares them (guide.core.names.fold): any case, a Latin
    accent or an apostrophe typed or not, ’ as ' (`o’b` and `ob` offer O'Brien)."""
    return value.casefold().startswith(word.casefold()) or fold(value).startswith(fold(word))
