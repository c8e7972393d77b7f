"""Results and how they are shown: one Result shape for every command, rendered in one place."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Result:
    """What a command shows: lines of text, then an optional table."""

    lines: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    rows: list[list] = field(default_factory=list)
    title: str = ""
    notes: list[str] = field(default_factory=list)   # shown after the table

    def add(self, *lines: str) -> Result:
        self.lines.extend(lines)
        return self


def text(result: Result) -> str:
    out = []
    if result.title:
        out.append(result.title)
    out.extend(result.lines)
    if result.rows:
        from tabulate import tabulate

        out.append(tabulate(result.rows, headers=result.headers, tablefmt="simple"))
    out.extend(result.notes)
    return "\n".join(out)
