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


def test_the_map_draws_every_row_within_80_columns():
    text = render_map(played(), BOX)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    rows = [line for line in lines if line[:2].strip().isdigit()]
    assert [int(r[:2]) for r in rows] == list(range(8))


def test_the_map_shows_openings_contents_and_characters():
    lines = render_map(played(), BOX).splitlines()
    row = {int(line[:2]): line for line in lines if line[:2].strip().isdigit()}
    top = lines.index(row[2]) - 1
    cell = slice(2 + 5 * 6, 2 + 6 * 6)
    assert lines[top][cell] == "+----+"                       # (5,2): closed up
    assert row[2][cell] == "|fA   "                           # food taken, Ann; open right
    assert lines[top + 2][cell] == "+-  -+"                   # open down
    assert row[3][cell] == " S    "                           # the start tile, open all round
    assert row[4][cell] == "|EB  |"                           # Bob on the dead end
    assert row[0][cell] == "  .   "
    assert "A Ann (5,2) Energy 7 mental 4  food" in "\n".join(lines)


def test_the_map_marks_the_exit():
    state = game()
    state["tiles"]["draw"].remove("exit")
    state["tiles"]["draw"].insert(0, "exit")
    move(state, BOX, DICE, "Ann", "up")
    text = render_map(state, BOX)
    row2 = next(line for line in text.splitlines() if line.startswith(" 2"))
    assert row2[2 + 5 * 6:2 + 6 * 6] == " X    "                 # open all round
    assert "A Ann: escaped in round 1" in text


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
    assert bar == "round 1, Bob's turn | Ann E7 M4 | Bob E8 M3"
    state = game(*[f"Character{i}" for i in range(8)])
    assert len(toolbar(state)) <= 80


def test_the_tv_view_carries_the_map_and_public_state_only():
    v = view(played(), BOX)
    assert v["map"] == render_map(played(), BOX).splitlines()
    assert v["state"]["turn"] == "Bob"


def test_every_event_kind_the_rules_tell_has_a_line():
    assert render({"kind": "moved", "who": "Ann", "side": "up", "x": 5, "y": 2}) == "Ann moves up to (5,2)"
    assert render({"kind": "nonsense"}) is None
    assert {"joined", "started", "turn", "placed", "moved", "food", "event", "mental", "stuck", "saved",
            "challenge", "rolled", "fire", "meal", "gave", "energy", "pruned", "reshuffled", "died",
            "exited", "over"} == set(RENDER)
