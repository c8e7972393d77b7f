"""The table-script forms from a script or a pipe, and `guide state` JSON."""

import json

from conftest import guide

SCRIPT = """\
# preparing the evening
adventure amsterdam

kaveri "Ms. Hair" --ability Focused --technique Sadness --technique "custom:Bad Hair Day" \
--technique Cheer --fact "Curly"
xp "Ms. Hair" 2
spend "Ms. Hair" e=1 hp=2 Cheer=2
wp "Ms. Hair" 1
money "Ms. Hair" -20
item "Ms. Hair" Stroopwafel
companion "Joop the Tram Driver"
buddy "Hondje the Ship's Dog"
lottery --npc Tess --dice 4,5
"""


def run(tmp_path, script, *extra):
    campaign = tmp_path / "c.sqlite"
    r = guide("play", "--campaign", str(campaign), "--seed", "1", *extra, input=script)
    state = guide("state", "--campaign", str(campaign))
    return r, json.loads(state.stdout) if state.returncode == 0 else None


def test_script_forms_and_state_json(tmp_path):
    r, state = run(tmp_path, SCRIPT)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    assert state["schema"] == 1
    assert state["adventure"] == {"id": "amsterdam", "currency": "EUR"}
    k = state["kaverit"][0]
    assert k == {"name": "Ms. Hair", "level": 3, "xp": 3, "hp": 22, "max_hp": 22, "emotion": 1,
                 "heart": 0, "ability": "Focused", "points": 2,
                 "ladders": {"Sadness": 1, "Cheer": 2}, "custom": {"Bad Hair Day": 1},
                 "world_points": 1, "money": 280, "items": ["Stroopwafel"], "cowering": False}
    assert state["companions"] == ["Joop the Tram Driver"]
    assert state["buddies"] == [{"name": "Hondje the Ship's Dog", "hp": 10, "max_hp": 10}]
    assert state["confrontation"] is None
    assert state["quotes_told"] == [45]
    assert state["strategy"] is None


def test_good_and_bad_lines_apply_the_good_and_exit_1(tmp_path):
    script = ("adventure amsterdam\nkaveri A --ability Lagom --technique Sadness --technique Love"
              " --technique Cheer\nxp A two\nwp Nobody 1\nfrobnicate\nwp A 2\nspend A e=5\n"
              "money A -1000\n")
    r, state = run(tmp_path, script)
    assert r.returncode == 1
    errors = r.stderr.strip().splitlines()
    assert len(errors) == 5 and all(e.startswith("error: ") for e in errors)
    assert "Traceback" not in r.stderr
    assert "not a valid integer" in errors[0]
    assert "no Kaveri named 'Nobody'" in errors[1]
    assert errors[2].endswith("unknown command 'frobnicate' (help lists the commands)")
    assert "not enough points" in errors[3] or "at most 1 point on E" in errors[3]
    assert "has only 300 EUR" in errors[4]
    assert state["kaverit"][0]["world_points"] == 2 and state["kaverit"][0]["money"] == 300


def test_each_result_is_printed_as_its_command_finishes(tmp_path):
    r, _ = run(tmp_path, "roll 3d1\nroll 2d1\n")
    assert r.stdout.splitlines() == ["3d1 (1, 1, 1) = 3", "3", "2d1 (1, 1) = 2", "2"]


def test_seed_makes_every_roll_reproducible(tmp_path):
    a = guide("play", "--campaign", str(tmp_path / "a.sqlite"), "--seed", "9", input="roll 5d20\n")
    b = guide("play", "--campaign", str(tmp_path / "b.sqlite"), "--seed", "9", input="roll 5d20\n")
    assert a.stdout == b.stdout


def test_undo_after_restart_from_scripts(tmp_path):
    campaign = str(tmp_path / "c.sqlite")
    guide("play", "--campaign", campaign, input="kaveri A --ability Lagom --technique Sadness"
                                                " --technique Love --technique Cheer\n")
    before = guide("state", "--campaign", campaign).stdout
    guide("play", "--campaign", campaign, input="xp A 5\n")
    assert guide("state", "--campaign", campaign).stdout != before
    r = guide("play", "--campaign", campaign, input="undo\n")
    assert r.returncode == 0 and r.stdout.startswith("Undone: xp A 5")
    assert guide("state", "--campaign", campaign).stdout == before


def test_extra_box_cards_load_beside_the_bundled(tmp_path):
    box = tmp_path / "box"
    box.mkdir()
    (box / "turkey.yaml").write_text("cards:\n  - name: Dumb Turkey\n    type: foe\n    hp: 3\n"
                                     "    techniques:\n      - {name: Dumb Down, schmerz: 1}\n")
    r, _ = run(tmp_path, "card dumb turkey\ncard stroopwafel\n", "--box", str(box))
    assert r.returncode == 0 and "Dumb Down" in r.stdout and "Heal 4 HP" in r.stdout


def test_state_of_a_missing_campaign(tmp_path):
    r = guide("state", "--campaign", str(tmp_path / "none.sqlite"))
    assert r.returncode == 1 and "no such campaign" in r.stderr
