"""The Kaverini Strategy Game: R-STRAT-1..7, on the same engine as the confrontations."""

import json

import pytest

from conftest import ROOT, Play, guide


@pytest.fixture
def game(tmp_path):
    p = Play(tmp_path / "c.sqlite", seed=5, boxes=[ROOT / "tests" / "data" / "box"])
    p.do("kaveri Ann --ability Lagom --technique Sadness --technique custom:Kick --technique Cheer",
         "kaveri Bob --ability Psychic --technique Anger --technique custom:Kick --technique Happy",
         "kaveri Cy --ability Focused --technique Love --technique custom:Kick --technique Happy")
    yield p
    p.close()


def strategy(p):
    return p.state["strategy"]


def test_r_strat_1_setup_choices(game):
    out = game.do("strategy new --player Pia --player Quin --budget 100 --money 20"
                  " --settings chosen --fluid --no-power-foes --pool shared --kaverit 1")
    assert "Pia, Quin (in turn order), 100 points and 20 K each, settings chosen (fluid)" in out
    assert "Power Foes not allowed, shared pool" in out
    assert "two or more players" in game.fails("strategy new --player Solo")
    assert "--fluid needs settings" in game.fails("strategy new --player A --player B --fluid")
    s = strategy(game)
    assert [p["points_left"] for p in s["players"]] == [100, 100] and s["winner"] is None


def test_r_strat_2_budget_and_leftover_world_points(game):
    game.do("strategy new --player Pia --player Quin --budget 10 --no-power-foes --pool shared",
            "strategy kaveri Pia Ann", "strategy kaveri Quin Bob")
    assert "has no expense number" in game.fails("strategy buy Pia 'Dumb Turkey'")
    game.do("tweak 'Big Bully' expense=8", "tweak 'Dumb Turkey' expense=3")
    game.do("strategy buy Pia 'Big Bully'")
    assert "Dumb Turkey costs 3; Pia has 2 of 10 points left" in game.fails(
        "strategy buy Pia 'Dumb Turkey'")
    assert "the shared pool has one Big Bully" in game.fails("strategy buy Quin 'Big Bully'")
    game.do("strategy wp Pia 2")
    assert "has 0 points left" in game.fails("strategy wp Pia 1")
    game.do("tweak 'Captain Van der Decken' expense=1")
    assert "no Power Foes" in game.fails("strategy buy Quin 'Captain Van der Decken'")
    s = strategy(game)
    assert s["players"][0]["points_left"] == 0 and s["players"][0]["world_points"] == 2


def test_r_strat_2_items_bonded_before_the_first_round(game):
    game.do("tweak 'Thick Coat' expense=2", "tweak 'Big Bully' expense=5",
            "strategy new --player Pia --player Quin --budget 20",
            "strategy kaveri Pia Ann", "strategy kaveri Quin Bob",
            "strategy buy Pia 'Thick Coat'", "strategy bond Pia 'Thick Coat'",
            "strategy buy Quin 'Big Bully'", "strategy start")
    assert "teams are set" in game.fails("strategy bond Pia 'Thick Coat'")
    arena = game.raw["strategy"]["arena"]
    assert arena["kaverit"][0]["items"] == [{"card": "Thick Coat", "uses": None, "bonded": True}]


def battle(game, *extra):
    game.do("tweak 'Big Bully' expense=5", "tweak 'Dumb Turkey' expense=2",
            "strategy new --player Pia --player Quin --budget 20 " + " ".join(extra),
            "strategy kaveri Pia Ann", "strategy kaveri Quin Bob",
            "strategy buy Pia 'Dumb Turkey'", "strategy buy Quin 'Big Bully'", "strategy start")


def test_r_strat_3_any_opponent_is_a_target_and_foes_fight_for_players(game):
    battle(game)
    assert "fights on Ann's side" in game.fails("use Ann Kick --on 'Dumb Turkey'")
    game.do("use Ann Kick --on 'Big Bully'")
    assert "on whom? --on 'Ann' | 'Dumb Turkey'" in game.fails("use Bob Kick")
    game.do("use Bob Kick --on Ann")
    game.do("foe 'Dumb Turkey' 'Dumb Down' --on 'Big Bully'")
    assert "fights on Big Bully's side" in game.fails("foe 'Big Bully' Shove --on Bob")


def test_r_strat_3_house_rule_each_player_in_one_go(game):
    game.do("house strategy_by_player on")
    battle(game)
    game.do("use Ann Kick --on Bob", "foe 'Dumb Turkey' 'Dumb Down' --on Bob")
    assert game.raw["strategy"]["arena"]["versus"]["player"] == 1      # Quin's turn now
    assert "already acted" in game.fails("foe 'Dumb Turkey' 'Dumb Down' --on Bob")
    game.do("use Bob Kick --on Ann", "foe 'Big Bully' Shove --on Ann")
    assert strategy(game)["round"] == 2


