"""The map at 80 columns, `guide state` JSON, the toolbar and the renderer."""

from __future__ import annotations

import json

from cave_helpers import BOX, game, next_events, next_tiles

from guide.core.dice import Dice
from guide.games.cave.flow import end_turn
from guide.games.cave.mapview import render_map
from guide.games.cave.public import public_state, toolbar, view
from guide.games.cave.render import RENDER, render
from guide.games.cave.turn import move

DICE = Dice(0)


def played():
    state = game("Ann", "Bob")
    next_tiles(state, ("turn", "food"), ("dead end", "event"))
    next_events(state, "paranoia")
    move(state, BOX, DICE, "Ann", "up", 90)                   # (5,2) opens right and down
    end_turn(state, BOX, "Ann")
    move(state, BOX, DICE, "Bob", "down", 0)                  # (5,4) dead end open up
    return state


def cell(lines: list[str], x: int, y: int) -> tuple[str, str, str, str]:
    """Square (x, y) of the map: its wall above, its inside, its left and right edges."""
    row, wall = lines[1 + 2 * y], lines[2 * y] if y else ""
    wall = f"{wall:<80}"
    return wall[3 + 4 * x:6 + 4 * x], row[3 + 4 * x:6 + 4 * x], row[2 + 4 * x], row[6 + 4 * x]


def test_the_map_with_the_characters_beside_it_fits_80x24():
    state = game("Ann", "Bob", "Cid", "Dorothea Longname")
    for lines in (render_map(played(), BOX).splitlines(), render_map(state, BOX).splitlines()):
        assert max(len(line) for line in lines) <= 80
        assert len(lines) <= 18          # 24 rows: a blank, the prompt, 3 for the menu, the toolbar
        assert [line[:2] for line in lines[1:17:2]] == [f"{y:>2}" for y in range(8)]
    many = render_map(game(*[f"Character{i}" for i in range(8)]), BOX).splitlines()
    assert len(many) <= 18 and max(map(len, many)) <= 80
    assert "8 Character7" in "\n".join(many)


def test_the_map_stays_within_the_repls_79_columns_and_breaks_between_words():
    """The REPL breaks a line at the terminal's width less one (guide.core.repl.session): an
    80-column line at 80x24 was broken and `b` of "back" landed inside the board."""
    state = game("Ann", "Bob", "Cid")
    next_tiles(state, ("straight", "challenge"))
    move(state, BOX, DICE, "Ann", "up")                       # held: "challenge: roll 7, or back"
    find_ann = state["characters"][0]
    find_ann["food"], find_ann["fire"], find_ann["items"] = [2, 3], 1, 1
    lines = render_map(state, BOX).splitlines()
    assert max(map(len, lines)) <= 79
    beside = " ".join(line[53:].strip() for line in lines[:17])
    assert "challenge: roll 9, or back down" in " ".join(beside.split())
    assert len(lines) <= 18


def test_the_map_shows_openings_contents_and_characters_C_TURN_1():
    lines = render_map(played(), BOX).splitlines()
    assert cell(lines, 5, 2) == ("---", "f1 ", "|", " ")      # food taken, Ann (1); open right
    assert lines[6][3 + 4 * 5:6 + 4 * 5] == "   "             # (5,2) opens down onto the start
    assert cell(lines, 5, 3)[1:] == (" S ", " ", " ")         # the start tile, open all round
    assert cell(lines, 5, 4) == ("   ", "E2 ", "|", "|")      # Bob (2) on the dead end, open up
    assert lines[10][3 + 4 * 5:6 + 4 * 5] == "---"
    assert cell(lines, 0, 0)[1] == " . "
    assert lines[0].split()[:3] == ["0", "1", "2"]


def test_the_characters_stand_beside_the_map_C_SET_3():
    state = played()
    lines = render_map(state, BOX).splitlines()
    beside = [line[53:] for line in lines]
    food = state["characters"][0]["food"][0]
    assert beside[:7] == ["Round 1: Bob", "Draw pile 39, discards 0", "", " 1 Ann        E7 M4 5,2",
                          f"    food {food}", ">2 Bob        E8 M3 5,4", ""]


def test_a_characters_number_never_reads_as_a_tiles_letter():
    state = game("Ann", "Bob", "Cid")
    next_tiles(state, ("straight", "normal"))
    end_turn(state, BOX, "Ann")
    end_turn(state, BOX, "Bob")
    move(state, BOX, DICE, "Cid", "up", 0)                    # Cid on a plain tile
    lines = render_map(state, BOX).splitlines()
    assert cell(lines, 5, 2)[1] == " 3 "                      # not "C", the challenge's letter
    assert cell(lines, 5, 3)[1] == "S12"


def test_the_tiles_letter_stays_when_three_share_the_start_and_all_are_named():
    """Three characters on the start tile drew `123`: the `S` was gone. The letter stays, as
    many characters as fit follow it with `+`, and a line under the board names them all."""
    lines = render_map(game("Ann", "Bob", "Cid"), BOX).splitlines()
    assert cell(lines, 5, 3)[1] == "S1+"
    assert lines[-2] == "+ on the map: 5,3 S: 1 2 3"
    assert len(lines) <= 18 and max(map(len, lines)) <= 79
    lines = render_map(game("A1", "A2", "A3", "A4"), BOX).splitlines()
    assert cell(lines, 5, 3)[1] == "S1+" and lines[-2] == "+ on the map: 5,3 S: 1 2 3 4"
    assert "+ on the map" not in render_map(game("Ann", "Bob"), BOX)    # S12 fits


