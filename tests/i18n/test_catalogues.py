"""The catalogues against the code: every message the code can send is in its domain's
English catalogue (.pot) and translated in each language's .po (same {fields}, every plural
form), the compiled .mo is the .po's, plural rules are gettext's, French typography holds."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from guide.core import i18n
from guide.locale import catalogues as cat

DOMAINS = cat.DOMAINS
TRANSLATED = [(name, code) for name, codes in cat.TRANSLATED.items() for code in codes]


def _read(path: Path, code: str | None = None):
    with path.open("rb") as f:
        return read_po(f, locale=code)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use("en")


@pytest.fixture(scope="module")
def extracted():
    return {name: set(cat.extracted(name)) for name in DOMAINS}


@pytest.mark.parametrize("name", DOMAINS)
def test_the_english_catalogue_holds_every_message_the_code_uses(name, extracted):
    pot = cat.keys(_read(cat.pot_path(name)))
    missing = extracted[name] - pot
    assert not missing, f"{name}.pot lacks {sorted(map(str, missing))[:5]}: python -m guide.locale update"
    assert not pot - extracted[name], f"{name}.pot holds messages the code no longer uses"


@pytest.mark.parametrize(("name", "code"), TRANSLATED)
def test_each_language_translates_every_message_the_code_uses(name, code, extracted):
    po = _read(cat.po_path(name, code), code)
    lacking = extracted[name] - cat.keys(po)
    assert not lacking, f"{code}/{name}.po lacks {sorted(map(str, lacking))[:5]}"
    bare = cat.untranslated(po)
    assert not bare, f"{code}/{name}.po leaves {[m.id for m in bare][:5]} untranslated"
    assert not cat.wrong_fields(po)


@pytest.mark.parametrize(("name", "code"), TRANSLATED)
def test_the_compiled_catalogue_is_the_po_file(name, code):
    po = cat.po_path(name, code)
    assert po.with_suffix(".mo").read_bytes() == cat.compiled(po), "python -m guide.locale compile"


def test_a_message_the_catalogue_lacks_is_caught_by_the_check(tmp_path, monkeypatch):
    """The catalogue test can fail: a new message in a game's code is reported as lacking."""
    game = tmp_path / "guide" / "games" / "cv"
    game.mkdir(parents=True)
    (game / "new.py").write_text('_("a message nobody translated yet {x}")\n')
    monkeypatch.setattr(cat, "sources", lambda name: [game / "new.py"])
    monkeypatch.setattr(cat, "_help_texts", lambda name: iter(()))
    assert (None, "a message nobody translated yet {x}") in cat.extracted("cv")
    assert (None, "a message nobody translated yet {x}") not in cat.keys(_read(cat.po_path("cv", "uk"), "uk"))


def test_plural_forms_are_gettexts_ukrainian_three_english_and_french_two():
    cv = i18n.domain("cv")
    forms = {"uk": {1: "1 карта", 2: "2 карти", 5: "5 карт", 11: "11 карт", 21: "21 карта",
                    22: "22 карти", 0: "0 карт"},
             "en": {1: "1 card", 2: "2 cards", 0: "0 cards"}}
    for code, want in forms.items():
        with i18n.speaking(code):
            assert {n: cv.ngettext("{n} card", "{n} cards", n).format(n=n) for n in want} == want
    taverne = i18n.domain("taverne")
    with i18n.speaking("fr"):
        said = {n: taverne.ngettext("{count} Specialty in hand", "{count} Specialties in hand", n)
                .format(count=n) for n in (0, 1, 2)}
    assert said == {0: "0 Spécialité en main", 1: "1 Spécialité en main", 2: "2 Spécialités en main"}
    headers = {code: _read(cat.po_path("core", code), code).plural_forms for code in ("uk", "fr")}
    assert headers["fr"] == "nplurals=2; plural=(n > 1);"
    assert headers["uk"].startswith("nplurals=3;")


NBSP = "\u00a0"


@pytest.mark.parametrize("name", [n for n, c in TRANSLATED if c == "fr"])
def test_french_puts_a_no_break_space_before_colons_semicolons_and_marks(name):
    """French typography, one choice everywhere: U+00A0 before : ; ! ? and inside « »."""
    bad = []
    for m in _read(cat.po_path(name, "fr"), "fr"):
        if not m.id:
            continue
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            plain = re.sub(r"`[^`]*`|\{[^}]*\}|https?://\S+|%\([a-z]+\)s", "", s)
            if re.search(r" [:;!?»]", plain) or re.search(r"«(?!\u00a0)", plain) \
                    or re.search(r"[^\s\u00a0(\[][;!?»](\s|$)", plain) \
                    or re.search(r"[^\s\u00a0(\[:]:(\s|$)", plain):
                bad.append(s)
    assert not bad, bad[:5]


def _stores_underscore(fn: ast.AST):
    comps = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Lambda,
             ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    for child in ast.iter_child_nodes(fn):
        if isinstance(child, comps):
            continue
        if isinstance(child, ast.Name) and child.id == "_" and isinstance(child.ctx, ast.Store):
            yield child
        yield from _stores_underscore(child)


def test_no_function_that_translates_binds_underscore_itself():
    """`for _ in ...` in a function that also calls `_()` would make `_` local there (an
    UnboundLocalError at the table, in whichever language)."""
    bad = []
    for path in sorted((cat.LOCALE.parent).rglob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(_stores_underscore(fn)) \
                    and any(isinstance(n, ast.Call) and getattr(n.func, "id", "") == "_"
                            for n in ast.walk(fn)):
                bad.append(f"{path.name}:{fn.lineno} {fn.name}")
    assert not bad


def test_a_message_falls_back_to_english_per_message_and_the_miss_is_recorded():
    cv = i18n.domain("cv")
    with i18n.speaking("uk"), i18n.recording() as misses:
        assert cv.gettext("Language: Ukrainian") == "Мова: українська"
        assert cv.gettext("no such message anywhere") == "no such message anywhere"
        assert cv.gettext("nothing to undo") == "нічого скасовувати"      # the core's, from a game
    assert misses == {("cv", None, "no such message anywhere")}
    with i18n.speaking("fr"):
        assert i18n.domain("kaverini").gettext("no campaign is open") == "aucune campagne n’est ouverte"


def test_ukrainian_says_karta_for_a_card_as_the_cv_rulebook_does():
    """The CV rulebook calls a card "карта" (колоди карт, карта Роботи; "картка" only now
    and then); the catalogues a Ukrainian CV table reads had both. One word: карта."""
    word = re.compile(r"(?<!\w)карт(ка|ки|ку|ці|кою|ок|кам|ками|ках)(?!\w)", re.IGNORECASE)
    for name in ("cv", "core"):
        said = [text for m in _read(cat.po_path(name, "uk"), "uk") if m.id
                for text in ((m.string,) if isinstance(m.string, str) else m.string)
                if word.search(text)]
        assert said == [], (name, said)
    with i18n.speaking("uk"):
        assert i18n.domain("cv").ngettext("{n} card", "{n} cards", 5).format(n=5) == "5 карт"