def test_r_strat_4_turn_order_e_bonus(game):
    battle(game)
    assert "(2 +1 E = 3)" in game.do("use Bob Kick --on 'Dumb Turkey'")   # Quin is second
    assert "(2 = 2)" in game.do("use Ann Kick --on Bob")             # Pia is first: +0


def test_r_strat_5_no_running_away_one_setting_neutralized_at_0(game):
    battle(game, "--settings random")
    arena = game.raw["strategy"]["arena"]
    assert len(arena["confrontation"]["settings"]) == 1
    assert "no running away" in game.fails("runaway --roll 1")
    arena["kaverit"][0]["hp"] = 1
    out = game.do("use Bob Kick --on Ann")
    assert "Ann (Pia) is neutralized!" in out


def test_r_strat_5_fluid_settings_change_every_round(game):
    battle(game, "--settings random --fluid")
    out = game.do("next", "next", "next")
    assert out.count("The setting is now") >= 1


def test_r_strat_6_lv_is_the_controllers_kaverit(game):
    game.do("xp Bob 3")                               # Quin's Kaveri is level 4, Pia's level 1
    battle(game)
    game.do("next", "next")
    game.do("foe 'Big Bully' Tease --on Ann")         # Lv 4 + E 1 (second player)
    assert strategy(game)["players"][0]["characters"][0]["hp"] == 15


def test_r_strat_7_three_players_fluid_to_a_winner(game):
    game.do("tweak 'Big Bully' expense=5", "tweak 'Dumb Turkey' expense=2",
            "strategy new --player Pia --player Quin --player Rey --budget 20 --settings random"
            " --fluid", "strategy kaveri Pia Ann", "strategy kaveri Quin Bob",
            "strategy kaveri Rey Cy", "strategy start")
    arena = game.raw["strategy"]["arena"]
    for k in arena["kaverit"]:
        k["hp"] = 3
    arena["kaverit"][1]["hp"] = 2
    game.do("use Ann Kick --on Bob")                  # 2 (Pia is first, +0 E): Bob is out
    assert strategy(game)["winner"] is None
    out = game.do("use Cy Kick --on Ann")             # Cy (Rey, +2 E): 4: Ann is out
    assert "Rey wins the Strategy Game!" in out
    s = strategy(game)
    assert s["winner"] == "Rey" and game.state["confrontation"] is None
    assert [c["hp"] for p in s["players"] for c in p["characters"]] == [0, 0, 3]
    assert "Winner: Rey (round 1)." in game.do("strategy teams")


def test_strategy_state_json_from_the_command_line(tmp_path):
    campaign = str(tmp_path / "c.sqlite")
    script = ("kaveri Ann --ability Lagom --technique Sadness --technique Love --technique Cheer\n"
              "kaveri Bob --ability Lagom --technique Sadness --technique Love --technique Cheer\n"
              "strategy new --player Ann --player Ben --budget 50\n"
              "strategy kaveri Ann Ann\nstrategy kaveri Ben Bob\n"
              "strategy buy Ann 'Rogue Herring Gull'\nstrategy wp Ann 2\nstrategy start\n")
    r = guide("play", "--campaign", campaign, "--seed", "1", input=script)
    assert r.returncode == 0, r.stderr
    state = json.loads(guide("state", "--campaign", campaign).stdout)["strategy"]
    assert state["round"] == 1 and state["winner"] is None
    assert state["players"][0] == {"name": "Ann", "points_left": 45, "world_points": 2,
                                   "characters": [{"name": "Ann", "hp": 20, "max_hp": 20},
                                                  {"name": "Rogue Herring Gull", "hp": 5,
                                                   "max_hp": 5}]}


def test_the_setting_draw_takes_the_tables_die(game):
    game.do("strategy new --player Pia --player Quin --budget 20 --settings random --fluid",
            "strategy kaveri Pia Ann", "strategy kaveri Quin Bob",
            "strategy setting Pia 'Sunny Meadow'", "strategy setting Quin 'Stinging Nettles'")
    assert "The setting is now Stinging Nettles." in game.do("strategy start --dice 2")
    assert "The setting is now Sunny Meadow." in game.do("next", "next", "next --dice 1")


def test_an_item_bought_before_any_kaveri_goes_to_the_first_one(game):
    game.do("tweak 'Lucky Coin' expense=2", "strategy new --player Pia --player Quin",
            "strategy buy Pia 'Lucky Coin'", "strategy kaveri Pia Ann")
    assert "Lucky Coin (Ann)" in game.do("strategy teams")