def test_a_plain_tile_holds_three_and_names_a_fourth_under_the_board():
    state = game("Ann", "Bob", "Cid", "Dee")
    next_tiles(state, ("straight", "normal"))
    move(state, BOX, DICE, "Ann", "up", 0)
    for name in ("Ann", "Bob", "Cid", "Dee"):
        ch = next(c for c in state["characters"] if c["name"] == name)
        ch["x"], ch["y"] = 5, 2
    lines = render_map(state, BOX).splitlines()
    assert cell(lines, 5, 2)[1] == "12+" and lines[-2] == "+ on the map: 5,2: 1 2 3 4"
    del state["characters"][3]
    lines = render_map(state, BOX).splitlines()
    assert cell(lines, 5, 2)[1] == "123" and "+ on the map" not in lines[-2]


def test_the_map_marks_the_exit():
    state = game()
    state["tiles"]["draw"].remove("exit")
    state["tiles"]["draw"].insert(0, "exit")
    move(state, BOX, DICE, "Ann", "up")
    text = render_map(state, BOX)
    assert cell(text.splitlines(), 5, 2) == ("   ", " X ", " ", " ")   # open all round
    assert " 1 Ann escaped, round 1" in text


def test_how_a_character_left_stays_whole_beside_the_map_C_END_1():
    """At 80x24 the end of a game read '2 Bob Marley dead (starve' beside the board: the
    line of a character out of the cave was cut at the panel's width."""
    state = game("Ann", "Bob Marley", "Dorothea")
    for ch in state["characters"]:
        ch["energy"] = 1
    for name in ("Ann", "Bob Marley", "Dorothea"):
        end_turn(state, BOX, name)                              # C-TURN-6: each one starves
    lines = render_map(state, BOX).splitlines()
    assert max(map(len, lines)) <= 79
    beside = " ".join(" ".join(line[53:].split()) for line in lines[:17])
    for who in ("1 Ann", "2 Bob Marley", "3 Dorothea"):
        assert f"{who} dead (starved), round 1" in " ".join(beside.split())


def test_state_json_has_the_rules_page_shape():
    state = played()
    data = public_state(state, BOX)
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"schema", "game", "round", "turn", "board", "deck_left", "characters"}
    assert (data["schema"], data["game"], data["round"], data["turn"]) == (1, "cave", 1, "Bob")
    assert data["board"]["width"] == 12 and data["board"]["height"] == 8
    assert data["board"]["tiles"][0] == {"x": 5, "y": 2, "shape": "turn", "content": "food",
                                         "openings": ["right", "down"]}
    assert [t["shape"] for t in data["board"]["tiles"]].count("start") == 2
    assert data["deck_left"] == 39
    ann = data["characters"][0]
    assert set(ann) == {"name", "x", "y", "energy", "mental", "food", "items", "fire", "state"}
    assert (ann["energy"], ann["state"], len(ann["food"])) == (7, "in", 1)


def test_the_toolbar_shows_whose_turn_and_every_meter_in_80_columns():
    bar = toolbar(played())
    assert bar == "R1 Bob's turn | 1 Ann E7 M4 | 2 Bob E8 M3"
    state = game(*[f"Character{i}" for i in range(8)])
    assert len(toolbar(state)) <= 80


def test_the_toolbar_fits_four_characters_with_long_names():
    state = game("Annabel Lee", "Bartholomew", "Cidney Longbottom", "Dorothea Longname")
    bar = toolbar(state)
    assert bar == "R1 | >1 Annabel E8 M4 | 2 Bartholo E8 M4 | 3 Cidney L E8 M4 | 4 Dorothea E8 M4"
    assert len(bar) <= 80


def test_the_toolbar_shortens_its_head_before_the_names_C_END_1():
    """Over, it read 'over | 1 Ann dead | 2 Bob Marl dead | 3 Dorothea dead': the names were
    cut with the head, where the head alone made room for them."""
    state = game("Ann", "Bob Marley", "Dorothea")
    for ch in state["characters"]:
        ch["energy"] = 1
    for name in ("Ann", "Bob Marley", "Dorothea"):
        end_turn(state, BOX, name)
    assert toolbar(state) == "over | 1 Ann dead | 2 Bob Marley dead | 3 Dorothea dead"


def test_the_tv_view_carries_the_map_and_public_state_only():
    v = view(played(), BOX)
    assert v["map"] == render_map(played(), BOX).splitlines()
    assert v["state"]["turn"] == "Bob"


def test_every_event_kind_the_rules_tell_has_a_line():
    assert render({"kind": "moved", "who": "Ann", "side": "up", "x": 5, "y": 2}) == "Ann moves up to (5,2)"
    assert render({"kind": "nonsense"}) is None
    assert {"joined", "started", "turn", "placed", "moved", "food", "event", "mental", "stuck", "saved",
            "food_taken", "challenge", "rolled", "fire", "meal", "gave", "energy", "pruned", "reshuffled",
            "died", "exited", "over"} == set(RENDER)
