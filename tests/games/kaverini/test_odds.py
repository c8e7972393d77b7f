"""The odds advisor against fights whose odds are known exactly, played by the table's engine."""

import json

from conftest import guide, kaveri
from guide.games.kaverini.commands.odds import build_setup, simulate
from guide.games.kaverini.rules.simulate import run_once, wilson


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_a_foe_that_cannot_hurt_is_always_beaten(field):
    kaveri(field, "Ann")
    odds = simulate(build_setup(field.table, ("Harmless Hamster",), None, None, ()), 300, 1)
    assert odds.won == 300 and odds.lost == 0 and odds.ran_away == 0
    assert odds.percentile(0.5) == 3                    # 2 Schmerz a round on 6 HP


def test_a_fight_decided_in_one_blow(field):
    kaveri(field, "Ann")
    field.raw["kaverit"][0]["custom"]["Kick"] = 2      # 2 + Lv 1 = 3 on the turkey's 3 HP
    odds = simulate(build_setup(field.table, ("Dumb Turkey",), None, None, ()), 200, 2)
    assert odds.won == 200 and odds.percentile(0.9) == 1


def test_a_coin_flip_built_from_a_die(field):
    kaveri(field, "Ann")
    odds = simulate(build_setup(field.table, ("Coin Flipper",), None, None, ()), 2000, 3)
    lo, hi = odds.interval()
    assert lo <= 0.5 <= hi and hi - lo < 0.05
    assert odds.won + odds.lost == 2000                # one Kaveri flattened: lost, no run


def test_same_seed_same_odds(field):
    kaveri(field, "Ann")
    setup = build_setup(field.table, ("Coin Flipper",), None, None, ())
    assert [run_once(setup, s).result for s in range(50)] == \
        [run_once(setup, s).result for s in range(50)]


def test_odds_of_the_bundled_scenes_from_the_command_line(tmp_path):
    campaign = str(tmp_path / "c.sqlite")
    guide("play", "--campaign", campaign, input="adventure amsterdam\n" + "".join(
        f"kaveri {n} --ability Focused --technique Cheer --technique Love --technique"
        f" custom:Kick\nxp {n} 2\n" for n in ("Ann", "Bob", "Cy")))
    r = guide("odds", "--campaign", campaign, "--scene", "2", "--seed", "4", "--runs", "400",
              "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["runs"] == 400 and data["foes"] == ["Rogue Herring Gull", "Stroopwafel Smuggler"]
    assert 0 <= data["win_low"] <= data["win"] <= data["win_high"] <= 1
    r2 = guide("odds", "--campaign", campaign, "--scene", "2", "--seed", "4", "--runs", "400",
               "--json")
    assert r2.stdout == r.stdout


def test_target_suggests_tweaks(field):
    kaveri(field, "Ann")
    out = field.do("odds 'Big Bully' --runs 200 --seed 1 --target 50")
    assert "For a 50% chance to win (rulebook 7.3)" in out and "tweak \"Big Bully\" hp=" in out


def test_odds_need_a_fight(field):
    kaveri(field, "Ann")
    assert "odds of which fight?" in field.fails("odds")
