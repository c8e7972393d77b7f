"""Cave escape's rules as the companion applies them, read from the project's page
(docs/cave.md, shipped in the wheel as guide/games/cave/rules.md): each `- **C-XXX-N** text`
item with the part of the page it stands in, for the core's `rules C-TURN-6` and `rules WORD`
(guide.core.reference)."""

from __future__ import annotations

import re
from functools import cache

from guide.core.reference import Rule
from guide.core.shipped import page

_ITEM = re.compile(r"- \*\*(C-[A-Z]+-\d+)\*\* (.*)", re.DOTALL)
# where the page's lines part: not before a line indented two spaces that holds a word, which
# goes on with the line above it
_LINES = re.compile(r"\n(?! {2}[^\n]*\S)")


def parse(text: str) -> tuple[Rule, ...]:
    """The rules in the page's order; a rule's section is the line that introduces its list
    ("Setup:", "A turn, ..."), and a rule's words go on over the indented lines under it."""
    found: list[Rule] = []
    section = ""
    for part in _LINES.split(text):
        item = _ITEM.match(part)
        if item:
            found.append(Rule(item.group(1), section, " ".join(item.group(2).split())))
        elif part.strip() and not part.startswith(("-", "|", "`", " ")):
            section = part.split("\n")[0].lstrip("#").strip().rstrip(":").split(" (")[0]
    return tuple(found)


@cache
def rules() -> tuple[Rule, ...]:
    return parse(page("guide.games.cave", "rules.md", "cave.md"))
