"""A move a seat may make, as data: the command it runs and that command's values by
parameter name, with its button's words. A game declares each command once (its name, its
typed parameters: guide.core.registry, guide.core.params); a move names the command and
gives its values (`Registry.move("give", label, giver="Ann", food=3)`), and the command
line is written from that one declaration by the one line builder (guide.core.line),
whatever the names hold. A game's `seat_moves` gives these; the seats' pages
(guide.core.seats), the bots and the contract's random lines show, choose and send them;
the contract reads every move's line back through its command to the same values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

import click

from guide.core.line import build


@dataclass(frozen=True)
class Move:
    """One move a seat may make now. `label` is its button's words; `group` the headings
    the button sits under, outermost first (("Technique", "Cheer (Grin)") with the target as
    the label: the page shows a heading, a fold, the buttons); `detail` a line of small
    print on the button ("3 Schmerz, 40% effect"); `key` a name the game's own page finds
    the move by when it composes a choice from several taps (a pad of values, then the one
    move that is that choice), never shown and never read from the label; `command` and
    `values`, the move as data: the command's name and its values by parameter name;
    `line`, the command line that runs it, written from them when it is first read (a
    seat's page lists many moves and sends one)."""
    label: str
    group: tuple[str, ...] = ()
    detail: str = ""
    key: str = ""
    command: str = ""
    values: tuple[tuple[str, Any], ...] = ()
    declared: click.Command | None = field(default=None, compare=False, repr=False)

    @classmethod
    def to(cls, command: str, declared: click.Command, label: str, group: Sequence[str] = (),
           detail: str = "", key: str = "", values: Mapping[str, Any] | None = None) -> Move:
        """The move that runs `command` (declared by the click command `declared`) with
        these values by parameter name. The line is built from the declaration: the
        arguments in their order, an option by its long name, a flag when true (of several
        flags that set one parameter, the one whose value it is), a repeated
        option once per value, a value None or a flag false left out. Each word is quoted as
        it needs (guide.core.line.build). A name that is no parameter, or a required argument
        left out, is the game's mistake: a TypeError here, which the contract finds."""
        plan = _plan(declared)
        stray = sorted(set(values or {}) - plan.names)
        if stray:
            has = ", ".join(sorted(map(str, plan.names)))
            raise TypeError(f"{command}: no parameter {', '.join(stray)} (it has {has})")
        given = {k: v for k, v in (values or {}).items() if v is not None}
        for name in plan.required:
            if name not in given:
                raise TypeError(f"{command}: the argument {name} is required")
        return cls(label, tuple(group), detail, key, command, tuple(given.items()), declared)

    @cached_property
    def line(self) -> str:
        """The command line that makes the move ("" for a move that runs no command)."""
        if self.declared is None:
            return self.command
        given = dict(self.values)
        words: list[object] = list(self.command.split())
        options: list[tuple[str, object]] = []
        for param in _plan(self.declared).params:
            value = given.get(param.name or "")
            if isinstance(param, click.Argument):
                words += _argument(param, value)
            elif isinstance(param, click.Option):
                options += _option(param, value)
        return build(words, options)

    def shown(self, index: int) -> dict[str, Any]:
        """What the page receives of it: never the line (the page sends its number back)."""
        out: dict[str, Any] = {"id": index, "label": self.label}
        if self.group:
            out["group"] = list(self.group)
        if self.detail:
            out["detail"] = self.detail
        if self.key:
            out["key"] = self.key
        return out


@dataclass(frozen=True)
class _Plan:
    """What a move needs of a command's declaration, read once per command."""
    params: tuple[click.Parameter, ...]
    names: frozenset[str]
    required: tuple[str, ...]          # the required arguments' names


@cache
def _plan(declared: click.Command) -> _Plan:
    params = tuple(declared.params)
    return _Plan(params, frozenset(p.name for p in params if p.name),
                 tuple(p.name for p in params
                       if isinstance(p, click.Argument) and p.required and p.name))


def _argument(param: click.Argument, value: Any) -> list[object]:
    """The words an argument's value writes: none for None, each item of a list or tuple
    given to an argument of many words, else the value."""
    if value is None:
        return []
    many = param.nargs != 1 and isinstance(value, (list, tuple))
    return list(value) if many else [value]


def _option(param: click.Option, value: Any) -> list[tuple[str, object]]:
    """The (option, value) pairs an option's value writes: none for None or False; a flag
    alone (of several flags that set one parameter, only the one whose value it is); a
    repeated option once per value."""
    if value is None or value is False:
        return []
    flag = _long(param)
    if param.is_flag:
        chosen = param.is_bool_flag or value == param.flag_value
        return [(flag, None)] if chosen else []
    if param.multiple:
        return [(flag, v) for v in value]
    return [(flag, value)]


def _long(option: click.Option) -> str:
    """The name a line gives an option: its first long name (`--as`), else its first."""
    return next((o for o in option.opts if o.startswith("--")), option.opts[0])
