"""A command line's words: split from what a person typed, and built from the words a move
means. The two are inverses: `split(build(words)) == words` for any words, names with
quotes, apostrophes, `--`, `=` and spaces included. Every line the table builds (a seat's
button, a bot's move, `guide play`'s start lines) is written by `build`; every line typed or
read from a script is read by `split`."""

from __future__ import annotations

import shlex
from collections.abc import Sequence


def split(line: str) -> list[str]:
    """The words of a line; ValueError (with the reason) for one that cannot be read."""
    return shlex.split(line)


def build(words: Sequence[str]) -> str:
    """The line whose words are `words`, each quoted as it needs."""
    return shlex.join(words)
