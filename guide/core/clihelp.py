"""Help in the table's language for click commands: the table's own commands (`help take`)
and `guide`'s subcommands (`guide check --help`), each text through the catalogue of the
module that defines the command (guide.core.i18n.help_text): its help, its options' help
and its placeholders (NAME, INTEGER; context "metavar"). Command words and option names
stay English (docs/languages.md)."""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Iterator

import click

from guide.core.i18n import domain_of, help_text, pgettext


def module_of(cmd: click.Command) -> str:
    """The module whose catalogue speaks for a command: its function's."""
    callback = cmd.callback
    return getattr(callback, "__module__", None) or type(cmd).__module__


def metavar_word(param: click.Parameter, ctx: click.Context) -> str | None:
    """The placeholder a parameter's help shows (NAME, INTEGER, FACES; NAME of `[NAME]`, a
    name the line may leave out: guide.core.params.Named.or_turn), translated where it is
    shown (context "metavar"); None for a flag, and for choices (the words typed, English)."""
    if isinstance(param, click.Option) and (param.is_flag or param.count):
        return None
    if param.metavar:
        return param.metavar
    name = param.type.name if isinstance(param, click.Option) else param.name
    typed = param.type.get_metavar(param=param, ctx=ctx)
    if typed and typed != f"[{(name or '').upper()}]":    # [NAME]: a name that may be left out
        return None
    return name.upper() if name else None


def said(cmd: click.Command, module: str | None = None) -> click.Command:
    """A copy of a command whose help, options' help and placeholders are in the table's
    language (the command itself is left as it is: it is made once, at import, in English)."""
    if getattr(cmd, "_in_language", False):
        return cmd
    module = module or module_of(cmd)
    words = domain_of(module)
    shown = copy.copy(cmd)
    shown._in_language = True                       # type: ignore[attr-defined]
    shown._help_option = None           # click's --help, made again in the language of now
    if isinstance(cmd, click.Group) and isinstance(shown, click.Group):
        shown.commands = {name: said(sub) for name, sub in cmd.commands.items()}
    shown.help = help_text(cmd.help, module) or cmd.help
    if cmd.short_help:
        shown.short_help = help_text(cmd.short_help, module)
    if cmd.epilog:
        shown.epilog = help_text(cmd.epilog, module)
    if shown.options_metavar:
        shown.options_metavar = pgettext("metavar", shown.options_metavar)
    if isinstance(shown, click.Group) and shown.subcommand_metavar:
        shown.subcommand_metavar = pgettext("metavar", shown.subcommand_metavar)
    shown.params = [copy.copy(p) for p in cmd.params]
    ctx = click.Context(shown, info_name=cmd.name)
    for p in shown.params:
        if getattr(p, "help", None):
            p.help = help_text(p.help, module)  # type: ignore[attr-defined]
        word = metavar_word(p, ctx)
        if word:
            full = p.make_metavar(ctx)
            p.metavar = full.replace(word, words.pgettext("metavar", word), 1)
    return shown


class SaidGroup(click.Group):
    """A group of `guide` subcommands whose help speaks the table's language: its own (the
    commands' list, `guide --help`) and each command's it hands on (`guide check --help`)."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = super().get_command(ctx, cmd_name)
        return None if cmd is None else said(cmd)

    def get_help(self, ctx: click.Context) -> str:
        return self._written(ctx, click.Group.format_help)

    def get_usage(self, ctx: click.Context) -> str:
        """The usage line of a refusal (`guide nope`), its placeholders in the language."""
        return self._written(ctx, click.Group.format_usage)

    def _written(self, ctx: click.Context, write: Callable[..., None]) -> str:
        """What click's `write` (its help or its usage) writes of this group, in the language."""
        formatter = ctx.make_formatter()
        write(said(self), ctx, formatter)
        return formatter.getvalue().rstrip("\n")


def help_texts(cmd: click.Command, module: str | None = None
               ) -> Iterator[tuple[str, str | None, str]]:
    """(module, context, text) of every text a command's help shows, and its subcommands'
    (for the catalogues: guide.locale)."""
    module = module or module_of(cmd)
    for text in (cmd.help, cmd.short_help, cmd.epilog):
        if text:
            yield module, None, inspect.cleandoc(text)
    ctx = click.Context(cmd, info_name=cmd.name)
    if cmd.options_metavar:
        yield module, "metavar", cmd.options_metavar
    for param in cmd.params:
        text = getattr(param, "help", None)
        if text:
            yield module, None, inspect.cleandoc(text)
        word = metavar_word(param, ctx)
        if word:
            yield module, "metavar", word
    if isinstance(cmd, click.Group):
        if cmd.subcommand_metavar:
            yield module, "metavar", cmd.subcommand_metavar
        for sub in cmd.commands.values():
            yield from help_texts(sub)
