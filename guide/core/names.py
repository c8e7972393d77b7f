"""Names as people type them: "did you mean" suggestions for a word among choices."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def suggest(word: str, choices: Iterable[str]) -> str:
    """`; did you mean 'X'?` for the closest choice, or "" when none is close."""
    names = list(choices)
    close = difflib.get_close_matches(word.casefold(), [n.casefold() for n in names], n=1,
                                      cutoff=0.6)
    if close:
        for n in names:
            if n.casefold() == close[0]:
                return f"; did you mean {n!r}?"
    return ""
