"""Command registries: a decorator registers a command for the REPL and scripts, its
arguments (parsed by click; their types, guide.core.params, also say what Tab completion
offers for each), and its help.

Every game has its own Registry; the core's own commands (undo, redo, log, help, quit,
view) live in `guide.core.commands` and are offered by every game (`Registry.merged`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import click

from guide.core.clihelp import metavar_word
from guide.core.clihelp import said as in_language
from guide.core.errors import CommandError
from guide.core.i18n import NP_, _, domain_of, help_text, quoted
from guide.core.line import Unclosed
from guide.core.line import split as line_words
from guide.core.moves import Move
from guide.core.names import suggest
from guide.core.params import NameRefused, TableType, arrange
from guide.core.text import unsafe

__all__ = ["Command", "CommandError", "Registry", "split", "MAX_LINE", "metavar_word"]



@dataclass
class Command:
    name: str
    click_command: click.Command
    function: Callable
    family: str
    journal: bool = True                 # False: runs outside the journal (undo, redo, quit)

    @property
    def summary(self) -> str:
        """The first sentence of the help."""
        paragraph = help_text(self.function.__doc__, self.function.__module__).split("\n\n")[0]
        # folded at the ASCII spaces only: French keeps its non-breaking spaces ("enchères :")
        text = " ".join(re.split(r"[ \t\n\r\f\v]+", paragraph.strip()))
        end = text.find(". ")
        return text if end == -1 else text[:end + 1]

    def help(self) -> str:
        """The command's help in the table's language (its texts through its game's catalogue)."""
        shown = in_language(self.click_command, self.function.__module__)
        ctx = click.Context(shown, info_name=self.name)
        return shown.get_help(ctx).replace("Usage: ", "usage: ", 1)


OPTIONS_METAVAR = NP_("metavar", "[OPTIONS]")


def _name_in_language(e: click.UsageError, cmd: Command) -> None:
    """An argument named in click's refusal ("Invalid value for 'SIDE'") by its placeholder
    in the table's language, as its help shows it."""
    param, ctx = getattr(e, "param", None), e.ctx
    if not isinstance(param, click.Argument) or ctx is None or getattr(e, "param_hint", 1) is not None:
        return
    word = metavar_word(param, ctx)
    if word:
        said = domain_of(cmd.function.__module__).pgettext("metavar", word)
        e.param_hint = quoted(param.make_metavar(ctx).replace(word, said, 1))  # type: ignore[attr-defined]


class Registry:
    """The commands of one game (or of the core), with their aliases and help families."""

    def __init__(self, families: Iterable[str] = ()):
        self.commands: dict[str, Command] = {}
        self.aliases: dict[str, str] = {}
        self.families: tuple[str, ...] = tuple(families)   # the order `help` lists them in

    def command(self, name: str, family: str,
                aliases: tuple[str, ...] = (), journal: bool = True
                ) -> Callable[[Callable], Callable]:
        """Register `function(table, **params)` as a command. Stack click.argument/option
        below; `--help` after any command shows its help."""

        def register(function: Callable) -> Callable:
            cmd = click.command(name, help=function.__doc__, add_help_option=False)(function)
            self.commands[name] = Command(name, cmd, function, family, journal)
            for alias in aliases:
                self.aliases[alias] = name
            return function

        return register

    def move(self, command: str, label: str, group: Sequence[str] = (), detail: str = "",
             key: str = "", **values: Any) -> Move:
        """A move of one of these commands, as data (guide.core.moves.Move.to): `command`
        by its name, its values by parameter name; its line is built from the command's
        declaration. `Move(...)`'s label, group, detail and key as they are."""
        return Move.to(command, self.commands[command].click_command, label, group, detail,
                       key, values)

    def merged(self, *others: Registry) -> Registry:
        """This registry with others' commands added (a game's own win over the core's)."""
        out = Registry(self.families)
        for registry in (*others, self):
            out.commands.update(registry.commands)
            out.aliases.update(registry.aliases)
            out.families += tuple(f for f in registry.families if f not in out.families)
        return out

    def lookup(self, words: list[str]) -> tuple[Command, list[str]]:
        """The command a line names, and the rest of its words. A command of two words (like
        `strategy buy`) is named by both."""
        if len(words) > 1:
            two = f"{words[0]} {words[1]}".casefold()
            if two in self.commands:
                return self.commands[two], words[2:]
        key = self.aliases.get(words[0].casefold(), words[0].casefold())
        if key not in self.commands:
            family = [n for n in self.commands if n.startswith(key + " ")]
            if family:
                raise CommandError(_("{key} what? {commands}").format(key=key, commands=", ".join(family)))
            raise CommandError(_("unknown command {word!r}{suggestion} (help lists the commands)").format(
                word=words[0], suggestion=suggest(words[0], self.commands, mistyped=True)))
        return self.commands[key], words[1:]

    def by_family(self) -> dict[str, list[Command]]:
        families: dict[str, list[Command]] = {name: [] for name in self.families}
        for cmd in self.commands.values():
            families.setdefault(cmd.family, []).append(cmd)
        return {name: cmds for name, cmds in families.items() if cmds}


MAX_LINE = 10_000


def split(line: str) -> list[str]:
    """The words of a typed line (guide.core.line.split), or a one-line CommandError: a line
    too long, with a control character, or with a quote never closed."""
    if len(line) > MAX_LINE:
        raise CommandError(_("line too long ({length:,} characters; at most {most:,})").format(
            length=len(line), most=MAX_LINE))
    bad = unsafe(line.rstrip("\r\n"))
    if bad:   # terminal escapes, NUL, invisible or right-to-left characters never get in
        raise CommandError(_("the line holds a control or invisible character ({bad});"
                             " type it without").format(bad=bad))
    try:
        return line_words(line)
    except Unclosed as e:   # `kaveri "Ann`: says where, in the table's language
        raise CommandError(_("cannot read the line: the quote {quote} at character {at} is"
                             " never closed").format(quote=e.quote, at=e.at + 1)) from None


def parse(cmd: Command, args: list[str], table: object = None) -> dict:
    """The command's parameters from its arguments, or a one-line CommandError. The
    parameter types see the table as `ctx.obj` (guide.core.params)."""
    try:
        ctx = cmd.click_command.make_context(cmd.name, arrange(cmd.click_command, args, table),
                                             obj=table)
    except NameRefused as e:    # a name: the resolver's own line, as the rules say theirs
        raise CommandError(e.message) from None
    except click.UsageError as e:
        _name_in_language(e, cmd)
        param = getattr(e, "param", None)
        value = _first_line(e.format_message(),
                            choices=param is not None and isinstance(param.type, click.Choice))
        can = _what_can_go(e, cmd, args, table)
        if can:     # `use Hondje`: what Tab would offer there, not the placeholder alone
            value = _("{refusal}: {choices}").format(refusal=value, choices=can)
        raise CommandError(_("{name}: {value}").format(name=cmd.name, value=value)) from None
    except click.exceptions.Exit:
        raise CommandError(_("{command}: see help {command}").format(command=cmd.name)) from None
    for name, value in ctx.params.items():
        _check_number(cmd.name, name, value)
    return ctx.params


def _what_can_go(e: click.UsageError, cmd: Command, args: list[str], table: object) -> str:
    """For a missing argument the table can name (a Kaveri's techniques, a player), the
    names Tab offers there, a few of them; "" for any other refusal. Where a command lists
    them all with what each is (the type's `listed_by`), a few examples and that command."""
    param = getattr(e, "param", None)
    if not isinstance(e, click.MissingParameter) or not isinstance(param, click.Argument) \
            or not isinstance(param.type, TableType) or table is None:
        return ""
    try:
        names = list(dict.fromkeys(param.type.choices(table, [cmd.name, *args])))
    except Exception:      # a guess for the refusal's sake never hides the refusal itself
        return ""
    lister = param.type.listed_by
    if lister and len(names) > MOST_EXAMPLES:
        return _("{examples}, ... ({command} lists them all)").format(
            examples=", ".join(names[:MOST_EXAMPLES]), command=lister)
    shown = names[:MOST_SHOWN] + (["..."] if len(names) > MOST_SHOWN else [])
    return ", ".join(shown)


MOST_SHOWN = 8
MOST_EXAMPLES = 3   # the examples before a pointer to the command that lists them all

MAX_DIGITS = 15     # no count, amount or price of any game needs more (docs/limits.md)


def _check_number(command: str, name: str, value: object) -> None:
    """Numbers no game can mean are refused at the border: nan, infinities, and whole numbers
    of more than MAX_DIGITS digits (the game's own commands bound their amounts further)."""
    for v in value if isinstance(value, (tuple, list)) else (value,):
        if isinstance(v, (tuple, list)):      # KEY=VALUE pairs, repeated options
            _check_number(command, name, v)
        elif isinstance(v, float) and not math.isfinite(v):
            raise CommandError(_("{command}: {name} must be a finite number, not {value}").format(
                command=command, name=name, value=v))
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10 ** MAX_DIGITS:
            raise CommandError(_("{command}: {name} is a number of {digits} digits;"
                                 " at most {most} digits are read").format(
                command=command, name=name, digits=len(str(abs(v))), most=MAX_DIGITS))


def _first_line(text: str, choices: bool = False) -> str:
    """Click's refusal as one line: its first, or for a missing choice ("Choose from:" and a
    line for each) all its lines joined, so that the choices are said too."""
    lines = [line.strip() for line in text.strip().splitlines()]
    if not lines:
        return _("bad arguments")
    return (" ".join(lines) if choices else lines[0]).rstrip(".")
