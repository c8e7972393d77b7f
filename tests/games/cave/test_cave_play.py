"""Cave escape at the table: the commands through the core's Table (store, undo, refusals),
and end to end, `guide play --game cave` driven from a script, `guide state`, `guide cave sim`."""

from __future__ import annotations

import html
import json
import subprocess
import sys
import urllib.request

import pexpect
import pytest
from browser import CHROMIUM, FLAGS, needs_chromium
from cave_helpers import next_tiles
from installed import guide, guide_env

from guide import __version__
from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.line import build, split
from guide.core.players import seats as seats_of
from guide.core.repl.completer import candidates
from guide.core.result import text
from guide.core.store import Store
from guide.core.table import Table
from guide.core.viewers import public_state, seat
from guide.games.cave.game import CaveGame

GAME = CaveGame()


@pytest.fixture
def table(tmp_path):
    t = Table(GAME, Store(tmp_path / "cave.sqlite", game="cave"), settings.load(GAME, []), Dice(4))
    yield t
    t.close()


def do(t: Table, *lines: str) -> str:
    return "\n".join(text(t.execute(line)) for line in lines)


def refused(t: Table, line: str) -> str:
    before = json.dumps(t.state, sort_keys=True)
    with pytest.raises(CommandError) as e:
        t.execute(line)
    assert json.dumps(t.state, sort_keys=True) == before, "a refused command changed the state"
    return str(e.value)


def test_C_TURN_1_help_move_names_the_four_sides(table):
    """`help move` showed "usage: move [OPTIONS] NAME SIDE" and never said which sides."""
    assert "up, down, left or right" in " ".join(do(table, "help move").split())


def test_C_TURN_1_help_shows_the_name_that_may_be_left_out_in_brackets(table):
    """`help move` said "usage: move [OPTIONS] NAME SIDE" where `move up` moves the
    character whose turn it is (Named.or_turn)."""
    for line, usage in (("help move", "usage: move [OPTIONS] [NAME] SIDE"),
                        ("help roll", "usage: roll [OPTIONS] [NAME]"),
                        ("help end", "usage: end [OPTIONS] [NAME]"),
                        ("help give", "usage: give [OPTIONS] NAME OTHER")):
        assert do(table, line).startswith(usage)


def test_a_round_at_the_table_with_undo_exact(table):
    do(table, "character Ann", "character Bob", "start")
    before = json.loads(json.dumps(table.state))
    shown = do(table, "move Ann up")
    assert "Ann moves up to (5,2)" in shown
    assert text(table.execute("undo")) == "Undone: move Ann up"
    assert table.state == before
    do(table, "redo", "end Ann")
    state = public_state(table)
    assert (state["turn"], state["characters"][0]["energy"], state["characters"][0]["y"]) == ("Bob", 7, 2)


def test_a_side_is_taken_in_any_case_C_TURN_1(table):
    do(table, "character Ann", "start")
    assert "Ann moves up to (5,2)" in do(table, "move Ann UP")
    assert table.state["characters"][0]["y"] == 2


def test_the_name_is_left_out_on_the_characters_own_turn_C_TURN_1(table):
    """`move up` on Ann's turn said "no character named 'up'"; the prompt shows whose turn it
    is, and move, roll and end take that character when the name is left out."""
    do(table, "character Ann", "character Bob", "start")
    assert "Ann moves up to (5,2)" in do(table, "move up")
    assert text(table.execute("undo")) == "Undone: move up"
    assert refused(table, "move Ann") == "move: Missing argument 'SIDE'. Choose from: up, down," \
        " left, right"
    assert refused(table, "move Anx up") == "no character named 'Anx'; did you mean 'Ann'?"
    assert refused(table, "roll") == "Ann is not held by a challenge"
    do(table, "end")
    assert public_state(table)["turn"] == "Bob"
    assert "Bob moves down to (5,4)" in do(table, "move down")


