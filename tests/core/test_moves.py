"""Moves as data (guide.core.moves): a move names a declared command and its values by
parameter name; its line is built from that declaration and reads back to those values."""

from __future__ import annotations

import click
import pytest

from guide.core.line import split
from guide.core.registry import Registry, parse

commands = Registry(families=("turn",))


@commands.command("give", "turn")
@click.argument("giver")
@click.argument("taker")
@click.option("--food", type=int, default=None)
@click.option("--cooked", is_flag=True)
@click.option("--split", "splits", multiple=True)
def give(t, giver: str, taker: str, food: int | None, cooked: bool, splits: tuple[str, ...]) -> None:
    """Give food. Example: give Ann Bob --food 3"""


@commands.command("eat", "turn")
@click.argument("who")
@click.option("--raw", "how", flag_value="raw", default="raw")
@click.option("--cooked", "how", flag_value="cooked")
def eat(t, who: str, how: str) -> None:
    """Eat. Example: eat Ann --cooked"""


@commands.command("character", "turn")
@click.argument("name", nargs=-1, required=True)
def character(t, name: tuple[str, ...]) -> None:
    """Add a character. Example: character Ann Lee"""


def read(line: str) -> dict:
    cmd, args = commands.lookup(split(line))
    return parse(cmd, args)


def test_a_move_is_its_command_and_values_and_its_line_reads_back_to_them():
    move = commands.move("give", "a 3", group=("Share",), giver='Zed "the" Rock', taker="-Mo",
                         food=3, cooked=True, splits=["a=1", "b c=2"])
    assert (move.command, dict(move.values)["food"], move.group) == ("give", 3, ("Share",))
    assert read(move.line) == {"giver": 'Zed "the" Rock', "taker": "-Mo", "food": 3,
                               "cooked": True, "splits": ("a=1", "b c=2")}


def test_a_value_left_out_or_false_is_not_written():
    assert commands.move("give", "x", giver="Ann", taker="Bob", food=None, cooked=False).line \
        == "give Ann Bob"


def test_several_words_go_to_an_argument_of_many_as_one_name():
    move = commands.move("character", "Ann Lee", name="Ann O'Lee")
    assert read(move.line)["name"] == ("Ann O'Lee",)


@pytest.mark.parametrize("values", [{"giver": "Ann"}, {"giver": "Ann", "taker": "Bob", "fod": 3}])
def test_a_missing_argument_or_a_stray_name_is_the_games_mistake(values):
    with pytest.raises(TypeError):
        commands.move("give", "x", **values)


def test_of_several_flags_that_set_one_parameter_only_the_value_s_own_is_written():
    move = commands.move("eat", "cooked", who="Ann", how="cooked")
    assert move.line == "eat Ann --cooked"
    assert read(move.line)["how"] == "cooked"
