"""Extraction, update, compilation and checks of the gettext catalogues (with Babel; the
table itself reads only the compiled `.mo`, with Python's gettext). See `__main__`.

The project's own domains (the core and its games) live in guide/locale. A game outside
guide/ (a distribution of its own, or Tally in the tests) keeps its catalogue in its own
package's `locale/` folder (`guide.core.i18n.domain(id, __package__)`), in the languages of
its settings; the functions below take it once `outside` has it (the command line's
`MODULE:CLASS` or installed game id)."""

from __future__ import annotations

import importlib
import inspect
import io
import re
import string
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from guide.core import settings
from guide.core.game import Game
from guide.core.i18n import CLICK_MODULES, CORE, ENGLISH, LOCALE, domain

ROOT = LOCALE.parent.parent          # the repository (or the site-packages folder)
GAMES = ("kaverini", "cv", "taverne", "kaivo", "cave")
DOMAINS = (CORE, *GAMES)
# The languages each domain is translated into (English is the code's own).
TRANSLATED: dict[str, tuple[str, ...]] = {CORE: ("uk", "fr"), "cv": ("uk",), "taverne": ("fr",)}
# The plural rules where gettext's usage differs from CLDR's (Babel's): French counts "0 point,
# 1 point, 2 points" with two forms, as GNU gettext and the translators' tools have it.
PLURALS: dict[str, tuple[int, str]] = {"fr": (2, "(n > 1)")}
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": ((1, "c"), 2)}
# Games outside guide/ whose catalogues are kept here too, by id (`add_outside`).
outside: dict[str, Game] = {}

Key = tuple[str | None, str | tuple[str, str]]     # (context, msgid or (singular, plural))


def add_outside(spec: str) -> str:
    """A game outside guide/, by `MODULE:CLASS` (importable) or installed id, taken in by
    the functions below; its id. A ValueError if it has no catalogue folder of its own."""
    from guide.core.games import load

    if ":" in spec:
        module, _sep, attribute = spec.partition(":")
        game = getattr(importlib.import_module(module), attribute)()
    else:
        game = load(spec)
    if not isinstance(game, Game) or not game.id or domain(game.id).package is None:
        raise ValueError(f"{spec}: not a game whose package names its catalogue"
                         " (domain(ID, __package__))")
    outside[game.id] = game
    return game.id


def _game(name: str) -> Game:
    from guide.core.games import load

    return outside[name] if name in outside else load(name)


def translated(name: str) -> tuple[str, ...]:
    """The languages a domain is translated into: the project's table, or an outside game's
    own languages but English."""
    if name in outside:
        return tuple(c for c in outside[name].settings.languages if c != ENGLISH)
    return TRANSLATED.get(name, ())


def sources(name: str) -> list[Path]:
    guide = LOCALE.parent
    if name == CORE:
        return [guide / "cli.py", *sorted((guide / "core").rglob("*.py"))]
    if name in outside:
        return sorted(domain(name).folder.parent.rglob("*.py"))
    return sorted((guide / "games" / name).rglob("*.py"))


def _where(path: Path) -> str:
    """A source's place in a catalogue: from its package's folder for a game outside guide/
    (`tally/rules.py`, as its help is placed), from the repository for the project's own."""
    for base in (*(domain(n).folder.parent.parent for n in outside), ROOT):
        if path.is_relative_to(base):
            return str(path.relative_to(base))
    return path.name


def extracted(name: str) -> dict[Key, set[str]]:
    """The domain's messages (with the files that use them), as the code has them now."""
    found: dict[Key, set[str]] = {}

    def add(context: str | None, message: str | tuple[str, ...], where: str) -> None:
        if isinstance(message, tuple):
            if len(message) < 2 or not message[0]:
                return
            key: Key = (context, (message[0], message[1]))
        elif not message:
            return
        else:
            key = (context, message)
        found.setdefault(key, set()).add(where)

    for path in sources(name):
        for _line, message, _comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, strip_comment_tags=True):
            add(context, message, _where(path))
    for where, context, message in _help_texts(name):
        add(context, message, where)
    if name == CORE:
        for module_name in CLICK_MODULES:
            module = importlib.import_module(module_name)
            path = Path(inspect.getfile(module))
            for _line, message, _comments, _context in extract_from_file(
                    "python", str(path), keywords=KEYWORDS):
                add("click", message, f"click/{path.name}")
    return found


