"""A command that runs one of its game's pure rules: the rule changes the table's state (the
copy a command works on, thrown away on a refusal, guide.core.table) and returns events as
data, which the table tells (`Table.tell_all`: said in the story, a private one to its seat).
Cave escape's commands and CV's run their rules through it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guide.core.result import Result
from guide.core.table import Table

Rule = Callable[..., list[dict[str, Any]]]      # (state, *values) -> events


def run(t: Table, rule: Rule, *args: Any, **kwargs: Any) -> Result:
    """Run `rule` on the table's state with these values and tell its events; a RuleError
    it raises refuses the command, changing nothing."""
    t.tell_all(rule(t.state, *args, **kwargs))
    return Result()
