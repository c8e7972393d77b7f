"""The common forms (NdM, NdM+K, NdM-K, d%) are rolled without d20's grammar (issue 32): the
same faces from the same seed, and the same breakdown and total, as d20 gives them."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guide.core import dice as dice_module
from guide.core.dice import Dice, DiceError, roll_expression


def by_d20(expression: str, seed: int):
    """The same roll with the fast path switched off: d20 reads the expression."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(dice_module, "_COMMON", re.compile(r"(?!)"))     # matches nothing
        return roll_expression(expression, Dice(seed))


def spaced(draw, word: str) -> str:
    return draw(st.sampled_from(["", " ", "  "])) + word


@st.composite
def common(draw) -> str:
    count = draw(st.sampled_from(["", "0", "1", "01"]) | st.integers(1, 40).map(str))
    sides = draw(st.sampled_from(["1", "6", "06", "20", "100", "%"])
                 | st.integers(1, 10_000).map(str))
    text = f"{count}d{sides}"
    if draw(st.booleans()):
        sign = draw(st.sampled_from(["+", "-"]))
        text += spaced(draw, sign) + spaced(draw, str(draw(st.integers(0, 10**6))))
    return spaced(draw, text) + draw(st.sampled_from(["", " "]))


@settings(max_examples=300, deadline=None)
@given(expression=common(), seed=st.integers(0, 2**32))
def test_the_fast_path_rolls_as_d20(expression: str, seed: int):
    assert dice_module._COMMON.fullmatch(expression.strip().replace("%", "100"))
    fast = roll_expression(expression, Dice(seed))
    slow = by_d20(expression, seed)
    assert fast == slow


@pytest.mark.parametrize("expression", ["1d6", "d20", "2d6+3", "3d8 - 2", "d%", "0d6", "10d10+5"])
def test_the_same_dice_are_drawn_in_the_same_order(expression: str, monkeypatch):
    fast_dice, slow_dice = Dice(7), Dice(7)
    roll_expression(expression, fast_dice)
    with monkeypatch.context() as m:
        m.setattr(dice_module, "_COMMON", re.compile(r"(?!)"))
        roll_expression(expression, slow_dice)
    assert fast_dice.drawn == slow_dice.drawn
    assert fast_dice.rng.random() == slow_dice.rng.random()


def test_the_tables_own_faces_and_their_errors_are_the_same():
    assert roll_expression("2d6+1", Dice(faces=[3, 4])).breakdown == "2d6 (3, 4) + 1 = 8"
    with pytest.raises(DiceError, match="a d6 shows 1 to 6, not 9"):
        roll_expression("2d6", Dice(faces=[9]))


@pytest.mark.parametrize("expression", ["1d0", "1D6", "2d6+1+1", "4d6kh3", "d20 adv"])
def test_other_forms_still_go_to_d20(expression: str):
    try:
        fast = roll_expression(expression, Dice(5))
    except DiceError as e:
        with pytest.raises(DiceError, match=re.escape(str(e))):
            by_d20(expression, 5)
    else:
        assert fast == by_d20(expression, 5)


def test_a_one_command_roll_does_not_build_the_grammar():
    import subprocess
    import sys

    code = ("import sys; from guide.core.dice import Dice, roll_expression;"
            " roll_expression('2d6+1', Dice(1)); roll_expression('d%', Dice(1));"
            " print('d20' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
