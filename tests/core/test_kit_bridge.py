"""The bridge from every game's rules to the table (issue 23, item 2): one dice protocol and
shuffle, one refusal, one name resolver, one toolbar fitting, over every installed game."""

from __future__ import annotations

import pytest

from guide.core.dice import Dice, DiceError, DiceLike, pick, shuffle


# --- one dice protocol and one shuffle (R-DICE-1, R-DICE-3) -----------------------------------
def test_the_table_dice_seeded_and_own_faces_fit_the_one_protocol_R_DICE_3():
    table: DiceLike = Dice(faces=[2, 6])
    assert [table.d(6), table.d(6)] == [2, 6]
    seeded = [Dice(5).d(20) for _ in range(3)]
    assert len(set(seeded)) == 1                  # one seed, one face


def test_a_shuffle_is_drawn_from_the_dice_so_the_table_faces_decide_it():
    # Fisher-Yates from the end: a d3 picks place 3's card, then a d2 place 2's
    assert shuffle(["a", "b", "c"], Dice(faces=[1, 1])) == ["b", "c", "a"]
    assert shuffle(["a", "b", "c"], Dice(faces=[3, 2])) == ["a", "b", "c"]
    deck = list(range(20))
    assert shuffle(deck, Dice(9)) == shuffle(deck, Dice(9)) != deck
    assert deck == list(range(20))                # a new list: the deck itself is untouched


def test_a_pick_is_one_die_of_as_many_faces():
    assert pick(["x", "y", "z"], Dice(faces=[2])) == "y"
    with pytest.raises(DiceError):
        pick([], Dice(1))
    with pytest.raises(DiceError, match="a d3 shows 1 to 3, not 4"):
        pick(["x", "y", "z"], Dice(faces=[4]))


def test_split_dice_are_reproducible_take_no_table_faces_and_record_nothing():
    a, b = Dice(3, faces=[1]), Dice(3, faces=[1])
    left, right = a.split(), b.split()
    assert [left.d(100) for _ in range(5)] == [right.d(100) for _ in range(5)]
    assert left.drawn == [] and a.drawn == [] and a.unused() == [1]


def test_a_simulator_dice_keeps_no_record():
    dice = Dice(1, record=False)
    for _ in range(100):
        dice.d(6)
    assert dice.drawn == []
