"""Events -> text: English with the Ukrainian names beside, and the Ukrainian catalogue (that
every message has its Ukrainian, with the same fields: tests/i18n)."""

from __future__ import annotations

from cv_support import Table, lib

from guide.games.cv import phase, score


def _a_game() -> Table:
    t = Table("Ann", "Bob", decks={"youth": 6, "maturity": 5, "old_age": 3})
    t.run(phase.note_hand, "Ann", "Life insurance", [])
    t.roll("Ann", "money,money,failure,failure,failure")
    t.reroll("Ann", [1], "happiness")
    t.take("Ann", "Jogging", "health", cost="money", gives="health")
    t.run(phase.play, "Ann", "5")
    t.end("Ann")
    t.p("Ann")["cv"]["property"][0]["points"] = 1
    t.run(score.set_goal, "Ann", "80")
    t.run(score.set_public, ["76"])
    t.score()
    return t


def test_english_lines_show_the_ukrainian_names_beside():
    text = _a_game().text()
    assert "Ann rolls 1 Money (Гроші), 2 Money (Гроші), 3 Failure (Невдача), frozen" in text
    assert "Failures 3 (costs 1 active card, V-FAIL-1)" in text
    assert "Ann takes Jogging, Health (Здоров'я), paying Money (Гроші) (gives Health (Здоров'я))" in text
    assert "Ann plays Life insurance: no card is lost to this misfortune" in text


def test_ukrainian_lines_use_the_seeds_words():
    t = _a_game()
    text = t.text(lang="uk")
    assert "Ann кидає: 1 Гроші, 2 Гроші, 3 Невдача (заморожена)" in text
    assert "Ann бере карту «Jogging», Здоров'я, платить: Гроші (дає: Здоров'я)" in text
    for english in ("Money", "Failure", "Health", "rolls", "takes"):
        assert english not in text, english


def test_every_event_of_a_game_renders_in_both_languages():
    t = _a_game()
    from guide.games.cv.render import Renderer
    for lang in ("en", "uk"):
        r = Renderer(lib(), lang)
        for e in t.events:
            assert r.render(e), (lang, e["kind"])