def test_refusals_are_one_line_and_change_nothing(table):
    assert refused(table, "start") == "add a character first: character NAME"
    do(table, "character Ann", "start --at 0,0")
    assert refused(table, "move Ann up") == "up of Ann is the edge of the board"
    assert refused(table, "move Ann up-left").startswith("move: Invalid value for 'SIDE'")
    assert refused(table, "roll Ann --roll 5") == "Ann is not held by a challenge"
    assert refused(table, "eat Ann") == "Ann has no food card"
    assert refused(table, "move Zed down") == "no character named 'Zed' (known: Ann)"
    assert refused(table, "start --at 3") == "--at: X,Y such as 5,3, not '3'"
    assert refused(table, "character Zed") == "characters join before start"


def test_the_challenge_roll_takes_the_tables_own_d20(table):
    do(table, "character Ann", "start")
    state = table.state
    tile = next(t for t in state["tiles"]["draw"] if state["pieces"][t]["content"] == "challenge"
                and state["pieces"][t]["shape"] in ("straight", "four-way"))
    state["tiles"]["draw"].remove(tile)
    state["tiles"]["draw"].insert(0, tile)                   # rig the next tile (a test only)
    shown = do(table, "move Ann up", "end Ann")
    assert "A challenge blocks Ann: next turn, roll 7 or under on a d20" in shown
    shown = do(table, "roll Ann --roll 8")
    assert shown == "Ann rolls 8 (needs 7 or under): fails and stays"
    assert table.story[0]["dice"] == [[20, 8]]
    assert refused(table, "roll Ann --roll 21").startswith("roll: Invalid value for '--roll'")


def test_map_status_toolbar_prompt_and_view(table):
    do(table, "character Ann", "character Bob", "start", "move Ann left")
    lines = do(table, "map").splitlines()
    assert max(map(len, lines)) <= 80 and len(lines) == 17
    assert lines[7][3 + 4 * 4:6 + 4 * 4].startswith(("F1", "E1", "C1", " 1"))   # Ann on (4,3)
    status = do(table, "status")
    assert "Ann     in" in status
    assert status.splitlines()[2].endswith("items  held by")            # no unnamed column
    mental = table.state["characters"][0]["mental"]
    assert GAME.toolbar(table) == f"R1 Ann's turn | 1 Ann E8 M{mental} | 2 Bob E8 M4"
    assert GAME.prompt(table) == "cave (round 1: Ann)> "
    assert len(f"guide {__version__}: {settings.greeting(GAME)}") <= 80
    view = GAME.view(table)
    assert view["map"] == lines and view["state"] == public_state(table)


def test_names_are_found_by_a_unique_beginning_in_any_case(table):
    do(table, "character Annabel", "character Bob", "character Anton", "start")
    assert "Annabel moves up" in do(table, "move annab up")
    assert "Annabel spends 1 Energy" in do(table, "end ANN")
    table.state["characters"][1]["food"] = [2]
    assert refused(table, "give Bob An") == (
        "'An' could be 'Annabel', 'Anton'; which character?")
    do(table, "move Bob up")                                   # onto Annabel's tile
    assert do(table, "give b annabel") == "Bob gives a food card of 2 to Annabel"


def test_a_starving_turn_is_told_in_the_rules_order_and_leaves_its_tiles_C_TURN_5_C_TURN_6(table):
    """The story said the Energy and the death first, then the pruning of every tile the
    dead character had seen, and the game ended on an empty board (state and TV alike)."""
    do(table, "character Ann", "start")
    next_tiles(table.state, ("straight", "normal"), ("straight", "normal"))
    do(table, "move Ann up --turn 0", "end", "move up --turn 0")
    table.state["characters"][0]["energy"] = 1
    told = do(table, "end").splitlines()
    assert told == ["Out of sight, removed: (5,3), (6,3); the start tile leaves the game",
                    "Ann spends 1 Energy -> 0", "Ann dies: starved (C-TURN-6)",
                    "The game is over in round 2: 0 escaped, 1 died (ended by C-TURN-6)"]
    assert [line.split("  ", 1)[1] for line in do(table, "log").splitlines()[-4:]] == told
    tiles = public_state(table)["board"]["tiles"]
    assert sorted((t["x"], t["y"]) for t in tiles) == [(5, 1), (5, 2)]


