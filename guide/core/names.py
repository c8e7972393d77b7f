"""Names as people type them: one resolver for every name at the table, and "did you mean"
suggestions for a word among choices."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Callable, Iterable

from guide.core.errors import GuideError, RuleError
from guide.core.i18n import NP_, _, pgettext
from guide.core.line import quote

# What a name names, in the words the core itself says ("no seat named 'X'"). A game says its
# own words ("Kaveri", "Character") in its own domain: it passes `what` already translated
# (pgettext("what", "Kaveri") of its domain), or as a callable that translates it at the moment
# the message is made (a parameter type made at import time: the table's language can change).
WHAT = (
    NP_("what", "name"),
    NP_("what", "command"),
    NP_("what", "seat"),
    NP_("what", "rule"),
)

What = str | Callable[[], str]


def said(what: What | None) -> str:
    """What a name names, in the table's language of this moment: a callable is called, a
    string is the words already translated, None is the core's "name"."""
    if what is None:
        return pgettext("what", "name")
    return what() if callable(what) else what


class Ambiguous(GuideError):
    """A typed name that could be several: the message lists them."""


class Unknown(GuideError):
    """A typed name that is none of the names: the message suggests the closest."""


def typos(a: str, b: str) -> int:
    """How many slips of the fingers turn `a` into `b`: a letter left out, one too many, one
    for another, two side by side swapped (the Damerau-Levenshtein distance, each letter
    edited once)."""
    before, row = list(range(len(b) + 1)), list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        earlier, before, row = before, row, [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            row[j] = min(before[j] + 1, row[j - 1] + 1, before[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                row[j] = min(row[j], earlier[j - 2] + 1)
    return row[len(b)]


def closest(word: str, choices: Iterable[str], cutoff: float = 0.6,
            mistyped: bool = False) -> str | None:
    """The choice closest to `word` (as people misspell it), or None when none is close.
    `mistyped`: only a choice `word` is a slip of the fingers away from counts (one slip,
    two in a word of seven letters or more), for short words such as commands, where three
    letters in common make 'clear' 'leave' at the cutoff."""
    names = list(choices)
    if mistyped:
        names = [n for n in names if typos(fold(word), fold(n)) <= (1 if len(n) <= 6 else 2)]
    close = difflib.get_close_matches(fold(word), [fold(n) for n in names], n=1, cutoff=cutoff)
    if close:
        for n in names:
            if fold(n) == close[0]:
                return n
    return None


def suggest(word: str, choices: Iterable[str], mistyped: bool = False) -> str:
    """`; did you mean 'X'?` for the closest choice, or "" when none is close (`mistyped`:
    see closest)."""
    found = closest(word, choices, mistyped=mistyped)
    return _("; did you mean {name!r}?").format(name=found) if found is not None else ""


MOST_NAMED = 8      # the choices a refusal names before "..." (as `resolve` lists them)


def either(option: str, names: Iterable[str]) -> str:
    """The ways to give a missing option, for a refusal that asks which one: `--on Mia or
    --on Leo`, each name as a line types it (guide.core.line.quote: `--on "Dumb Turkey"`);
    past MOST_NAMED names, the first ones and "..."."""
    choices = list(dict.fromkeys(names))
    said = _(" or ").join(f"{option} {quote(n)}" for n in choices[:MOST_NAMED])
    return said + (" ..." if len(choices) > MOST_NAMED else "")


# Every apostrophe people type inside a name (the straight one, the typographic ’, the
# Ukrainian ʼ, ‘ and `): one letter, and one a name is found without (`здоровя` is Здоров'я).
_APOSTROPHES = str.maketrans(dict.fromkeys("'’ʼ`‘"))


def _plain_latin(ch: str) -> str:
    """A Latin letter without its accent (é -> e, ç -> c); every other letter as it is (the
    Cyrillic й and ї are letters of their own, not и and і with a mark)."""
    base = unicodedata.normalize("NFD", ch)
    return base[0] if len(base) > 1 and base[0].isascii() else ch


def fold(text: str) -> str:
    """A name as it is compared: case-insensitive, spaces folded, every apostrophe (' ’ ʼ ‘
    `) the same letter and one that may be left out (`здоровя` and `здоров’я` are
    Здоров'я, `obrien` finds O'Brien), a Latin letter's accent ignored (`cec` finds Cécile:
    the table types names fast, without accents)."""
    folded = text.translate(_APOSTROPHES).casefold()
    return " ".join("".join(map(_plain_latin, folded)).split())


def resolve(typed: str, names: Iterable[str], what: What | None = None) -> str:
    """The one way a typed name finds its name among `names` (names the way people say
    them): exact, then case-insensitive, then a name that begins with it or has a word (or
    run of words) that begins with it, when only one does. Ambiguous input lists the
    choices (`Bike` names both the Bike Bell Bandit and the Runaway Rental Bike); an unknown
    one suggests. Among numbered duplicates (`Drowned Bell Spirit`, `Drowned Bell Spirit 2`)
    the name's own last words pick it, as the toolbar shows them (`Spirit`, `Spirit 2`).
    `what` is what the names are, in the words to say (see `said`: a game's own words come
    translated in its domain). Raises Ambiguous or Unknown (GuideErrors)."""
    choices = list(dict.fromkeys(names))
    if typed in choices:
        return typed
    wanted = fold(typed)
    for stage in (_same, _part):
        found = [n for n in choices if stage(fold(n), wanted)]
        if len(found) == 1:
            return found[0]
        first = _first_of_duplicates(found, wanted)
        if first is not None:
            return first
        if len(found) > 1:
            raise Ambiguous(_("{typed!r} could be {names}; which {what}?").format(
                typed=typed, what=said(what),
                names=", ".join(repr(n) for n in found[:8]) + (" ..." if len(found) > 8 else "")))
    known = _(" (known: {names})").format(names=", ".join(choices[:12])
                                           + (" ..." if len(choices) > 12 else "")) \
        if choices else _(" (there is no {what} yet)").format(what=said(what))
    raise Unknown(_("no {what} named {typed!r}{known}").format(
        what=said(what), typed=typed, known=suggest(typed, choices) or known))


def resolve_or_refuse(typed: str, names: Iterable[str], what: What | None = None) -> str:
    """`resolve` for a game's rules: when `typed` names none of `names` or several, the
    resolver's words ("no player named 'Jo'; did you mean 'Joe'?") as a RuleError, the one
    line a refused move shows (the command changes nothing)."""
    try:
        return resolve(typed, names, what)
    except GuideError as e:
        raise RuleError(str(e)) from None


def _same(name: str, wanted: str) -> bool:
    return name == wanted


def _first_of_duplicates(found: list[str], wanted: str) -> str | None:
    """`Spirit` among "Drowned Bell Spirit" and "Drowned Bell Spirit 2": the one whose name
    ends with the typed words, when the others are it with a number."""
    ends = [n for n in found if fold(n).endswith(" " + wanted) or fold(n) == wanted]
    if len(ends) != 1:
        return None
    base = ends[0]
    others = [n for n in found if n != base]
    if others and all(n.rsplit(" ", 1)[0] == base and n.rsplit(" ", 1)[-1].isdigit()
                      for n in others):
        return base
    return None


def _part(name: str, wanted: str) -> bool:
    words = name.split()
    size = len(wanted.split())
    return any(" ".join(words[i:i + size]).startswith(wanted) for i in range(len(words)))
