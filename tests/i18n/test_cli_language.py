"""`guide --lang CODE ...` as a user runs it: click's own refusals and help in the language
asked for, with its typography (a heading's colon, the quotation marks), also when the
refused word comes before the language or belongs to `guide play`'s own `--lang`."""

from __future__ import annotations

import pytest
from installed import guide, guide_env

NBSP = "\u00a0"


@pytest.fixture
def env(tmp_path):
    return guide_env(tmp_path)


@pytest.mark.parametrize("args, said", [
    (["--lang", "uk", "--nope"], "Помилка: Немає параметра «--nope»."),
    (["--nope", "--lang", "uk"], "Помилка: Немає параметра «--nope»."),
    (["--lang=fr", "--nope"], f"Erreur{NBSP}: Pas d’option «{NBSP}--nope{NBSP}»."),
    (["--lang", "fr", "nope"], f"Erreur{NBSP}: Pas de commande «{NBSP}nope{NBSP}»."),
    (["--lang", "fr", "check"], f"Erreur{NBSP}: Argument manquant «{NBSP}CHEMINS...{NBSP}»."),
    (["play", "--lang", "uk", "--seed", "x"],
     "Помилка: Хибне значення для «--seed»: «x» — не ціле число."),
])
def test_an_unknown_word_beside_a_language_is_refused_in_that_language(env, args, said):
    r = guide(env, *args)
    assert r.returncode == 2
    assert said in r.stderr.splitlines(), r.stderr
    usage = "Використання: guide" if "uk" in args else f"Usage{NBSP}: guide"
    assert r.stderr.startswith(usage), r.stderr


def test_a_language_guide_does_not_speak_leaves_the_refusal_in_english(env):
    r = guide(env, "--lang", "xx", "--nope")
    assert r.returncode == 2 and "Error: No such option '--nope'." in r.stderr


def test_a_start_option_the_game_lacks_is_refused_in_the_tables_language(env, tmp_path):
    r = guide(env, "play", "--game", "cv", "--campaign", str(tmp_path / "cv.sqlite"),
              "--lang", "uk", "--nope")
    assert r.returncode == 1
    assert r.stderr.strip() == ("помилка: --nope: такого параметра немає ні в guide play, ні"
                                " серед параметрів запуску гри cv (її власні: немає)")
    assert not (tmp_path / "cv.sqlite").exists()


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["check", "--help"]])
def test_the_french_and_ukrainian_help_write_their_headings_their_way(env, args):
    fr = guide(env, "--lang", "fr", *args).stdout
    uk = guide(env, "--lang", "uk", *args).stdout
    english = guide(env, *args).stdout
    assert f"\nOptions{NBSP}:\n" in fr and "\nOptions:\n" not in fr, fr
    assert "\nПараметри:\n" in uk and "Options" not in uk, uk
    assert "\nOptions:\n" in english
    assert fr.startswith(f"Usage{NBSP}: guide") and uk.startswith("Використання: guide")
    if args == ["--help"]:
        assert f"\nCommandes{NBSP}:\n" in fr and "\nКоманди:\n" in uk
    if args == ["play", "--help"]:
        assert f"\nOptions de démarrage des jeux{NBSP}:\n" in fr
