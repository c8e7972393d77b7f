"""Cave escape's rules as the companion applies them, read from the project's page
(docs/cave.md, shipped in the wheel as guide/games/cave/rules.md): each `- **C-XXX-N** text`
item with the part of the page it stands in, for `rules C-TURN-6` and `rules WORD`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

_ITEM = re.compile(r"^- \*\*(C-[A-Z]+-\d+)\*\* (.*)$")


@dataclass(frozen=True)
class Rule:
    id: str
    section: str
    text: str


def source() -> str:
    """The page's text: the installed copy, else the repository's docs/cave.md."""
    installed = resources.files("guide.games.cave").joinpath("rules.md")
    if installed.is_file():
        return installed.read_text(encoding="utf-8")
    return (Path(__file__).resolve().parents[3] / "docs" / "cave.md").read_text(encoding="utf-8")


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
    return parse(source())


def find(rule_id: str) -> Rule | None:
    wanted = rule_id.strip().upper()
    return next((r for r in rules() if r.id == wanted), None)


def search(words: str) -> list[Rule]:
    """The rules that hold every word (case-insensitive), in the page's order."""
    terms = [w.casefold() for w in words.split()]
    return [r for r in rules() if all(t in f"{r.id} {r.section} {r.text}".casefold() for t in terms)]
