"""The cave as SVG tiles for the TV page: passages, contents, the exit, characters as tokens
with Energy and mental strength, what is out of sight greyed (C-VIS-1)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cave_helpers import BOX, game, next_tiles

from guide.core import settings
from guide.core.dice import Dice
from guide.games.cave.flow import end_turn
from guide.games.cave.turn import move
from guide.games.cave.tvsvg import board_svg

DICE = Dice(0)
NS = {"s": "http://www.w3.org/2000/svg"}


def tiles(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.get("data-square"): g for g in root.iter("{http://www.w3.org/2000/svg}g")
            if "tile" in (g.get("class") or "").split()}


def test_the_svg_is_well_formed_and_scales_to_any_screen():
    root = ET.fromstring(board_svg(game("Ann"), BOX))
    assert root.get("viewBox") == "0 0 1200 800"
    assert root.get("role") == "img"


def test_the_start_tile_is_one_tile_over_two_squares_C_SET_1():
    found = tiles(board_svg(game("Ann"), BOX))
    assert list(found) == ["5,3"]
    assert found["5,3"].find("s:title", NS).text == "(5,3) and (6,3) start"
    rock = found["5,3"].find("s:rect", NS)
    assert (rock.get("width"), rock.get("height")) == ("194", "94")


def test_tiles_show_their_passages_and_contents():
    state = game("Ann")
    next_tiles(state, ("dead end", "challenge"))
    move(state, BOX, DICE, "Ann", "up", 180)                  # (5,2): open down only
    tile = tiles(board_svg(state, BOX))["5,2"]
    assert tile.get("class") == "tile challenge"
    floors = [r for r in tile.findall("s:rect", NS) if r.get("class") == "floor"]
    assert len(floors) == 2                                   # the middle and one passage, down
    assert (floors[1].get("y"), floors[1].get("height")) == ("250", "50")
    assert tile.find("s:text", NS).text == "CHALLENGE"


def test_what_no_character_sees_is_greyed_and_the_exit_stays_C_VIS_1():
    state = game("Ann", "Bob")
    state["tiles"]["draw"].remove("exit")
    state["tiles"]["draw"].insert(0, "exit")
    move(state, BOX, DICE, "Ann", "up")                       # Ann finds the exit and is out
    move(state, BOX, DICE, "Bob", "down")
    next_tiles(state, ("straight", "normal"))
    end_turn(state, BOX, "Bob")
    move(state, BOX, DICE, "Bob", "down", 0)                  # Bob on (5,5): the exit is out of sight
    found = tiles(board_svg(state, BOX))
    assert "unseen" in found["5,2"].get("class").split()
    assert found["5,2"].find("s:text", NS).text == "EXIT"
    assert "unseen" not in found["5,5"].get("class").split()


def test_each_character_is_a_token_with_its_number_energy_and_mental():
    state = game("Ann", "<Bob & Co>")
    end_turn(state, BOX, "Ann")
    svg = board_svg(state, BOX)
    root = ET.fromstring(svg)                                 # the name is escaped
    tokens = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "token" in g.get("class", "")]
    assert [t.get("data-name") for t in tokens] == ["Ann", "<Bob & Co>"]
    texts = [[x.text for x in t.findall("s:text", NS)] for t in tokens]
    assert texts == [["1", "E7 M4"], ["2", "E8 M4"]]
    assert tokens[1].get("class") == "token now"              # whose turn it is


def test_the_tv_view_carries_the_board_the_characters_and_the_last_lines(tmp_path):
    from guide.core.store import Store
    from guide.core.table import Table
    from guide.games.cave.game import CaveGame

    g = CaveGame()
    t = Table(g, Store(tmp_path / "c.sqlite", game="cave"), settings.load(g, []), Dice(4))
    try:
        for line in ("character Ann", "character Bob", "start", "end Ann"):
            t.execute(line)
        v = g.view(t)
    finally:
        t.close()
    assert v["board"].startswith('<svg class="cave-board"')
    assert v["story"][-2:] == ["Ann spends 1 Energy -> 7", "Round 1: Bob's turn"]
    ann, bob = v["characters"]
    assert (ann["mark"], ann["energy"], ann["energy_max"]) == ("1", 7, 8)
    assert (ann["mental"], ann["mental_max"], ann["turn"]) == (4, 4, False)
    assert (bob["turn"], bob["at"], v["turn"], v["deck_left"]) == (True, [5, 3], "Bob", 41)


def test_before_start_a_characters_card_names_no_square_C_SET_1():
    """The TV's and the seats' cards said 'on 0,0' while the characters were being added, a
    square of the board nobody stands on; status shows '-' there (C-SET-1: start places them)."""
    from guide.games.cave.public import view
    from guide.games.cave.setup import add_character
    from guide.games.cave.state import new_state

    state = new_state()
    add_character(state, BOX, "Ann")
    assert [c["on"] for c in view(state, BOX)["characters"]] == [""]
    assert [c["on"] for c in view(game("Ann"), BOX)["characters"]] == ["on 5,3"]
