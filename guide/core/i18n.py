"""The table's language: one way to translate every line a person sees, for the core and
every game (GNU gettext catalogues, `guide/locale/<lang>/LC_MESSAGES/<domain>.po`, compiled to
the `.mo` beside each; `python -m guide.locale` extracts, updates and compiles them).

Each domain is one catalogue: `core` (the table, the REPL, the view, click's own messages)
and one per game (`cv`, `taverne`, ...). A module takes the functions of its domain:

    from guide.core.i18n import domain
    _, ngettext, pgettext = domain("cv").functions()

and calls them where the line is made, so the table's language (`use`) of the moment applies.
A message a game's catalogue lacks is looked up in the core's, then falls back to English
(the message itself), per message. Names the table typed are never translated nor inflected:
a message is written so a name stands in the nominative ("Хід: Оля").

Help texts (command docstrings, option help) are made at import time, in English; they are
translated where they are shown (`tr`, through the command's own domain).
"""

from __future__ import annotations

import gettext as _gettext
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

LOCALE = Path(__file__).resolve().parent.parent / "locale"
ENGLISH = "en"
# The languages the core's catalogue speaks, by code, in their own words (`--lang`).
LANGUAGES: dict[str, str] = {"en": "English", "uk": "українська", "fr": "français"}
CORE = "core"

_current = ENGLISH
# (domain, context, message) of every lookup a catalogue lacked, while recording (the tests)
_misses: list[set[tuple[str, str | None, str]]] = []


def use(code: str) -> None:
    """Speak `code` from now on (a code of LANGUAGES; anything else speaks English)."""
    global _current
    _current = code if code in LANGUAGES else ENGLISH


def current() -> str:
    return _current


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak `code` within the block, then the language before it again."""
    before = _current
    use(code)
    try:
        yield
    finally:
        use(before)


@contextmanager
def recording() -> Iterator[set[tuple[str, str | None, str]]]:
    """Collect the messages asked for in another language than English and found in no
    catalogue (domain, context, message): the tests' "nothing came back untranslated"."""
    misses: set[tuple[str, str | None, str]] = set()
    _misses.append(misses)
    try:
        yield misses
    finally:
        _misses.remove(misses)


@cache
def catalogue(name: str, code: str) -> _gettext.GNUTranslations | None:
    """The compiled catalogue of one domain in one language, or None where there is none
    (in guide/locale, or the folder of a game outside guide/: Domain.folder)."""
    known = _domains.get(name)
    path = (known.folder if known else LOCALE) / code / "LC_MESSAGES" / f"{name}.mo"
    try:
        with path.open("rb") as f:
            return _gettext.GNUTranslations(f)
    except OSError:
        return None


def _lookup(names: tuple[str, ...], key: str, n: int | None = None) -> str | None:
    """The first translation of `key` (a message, with its context: "context\x04message")
    in these catalogues, in the language of now; with `n`, its plural form for n."""
    for name in names:
        cat = catalogue(name, _current)
        if cat is not None:
            found = cat._catalog.get(key if n is None else (key, cat.plural(n)))  # type: ignore[attr-defined]
            if found:
                return str(found)
    return None


class Domain:
    """The translations of one catalogue, falling back to the core's, then to English.
    `package`: the package whose words it holds, for a game outside guide/ (None: guide's
    own, `guide.games.<name>`); `folder`: where its catalogues are (guide/locale, or that
    package's `locale/`)."""

    def __init__(self, name: str):
        self.name = name
        self.names = (name,) if name == CORE else (name, CORE)
        self.package: str | None = None
        self.folder = LOCALE

    def _miss(self, context: str | None, message: str) -> None:
        for misses in _misses:
            misses.add((self.name, context, message))

    def gettext(self, message: str) -> str:
        return message if _current == ENGLISH or not message else self._said(None, message)

    def pgettext(self, context: str, message: str) -> str:
        return message if _current == ENGLISH or not message else self._said(context, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.npgettext(None, singular, plural, n)

    def npgettext(self, context: str | None, singular: str, plural: str, n: int) -> str:
        if _current != ENGLISH:
            found = _lookup(self.names, _key(context, singular), n)
            if found is not None:
                return found
            self._miss(context, singular)
        return singular if n == 1 else plural

    def _said(self, context: str | None, message: str) -> str:
        """A message (with its context) in the language of now, or as it is (a miss)."""
        found = _lookup(self.names, _key(context, message))
        if found is None:
            self._miss(context, message)
            return message
        return found

    def functions(self) -> tuple[Callable[[str], str], Callable[[str, str, int], str],
                                 Callable[[str, str], str]]:
        """(_, ngettext, pgettext) of this domain."""
        return self.gettext, self.ngettext, self.pgettext


_domains: dict[str, Domain] = {}     # every catalogue asked for so far, the games' included


def domain(name: str, package: str | None = None) -> Domain:
    """The domain of that name. A game's comes into being when its modules take their
    functions, and the table loads a game by `guide.core.games.load`, which asks for it too:
    so every game at the table has registered its catalogue here. A game outside guide/
    names its package (`domain("tally", __package__)`): its catalogues are then in that
    package's `locale/` folder, and its modules' help is said through them."""
    found = _domains.get(name)
    if found is None:
        found = _domains[name] = Domain(name)
    if package is not None and found.package != package:        # a game outside guide/
        found.package, found.folder = package, _folder_of(package) / "locale"
        catalogue.cache_clear()
    return found


def _folder_of(package: str) -> Path:
    """The folder of an importable package (the one being imported, at its first `domain`)."""
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"{package!r} is not an importable package")
    return Path(next(iter(spec.submodule_search_locations)))


