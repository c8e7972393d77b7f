"""`rules`: a game's rules page at the prompt, one rule by its id (`rules C-TURN-6`) or every
rule that holds some words (`rules heel shield`); without words, the ids by section. A game
offers it by naming its page (`Settings.rules`); a game with none has no `rules` command
(`registry_of`). How the page is written stays the game's: it parses its own document into
`Rule`s, the core shows, finds and searches them."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError
from guide.core.i18n import _, ngettext, pgettext
from guide.core.names import suggest
from guide.core.params import Named
from guide.core.registry import Registry
from guide.core.result import Result, Styled
from guide.core.settings import rules_page

if TYPE_CHECKING:
    from guide.core.game import Game
    from guide.core.table import Table


@dataclass(frozen=True)
class Rule:
    id: str                            # "R-CONF-4", "C-TURN-6"
    section: str                       # the part of the page it stands in
    text: str                          # the rule's words, its lines joined
    applied: tuple[str, ...] = ()      # how the game applies it (a second part of the page)


@dataclass(frozen=True)
class RulesPage:
    """A game's rules page as `rules` reads it (Settings.rules)."""

    title: str                                # `rules` alone starts with it: "Cave escape's rules"
    prefix: str                               # every id starts with it ("C-"): an unknown id of
                                              # that form is answered with the closest one
    rules: Callable[[], tuple[Rule, ...]]     # the page's rules in its order (read when asked)


def find(rules: tuple[Rule, ...], rule_id: str) -> Rule | None:
    """The rule of that id, in any case."""
    wanted = rule_id.strip().upper()
    return next((r for r in rules if r.id == wanted), None)


def search(rules: tuple[Rule, ...], words: str) -> list[Rule]:
    """The rules that hold every word (case-insensitive), in the page's order."""
    terms = [w.casefold() for w in words.split()]
    return [r for r in rules
            if all(t in f"{r.id} {r.section} {r.text} {' '.join(r.applied)}".casefold()
                   for t in terms)]


def shown(rule: Rule) -> list[str]:
    """A rule as `rules` shows it: its id and section, its words, how the game applies it
    (the rules pages' Markdown bold, `**Reading:**`, read as plain words on a terminal)."""
    lines = [Styled(f"{rule.id}  ({rule.section})", "turn"),
             *textwrap.wrap(_plain(rule.text), 78, initial_indent="  ", subsequent_indent="  ")]
    for said in rule.applied:
        lines += textwrap.wrap(_("How guide applies it: {said}").format(said=_plain(said)), 78,
                               initial_indent="  ", subsequent_indent="    ")
    return lines


def _plain(text: str) -> str:
    return text.replace("**", "")


def _page(t: Table | None) -> RulesPage | None:
    return rules_page(t.game) if t is not None else None


def _ids(t: Table | None, words: list[str]) -> list[str]:
    page = _page(t)
    return [r.id for r in page.rules()] if page else []


def _describe(t: Table | None, rule_id: str) -> str:
    page = _page(t)
    rule = find(page.rules(), rule_id) if page else None
    return rule.text[:60] if rule else ""


RULE = Named(lambda: pgettext("what", "rule"), _ids, convert=False, describe=_describe)
REFERENCE = Registry(families=("table",))


@REFERENCE.command("rules", "table", journal=False)
@click.argument("words", nargs=-1, type=RULE)
def rules_(t: Table, words: tuple[str, ...]) -> Result:
    """The rules as the game plays them: one rule by its id, or every rule that holds the
    words; without words, the sections and their ids.

    Example: rules"""
    page = _page(t)
    if page is None:
        raise CommandError(_("the {game} game has no rules page").format(game=t.game.id))
    rules = page.rules()
    query = " ".join(words).strip()
    if not query:
        r = Result([_("{title} (rules ID, or rules WORD to search):").format(title=page.title)])
        sections: dict[str, list[str]] = {}
        for rule in rules:
            sections.setdefault(rule.section, []).append(rule.id)
        for section, ids in sections.items():
            r.add(*textwrap.wrap(f"{section}: {', '.join(ids)}", 78, subsequent_indent="  "))
        return r
    one = find(rules, query)
    if one is not None:
        return Result(shown(one))
    found = search(rules, query)
    if not found:
        if query.upper().startswith(page.prefix):
            raise CommandError(_("no rule {query!r}{suggestion}").format(
                query=query, suggestion=suggest(query.upper(), [r.id for r in rules])))
        raise CommandError(_("no rule mentions {query!r}; try one word, or rules alone for the"
                             " list").format(query=query))
    r = Result([ngettext("{count} rule mentions {query!r}:", "{count} rules mention {query!r}:",
                         len(found)).format(count=len(found), query=query)])
    for rule in found:
        r.add("", *shown(rule))
    return r


def registry_of(game: Game) -> Registry:
    """The commands of a game at the table: its own, the core's (guide.core.commands), and
    `rules` when it has a rules page. A game's own command of a name wins."""
    from guide.core.commands import CORE

    return game.commands.merged(CORE, *((REFERENCE,) if game.settings.rules else ()))