def test_rules_shows_a_rule_of_the_cave_by_its_id(table):
    do(table, "character Ann")
    shown = do(table, "rules C-TURN-6").splitlines()
    assert shown[0] == "C-TURN-6  (A turn)"
    assert shown[1].startswith("  Then 1 Energy is spent. At 0 Energy")
    assert do(table, "rules c-set-1").startswith("C-SET-1  (Setup)")
    assert "upright" in do(table, "rules upright")
    assert refused(table, "rules C-TURN-9") == "no rule 'C-TURN-9'; did you mean 'C-TURN-7'?"
    assert "A turn: C-TURN-1, C-TURN-2" in do(table, "rules")
    assert candidates(table, ["rules"])[:2] == ["C-TILE-1", "C-TILE-2"]


def test_tab_completes_characters_sides_and_angles(table):
    do(table, "character Ann", "character Bob", "start")
    assert {"character", "start", "move", "roll", "eat", "give", "end", "map", "status"} <= set(
        candidates(table, []))
    assert candidates(table, ["move"])[:2] == ["Ann", "Bob"]
    assert candidates(table, ["move", "Ann"])[:4] == ["up", "down", "left", "right"]
    assert candidates(table, ["move", "Ann", "up", "--turn"]) == ["0", "90", "180", "270"]
    assert candidates(table, ["give", "Ann"])[:2] == ["Ann", "Bob"]


def test_each_character_is_a_seat_offered_its_legal_moves_on_its_turn(table):
    do(table, "character Ann", "character Bob", "start --at 0,0")
    assert seats_of(table) == ["Ann", "Bob"]
    assert GAME.seat_moves(table, "Bob") == []                # not Bob's turn
    moves = GAME.seat_moves(table, "Ann")
    shape = table.state["pieces"][table.state["tiles"]["draw"][0]]["shape"]
    down = [m for m in moves if m.group == ("Move", "down")]  # a direction, then the turn
    assert down and all(m.line.startswith("move Ann down --turn ") for m in down)
    assert ("Move",) == next(m.group for m in moves if m.line == "move Ann right")   # the start's half
    assert moves[-1].line == "end Ann"
    for m in moves:                                           # every offered line is legal
        before = json.loads(json.dumps(table.state))
        do(table, m.line)
        do(table, "undo")
        assert table.state == before
    pictures = GAME.view(table, seat("Ann"))["pictures"]       # each turn drawn from its openings
    assert sorted(pictures) == [i for i, m in enumerate(moves) if len(m.group) == 2]
    for i, openings in pictures.items():
        turn = int(dict(moves[i].values)["angle"])              # the move as data
        assert tuple(openings) == settings.load(GAME, []).sides(shape, turn) and "up" in openings
    table.state["characters"][0]["food"] = [2, 3]
    table.state["characters"][1]["fire"] = 1
    groups = {m.group for m in GAME.seat_moves(table, "Ann")}
    assert {("Eat", "all (2, 3)"), ("Eat", "the 2"), ("Share food", "to Bob")} <= groups


def test_every_seat_move_is_its_command_and_values_C_TURN_4(table):
    """Moves as data (guide.core.moves): each seat move names its command and its values by
    parameter name, and its line is the one the command's declaration builds from them."""
    do(table, "character Ann", "character Bob", "start --at 0,0")
    table.state["characters"][0]["food"] = [2, 3]
    table.state["characters"][1]["fire"] = 1
    moves = GAME.seat_moves(table, "Ann")
    data = [(m.command, dict(m.values)) for m in moves]
    assert ("eat", {"name": "Ann", "cooked": True, "values": [3]}) in data
    assert ("eat", {"name": "Ann", "cooked": False}) in data
    assert ("give", {"name": "Ann", "other": "Bob", "value": 2}) in data
    assert data[-1] == ("end", {"name": "Ann"})
    for m in moves:
        assert m.line == table.registry.move(m.command, m.label, **dict(m.values)).line
    cooked = next(m for m in moves if dict(m.values) == {"name": "Ann", "cooked": True, "values": [3]})
    assert cooked.line == "eat Ann --cooked --food 3"