def domain_of(module: str) -> Domain:
    """The domain of a module's words: `guide.games.<id>...` is that game's, a module of a
    game's package outside guide/ is that game's, the rest the core's."""
    parts = module.split(".")
    if len(parts) > 2 and parts[0] == "guide" and parts[1] == "games":
        return domain(parts[2])
    for found in list(_domains.values()):
        if found.package and (module == found.package or module.startswith(found.package + ".")):
            return found
    return domain(CORE)


def help_text(text: str | None, module: str) -> str:
    """A docstring or an option's help, in the table's language (the catalogue's key is the
    text as `inspect.cleandoc` gives it)."""
    if not text:
        return ""
    return domain_of(module).gettext(inspect.cleandoc(text))


def pgettext_any(context: str, message: str) -> str:
    """A message of whichever catalogue holds it, a game's (the registered games' in order)
    or the core's, else English: the words the core shows without knowing whose they are (a
    game's schema's description in a problem, context "schema")."""
    if _current == ENGLISH or not message:
        return message
    key = _key(context, message)
    for name in (*sorted(set(_domains) - {CORE}), CORE):
        found = _lookup((name,), key)
        if found is not None:
            return found
    domain(CORE)._miss(context, message)
    return message


def _key(context: str | None, message: str) -> str:
    """A message's key in a catalogue: with a context, gettext's "context\x04message"."""
    return message if context is None else f"{context}\x04{message}"


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is made (a table of words at import time);
    it is translated where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """N_ with a context (pgettext's): marked here, translated where it is shown."""
    return message


def _(message: str) -> str:
    return domain(CORE).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return domain(CORE).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return domain(CORE).pgettext(context, message)


# click's own messages (usage, "Missing argument", "No such option", the help's headings)
# come through the core's catalogue: click calls gettext where it speaks, by module.
CLICK_MODULES = ("click.core", "click.exceptions", "click.types", "click.parser",
                 "click.formatting", "click.decorators", "click.termui")


# Words click translates from a variable (so its source does not show them as messages).
CLICK_WORDS = (NP_("click", "required"),)
# The names of click's number types, which its refusal "{value!r} is not a valid
# {number_type}." formats in as they are (the key each one is looked up by).
NUMBER_WORDS = (NP_("click", "integer"), NP_("click", "integer range"),
                NP_("click", "float"), NP_("click", "float range"))


def _click_gettext(message: str) -> str:
    return domain(CORE).pgettext("click", message)


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    return domain(CORE).npgettext("click", singular, plural, n)


class _TypeWord(str):
    """A click number type's name: itself where click compares it or upper-cases it into a
    placeholder (INTEGER), in the table's language where click formats it into a refusal."""

    def __format__(self, spec: str) -> str:
        return format(_click_gettext(str(self)), spec)


def quoted(text: str) -> str:
    """A name quoted in a refusal (click's '--seed', 'PATHS...'), with the quotation marks
    of the table's language (French « », Ukrainian «»)."""
    return pgettext("quote", "'{text}'").format(text=text)


def heading(text: str) -> str:
    """A heading of click's help ("Options:"), its colon as the language writes it (French
    puts a no-break space before it)."""
    return pgettext("click", "{heading}:").format(heading=text)


def _error_hint(param: Any, ctx: Any) -> str:
    """click's Parameter.get_error_hint, its quotation marks the language's."""
    return " / ".join(quoted(x) for x in param.opts or [param.human_readable_name])


def _argument_hint(param: Any, ctx: Any) -> str:
    """click's Argument.get_error_hint (its placeholder, PATHS...), quoted as the language
    quotes."""
    if ctx is None:
        return quoted(param.human_readable_name)
    try:
        return quoted(param.make_metavar(ctx))
    except TypeError:                       # click before 8.2: make_metavar()
        return quoted(param.make_metavar())


def install_click() -> None:
    """Route click's gettext calls through the core's catalogue (context "click"), and
    click's number types' names, its help's headings and the quotation marks of its
    refusals too."""
    import importlib

    import click

    for kind in (click.types.IntParamType, click.types.IntRange, click.types.FloatParamType,
                 click.types.FloatRange):
        if not isinstance(kind.name, _TypeWord):
            kind.name = _TypeWord(kind.name)

    class SaidFormatter(click.HelpFormatter):
        def write_heading(self, text: str) -> None:
            self.write(f"{'':>{self.current_indent}}{heading(text)}\n")

    click.Context.formatter_class = SaidFormatter
    click.Parameter.get_error_hint = _error_hint            # type: ignore[method-assign,assignment]
    click.Argument.get_error_hint = _argument_hint          # type: ignore[method-assign,assignment]

    for name in CLICK_MODULES:
        module = importlib.import_module(name)
        if hasattr(module, "_"):
            module._ = _click_gettext              # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _click_ngettext      # type: ignore[attr-defined]


install_click()
