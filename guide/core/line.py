"""A command line's words: split from what a person typed, and built from the words a move
means. The two are inverses: `split(build(words)) == words` for any words, names with
quotes, apostrophes, `--`, `=` and spaces included (with the `--` that `build` writes before
a value that starts with `-`). Every line the table builds (a seat's button, a bot's move,
`guide play`'s start lines) is written by `build`; every line typed or read from a script is
read by `split`.

The grammar (docs/architecture.md, "A command line"):
- words are separated by spaces;
- a quote (`"` or `'`) groups words where it opens at the start of a word or right after
  `=`, and closes at the end of a word or right before `=` (`--split "Drowned Bell
  Spirit"=1`, `new="Comic Wit"`, `'Lucky Mug'`);
- inside a group a doubled quote is one quote character (`"Zed ""the"" Rock"`);
- any other quote is a letter: an apostrophe inside a word (`O'Brien`, `Ship's`,
  `здоров'я`, `l'Arme`), the typographic apostrophe `’` everywhere, a backslash too (no
  escapes: a name is typed as it is written);
- a line that opens a quote and never closes it is refused (`Unclosed`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

QUOTES = "\"'"


class Unclosed(ValueError):
    """A line that opens a quote and never closes it: the quote and where it opens (0-based)."""

    def __init__(self, quote: str, at: int):
        super().__init__(f"the quote {quote} opened at character {at + 1} is never closed")
        self.quote = quote
        self.at = at


@dataclass(frozen=True)
class Partial:
    """A line read up to the cursor (for completion): the complete words, the word being
    typed (its quotes taken off), where that word starts in the line, and the quote still
    open in it ("" for none)."""

    words: list[str]
    word: str
    start: int
    open: str


def split(line: str) -> list[str]:
    """The words of a line; Unclosed (a ValueError) for a quote never closed."""
    words, word, _start, quote, at = _scan(line)
    if quote:
        raise Unclosed(quote, at)
    return words if word is None else [*words, word]


def partial(text: str) -> Partial:
    """`text` read as far as it goes, an open quote allowed: what completion needs. The word
    being typed is "" when the text ends with a space outside a quote."""
    words, word, start, quote, _at = _scan(text)
    if word is None:
        return Partial(words, "", len(text), "")
    return Partial(words, word, start, quote)


def _scan(line: str) -> tuple[list[str], str | None, int, str, int]:
    """(complete words, the last word or None when the line ends between words, where that
    last word starts, the quote left open in it or "", where that quote opens)."""
    words: list[str] = []
    n, i = len(line), 0
    while True:
        while i < n and line[i].isspace():
            i += 1
        if i >= n:
            return words, None, n, "", -1
        start = i
        letters: list[str] = []
        while i < n and not line[i].isspace():
            ch = line[i]
            if ch in QUOTES and (i == start or line[i - 1] == "="):
                at = i
                i, closed = _group(line, i + 1, ch, letters)
                if not closed:
                    return words, "".join(letters), start, ch, at
                continue
            letters.append(ch)
            i += 1
        if i >= n:
            return words, "".join(letters), start, "", -1
        words.append("".join(letters))


def _group(line: str, i: int, quote: str, letters: list[str]) -> tuple[int, bool]:
    """Read a quoted group from `i` (just past its opening quote) into `letters`: (where
    reading goes on, whether the group closed)."""
    n = len(line)
    while i < n:
        ch = line[i]
        if ch == quote:
            after = line[i + 1] if i + 1 < n else ""
            if after == quote:                  # doubled: one quote character
                letters.append(quote)
                i += 2
                continue
            if after == "" or after.isspace() or after == "=":
                return i + 1, True
        letters.append(ch)
        i += 1
    return i, False


# What makes a bare word read otherwise: a space, or a quote where it would open a group.
_NEEDS_QUOTES = re.compile(r"\s|^[\"']|=[\"']")


def quote(word: str) -> str:
    """One word as a line writes it: as it is when `split` reads it back so, otherwise in
    the quote that needs fewer doublings (`"Hondje the Ship's Dog"`, `'Zed "the" Rock'`)."""
    if word and not _NEEDS_QUOTES.search(word):
        return word
    q = '"' if word.count('"') <= word.count("'") else "'"
    return q + word.replace(q, q + q) + q


def join(words: Iterable[str]) -> str:
    """The line whose words are exactly `words`, each quoted as it needs (`split` gives them
    back); for words that already hold their options in place, as a shell passed them."""
    return " ".join(quote(w) for w in words)


def build(words: Sequence[object], options: Iterable[tuple[str, object]] = ()) -> str:
    """The line a move means: `words` are the command and its positional values (a number
    is written as a number), `options` the (option, value) pairs after them, a value of None
    for a flag (`[("--as", "Ann"), ("--cooked", None)]`). Each word is quoted as it needs
    (`quote`). A positional value that starts with `-` (a name like `-Zed`, a `--`) comes
    after `--`, the end of the options (guide.core.params.arrange), with the options before
    it: `build(["give", "-Zed", 2], [("--as", "Ann")])` is `give --as Ann -- -Zed 2`."""
    said = [str(w) for w in words]
    flags: list[str] = []
    for option, value in options:
        flags += [option] if value is None else [option, str(value)]
    dash = next((k for k, w in enumerate(said) if k and w[:1] == "-"), None)
    if dash is None:
        return join(said + flags)
    return join([*said[:dash], *flags, "--", *said[dash:]])