def test_a_seat_rolls_a_challenge_with_guides_d20_or_the_tables_own_C_TURN_3(table):
    do(table, "character Ann", "start")
    state = table.state
    tile = next(t for t in state["tiles"]["draw"] if state["pieces"][t]["content"] == "challenge"
                and state["pieces"][t]["shape"] in ("straight", "four-way"))
    state["tiles"]["draw"].remove(tile)
    state["tiles"]["draw"].insert(0, tile)                    # rig the next tile (a test only)
    do(table, "move Ann up --turn 0", "end Ann")
    moves = GAME.seat_moves(table, "Ann")
    ours = next(m for m in moves if m.group == ("Challenge",))
    assert (ours.line, ours.detail) == ("roll Ann", "7 or under crosses")
    faces = [m for m in moves if m.group == ("Challenge", "the table's own d20")]
    assert [m.line for m in faces] == [f"roll Ann --roll {n}" for n in range(1, 21)]
    assert do(table, faces[6].line) == "Ann rolls 7 (needs 7 or under): crosses the challenge"


def test_the_tv_page_draws_the_map_and_follows_the_table(table):
    do(table, "character Ann", "start", "view")
    server = table.services["view"]
    base = f"http://127.0.0.1:{server.httpd.server_address[1]}/"
    try:
        do(table, "move Ann right")
        with urllib.request.urlopen(base, timeout=5) as r:
            page = r.read()
        assert b"cave.character(" in page                 # Cave's own page, not the core's
        assert b"<title>Cave escape: the players' view</title>" in page
        with urllib.request.urlopen(base + "state.json", timeout=5) as r:
            view = json.loads(r.read())
        assert view["map"] == do(table, "map").splitlines()
        assert view["toolbar"] == GAME.toolbar(table)
        assert view["state"]["characters"][0]["x"] == 6
    finally:
        do(table, "view --stop")


@needs_chromium
def test_a_real_browser_draws_the_cave_on_the_tv_page(table, tmp_path):
    assert CHROMIUM, "CI must have Chromium (.ci/run installs Debian's chromium)"
    do(table, "character Ann", "character Bob", "start", "view", "move Ann left")
    url = f"http://127.0.0.1:{table.services['view'].httpd.server_address[1]}/"
    try:
        r = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'chromium'}", "--dump-dom", url],
                           capture_output=True, text=True, timeout=120)
    finally:
        do(table, "view --stop")
    dom = html.unescape(r.stdout)
    assert 'class="cave-board"' in dom and 'data-square="4,3"' in dom
    assert 'data-name="Ann"' in dom and 'data-name="Bob"' in dom
    assert "Energy" in dom and "Draw pile 40" in dom


@pytest.fixture
def installed(tmp_path):
    """`guide` in a subprocess, with a data folder of its own (tests/installed.py)."""
    return guide_env(tmp_path)


SCRIPT = """# a table's first round
character Ann
character Bob
start --at 5,3
move Ann right
end Ann
move Bob left
end Bob
map
"""


def test_guide_play_runs_a_cave_script_and_guide_state_gives_its_json(installed, tmp_path):
    campaign = str(tmp_path / "cave.sqlite")
    r = guide(installed, "play", "--game", "cave", "--campaign", campaign, "--seed", "7", stdin=SCRIPT)
    assert (r.returncode, r.stderr) == (0, "")
    assert "Ann moves right to (6,3)" in r.stdout and "Round 2: Ann's turn" in r.stdout
    assert max(len(line) for line in r.stdout.splitlines()) <= 200
    state = json.loads(guide(installed, "state", "--campaign", campaign).stdout)
    assert (state["schema"], state["game"], state["round"], state["turn"]) == (1, "cave", 2, "Ann")
    assert state["deck_left"] == 40
    ann, bob = state["characters"]
    assert (ann["x"], ann["y"], ann["energy"], ann["state"]) == (6, 3, 7, "in")
    assert (bob["x"], bob["y"], bob["energy"]) == (4, 3, 7)
    assert {(t["x"], t["y"]) for t in state["board"]["tiles"]} >= {(4, 3), (5, 3), (6, 3)}
    bad = guide(installed, "play", "--game", "cave", "--campaign", campaign,
                stdin="roll Ann --roll 3\nend Ann\n")
    assert bad.returncode == 1
    assert bad.stderr.splitlines() == ["error: Ann is not held by a challenge"]
    assert "Round 2: Bob's turn" in bad.stdout


