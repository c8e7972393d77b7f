"""The components and the setup: C-TILE-1..2, C-DECK-1..3, C-SET-1..3, and the box file."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
import yaml
from cave_helpers import BOX, game

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import DataError, RuleError
from guide.games.cave.box import load_box
from guide.games.cave.game import CaveGame
from guide.games.cave.setup import add_character, start
from guide.games.cave.state import new_state


def cave_pieces(state):
    return {k: v for k, v in state["pieces"].items() if k.startswith("t")}


def test_forty_cave_tiles_with_the_rulebook_shapes_and_contents_C_TILE_1():
    state = game(seed=3)
    pieces = cave_pieces(state)
    assert len(pieces) == 40
    assert Counter(p["shape"] for p in pieces.values()) == {
        "straight": 16, "four-way": 6, "three-way": 6, "turn": 10, "dead end": 2}
    assert Counter(p["content"] for p in pieces.values()) == {
        "food": 10, "event": 16, "normal": 10, "challenge": 4}


def test_shape_and_content_are_paired_by_a_seeded_shuffle_C_TILE_1():
    def pairing(seed):
        return sorted((p["shape"], p["content"]) for p in cave_pieces(game(seed=seed)).values())
    assert pairing(5) == pairing(5)
    assert pairing(5) != pairing(6)


def test_a_designer_can_fix_the_pairing_in_the_box_C_TILE_1():
    fixed = [("straight", "food", 10), ("straight", "event", 6), ("four-way", "event", 6),
             ("three-way", "event", 4), ("three-way", "challenge", 2), ("turn", "normal", 10),
             ("dead end", "challenge", 2)]
    box = replace(BOX, pairing=fixed)
    pieces = cave_pieces(game(seed=9, box=box))
    got = Counter((p["shape"], p["content"]) for p in pieces.values())
    assert got == {(s, c): n for s, c, n in fixed}


def test_one_start_tile_of_two_squares_and_one_exit_C_TILE_2():
    state = game()
    assert state["pieces"]["start"]["shape"] == "start"
    assert [k for k, p in state["board"].items() if p["id"] == "start"] == ["5,3", "6,3"]
    assert state["tiles"]["draw"].count("exit") == 1


def test_event_deck_holds_4_fire_3_items_13_paranoia_C_DECK_1():
    assert Counter(game()["events"]["draw"]) == {"fire": 4, "item": 3, "paranoia": 13}


def test_meal_deck_holds_16_cards_with_the_rulebook_sides_C_DECK_2():
    meals = game(seed=4)["meals"]["draw"]
    assert len(meals) == 16
    assert Counter(m[0] for m in meals) == {"+-0": 8, "no nutritional value": 4, "poisonous": 4}
    assert Counter(m[1] for m in meals) == {"+1": 8, "+-0": 4, "cooking catastrophe": 4}


def test_food_cards_one_per_food_tile_valued_1_to_4_C_DECK_3():
    assert sorted(game()["food"]) == [1, 1, 2, 2, 2, 3, 3, 3, 4, 4]


def test_start_tile_at_the_default_place_and_every_character_on_it_C_SET_1():
    state = game("Ann", "Bob")
    assert [(c["x"], c["y"]) for c in state["characters"]] == [(5, 3), (5, 3)]
    assert (BOX.width, BOX.height) == (12, 8)


def test_start_at_a_chosen_place_and_refused_off_the_board_C_SET_1():
    state = game(at=(0, 7))
    assert set(state["board"]) == {"0,7", "1,7"}
    fresh = new_state()
    add_character(fresh, BOX, "Ann")
    with pytest.raises(RuleError, match="X 0..10"):
        start(fresh, BOX, Dice(1), (11, 0))
    assert fresh["phase"] == "setup"


def test_start_needs_a_character_and_characters_join_before_it_C_SET_1():
    with pytest.raises(RuleError, match="add a character"):
        start(new_state(), BOX, Dice(1))
    with pytest.raises(RuleError, match="before start"):
        add_character(game(), BOX, "Zed")


@pytest.mark.parametrize("seed", range(30))
def test_the_exit_lies_in_the_last_eleven_of_the_draw_pile_C_SET_2(seed):
    draw = game(seed=seed)["tiles"]["draw"]
    assert len(draw) == 41
    assert draw.index("exit") >= 30


def test_the_exit_position_varies_with_the_seed_C_SET_2():
    assert len({game(seed=s)["tiles"]["draw"].index("exit") for s in range(40)}) > 5


def test_characters_start_with_energy_8_and_mental_strength_4_C_SET_3():
    ch = game()["characters"][0]
    assert (ch["energy"], ch["mental"], ch["food"], ch["fire"], ch["items"]) == (8, 4, [], 0, 0)


def test_names_are_unique_case_insensitively():
    state = new_state()
    add_character(state, BOX, "Ann")
    with pytest.raises(RuleError, match="already"):
        add_character(state, BOX, "ANN")


def test_a_bad_box_file_gives_one_line_naming_the_entry(tmp_path: Path):
    text = (Path(__file__).resolve().parents[3] / "cards" / "cave" / "box.yaml").read_text()
    bad = tmp_path / "box.yaml"
    bad.write_text(text.replace("straight: 16", "straight: 15"))
    def line(start: str) -> int:
        return next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith(start))
    with pytest.raises(DataError, match=rf"box.yaml:{line('  shapes:')}:3: tiles: 39 shapes but"
                                        r" 40 contents \("):
        load_box(bad)
    bad.write_text(text.replace("food: [1, 1, 2, 2, 2, 3, 3, 3, 4, 4]", "food: [1, 2]"))
    with pytest.raises(DataError, match=rf"box.yaml:{line('food:')}:7: food: 10 values 1..4"):
        load_box(bad)
    bad.write_text(text.replace("eat_at: 4", "eat_at: often"))
    with pytest.raises(DataError, match=rf"box.yaml:{line('  eat_at:')}:11: sim.eat_at must be a"
                                        " number, not 'often'"):
        load_box(bad)
    bad.write_text("board: [")
    with pytest.raises(DataError) as e:
        load_box(bad)
    assert "\n" not in str(e.value)


def test_a_changed_count_in_the_box_changes_the_game():
    box = replace(BOX, events={"fire": 10, "item": 0, "paranoia": 10})
    assert Counter(game(box=box)["events"]["draw"]) == {"fire": 10, "paranoia": 10}


def test_the_bundled_box_and_a_pairing_match_the_published_schema():
    schema = settings.schemas(CaveGame())["box"]
    raw = yaml.safe_load((Path(__file__).resolve().parents[3] / "cards" / "cave" / "box.yaml").read_text())
    jsonschema.validate(raw, schema)
    raw["tiles"]["pairing"] = [{"shape": "straight", "content": "food", "count": 0}]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(raw, schema)