def _help_texts(name: str) -> Iterator[tuple[str, str | None, str]]:
    """The help of the domain's commands: docstrings, option and argument help, families."""
    import click

    from guide.core.commands import CORE as CORE_COMMANDS
    from guide.core.reference import REFERENCE
    from guide.core.registry import metavar_word

    registry = CORE_COMMANDS.merged(REFERENCE) if name == CORE else _game(name).commands
    families = set(registry.families)
    for cmd in registry.commands.values():
        module = cmd.function.__module__
        where = module.replace(".", "/") + ".py"
        families.add(cmd.family)
        if cmd.function.__doc__:
            yield where, None, inspect.cleandoc(cmd.function.__doc__)
        ctx = click.Context(cmd.click_command, info_name=cmd.name)
        for param in cmd.click_command.params:
            text = getattr(param, "help", None)
            if text:
                yield where, None, inspect.cleandoc(text)
            word = metavar_word(param, ctx)
            if word:
                yield where, "metavar", word
    for family in sorted(families):
        yield f"{name} families", "family", family
    yield from _cli_texts(name)


def _cli_texts(name: str) -> Iterator[tuple[str, str | None, str]]:
    """The help of `guide`'s subcommands of the domain: the core's own (`guide --help`,
    `guide check --help`), a game's (`guide cave sim --help`) and its `guide play` options."""
    from guide.core.clihelp import help_texts
    from guide.core.i18n import domain_of

    found: list[tuple[str, str | None, str]] = []
    if name == CORE:
        from guide.cli import cli

        found += help_texts(cli)
    else:
        game = _game(name)
        for command in game.cli():
            found += help_texts(command)
        module = domain(name).package or f"guide.games.{name}"
        for schema in settings.schemas(game).values():
            found += [(module, "schema", text) for text in described(schema)]
        for option in settings.start_options(game):
            if option.help:
                found.append((module, None, inspect.cleandoc(option.help)))
            if option.metavar:
                found.append((module, "metavar", option.metavar))
    for module, context, text in found:
        if domain_of(module).name == name:
            yield module.replace(".", "/") + ".py", context, text


def described(schema: object) -> set[str]:
    """The descriptions of a schema that a problem may show ("expected {form}": those of a
    pattern, anyOf or oneOf; guide.core.schema._describe)."""
    found: set[str] = set()
    if isinstance(schema, dict):
        if isinstance(schema.get("description"), str) and any(
                k in schema for k in ("pattern", "anyOf", "oneOf")):
            found.add(schema["description"])
        for value in schema.values():
            found |= described(value)
    elif isinstance(schema, list):
        for value in schema:
            found |= described(value)
    return found


def template(name: str) -> Catalog:
    cat = Catalog(project="guide", domain=name, charset="utf-8", fuzzy=False)
    for (context, message), places in sorted(extracted(name).items(), key=_order):
        cat.add(message, locations=[(p, None) for p in sorted(places)],  # type: ignore[misc]
                context=context,
                flags=("python-brace-format",) if _fields(message) else ())
    return cat


def _order(item: tuple[Key, set[str]]) -> tuple[str, str, str]:
    (context, message), places = item
    text = message if isinstance(message, str) else message[0]
    return (min(places), context or "", text)


def _fields(message: str | tuple[str, str]) -> set[str]:
    texts = (message,) if isinstance(message, str) else message
    out: set[str] = set()
    for text in texts:
        try:
            out |= {f for _, f, _, _ in string.Formatter().parse(text) if f}
        except ValueError:
            pass
    return out


def pot_path(name: str) -> Path:
    return domain(name).folder / f"{name}.pot"


