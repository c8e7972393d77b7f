"""Phase-1 stand-in for the core's command registry (guide.core.registry.Registry): the same
`command(...)` decorator over `function(table, **params)` with click parameters, so the
commands move to the core's Registry unchanged; `run` parses one line and runs it."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import click
from tabulate import tabulate

from .model import Refused


@dataclass
class Output:
    """What a command shows beside its events (the core's Result)."""

    lines: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)
    title: str | None = None

    def text(self) -> str:
        out = ([self.title] if self.title else []) + list(self.lines)
        if self.rows:
            out.append(tabulate(self.rows, headers=self.headers))
        return "\n".join(out)


@dataclass
class Form:
    name: str
    click_command: click.Command
    function: Callable[..., Any]
    changes: bool
    family: str


class Registry:
    def __init__(self, families: tuple[str, ...] = ()):
        self.commands: dict[str, Form] = {}
        self.families = families

    def command(self, name: str, family: str, changes: bool = False,
                complete: tuple[str, ...] = (), options: dict[str, str] | None = None,
                aliases: tuple[str, ...] = (), journal: bool = True,
                negative_numbers: bool = False) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def register(function: Callable[..., Any]) -> Callable[..., Any]:
            cmd = click.command(name, help=function.__doc__, add_help_option=False,
                                context_settings={"ignore_unknown_options": negative_numbers}
                                )(function)
            self.commands[name] = Form(name, cmd, function, changes, family)
            return function
        return register


def run(registry: Registry, t: Any, line: str) -> Any:
    """Parse and run one line against `t` (a TableLike); Refused on a bad line."""
    try:
        words = shlex.split(line)
    except ValueError as e:
        raise Refused(f"cannot read the line: {e}") from None
    if not words:
        return None
    form = registry.commands.get(words[0].casefold())
    if form is None:
        raise Refused(f"unknown command {words[0]!r}; type help")
    try:
        ctx = form.click_command.make_context(form.name, words[1:])
    except click.UsageError as e:
        raise Refused(f"{form.name}: {e.format_message().strip().splitlines()[0]}") from None
    return form.function(t, **ctx.params)
