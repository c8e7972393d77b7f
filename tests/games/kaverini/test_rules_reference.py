"""The project's own rules reference (docs/rules.md) and the `rules` command: every rule id a
Kaverini message or comment cites is explained there, and the prompt finds it."""

import re

import pytest

from conftest import ROOT
from guide.core.errors import CommandError
from guide.core.reference import find, search
from guide.games.kaverini.rules_text import parse, rules


def test_every_rule_id_the_code_cites_is_in_the_reference():
    cited = set()
    for path in (ROOT / "guide" / "games" / "kaverini").rglob("*.py"):
        cited |= set(re.findall(r"\bR-[A-Z]+-\d+\b", path.read_text()))
    known = {r.id for r in rules()}
    assert len(cited) > 40
    assert cited - known == set()


def test_a_rule_is_its_item_with_its_continuation_lines():
    text = "## Dice [0.2]\n- R-DICE-9 one\n  two three\n\nprose\n- R-X-1 a\n"
    assert [(r.id, r.section, r.text) for r in parse(text)] == [
        ("R-DICE-9", "Dice [0.2]", "one two three"), ("R-X-1", "Dice [0.2]", "a")]


def test_rules_r_conf_4_shows_the_foes_extra_hp(play):
    shown = play.do("rules r-conf-4").splitlines()
    assert shown[0].startswith("R-CONF-4")
    assert "(k-1) x Lv" in " ".join(shown)


def test_rules_searches_every_word_of_the_query():
    # R-ABIL-1: Lagom's parts each go through their target's Heel and Shield (the page now says so)
    assert [r.id for r in search(rules(), "heel shield")] == [
        "R-DMG-3", "R-DMG-7", "R-DMG-8", "R-ABIL-1", "R-CONF-3"]
    assert find(rules(), "R-CONF-10") is not None and "share" in find(rules(), "R-CONF-10").text


def test_an_unknown_rule_id_suggests_the_closest(play):
    with pytest.raises(CommandError, match="did you mean 'R-CONF-4'"):
        play.table.execute("rules R-CONF-44")
