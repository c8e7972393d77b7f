"""The command line: --version, roll, check, cards, card, schema."""

import json

from conftest import ROOT, guide, write_box


def test_version():
    r = guide("--version")
    assert r.returncode == 0 and r.stdout.startswith("guide ")


def test_roll_same_seed_same_roll():
    a, b = guide("roll", "2d4+1", "--seed", "3"), guide("roll", "2d4+1", "--seed", "3")
    assert a.returncode == 0 and a.stdout == b.stdout
    lines = a.stdout.splitlines()
    assert lines[0].startswith("2d4 (") and 3 <= int(lines[-1]) <= 9


def test_roll_table_dice_and_percentile():
    r = guide("roll", "d%", "--dice", "4,5")
    assert r.stdout.splitlines()[-1] == "45"


def test_absurd_roll_is_refused_with_one_line():
    r = guide("roll", "1000000000d6")
    assert r.returncode == 1
    assert r.stderr.strip().splitlines() == ["error: too many dice: 1000000000 (at most 1000 in one roll)"]
    assert "Traceback" not in r.stderr


def test_check_bundled_box_passes():
    r = guide("check", str(ROOT / "cards" / "kaverini"), str(ROOT / "adventures" / "kaverini"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("ok: ")


def test_check_reports_each_problem_and_exits_1(tmp_path):
    path = write_box(tmp_path, "bad.yaml", "cards:\n  - name: A\n    type: monster\n"
                                           "  - name: B\n    type: foe\n")
    r = guide("check", str(path))
    assert r.returncode == 1
    assert f"{path}:3:11: cards[1].type: unknown 'monster'" in r.stdout
    assert f"{path}:4:5: cards[2]: missing required key 'hp'" in r.stdout


def test_check_missing_path():
    r = guide("check", "/nonexistent/box")
    assert r.returncode == 1 and "/nonexistent/box:1:1: no such file or folder" in r.stdout


def test_cards_table_and_card_detail():
    r = guide("cards", "--type", "power-foe")
    assert "Captain Van der Decken" in r.stdout and "Stroopwafel" not in r.stdout
    r = guide("card", "captain van der decken")
    assert "Shield: Sadness" in r.stdout and "Heel: Love" in r.stdout
    r = guide("card", "Captian Van der Decken")
    assert r.returncode == 1 and "did you mean 'Captain Van der Decken'" in r.stderr


def test_cards_takes_its_type_as_the_table_does():
    """`guide cards foe` as `cards foe` at the table; both forms at once must agree."""
    assert guide("cards", "power-foe").stdout == guide("cards", "--type", "power-foe").stdout
    r = guide("cards", "item", "--type", "foe")
    assert r.returncode == 1 and r.stderr == "error: cards: one type, not both item and foe\n"
    r = guide("cards", "nope")
    assert r.returncode == 1 and "not 'nope'" in r.stderr and r.stdout == ""


def test_schema_prints_both():
    r = guide("schema", "cards")
    assert json.loads(r.stdout)["title"] == "Kaverini card file"


def test_box_with_problems_is_refused_clearly(tmp_path):
    write_box(tmp_path / "box", "bad.yaml", "cards:\n  - name: A\n    type: monster\n")
    r = guide("cards", "--box", str(tmp_path / "box"))
    assert r.returncode == 1 and "bad.yaml:3:11" in r.stderr and "Traceback" not in r.stderr
