"""Results and how they are shown: one Result shape for every command, rendered in one place."""

from __future__ import annotations

import textwrap
import threading
from dataclasses import dataclass, field

from guide.core.text import escaped


class Styled(str):
    """A line with a style the REPL shows in colour (plain text everywhere else): "error",
    "alert" (a confrontation begins), "low" (a fighter at low HP), "turn" (whose turn),
    "note" (for the game master only), "good" (a win). `hang`: how far the lines after its
    first are indented when the terminal breaks it (`log` sets them under its text, past the
    time); None: its own indent and two more."""

    style: str = ""
    hang: int | None = None

    def __new__(cls, text: str, style: str = "", hang: int | None = None) -> Styled:
        line = super().__new__(cls, text)
        line.style = style
        line.hang = hang
        return line


STYLES = {"error": "ansired bold", "alert": "ansiyellow bold", "low": "ansired",
          "turn": "ansicyan bold", "note": "ansibrightblack", "good": "ansigreen bold"}


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


def lines(result: Result) -> list[str]:
    """Every line the result shows, in order (Styled lines keep their style). A control or
    invisible character from any game's data is written out (\x1b), never sent to the
    terminal as it is (guide.core.text)."""
    out = []
    if result.title:
        out.append(result.title)
    out.extend(result.lines)
    if result.rows:
        out.extend(_table(result.rows, result.headers))
    out.extend(result.notes)
    return [_shown(line) for line in out]


# The widest a table is made: 80x24 at the table, but the last column (a terminal wraps a
# line that fills it; the REPL breaks lines at the columns but one, as the toolbar fits)
WIDTH = 79
_narrowing = threading.Lock()   # tabulate's heading padding is a module global


def _table(rows: list[list], headers: list[str]) -> list[str]:
    """The rows under their headings, at most WIDTH wide where words allow it: tabulate's
    table (_tabulated), and where that is wider, the column of the widest text broken
    between words (wrap_column), then the next, till the table fits; a column whose cells
    already hold lines of their own (CV's two names) is left whole."""
    made = _tabulated(rows, headers)
    left = {c for c in range(len(headers))
            if all("\n" not in str(row[c]) for row in rows) and any(" " in str(row[c]) for row in rows)}
    while left and max(map(len, made)) > WIDTH:
        column = max(left, key=lambda c: max(len(str(row[c])) for row in rows))
        left.discard(column)
        rows = wrap_column(rows, headers, column)
        made = _tabulated(rows, headers)
    return made


def _tabulated(rows: list[list], headers: list[str]) -> list[str]:
    """The rows under their headings, as tabulate's "simple" table. tabulate widens every
    column by 2 beyond its heading; where that makes the table wider than WIDTH, the
    columns are as wide as their widest word instead (the 2-space gaps stay), so that a
    long name does not wrap the table's last column onto a line of its own."""
    import tabulate as module

    made = module.tabulate(rows, headers=headers, tablefmt="simple").splitlines()
    if max(map(len, made)) <= WIDTH:
        return made
    with _narrowing:
        padding, module.MIN_PADDING = module.MIN_PADDING, 0
        try:
            return module.tabulate(rows, headers=headers, tablefmt="simple").splitlines()
        finally:
            module.MIN_PADDING = padding


def wrap_column(rows: list[list], headers: list[str], column: int = -1) -> list[list]:
    """The rows with `column`'s cells broken between words into lines of their own (a cell
    of several lines, which the table shows under one another) as widely as the table keeps
    to WIDTH, so that a long text (CV's "what it does") is neither cut nor folded by the
    terminal across the other columns; nothing is dropped. A table that fits is left as it
    is; a word longer than the room left is never broken (the table is as narrow as the
    column's longest word allows)."""
    if not rows or max(map(len, _tabulated(rows, headers))) <= WIDTH:
        return rows
    cells = [str(row[column]) for row in rows]
    words = [w for cell in cells for w in cell.split()]
    narrowest = max(map(len, words), default=1)

    def at(width: int) -> list[list]:
        out = []
        for row, cell in zip(rows, cells, strict=True):
            row = list(row)
            row[column] = "\n".join(textwrap.wrap(cell, width, break_long_words=False,
                                                  break_on_hyphens=False)) or cell
            out.append(row)
        return out

    low, high = narrowest, max(map(len, cells))     # the widest width that fits: bisected
    while low < high:
        mid = (low + high + 1) // 2
        if max(map(len, _tabulated(at(mid), headers))) <= WIDTH:
            low = mid
        else:
            high = mid - 1
    return at(low)


def _shown(line: str) -> str:
    safe = escaped(line)
    if safe is line:
        return line
    return Styled(safe, line.style, line.hang) if isinstance(line, Styled) else safe


def text(result: Result) -> str:
    return "\n".join(lines(result))


def wrapped(shown: list[str], width: int) -> list[str]:
    """Long lines broken between words at the terminal's width (their indent kept on the
    lines that follow, their style on every part), never in the middle of a word."""
    out: list[str] = []
    for line in shown:
        style, hang = getattr(line, "style", ""), getattr(line, "hang", None)
        for part in str(line).split("\n"):
            if len(part) <= width or " " not in part.strip():
                out.append(Styled(part, style))
                continue
            indent = " " * (hang if hang is not None else len(part) - len(part.lstrip()) + 2)
            out += [Styled(piece, style) for piece in
                    textwrap.wrap(part, width, subsequent_indent=indent, break_long_words=False,
                                  break_on_hyphens=False)]
    return out
