"""`rules`: the project's rules reference at the prompt (docs/rules.md), one rule by its id or
every rule holding some words, shown in the pager when long."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError
from guide.core.names import suggest
from guide.core.params import Named
from guide.core.result import Result, Styled
from guide.games.kaverini.registry import command
from guide.games.kaverini.rules_text import Rule, find, rules, search

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable


def _describe(t: object, rule_id: str) -> str:
    rule = find(rule_id)
    return rule.text[:60] if rule else ""


RULE = Named("rule", lambda t, w: [r.id for r in rules()], convert=False, describe=_describe)


def shown(rule: Rule) -> list[str]:
    lines = [Styled(f"{rule.id}  ({rule.section})", "turn"),
             *textwrap.wrap(rule.text, 78, initial_indent="  ", subsequent_indent="  ")]
    for said in rule.applied:
        lines += textwrap.wrap(f"How guide applies it: {said}", 78, initial_indent="  ",
                               subsequent_indent="    ")
    return lines


@command("rules", "table", journal=False)
@click.argument("words", nargs=-1, type=RULE)
def rules_(t: KaveriniTable, words: tuple[str, ...]) -> Result:
    """The rules reference: one rule by its id, or every rule that holds the words; without
    words, the sections and their ids.

    Example: rules R-CONF-4"""
    query = " ".join(words).strip()
    if not query:
        r = Result(["The rules as guide plays them (rules ID, or rules WORD to search):"])
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
        if query.upper().startswith("R-"):
            raise CommandError(f"no rule {query!r}{suggest(query.upper(), [r.id for r in rules()])}")
        raise CommandError(f"no rule mentions {query!r}; try one word, or rules alone for the list")
    r = Result([f"{len(found)} rule(s) mention {query!r}:"])
    for rule in found:
        r.add("", *shown(rule))
    return r