def test_guide_cave_sim_prints_the_figures(installed):
    r = guide(installed, "cave", "sim", "--players", "2", "--games", "50", "--seed", "3")
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert lines[0] == "Cave escape, 2 players: 50 games, seed 3"
    assert lines[1].startswith("  someone escaped ")
    assert [line.split()[:4] for line in lines[2:5]] == [["escaped", str(k), "of", "2"] for k in range(3)]
    assert all(len(line) <= 80 for line in lines)


def test_in_a_terminal_the_new_tiles_orientation_is_asked_C_TURN_2(installed, tmp_path):
    same = Table(GAME, None, settings.load(GAME, []), Dice(8))
    do(same, "character Ann", "start")                        # seed 8: the next tile is a turn
    assert same.state["pieces"][same.state["tiles"]["draw"][0]]["shape"] == "turn"
    env = dict(installed, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    campaign = str(tmp_path / "r.sqlite")
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--game", "cave", "--campaign",
                                           campaign, "--seed", "8"],
                          env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
    try:
        child.expect("cave>")
        child.sendline("character Ann")
        child.expect("cave>")
        child.sendline("start")
        child.expect(r"cave \(round 1: Ann\)>")
        child.sendline("move Ann left")
        child.expect(r"turn the turn tile: 0 \(up right\), 90 \(right down\)")
        child.sendline("90")
        child.expect(r"Ann moves left to \(4,3\)")
        child.expect(r"cave \(round 1: Ann\)>")
    finally:
        child.close(force=True)
    state = json.loads(guide(installed, "state", "--campaign", campaign).stdout)
    assert {"x": 4, "y": 3, "shape": "turn", "content": state["board"]["tiles"][0]["content"],
            "openings": ["right", "down"]} == state["board"]["tiles"][0]


@pytest.mark.parametrize("name", ['Zed "the" Rock', 'Zed" --roll "20', "-Ann", "--", "O'Brien",
                                  "Ship’s Cat"])
def test_a_name_with_quotes_apostrophes_or_dashes_plays_from_its_phone(table, name):
    """Issue 41: `Zed "the" Rock` could not end a turn from the phone, and `Zed" --roll "20`
    turned the d20 button into a fixed roll of 20. Every button's line is built by the
    core's builder (guide.core.line.build) and reads back as the name."""
    do(table, build(["character", name]), "character Bob", "start")
    moves = GAME.seat_moves(table, name)
    for m in moves:                                           # every offered line is legal
        assert name in split(m.line), m.line
        before = json.loads(json.dumps(table.state))
        do(table, m.line)
        do(table, "undo")
        assert table.state == before
    state = table.state
    tile = next(t for t in state["tiles"]["draw"] if state["pieces"][t]["content"] == "challenge"
                and state["pieces"][t]["shape"] in ("straight", "four-way"))
    state["tiles"]["draw"].remove(tile)
    state["tiles"]["draw"].insert(0, tile)                    # rig the next tile (a test only)
    moves = GAME.seat_moves(table, name)
    do(table, next(m.line for m in moves if m.group == ("Move", "up") and "--turn 0" in m.line))
    do(table, GAME.seat_moves(table, name)[-1].line)          # End the turn, from the phone
    assert GAME.seat_moves(table, "Bob")
    do(table, "end Bob")
    ours = next(m for m in GAME.seat_moves(table, name) if m.group == ("Challenge",))
    words = split(ours.line)
    assert words[0] == "roll" and name in words and "--roll" not in words[:words.index(name)]
    out = do(table, ours.line)
    assert out.startswith(f"{name} rolls ") and "(needs 7 or under)" in out
