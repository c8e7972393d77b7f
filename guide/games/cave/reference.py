"""`rules`: Cave escape's rules as the companion applies them (docs/cave.md), at the prompt:
one rule by its id (`rules C-TURN-6`), or every rule that holds some words."""

from __future__ import annotations

import textwrap
from typing import Any

import click

from guide.core.errors import CommandError
from guide.core.names import suggest
from guide.core.params import Named
from guide.core.result import Result, Styled

from .commands import commands
from .rules_text import Rule, find, rules, search


def _describe(t: Any, rule_id: str) -> str:
    rule = find(rule_id)
    return rule.text[:60] if rule else ""


RULE = Named("rule", lambda t, w: [r.id for r in rules()], convert=False, describe=_describe)


def shown(rule: Rule) -> list[str]:
    return [Styled(f"{rule.id}  ({rule.section})", "turn"),
            *textwrap.wrap(rule.text, 78, initial_indent="  ", subsequent_indent="  ")]


@commands.command("rules", "board", journal=False)
@click.argument("words", nargs=-1, type=RULE)
def rules_(t: Any, words: tuple[str, ...]) -> Result:
    """The rules as the companion applies them: one by its id, or every rule that holds the
    words; without words, the ids by part of the game. Example: rules C-TURN-6"""
    query = " ".join(words).strip()
    if not query:
        r = Result(["Cave escape's rules (rules ID, or rules WORD to search):"])
        sections: dict[str, list[str]] = {}
        for rule in rules():
            sections.setdefault(rule.section, []).append(rule.id)
        for section, ids in sections.items():
            r.add(*textwrap.wrap(f"{section}: {', '.join(ids)}", 78, subsequent_indent="  "))
        return r
    one = find(query)
    if one is not None:
        return Result(shown(one))
    found = search(query)
    if not found:
        if query.upper().startswith("C-"):
            raise CommandError(f"no rule {query!r}{suggest(query.upper(), [r.id for r in rules()])}")
        raise CommandError(f"no rule mentions {query!r}; try one word, or rules alone for the list")
    r = Result([f"{len(found)} rule(s) mention {query!r}:"])
    for rule in found:
        r.add("", *shown(rule))
    return r
