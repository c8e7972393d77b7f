"""The balance report of a whole adventure (`odds --adventure ID`, rules/evening.py): the
scenes played in order on one party that gains the booklet's XP (R-CONF-7, R-LVL-1) and
spends its points by rules/evening.py's policy (R-LVL-2, R-LVL-3) between scenes."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import ROOT, Play, guide, write_box
from guide.games.kaverini.commands.balance import balance, build_evening
from guide.games.kaverini.rules.evening import new_party, play_evening, spend_by_policy, verdict
from guide.games.kaverini.rules.leveling import award_xp

QUOTES = "\n".join(f"    {n}: Fact {n}." for n in range(1, 101))
TURKEYS = f"""adventure:
  id: turkey-town
  title: Turkey Town
  currency: EUR
  starting_money: 5
  scenes:
    - name: First turkey
      foes: [Dumb Turkey]
    - name: Talk in the square
    - name: Second turkey
      foes: [Dumb Turkey, Dumb Turkey]
  xp: {{Dumb Turkey: 2}}
  quotes:
{QUOTES}
"""


@pytest.fixture
def turkeys(tmp_path):
    box = tmp_path / "box"
    box.mkdir()
    shutil.copy(ROOT / "tests" / "data" / "box" / "test-cards.yaml", box)
    write_box(box, "turkeys.yaml", TURKEYS)
    return Play(tmp_path / "c.sqlite", boxes=[box])


def test_a_new_party_is_the_documented_level_1_kaverit_and_repeats_numbered():
    party = new_party(7)
    assert [k["name"] for k in party] == ["Ann", "Bob", "Cy", "Dee", "Eli", "Fay", "Ann 2"]
    assert party[1]["ability"] == "Focused"
    assert party[0]["ladders"] == {"Cheer": 1, "Love": 1, "Sadness": 1}
    assert all(k["xp"] == 1 and k["max_hp"] == 20 and k["emotion"] == 0 for k in party)


def test_r_lvl_policy_spends_e_then_the_lowest_ladder_then_h_and_hp():
    ann = new_party(1)[0]
    award_xp(ann, 2)                      # level 3: 2 + 3 points, 2 on E at most (R-LVL-3)
    spend_by_policy(ann)
    assert (ann["emotion"], ann["ladders"], ann["heart"], ann["max_hp"], ann["points"]) == (
        2, {"Cheer": 2, "Love": 1, "Sadness": 1}, 1, 20, 0)
    award_xp(ann, 1)                      # level 4: 4 points: E 1, Love 1->2, then H
    spend_by_policy(ann)
    assert (ann["emotion"], ann["ladders"], ann["heart"], ann["max_hp"]) == (
        3, {"Cheer": 2, "Love": 2, "Sadness": 1}, 2, 20)
    bob = new_party(2)[1]                 # Focused: one more point a level (R-LVL-1)
    award_xp(bob, 4)                      # level 5: 2+3+4+5, +1 each: 18 points
    spend_by_policy(bob)
    assert bob["points"] == 0 and bob["emotion"] == 4
    assert bob["ladders"] == {"Anger": 3, "Happy": 3, "Innocence": 2}
    assert (bob["heart"], bob["max_hp"]) == (1, 21)           # 2 left: H 1, max HP 1


def test_r_conf_7_the_party_gains_the_booklet_xp_scene_after_scene(turkeys):
    evening, who = build_evening(turkeys.table, "turkey-town", 3)
    assert [name for name, *_ in evening.scenes] == ["First turkey", "Second turkey"]
    assert who.startswith("3 new level-1 Kaverit (Ann: Passionate")
    first, second = play_evening(evening, 5)
    assert (first.level, first.result) == (1, "won")
    assert (second.level, second.result) == (3, "won")      # 1 XP + 2 for the turkey


def test_the_report_table_gives_level_chances_rounds_and_the_too_easy_verdict(turkeys):
    shown = turkeys.do("odds --adventure turkey-town --size 3 --seed 4").splitlines()
    assert shown[0].startswith("The balance of 'turkey-town', 400 evenings (each chance to +-0.5"
                               " points at 95%), 3 new level-1 Kaverit (Ann: Passionate")
    assert shown[1].split() == ["scene", "level", "win", "run", "away", "lost", "rounds"]
    assert shown[3].split()[:6] == ["First", "turkey", "1", "100%", "0%", "0%"]
    assert shown[4].split()[:6] == ["Second", "turkey", "3", "100%", "0%", "0%"]
    assert "First turkey: too easy (above 95%)" in shown
    assert shown[-1].startswith("Between scenes: E: 1 point per level reached")


def test_verdict_is_too_easy_above_95_and_too_hard_below_40():
    assert verdict(0.96) == "too easy (above 95%)" and verdict(0.95) is None
    assert verdict(0.39) == "too hard (below 40%)" and verdict(0.40) is None


def test_the_campaign_party_plays_when_no_size_is_given(turkeys):
    turkeys.do("kaveri Zed --ability Sensitive --technique Anger --technique Love"
               " --technique Cheer", "xp Zed 3")
    evening, who = build_evening(turkeys.table, "turkey-town", None)
    assert who == "the campaign's party: Zed"
    assert [k["name"] for k in evening.state["kaverit"]] == ["Zed"]
    assert play_evening(evening, 1)[0].level == 4


def test_guide_odds_adventure_json_needs_no_campaign_and_is_reproducible(tmp_path):
    args = ("odds", "--adventure", "amsterdam", "--size", "2", "--runs", "200", "--seed", "7",
            "--json")
    r = guide(*args, env={"GUIDE_DATA_DIR": str(tmp_path / "data")})
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert (data["adventure"], data["size"], data["runs"]) == ("amsterdam", 2, 200)
    assert [s["name"] for s in data["scenes"]][0] == "1. Bells and Bicycles"
    assert len(data["scenes"]) == 5
    for s in data["scenes"]:
        assert {"name", "level", "win", "run_away", "lost", "rounds"} <= set(s)
        assert abs(s["win"] + s["run_away"] + s["lost"] + s["undecided"] - 100) < 0.2
    assert data["scenes"][0]["level"] == 1
    assert not (tmp_path / "data").exists()          # no campaign was made
    assert guide(*args).stdout == r.stdout


def test_default_runs_stop_when_every_chance_is_within_3_points(turkeys):
    evening, _ = build_evening(turkeys.table, "turkey-town", 2)
    scenes = balance(evening, seed=3)
    assert len(scenes[0].arrivals) == 400                 # a sure win is known at once
    assert all(s.half_width() <= 0.03 for s in scenes)


TAKES = "odds --adventure ID takes --size, --runs, --seed, --json, --alone and --policies only"


@pytest.mark.parametrize("line,message", [
    ("odds --adventure nowhere", "--adventure: no adventure 'nowhere'; known: amsterdam,"
                                 " turkey-town"),
    ("odds --adventure turkey-town --size 0", "--size: 1 to 12 Kaverit, not 0"),
    ("odds --adventure turkey-town Dumb Turkey", TAKES),
    ("odds --size 3", TAKES),
    ("odds --alone", TAKES),
    ("odds --policies --scene 1", TAKES),
])
def test_bad_adventure_odds_are_refused_with_one_line(turkeys, line, message):
    assert turkeys.fails(line) == message


def test_odds_adventure_mid_adventure_starts_from_the_current_scene(party):
    party.do("xp Ann 2", "scene 3")
    evening, who = build_evening(party.table, "amsterdam", None)
    assert [name for name, *_ in evening.scenes] == [
        "3. The Night Watch Walks", "4. The Skinny Bridge", "5. The Flying Dutchman"]
    assert who == ("from scene 3 (the current one) on, the party as it is now: Ann level 3,"
                   " Bob level 1")
    out = party.do("odds --adventure amsterdam --runs 20 --seed 1")
    assert "from scene 3 (the current one) on" in out and "1. Bells" not in out
    assert "the middle 80% of evenings" in out


def test_a_made_up_party_never_reuses_the_tables_names(party):
    evening, who = build_evening(party.table, "amsterdam", 3)
    names = [k["name"] for k in evening.state["kaverit"]]
    assert names == ["Cy", "Dee", "Eli"] and "Ann" not in who
    assert [k["name"] for k in new_party(7, taken=["Cy"])] == [
        "Ann", "Bob", "Dee", "Eli", "Fay", "Ann 2", "Bob 2"]
