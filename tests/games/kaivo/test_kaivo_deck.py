"""K-DECK-1: the deck file."""

from __future__ import annotations

import re

import pytest
import yaml
from kaivo_helpers import rules

from guide.core.errors import DataError
from guide.games.kaivo import deck


def test_k_deck_1_default_deck_is_four_of_each_number_and_two_of_each_power():
    assert len(rules.values) == 48
    assert [rules.counts[v] for v in range(10)] == [4] * 10
    assert [rules.counts[v] for v in (10, 11, 12, 13)] == [2, 2, 2, 2]
    assert rules.powers == {10: "peek", 11: "spy", 12: "swap", 13: "mindread"}
    assert [rules.name(v) for v in (0, 9, 10, 11, 12, 13)] == ["0", "9", "Peek", "Spy", "Swap", "Mind Read"]


def test_k_deck_1_the_numbers_of_the_rules_come_from_the_deck_file():
    assert (rules.hand, rules.outer, rules.min_players, rules.max_players) == (4, (0, 3), 2, 4)
    assert (rules.early_call, rules.lands_on, rules.drops_to, rules.ends_above) == (10, 100, 50, 100)
    assert (rules.glimpse_chance, rules.glimpse_in) == (1, 3)
    assert (rules.clock_turn, rules.clock_target) == (20, 10)


def deck_file(tmp_path, data) -> object:
    (tmp_path / "deck.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return tmp_path


def test_k_deck_1_a_table_can_match_its_own_deck(tmp_path):
    rules = deck.load(deck_file(tmp_path, {
        "cards": [{"name": "0", "points": 0, "count": 10},
                  {"name": "Peek", "points": 10, "count": 8, "power": "peek"}]}))
    assert rules.values == [0] * 10 + [10] * 8
    assert rules.mean == pytest.approx(80 / 18)


@pytest.mark.parametrize("data, message", [
    ({}, "1:1: file: missing required key 'cards'"),
    ({"cards": [{"name": "0", "points": 0, "count": -1}]}, "2:10: cards[1].count must be at least 0"),
    ({"cards": [{"name": "0", "points": 0, "count": 10**30}]}, "must be at most 100"),
    ({"cards": [{"name": "0", "points": 0, "count": 2e9}]}, "must be at most 100"),
    ({"cards": [{"name": "a", "points": 1, "count": 20}, {"name": "b", "points": 1, "count": 20}]},
     "7:11: cards[2]: two cards worth 1 points"),
    ({"cards": [{"name": "X", "points": 20, "count": 30, "power": "fly"}]}, "unknown 'fly'"),
    ({"cards": [{"name": "0", "points": 0, "count": 5}]}, "5 cards cannot deal 4 hands"),
    ({"cards": [{"name": "0", "points": 0, "cuont": 50}]}, "unknown key 'cuont'; did you mean 'count'?"),
])
def test_k_deck_1_a_bad_deck_file_is_one_positioned_line(tmp_path, data, message):
    with pytest.raises(DataError, match=re.escape(message)):
        deck.load(deck_file(tmp_path, data))


def test_k_deck_1_an_unreadable_deck_file_names_the_file(tmp_path):
    (tmp_path / "deck.yaml").write_text("cards: [", encoding="utf-8")
    with pytest.raises(DataError, match="deck.yaml:2:1: YAML syntax error"):
        deck.load(tmp_path)
