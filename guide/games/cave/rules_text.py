"""Cave escape's rules as the companion applies them, read from the project's page
(docs/cave.md, shipped in the wheel as guide/games/cave/rules.md): each `- **C-XXX-N** text`
item with the part of the page it stands in, for the core's `rules C-TURN-6` and `rules WORD`
(guide.core.reference)."""

from __future__ import annotations

import re
from functools import cache

from guide.core.reference import Rule
from guide.core.shipped import page

_ITEM = re.compile(r"^- \*\*(C-[A-Z]+-\d+)\*\* (.*)$")


def parse(text: str) -> tuple[Rule, ...]:
    """The rules in the page's order; a rule's section is the line that introduces its list
    ("Setup:", "A turn, ...")."""
    found: list[Rule] = []
    section, rule_id, words = "", "", list[str]()

    def close() -> None:
        if rule_id:
            found.append(Rule(rule_id, section, " ".join(" ".join(words).split())))

    for line in text.splitlines():
        item = _ITEM.match(line)
        if item:
            close()
            rule_id, words = item.group(1), [item.group(2)]
        elif rule_id and line.startswith("  ") and line.strip():
            words.append(line.strip())
        else:
            close()
            rule_id, words = "", []
            if line.strip() and not line.startswith(("-", "|", "`", " ")):
                section = line.lstrip("#").strip().rstrip(":").split(" (")[0]
    close()
    return tuple(found)


@cache
def rules() -> tuple[Rule, ...]:
    return parse(page("guide.games.cave", "rules.md", "cave.md"))
