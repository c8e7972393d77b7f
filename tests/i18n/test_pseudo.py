"""Kaverini and Cave escape have only their English catalogues (no language of their own yet),
so their evenings are played in a pseudo-language made of those catalogues: every message of
a .pot is "translated" by swapping each letter for an accented one (a → á, t → ţ), as a
translator's catalogue would. What the table shows may then hold plain ASCII words only
where they are the table's own (what the script typed, names in the state and the events) or
the command words (decisions: Languages). A plain English word anywhere else is a message
the code sends without its catalogue: unmarked, or marked but missing from the .pot."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from guide.core import i18n
from guide.core.repl.run import attempt, open_table
from guide.core.result import text
from guide.locale import catalogues as cat

PSEUDO = "pseudo"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "áƀçđéƒĝĥíĵķĺɱñóƥʠŕśţúʋŵẋýźÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŚŢÚƲŴẊÝŹ"
_SWAP = str.maketrans(_PLAIN, _ACCENTED)
# kept as they are: {fields}, %(click)s fields, `command words`, <html tags>, &entities;
_KEEP = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr]|`[^`]*`|<[^<>]*>|&[a-z]+;")


def pseudo(message: str) -> str:
    out, at = [], 0
    for m in _KEEP.finditer(message):
        out += [message[at:m.start()].translate(_SWAP), m.group()]
        at = m.end()
    out.append(message[at:].translate(_SWAP))
    return "".join(out)


class Pseudo:
    """A compiled catalogue as guide.core.i18n reads one (`_catalog`, `plural`), made of a
    domain's .pot: every message, every plural form, in the pseudo-language."""

    def __init__(self, name: str):
        self._catalog: dict[Any, str] = {}
        with cat.pot_path(name).open("rb") as f:
            for m in read_po(f):
                if not m.id:
                    continue
                ctx = f"{m.context}\x04" if m.context else ""
                if isinstance(m.id, str):
                    self._catalog[ctx + m.id] = pseudo(m.id)
                else:
                    self._catalog[(ctx + m.id[0], 0)] = pseudo(m.id[0])
                    self._catalog[(ctx + m.id[1], 1)] = pseudo(m.id[1])
                    self._catalog[(ctx + m.id[0], 1)] = pseudo(m.id[1])

    @staticmethod
    def plural(n: int) -> int:
        return 0 if n == 1 else 1


@pytest.fixture
def speak_pseudo(monkeypatch):
    """The table speaks the pseudo-language: i18n finds a Pseudo catalogue for every domain."""
    made: dict[str, Pseudo] = {}
    real = i18n.catalogue

    def catalogue(name: str, code: str):
        if code != PSEUDO:
            return real(name, code)
        if name not in made:
            made[name] = Pseudo(name)
        return made[name]

    monkeypatch.setattr(i18n, "catalogue", catalogue)
    monkeypatch.setitem(i18n.LANGUAGES, PSEUDO, "pseudo")
    yield
    i18n.use("en")


def _words(value: Any) -> set[str]:
    """Every word of every string in a value (a state, events, a script)."""
    return set(re.findall(r"[A-Za-z]+", json.dumps(value, ensure_ascii=False)))


# Words that stand for themselves in any language: units and dice the rulebooks print
# (d20, 2d4), file names, the campaign's own name.
_SAME = {"d", "sqlite", "campaign", "json", "yaml", "x"}


def plain_words(shown: str, allowed: set[str]) -> list[str]:
    """The plain (ASCII) words of what the table showed that are none of the allowed."""
    found = []
    for word in re.findall(r"(?<![\w\u00c0-\u024f\u1e00-\u1eff])[A-Za-z]{2,}(?![\w\u00c0-\u024f\u1e00-\u1eff])",
                           shown):
        if word not in allowed and word.lower() not in _SAME:
            found.append(word)
    return found


def play(path: Path, game: str, script: str, boxes: list[Path] | None = None) -> list[tuple[str, str]]:
    """The script played in the pseudo-language; (line, what the table showed for it with
    its prompt, toolbar and TV page words) for each line that showed an unexpected plain
    word, the plain words named."""
    t = open_table(path, boxes or [], 1, game_id=game)
    t.lang = PSEUDO
    typed = _words(script)
    commands = set(t.registry.commands) | {n for c in t.registry.commands.values()
                                           for p in c.click_command.params
                                           for o in getattr(p, "opts", []) for n in re.findall(r"[a-z]+", o)}
    bad: list[tuple[str, str]] = []
    try:
        for line in [ln for ln in script.strip().splitlines() if ln.strip()]:
            outcome = attempt(t, line)
            shown = [outcome if isinstance(outcome, str) else text(outcome), t.game.prompt(t),
                     str(t.game.toolbar(t) or ""),
                     json.dumps(t.game.view(t), ensure_ascii=False)]
            allowed = typed | commands | _words(dict(t.state)) | _words(t.story) | _words(
                [e.story for e in t.store.entries()] if hasattr(t.store, "entries") else [])
            left = plain_words("\n".join(shown), allowed)
            if left:
                bad.append((line, " ".join(sorted(set(left)))))
    finally:
        t.close()
    return bad
