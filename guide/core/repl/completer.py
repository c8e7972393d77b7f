"""Tab completion: command names, then what each argument of the command takes, rebuilt
from the table's state at every keystroke. What a kind of argument completes to (a Kaveri,
a card, ...) is the game's (`Game.complete`); the core knows commands and options."""

from __future__ import annotations

import shlex

from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.document import Document


def context(text: str) -> tuple[list[str], str]:
    """The complete words before the cursor and the word being typed (pure, testable)."""
    try:
        words = shlex.split(text)
        open_quote = False
    except ValueError:
        words = shlex.split(text + '"') if text.count('"') % 2 else shlex.split(text + "'")
        open_quote = True
    if text and not open_quote and text[-1].isspace():
        return words, ""
    if not words:
        return [], ""
    return words[:-1], words[-1]


def candidates(table, words: list[str]) -> list[str]:
    """What may come next after `words` (the first word is the command)."""
    registry = table.registry
    commands, aliases = registry.commands, registry.aliases
    if not words:
        return sorted({n.split()[0] for n in commands} | set(aliases))
    name = aliases.get(words[0].casefold(), words[0].casefold())
    if len(words) > 1 and f"{name} {words[1].casefold()}" in commands:
        name = f"{name} {words[1].casefold()}"
        words = [name] + words[2:]
    elif len(words) == 1 and any(n.startswith(name + " ") for n in commands):
        return [n.split()[1] for n in commands if n.startswith(name + " ")]
    cmd = commands.get(name)
    if cmd is None:
        return []
    if words[-1].startswith("--"):
        kind = cmd.options.get(words[-1])
        if kind is not None:
            return values(table, kind, words)
    positional = [w for i, w in enumerate(words[1:], 1)
                  if not w.startswith("--") and not (i > 1 and words[i - 1] in cmd.options)]
    index = len(positional)
    opts = [p.opts[0] for p in cmd.click_command.params if p.opts and p.opts[0].startswith("--")]
    kinds = cmd.complete
    kind = kinds[index] if index < len(kinds) else (kinds[-1] if kinds and kinds[-1] in
                                                    table.game.repeating_kinds else None)
    return (values(table, kind, words) if kind else []) + opts


def values(table, kind: str, words: list[str]) -> list[str]:
    """What an argument of this kind may be: the core's own kinds, else the game's."""
    if kind == "command":
        return sorted(table.registry.commands)
    return list(table.game.complete(table, kind, words))


def quote(value: str) -> str:
    return f'"{value}"' if any(ch in value for ch in " '\"") else value


class TableCompleter(Completer):
    def __init__(self, table):
        self.table = table

    def get_completions(self, document: Document, complete_event):
        words, word = context(document.text_before_cursor)
        try:
            found = candidates(self.table, words)
        except Exception:  # noqa: BLE001 - completion must never break typing
            return
        typed = word.casefold()
        for value in dict.fromkeys(found):
            if value.casefold().startswith(typed):
                yield Completion(quote(value), start_position=-_raw_length(document, word),
                                 display=value)


def _raw_length(document: Document, word: str) -> int:
    """How many characters of the line the word being typed takes, quotes included."""
    text = document.text_before_cursor
    if not word:
        return 0
    for quote_char in ('"', "'"):
        start = text.rfind(quote_char)
        if start != -1 and text.count(quote_char) % 2 == 1:
            return len(text) - start
    return len(word)
