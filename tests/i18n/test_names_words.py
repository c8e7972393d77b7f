"""What a name names is said in the game's own catalogue, at the moment the refusal is made
(issue 23: the core's catalogue holds no game's words; guide.core.names.resolve)."""

from __future__ import annotations

from io import BytesIO

import pytest
from babel.messages.pofile import read_po

from guide.core import i18n
from guide.core.names import WHAT
from guide.core.repl.run import attempt, open_table
from guide.core.result import text
from guide.locale import catalogues as cat


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use("en")


def _say(t, line: str) -> str:
    out = attempt(t, line)
    return out if isinstance(out, str) else text(out)


def test_the_core_catalogue_holds_only_the_cores_own_words_for_what_a_name_names():
    with cat.pot_path("core").open("rb") as f:
        core = {m.id for m in read_po(f) if m.context == "what"}
    assert core == set(WHAT) == {"name", "command", "seat", "rule"}
    with cat.pot_path("kaverini").open("rb") as f:
        kaverini = {m.id for m in read_po(f) if m.context == "what"}
    assert {"Kaveri", "Kaveri, buddy or companion (or all)", "technique", "ladder"} <= kaverini


def test_a_taverne_refusal_names_the_player_in_french(tmp_path):
    t = open_table(tmp_path / "t.sqlite", [], 1, game_id="taverne", lang="fr")
    try:
        _say(t, "player Marie --loot 2")
        with i18n.recording() as misses:
            said = _say(t, "buy Zed pint")
        assert "joueur «\u00a0Zed\u00a0» introuvable (connus\u00a0: Marie)" in said, said
        assert not misses, misses
    finally:
        t.close()


def test_a_cv_refusal_names_the_player_in_ukrainian_then_in_english_after_lang(tmp_path):
    """The word is said when the refusal is made, not when the parameter was made: `lang`
    changes it at once."""
    t = open_table(tmp_path / "c.sqlite", [], 1, game_id="cv", lang="uk")
    try:
        _say(t, "players Оля Петро")
        with i18n.recording() as misses:
            assert "гравець «Zed»: не знайдено" in _say(t, "hand Zed Jogging")
        assert not misses, misses
        _say(t, "lang en")
        assert "no player named 'Zed'" in _say(t, "hand Zed Jogging")
    finally:
        t.close()


def test_the_words_moved_with_their_translations():
    def strings(lang: str, name: str) -> dict[str, str]:
        path = i18n.LOCALE / lang / "LC_MESSAGES" / f"{name}.po"
        return {m.id: m.string for m in read_po(BytesIO(path.read_bytes())) if m.context == "what"}
    cv = strings("uk", "cv")
    assert cv["player"] == "гравець" and cv["symbol"] == "символ" and cv["goal"] == "ціль"
    taverne = strings("fr", "taverne")
    assert taverne["Character"] == "Personnage" and taverne["attacker"] == "attaquant"
