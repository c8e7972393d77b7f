"""Text at the border: control and invisible characters refused in what is typed and in
names, shown escaped in card text, and look-alike names told apart (issue 14, item 10)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache
from importlib import resources

import yaml

# Refused in command lines and names, shown escaped in card text: C0/C1 controls (ESC starts
# the terminal sequences, OSC 52 among them, that write to a clipboard), NUL, CR, and the
# invisible "format" characters (zero-width spaces and joiners, right-to-left overrides),
# line and paragraph separators, surrogates, private-use and unassigned code points.
_UNSAFE_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def _unsafe_char(ch: str, allowed: str) -> bool:
    return ch not in allowed and unicodedata.category(ch) in _UNSAFE_CATEGORIES


def unsafe(text: str, allowed: str = "\t") -> str | None:
    """The first control or invisible character of `text`, described (U+202E RIGHT-TO-LEFT
    OVERRIDE), or None when there is none besides `allowed`."""
    if text.isprintable() or (allowed and _printable_but(text, allowed)):
        return None                # no control, format or unassigned character: the usual case
    for ch in text:
        if _unsafe_char(ch, allowed):
            return f"U+{ord(ch):04X}" + (f" {unicodedata.name(ch)}" if unicodedata.name(ch, "")
                                         else "")
    return None


def _printable_but(text: str, allowed: str) -> bool:
    for ch in allowed:
        text = text.replace(ch, "")
    return text.isprintable()


def escaped(text: str) -> str:
    r"""`text` with every control or invisible character but newline and tab written out
    (\x1b, \u202e), so it shows as what it is and never acts on a terminal or a page."""
    if unsafe(text, "\t\n") is None:
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii") if _unsafe_char(ch, "\t\n")
                   else ch for ch in text)


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a name (blank, or with a control or invisible character), or None."""
    if not name.strip():
        return "a name must not be blank"
    bad = unsafe(name, "")
    if bad:
        return f"a name must not hold control or invisible characters ({bad})"
    return None


@cache
def _confusables() -> dict[str, str]:
    text = resources.files("guide.core").joinpath("confusables.yaml").read_text("utf-8")
    table = yaml.safe_load(text)["look_alike"]
    return {ch: latin for latin, chars in table.items() for ch in chars}


_ASCII_LOOK_ALIKES = frozenset("0|1")   # the ASCII characters confusables.yaml maps (0 as o)


def skeleton(name: str) -> str:
    """What a name looks like: accents dropped, case folded, look-alike letters (Cyrillic а,
    Greek ο, ...) as the Latin ones, spaces collapsed. Two names with one skeleton are
    look-alikes."""
    if name.isascii() and not _ASCII_LOOK_ALIKES.intersection(name):   # the usual case
        return " ".join(name.casefold().split())
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn").casefold()
    table = _confusables()
    return " ".join("".join(table.get(ch, ch) for ch in bare).split())


def look_alike(name: str, names: Iterable[str]) -> str | None:
    """An existing name that `name` looks like without being the same text, or None."""
    mine = skeleton(name)
    for other in names:
        if other != name and skeleton(other) == mine:
            return other
    return None
