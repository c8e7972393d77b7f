"""`guide check --facts`: every quote of the lottery is read to children as a true fact
(R-QL-1, rulebook 5.2), so each needs a source a parent can look up, and no slot may still be
a placeholder. Lists each such quote at its position in the booklet."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from guide.core.i18n import domain
from guide.core.yamlsrc import Problem, compose_file, problem_at
from guide.games.kaverini.data.tables import read
from guide.games.kaverini.model import Adventure

_, ngettext, pgettext = domain("kaverini").functions()


@cache
def placeholder_words() -> tuple[str, ...]:
    return tuple(str(w) for w in read("facts.yaml")["placeholder_words"])


def is_placeholder(quote: str) -> bool:
    """A quote slot still to be written: its text begins with a placeholder word."""
    head = quote.lstrip().casefold()
    return any(head.startswith(w.casefold()) for w in placeholder_words())


def fact_problems(adventure: Adventure) -> list[Problem]:
    """Each quote without a source, and each placeholder quote, at its key's position."""
    display, _colon, line = adventure.source.rpartition(":")
    keys = _quote_keys(display) if display else {}
    problems = []
    for n in sorted(adventure.quotes):
        placeholder = is_placeholder(adventure.quotes[n])
        unsourced = not adventure.sources.get(n, "").strip()
        if placeholder or unsourced:
            node = keys.get(n)
            message = (
                _("adventure {id!r}: quote {n} is a placeholder, not a fact yet and has no"
                  " source (add one under sources:)") if placeholder and unsourced else
                _("adventure {id!r}: quote {n} is a placeholder, not a fact yet")
                if placeholder else
                _("adventure {id!r}: quote {n} has no source (add one under sources:)")
            ).format(id=adventure.id, n=n)
            problems.append(problem_at(display, node, message) if node is not None
                            else Problem(display or adventure.id, int(line or 1), 1, message))
    return problems


def _quote_keys(display: str) -> dict[int, yaml.Node]:
    """The key node of each quote in the booklet file (for positioned problems)."""
    node, _marks = compose_file(Path(display), display)
    if not isinstance(node, yaml.MappingNode):
        return {}
    for key, value in node.value:
        if key.value == "adventure" and isinstance(value, yaml.MappingNode):
            for k, v in value.value:
                if k.value == "quotes" and isinstance(v, yaml.MappingNode):
                    return {int(qk.value): qk for qk, _ in v.value if str(qk.value).isdigit()}
    return {}
