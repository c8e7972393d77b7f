"""Text at the border: control and invisible characters refused in what is typed and in
names, shown escaped in card text, and look-alike names told apart (issue 14, item 10);
and the one way every game's toolbar fits the terminal (one width rule, one ellipsis)."""

from __future__ import annotations

import os
import shutil
import unicodedata
from collections.abc import Iterable
from functools import cache

import yaml

from guide.core.i18n import _

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


def visible(text: str) -> str:
    r"""`text` as one line with every control or invisible character written out, newline
    and tab too (`\x1b`, `\n`, `\u202e`; a byte of a file name that is not UTF-8 as
    `\udcff`): what prints a file's path or name, whatever its name holds (a name can
    hold escape codes that recolour or retitle a terminal, or a newline that forges a
    line of `guide check`; issue 41)."""
    if text.isprintable():
        return text                # the usual case: nothing to write out
    return "".join(ch.encode("unicode_escape", "backslashreplace").decode("ascii")
                   if _unsafe_char(ch, "") else ch for ch in text)


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as every message shows it: visible(), so it never acts on a terminal."""
    return visible(os.fspath(path))


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a name (blank, or with a control or invisible character), or None."""
    if not name.strip():
        return _("a name must not be blank")
    bad = unsafe(name, "")
    if bad:
        return _("a name must not hold control or invisible characters ({bad})").format(bad=bad)
    return None


@cache
def _confusables() -> dict[str, str]:
    from importlib import resources  # here: its readers are a start-up's cost

    text = resources.files("guide.core").joinpath("confusables.yaml").read_text("utf-8")
    table = yaml.safe_load(text)["look_alike"]
    return {ch: latin for latin, chars in table.items() for ch in chars}


_ASCII_LOOK_ALIKES = frozenset("0|1")   # the ASCII characters confusables.yaml maps (0 as o)


@cache
def _ascii_table() -> dict[int, str]:
    """The look-alikes of _confusables() that are ASCII characters (0 as o), for translate."""
    return {ord(ch): latin for ch, latin in _confusables().items() if ch.isascii()}


def skeleton(name: str) -> str:
    """What a name looks like: accents dropped, case folded, look-alike letters (Cyrillic а,
    Greek ο, ...) as the Latin ones, spaces collapsed. Two names with one skeleton are
    look-alikes."""
    if name.isascii():          # the usual case: NFKD leaves it, it has no accent to drop
        folded = name.casefold()
        if _ASCII_LOOK_ALIKES.intersection(folded):
            folded = folded.translate(_ascii_table())
        return " ".join(folded.split())
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


# --- the toolbar: one width rule, one ellipsis, one fitting for every game ----------------
ELLIPSIS = "…"
Fragments = list[tuple[str, str]]            # prompt_toolkit's (style, text) pieces
Entry = tuple[str, Fragments, Fragments]     # a name, what follows it, and its short form


def toolbar_width() -> int:
    """The one width every game's toolbar fits: the terminal's columns but the last (a
    terminal wraps a line that fills it), never under 40; 79 on an 80-column terminal, and
    where there is no terminal (a script, the TV page)."""
    return max(40, shutil.get_terminal_size().columns - 1)


def clip(text: str, width: int | None = None) -> str:
    """One line within `width` (the toolbar's by default): cut, the cut marked by ELLIPSIS."""
    width = toolbar_width() if width is None else width
    line = text.replace("\n", " ")
    return line if len(line) <= width else line[:max(width - 1, 0)] + ELLIPSIS


def length(fragments: Fragments) -> int:
    return sum(len(text) for _, text in fragments)


def fit(entries: list[Entry], width: int | None = None) -> Fragments:
    """Entries joined by " · " within `width`: first in full, then in their short form, then
    with long names shortened to one word (and a duplicate's number: "Gull 2"), and last
    the entries that still do not fit counted (+N more)."""
    width = toolbar_width() if width is None else width
    for cut, short in ((None, False), (None, True), (12, True), (8, True)):
        line = _join([_shown(e, cut, short) for e in entries])
        if length(line) <= width:
            return line
    shown: list[Fragments] = []
    more = len(f" · +{len(entries)} more")         # room for the count, however many
    for e in entries:
        if length(_join(shown + [_shown(e, 8, True)])) + more > width:
            break
        shown.append(_shown(e, 8, True))
    return _join(shown) + [("", f" · +{len(entries) - len(shown)} more")]


def short_name(name: str, size: int) -> str:
    """A name within `size` characters, as people say it: "Tess the Bell-Ringer" and
    "Musketeer of the Night Watch" by their first word, "Rogue Herring Gull" by its last,
    a duplicate's number kept ("Gull 2"); a word still too long is cut with ELLIPSIS."""
    words = name.split()
    if len(name) <= size or not words:
        return name
    tag = [words.pop()] if len(words) > 1 and words[-1].isdigit() else []
    key = words[0] if {"the", "of"} & {w.casefold() for w in words[1:]} else words[-1]
    last = key if len(key) <= size else key[:size - 1] + ELLIPSIS
    return " ".join([last, *tag])


def _shown(entry: Entry, size: int | None, short: bool) -> Fragments:
    name, full, brief = entry
    if size is not None:
        name = short_name(name, size)
    return [("", name)] + (brief if short else full)


def _join(entries: list[Fragments]) -> Fragments:
    out: Fragments = [("", " ")]
    for i, e in enumerate(entries):
        out += ([("", " · ")] if i else []) + e
    return out
