"""Loading and validating card and adventure files: every problem as FILE:LINE:COLUMN."""

import json

import jsonschema
import pytest
import yaml

from conftest import ROOT, write_box
from guide.core.box import bundled
from guide.games.kaverini.data.loader import bundled_library, load, yaml_files
from guide.games.kaverini.data.tables import abilities, comic_d10, ladders, load_schema
from guide.games.kaverini.model import Amount

FOE = """cards:
  - name: Dumb Turkey
    type: foe
    hp: 3
    techniques:
      - {name: Dumb Down, schmerz: 1}
"""


def problems_of(tmp_path, text, name="x.yaml", known=None):
    path = write_box(tmp_path, name, text)
    _, problems = load([path], known=known)
    return [str(p).replace(str(tmp_path) + "/", "") for p in problems]


def test_bundled_box_is_valid_and_complete():
    lib, problems = load(bundled("kaverini"))
    assert problems == []
    assert len(lib.cards) >= 30
    types = {c.type for c in lib.cards.values()}
    assert types == {"foe", "power-foe", "buddy", "companion", "item", "setting"}
    assert any(c.move_die for c in lib.cards.values())
    assert any(c.back for c in lib.cards.values())
    assert any(c.bond for c in lib.cards.values())
    assert any(c.usage for c in lib.cards.values())
    assert any(c.shield for c in lib.cards.values()) and any(c.heel for c in lib.cards.values())
    a = lib.adventures["amsterdam"]
    assert sorted(a.quotes) == list(range(1, 101))
    assert len(a.scenes) >= 3 and a.shops and a.pronunciation and a.intro


def test_bundled_files_point_to_their_schema_and_pass_jsonschema():
    box = [ROOT / "cards" / "kaverini", ROOT / "adventures" / "kaverini"]
    for path in yaml_files(box)[0]:
        first = path.read_text().splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=")
        schema_path = (path.parent / first.split("=", 1)[1]).resolve()
        schema = json.loads(schema_path.read_text())
        data = yaml.safe_load(path.read_text())
        if "adventure" in data:  # JSON keys are strings; YAML's bare 1 is a number
            for numbered in ("quotes", "sources"):
                data["adventure"][numbered] = {str(k): v for k, v in
                                               data["adventure"].get(numbered, {}).items()}
        jsonschema.validate(data, schema)


def test_emotion_table_and_abilities_are_data():
    assert len(ladders()) == 13
    assert all(len(lad.techniques) == 10 for lad in ladders().values())
    assert ladders()["sadness"].technique_name(1) == "Cryface"
    assert ladders()["comic slapstick"].technique_name(10) == "Absolute Lunacy"
    assert comic_d10()[0] == "sadness" and comic_d10()[9] == "nervousness"
    assert set(abilities()) == {"Sensitive", "Insensitive", "Psychic", "Confidence", "Chutzpah",
                                "Lagom", "Focused", "Passionate"}


def test_valid_foe_loads(tmp_path):
    lib, problems = load([write_box(tmp_path, "f.yaml", FOE)])
    assert problems == []
    turkey = lib.card("dumb turkey")
    assert turkey.hp == 3 and turkey.techniques[0].schmerz == Amount(1)


@pytest.mark.parametrize("value,expected", [(3, Amount(3)), ("Lv", Amount(0, True)),
                                            ("2+Lv", Amount(2, True)), ("2 + lv", Amount(2, True))])
def test_schmerz_amounts(value, expected):
    assert Amount.parse(value) == expected
    assert expected.value(4) == expected.base + (4 if expected.plus_lv else 0)


def test_syntax_error_has_its_line(tmp_path):
    out = problems_of(tmp_path, "cards:\n  - name: A\n    type: foe\n   hp: 3\n")
    assert out[0].startswith("x.yaml:4:")
    assert "YAML syntax error" in out[0]


def test_unknown_card_type_lists_the_types(tmp_path):
    out = problems_of(tmp_path, "cards:\n  - name: A\n    type: monster\n")
    assert out == ["x.yaml:3:11: cards[1].type: unknown 'monster'; expected one of: foe,"
                   " power-foe, buddy, companion, item, setting"]


def test_foe_without_hp(tmp_path):
    out = problems_of(tmp_path, "cards:\n  - name: A\n    type: foe\n    techniques: []\n")
    assert out == ["x.yaml:2:5: cards[1]: missing required key 'hp'"]


def test_schmerz_lots_and_every_other_problem_in_the_file(tmp_path):
    out = problems_of(tmp_path, FOE.replace("schmerz: 1", "schmerz: lots")
                      + "    sheild: Love\n    flags: [nl]\n")
    assert out[0].startswith("x.yaml:6:36: cards[1].techniques[1].schmerz: 'lots' is not valid")
    assert out[1] == "x.yaml:7:5: unknown key 'sheild'; did you mean 'shield'?"
    assert out[2].startswith("x.yaml:8:13: cards[1].flags[1]: 'nl' is not valid")


def test_booklet_missing_quote_57(tmp_path):
    quotes = "\n".join(f"    {i}: quote {i}" for i in range(1, 101) if i != 57)
    out = problems_of(tmp_path, "adventure:\n  id: t\n  title: T\n  currency: EUR\n"
                      f"  starting_money: 1\n  quotes:\n{quotes}\n")
    assert out == ["x.yaml:6:3: the quote lottery needs quotes 1 to 100: missing 57"]


