"""The project's rules reference (docs/rules.md, shipped in the wheel as
guide/games/kaverini/data/rules.md) read as rules: each `- R-XXX-N text` item, with the
section it stands in, for the core's `rules ID` and `rules WORD` (guide.core.reference)."""

from __future__ import annotations

import re
from functools import cache

from guide.core import shipped
from guide.core.reference import Rule

_ITEM = re.compile(r"^- ((?:R-[A-Z]+-\d+(?:\.\.\d+)?)(?:, R-[A-Z]+-\d+)*) (.*)$")
_RANGE = re.compile(r"(R-[A-Z]+-)(\d+)\.\.(\d+)")


def _ids(head: str) -> list[str]:
    """`R-DMG-1..3, R-FX-2` -> R-DMG-1, R-DMG-2, R-DMG-3, R-FX-2."""
    out: list[str] = []
    for part in head.split(", "):
        span = _RANGE.fullmatch(part)
        if span:
            out += [f"{span.group(1)}{n}" for n in range(int(span.group(2)), int(span.group(3)) + 1)]
        else:
            out.append(part)
    return out


@cache
def rules() -> tuple[Rule, ...]:
    """The reference's rules: the installed copy, else the repository's docs/rules.md."""
    return parse(shipped.page("guide.games.kaverini.data", "rules.md", "rules.md"))


def parse(text: str) -> tuple[Rule, ...]:
    """The rules in the page's order; an id met again (the engine's part) adds how it is
    applied to the rule of that id."""
    found: dict[str, Rule] = {}
    section, current, words = "", list[str](), list[str]()

    def close() -> None:
        said = " ".join(" ".join(words).split())
        for rid in current:
            if rid in found:
                old = found[rid]
                found[rid] = Rule(old.id, old.section, old.text, (*old.applied, said))
            else:
                found[rid] = Rule(rid, section, said)

    for line in text.splitlines():
        item = _ITEM.match(line)
        if line.startswith("#"):
            close()
            section, current, words = line.lstrip("#").strip(), [], []
        elif item:
            close()
            current, words = _ids(item.group(1)), [item.group(2)]
        elif current and line.startswith("  "):
            words.append(line.strip())
        elif current and not line.strip():
            close()
            current, words = [], []
    close()
    return tuple(found.values())
