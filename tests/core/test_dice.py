"""R-DICE-1..3: dice expressions, the percentile, the table's own dice."""

import pytest

from guide.core.dice import TENS_AND_ONES, Dice, DiceError, Percentile, parse_faces, roll_expression


def test_r_dice_1_ndx_adds_dice_and_constants():
    r = roll_expression("2d4+1", Dice(faces=[3, 4]))
    assert r.total == 8
    assert r.breakdown == "2d4 (3, 4) + 1 = 8"


def test_r_dice_1_same_seed_same_roll():
    assert roll_expression("10d20", Dice(7)).total == roll_expression("10d20", Dice(7)).total


def test_keep_drop_explode_reroll_forms():
    assert roll_expression("4d6kh3", Dice(faces=[1, 6, 5, 4])).total == 15
    assert roll_expression("2d20kl1", Dice(faces=[17, 3])).total == 3
    assert roll_expression("1d6e6", Dice(faces=[6, 2])).total == 8
    assert roll_expression("1d6rr1", Dice(faces=[1, 5])).total == 5
    assert "[1]" in roll_expression("4d6kh3", Dice(faces=[1, 6, 5, 4])).breakdown


@pytest.mark.parametrize("tens,ones,value", [(4, 5, 45), (10, 5, 5), (4, 10, 40), (10, 10, 100),
                                              (1, 10, 10), (10, 1, 1)])
def test_r_dice_2_percentile_is_tens_and_ones(tens, ones, value):
    assert Percentile(tens, ones).value == value


@pytest.mark.parametrize("expr", ["d%", "d100", "1d100", "1d%"])
def test_r_dice_2_d100_is_the_percentile(expr):
    r = roll_expression(expr, Dice(faces=[4, 5]), TENS_AND_ONES)
    assert r.total == 45
    assert "tens 4, ones 5" in r.breakdown


def test_r_dice_2_percentile_range():
    dice = Dice(3)
    values = {dice.percentile().value for _ in range(3000)}
    assert min(values) == 1 and max(values) == 100


def test_r_dice_3_table_faces_must_fit_the_die():
    with pytest.raises(DiceError, match="a d6 shows 1 to 6, not 7"):
        roll_expression("1d6", Dice(faces=[7]))


def test_r_dice_3_faces_are_used_in_order_then_rolling_resumes():
    dice = Dice(1, faces=[2])
    assert dice.d(20) == 2
    assert 1 <= dice.d(20) <= 20
    assert dice.drawn[0] == (20, 2)


@pytest.mark.parametrize("expr,message", [
    ("1000000000d6", "too many dice"),
    ("d99999999", "die too large"),
    ("1d1e1", "too many dice"),
    ("2d6+", "cannot read"),
    ("1d6/0", "divide by zero"),
    ("", "empty"),
    ("1d6" * 100, "too long"),
])
def test_bad_expressions_give_one_line(expr, message):
    with pytest.raises(DiceError) as e:
        roll_expression(expr, Dice(1))
    assert message in str(e.value).lower()
    assert "\n" not in str(e.value)


def test_parse_faces():
    assert parse_faces("4,5", "--dice") == [4, 5]
    with pytest.raises(DiceError, match="--dice"):
        parse_faces("four", "--dice")


def test_r_dice_2_a_percentile_inside_an_expression_is_two_d10():
    r = roll_expression("d%+1", Dice(faces=[10, 10]), TENS_AND_ONES)   # both 0: 100, then +1
    assert r.total == 101 and "tens 10, ones 10" in r.breakdown
    r = roll_expression("2d% + 1", Dice(faces=[1, 2, 3, 4]), TENS_AND_ONES)
    assert r.total == 12 + 34 + 1
    assert roll_expression("4d100kh1", Dice(faces=[8, 12, 11, 47]),    # not a percentile
                           TENS_AND_ONES).total == 47


@pytest.mark.parametrize("expr, faces, total", [("d%", [45], 45), ("d100", [100], 100),
                                                 ("2d% + 1", [7, 93], 101), ("1D%", [1], 1)])
def test_the_core_percentile_is_one_d100(expr, faces, total):
    """Outside Kaverini, d% is one die of a hundred faces (R-DICE-2 is Kaverini's own)."""
    dice = Dice(faces=faces)
    assert roll_expression(expr, dice).total == total
    assert dice.drawn == [(100, f) for f in faces]


@pytest.mark.parametrize("expr, total", [("1d20+5 adv", 22), ("adv", 17), ("1d20 dis", 3)])
def test_advantage_and_disadvantage_roll_the_d20_twice(expr, total):
    assert roll_expression(expr, Dice(faces=[3, 17])).total == total


def test_advantage_needs_a_d20():
    with pytest.raises(DiceError, match="adv needs a d20"):
        roll_expression("2d6 adv", Dice(1))
