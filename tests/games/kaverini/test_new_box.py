"""`guide new box NAME [--to DIR]`: a small working box from the template's data files
(cards, a booklet with three scenes, XP, the 100 quote slots of R-QL-1 with ten examples and
90 placeholders), that `guide check` passes, `guide check --facts` lists the placeholders of,
and `odds --adventure` plays."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from conftest import guide
from guide.games.kaverini.data.loader import bundled_library, load


@pytest.fixture
def box(tmp_path) -> Path:
    folder = tmp_path / "fog"
    r = guide("new", "box", "Harbour Fog", "--to", str(folder))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == f"A new box in {folder}: adventure 'harbour-fog', 4 files."
    return folder


def test_the_new_box_holds_cards_a_booklet_and_the_schemas(box):
    assert sorted(str(p.relative_to(box)) for p in box.rglob("*") if p.is_file()) == [
        "cards.yaml", "harbour-fog.yaml", "schemas/adventure.schema.json",
        "schemas/cards.schema.json"]
    lib, problems = load([box], known=bundled_library())
    assert problems == []
    a = lib.adventures["harbour-fog"]
    assert a.title == "Harbour Fog" and len(a.scenes) == 3 and a.shops and a.pronunciation
    assert set(a.xp) == {f for s in a.scenes for f in s.foes}
    assert sorted(a.quotes) == list(range(1, 101))                  # R-QL-1
    assert sorted(a.sources) == list(range(1, 11))
    assert {c.type for c in lib.cards.values()} == {"foe", "power-foe", "setting", "item",
                                                    "buddy", "companion"}


def test_the_schema_lines_point_editors_to_the_schemas_in_the_box(box):
    for path in (box / "cards.yaml", box / "harbour-fog.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=schemas/")
        schema = json.loads((box / first.split("=", 1)[1]).read_text(encoding="utf-8"))
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "adventure" in data:
            for numbered in ("quotes", "sources"):
                data["adventure"][numbered] = {str(k): v for k, v in
                                               data["adventure"][numbered].items()}
        jsonschema.validate(data, schema)


def test_guide_check_passes_it_and_check_facts_lists_the_90_placeholders(box):
    r = guide("check", str(box))
    assert r.returncode == 0 and r.stdout.strip() == "ok: 8 cards, 1 adventure"
    facts = guide("check", "--facts", str(box))
    assert facts.returncode == 1
    listed = facts.stdout.splitlines()
    assert len(listed) == 90 and facts.stderr.strip() == "90 problems found."
    assert listed[0].endswith("quote 11 is a placeholder, not a fact yet and has no source"
                              " (add one under sources:)")
    assert listed[-1].split(": ", 1)[1].startswith("adventure 'harbour-fog': quote 100 ")


def test_odds_adventure_plays_the_new_box(box):
    r = guide("odds", "--box", str(box), "--adventure", "harbour-fog", "--size", "3",
              "--runs", "200", "--seed", "2", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert [s["name"] for s in data["scenes"]] == [
        "1. The Noisy Harbour", "2. Trouble at the Market", "3. The Fog Giant"]
    assert [s["level"] for s in data["scenes"]][0] == 1
    assert all(s["win"] >= 40 for s in data["scenes"]), data      # winnable on arrival


def test_a_name_with_quotes_and_colons_is_kept_as_written(tmp_path):
    name = 'Tom\'s "Fog": Part 2'
    r = guide("new", "box", name, "--to", str(tmp_path / "b"))
    assert r.returncode == 0, r.stderr
    lib, problems = load([tmp_path / "b"], known=bundled_library())
    assert problems == [] and lib.adventures["tom-s-fog-part-2"].title == name


@pytest.mark.parametrize("args,message", [
    (["Amsterdam"], "error: the bundled box already has an adventure 'amsterdam'; name yours"
                    " otherwise"),
    (["!!!"], "error: box name '!!!': give it some letters or digits"),
])
def test_bad_names_are_refused_and_write_nothing(tmp_path, args, message):
    r = guide("new", "box", *args, "--to", str(tmp_path / "b"))
    assert r.returncode == 1 and r.stderr.strip() == message
    assert not (tmp_path / "b").exists()


def test_an_existing_folder_with_files_is_left_alone(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "mine.txt").write_text("keep me")
    r = guide("new", "box", "Fog", "--to", str(tmp_path / "b"))
    assert r.returncode == 1
    assert r.stderr.strip() == (f"error: --to: {tmp_path / 'b'} already exists and is not an"
                                " empty folder; nothing was written")
    assert [p.name for p in (tmp_path / "b").iterdir()] == ["mine.txt"]
