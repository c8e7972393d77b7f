"""The box: symbols and types with their Ukrainian names, the special cards with the seed's
texts (never invented), the scoring table a table can replace."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cv_support import lib

from guide.core import box, settings
from guide.core.errors import DataError
from guide.games.cv.game import CvGame

# The lines of the seed rulebook (CV's rules, in Ukrainian) that print the special cards,
# checked in as an excerpt: the cards' texts are held to the seed's own words.
SEED = Path(__file__).resolve().parents[2] / "data" / "seeds" / "cv-special-cards-uk.txt"


def test_v_dice_1_the_symbols_carry_the_seeds_ukrainian_words():
    assert {s.id: s.uk for s in lib().symbols.values()} == {
        "health": "Здоров'я", "knowledge": "Знання", "relationships": "Відносини", "money": "Гроші",
        "happiness": "Щастя", "failure": "Невдача"}


def test_card_types_in_english_and_ukrainian_typed_in_any_case():
    assert [lib().card_type(w) for w in ("Робота", "МАЙНО", "подія", "Ціль", "job")] == [
        "job", "property", "event", "goal", "job"]


def test_every_special_card_the_seed_describes_is_shipped():
    wanted = [5, 30, 11, 12, 28, 29, 35, 36, 41, 43, 45, 46, 53, 57, 60, *range(73, 84)]
    for n in wanted:
        sp = lib().special_by_id(n)
        assert sp is not None and sp.text["uk"] and sp.text["en"], n


def test_the_special_cards_ukrainian_texts_are_the_seeds_own_words():
    seed = " ".join(SEED.read_text(encoding="utf-8").split())
    seed = re.sub(r"CV(?=[а-яіїєґ])", "CV ", seed)     # the seed's lost space: 80's "CVкарт"
    for sp in lib().specials:
        text = " ".join(sp.text["uk"].split())
        assert text in seed, sp.ids
        assert re.sub(r"^Р", "P", sp.uk) in seed or sp.uk in seed, sp.uk


def test_no_special_card_glues_cv_to_the_next_word():
    """80 Healthy body read "записаних у його CVкарт" on the seat's page (the seed's text
    as extracted): the space is given back."""
    glued = [sp.ids for sp in lib().specials if re.search(r"CV[а-яіїєґ]", sp.text["uk"])]
    assert not glued, glued


def test_specials_found_by_number_and_by_either_name():
    assert lib().special("46")[0] == 46
    assert lib().special("Психотерапія")[0] == 53
    assert lib().special("bicycle instead of a car")[0] == 46
    assert lib().special("Marriage") is None


def test_a_broken_box_is_a_one_line_data_error(tmp_path):
    (tmp_path / "symbols.yaml").write_text("symbols: [1, 2\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        settings.load(CvGame(), [tmp_path])
    assert "symbols.yaml:2:1: YAML syntax error" in str(e.value) and "\n" not in str(e.value)


def test_a_misspelt_key_or_an_unknown_symbol_is_named_with_its_place(tmp_path):
    (tmp_path / "scoring.yaml").write_text("stack_pionts: [0, 1]\n", encoding="utf-8")
    with pytest.raises(DataError, match="scoring.yaml:1:1: unknown key 'stack_pionts'; did you"
                                        " mean 'stack_points'"):
        settings.load(CvGame(), [tmp_path])
    (tmp_path / "scoring.yaml").unlink()
    (tmp_path / "types.yaml").write_text("stacks: [health, jobb]\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"types.yaml:1:18: stacks\[2\]: unknown type 'jobb'; did"
                                        " you mean 'job'"):
        settings.load(CvGame(), [tmp_path])


def test_v_score_1_a_table_brings_its_own_scoring_table(tmp_path):
    (tmp_path / "scoring.yaml").write_text("stack_points: [0, 2, 4, 7, 11, 16]\n", encoding="utf-8")
    own = settings.load(CvGame(), [tmp_path])
    assert own.stack_score(4) == 11
    assert lib().stack_score(4) == 10


def test_v_dice_1_a_symbol_twice_is_refused_where_it_is(tmp_path):
    text = (box.bundled("cv")[0] / "symbols.yaml").read_text(encoding="utf-8")
    (tmp_path / "symbols.yaml").write_text(text.replace("id: knowledge", "id: health"),
                                           encoding="utf-8")
    with pytest.raises(DataError, match=r"symbols.yaml:10:9: symbols\[2\].id: 'health' is"
                                        r" already used \(V-DICE-1: six faces\)"):
        settings.load(CvGame(), [tmp_path])