def test_quote_out_of_range(tmp_path):
    quotes = "\n".join(f"    {i}: q" for i in range(1, 102))
    out = problems_of(tmp_path, "adventure:\n  id: t\n  title: T\n  currency: EUR\n"
                      f"  starting_money: 1\n  quotes:\n{quotes}\n")
    assert out == ["x.yaml:107:5: unknown key '101'"]


def test_booklet_references_unknown_cards(tmp_path):
    quotes = "\n".join(f"    {i}: q" for i in range(1, 101))
    out = problems_of(tmp_path, "adventure:\n  id: t\n  title: T\n  currency: EUR\n"
                      "  starting_money: 1\n  xp: {Nobody: 1, Stroopwafel: 2}\n"
                      f"  quotes:\n{quotes}\n", known=bundled_library())
    assert out == ["x.yaml:6:8: unknown foe card 'Nobody'",
                   "x.yaml:6:19: 'Stroopwafel' is an item card, not a foe"]


def test_python_tags_are_refused_not_run(tmp_path):
    out = problems_of(tmp_path, 'cards:\n  - name: !!python/object/apply:os.system ["echo x"]\n'
                      "    type: setting\n")
    assert any("x.yaml:2:11:" in p and "tag !!python/object/apply:os.system is not allowed" in p
               for p in out)


def test_duplicate_key(tmp_path):
    out = problems_of(tmp_path, "cards:\n  - name: A\n    type: setting\n    type: item\n")
    assert out == ["x.yaml:4:5: duplicate key 'type' (first at line 3)"]


def test_card_defined_twice_names_both_places(tmp_path):
    write_box(tmp_path / "box", "a.yaml", FOE)
    write_box(tmp_path / "box", "b.yaml", FOE.replace("hp: 3", "hp: 4"))
    _, problems = load([tmp_path / "box"])
    assert len(problems) == 1
    assert f"{tmp_path}/box/b.yaml:2:5: card 'Dumb Turkey' is defined twice: here and at" \
           f" {tmp_path}/box/a.yaml:2" == str(problems[0])


def test_multiple_card_versions_load_as_one_card_with_both_flags(tmp_path):
    write_box(tmp_path / "box", "a.yaml", FOE.replace("hp: 3", "hp: 3\n    flags: [US]"))
    write_box(tmp_path / "box", "b.yaml", FOE.replace("hp: 3", "hp: 3\n    flags: [CA]"))
    lib, problems = load([tmp_path / "box"])
    assert problems == []
    assert lib.card("Dumb Turkey").flags == ("US", "CA")


def test_move_die_faces_must_cover_the_die(tmp_path):
    out = problems_of(tmp_path, "cards:\n  - name: A\n    type: foe\n    hp: 2\n    move_die: 4\n"
                      "    techniques:\n      - {name: X, schmerz: 1, roll: [1, 2]}\n")
    assert out == ["x.yaml:5:5: card 'A': the d4 faces must each pick exactly one technique"
                   " (missing 3, 4)"]


def test_field_on_the_wrong_card_type(tmp_path):
    out = problems_of(tmp_path, "cards:\n  - name: A\n    type: setting\n    usage: 2\n")
    assert out == ["x.yaml:4:5: card 'A': usage is not used on a setting card"]


def test_binary_junk(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_bytes(b"\x00\x01\x02binary")
    _, problems = load([path])
    assert "binary data" in str(problems[0])


def test_empty_file_and_wrong_top_level(tmp_path):
    assert problems_of(tmp_path, "") == ["x.yaml:1:1: empty file: expected 'cards:' or 'adventure:'"]
    assert problems_of(tmp_path, "- 1\n") == [
        "x.yaml:1:1: expected a mapping with 'cards:' or 'adventure:' at the top"]


def test_schemas_are_valid_json_schema():
    for name in ("cards", "adventure"):
        jsonschema.Draft202012Validator.check_schema(load_schema(name))


def test_bundled_library_is_cached():
    assert bundled_library() is bundled_library()


def test_a_file_with_too_many_problems_is_cut_short(tmp_path):
    out = problems_of(tmp_path, "cards: [" + "{}, " * 100_000 + "]\n")
    assert len(out) == 101 and out[-1].endswith("more problems in this file")


@pytest.mark.parametrize("text,expected", [
    ("cards:\n  - ? [a, b]\n    : 1\n", "x.yaml:2:7: a key must be a plain value"),
    ("cards:\n  - name: ''\n    type: setting\n", "x.yaml:2:11: cards[1].name must not be empty"),
    ("cards:\n  - name: " + "x" * 81 + "\n    type: setting\n",
     "x.yaml:2:11: cards[1].name is too long (at most 80 characters)"),
    ("cards:\n  - name: A\n    type: foe\n    hp: 2\n    move_die: 2\n    techniques:\n"
     "      - {name: X, schmerz: 1, roll: []}\n",
     "x.yaml:7:37: cards[1].techniques[1].roll: needs at least 1 entry"),
    ("cards:\n  - name: A\n    type: setting\n    token: maybe\n",
     "x.yaml:4:12: cards[1].token must be true or false, not 'maybe'"),
])
def test_more_validation_messages(tmp_path, text, expected):
    assert expected in problems_of(tmp_path, text)