def po_path(name: str, code: str) -> Path:
    return domain(name).folder / code / "LC_MESSAGES" / f"{name}.po"


def _write(path: Path, cat: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, cat, width=100, include_lineno=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_stable(out.getvalue()))


def _stable(po: bytes) -> bytes:
    """Without the dates Babel writes, so an unchanged catalogue gives the same bytes."""
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", po)


def extract_all(names: tuple[str, ...] = DOMAINS) -> None:
    for name in names:
        _write(pot_path(name), template(name))


def update_all(names: tuple[str, ...] = DOMAINS) -> None:
    for name in names:
        codes = translated(name)
        if not codes:
            continue
        with pot_path(name).open("rb") as f:
            pot = read_po(f)
        for code in codes:
            path = po_path(name, code)
            if path.exists():
                with path.open("rb") as f:
                    cat = read_po(f, locale=code)
            else:
                cat = Catalog(locale=code, domain=name, project="guide", charset="utf-8",
                              fuzzy=False)
            if code in PLURALS:
                cat._num_plurals, cat._plural_expr = PLURALS[code]  # type: ignore[assignment]
            cat.update(pot, no_fuzzy_matching=True, update_header_comment=False)
            _write(path, cat)


def compiled(path: Path) -> bytes:
    with path.open("rb") as f:
        cat = read_po(f)
    # the dates the .po leaves out (_stable) would be "now": one fixed date, the same bytes
    cat.creation_date = cat.revision_date = datetime(2026, 1, 1, tzinfo=UTC)
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


def compile_all(names: tuple[str, ...] = DOMAINS) -> None:
    for name in names:
        for code in translated(name):
            po = po_path(name, code)
            po.with_suffix(".mo").write_bytes(compiled(po))


def keys(cat: Catalog) -> set[Key]:
    return {(m.context, m.id if isinstance(m.id, str) else (m.id[0], m.id[1]))
            for m in cat if m.id}


def untranslated(cat: Catalog) -> list[Message]:
    return [m for m in cat if m.id and (m.fuzzy or not all(_strings(m)))]


def _strings(m: Message) -> list[str]:
    return list(m.string) if isinstance(m.string, (list, tuple)) else [m.string or ""]


def wrong_fields(cat: Catalog) -> list[str]:
    """Translations whose {fields} are not the English message's (a KeyError at the table)."""
    out = []
    for m in cat:
        if not m.id or not all(_strings(m)):
            continue
        want = _fields(m.id if isinstance(m.id, str) else (m.id[0], m.id[1]))
        for s in _strings(m):
            got = _fields(s)
            if not got <= want or (isinstance(m.id, str) and got != want):
                out.append(f"{m.id!r}: {sorted(got)} for {sorted(want)}")
    return out


def check(names: tuple[str, ...] = DOMAINS) -> list[str]:
    """What is behind the code: a .pot, a .po lacking (or not translating) a message, a .mo."""
    problems = []
    for name in names:
        fresh = template(name)
        path = pot_path(name)
        if not path.exists():
            problems.append(f"{path}: missing (python -m guide.locale update)")
            continue
        with path.open("rb") as f:
            pot = read_po(f)
        if keys(pot) != keys(fresh):
            problems.append(f"{path}: behind the code (python -m guide.locale update):"
                            f" {len(keys(fresh) - keys(pot))} new, {len(keys(pot) - keys(fresh))}"
                            " gone")
        for code in translated(name):
            po = po_path(name, code)
            with po.open("rb") as f:
                cat = read_po(f, locale=code)
            lacking = keys(fresh) - keys(cat)
            if lacking:
                problems.append(f"{po}: lacks {len(lacking)} messages, e.g. {sorted(map(str, lacking))[:3]}")
            bare = untranslated(cat)
            if bare:
                problems.append(f"{po}: {len(bare)} messages untranslated, e.g. {bare[0].id!r}")
            problems += [f"{po}: {w}" for w in wrong_fields(cat)]
            mo = po.with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compiled(po):
                problems.append(f"{mo}: not the compiled {po.name} (python -m guide.locale compile)")
    return problems
