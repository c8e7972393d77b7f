"""The Kaverini Strategy Game: R-STRAT-1..7, on the same engine as the confrontations."""

import json

import pytest

from conftest import ROOT, Play, event, guide, kinds


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
    new = event(game.events("strategy new --player Pia --player Quin --budget 100 --money 20"
                            " --settings chosen --fluid --no-power-foes --pool shared --kaverit 1"),
                "strategy_new")
    assert {k: new[k] for k in ("players", "budget", "money", "settings", "fluid", "power_foes",
                                "pool", "kaverit")} == {
        "players": ["Pia", "Quin"], "budget": 100, "money": 20, "settings": "chosen",
        "fluid": True, "power_foes": False, "pool": "shared", "kaverit": 1}
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
    assert game.fails("use Bob Kick") == 'use: say whom it hits: --on Ann or --on "Dumb Turkey"'
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
    hit = event(game.events("use Ann Kick --on Bob"), "hit")               # Pia is first: +0
    assert (hit["base"], hit["emotion"], hit["amount"]) == (2, 0, 2)
    hit = event(game.events("use Bob Kick --on 'Dumb Turkey'"), "hit")    # Quin is second
    assert (hit["base"], hit["emotion"], hit["amount"]) == (2, 1, 3)


def test_r_strat_5_no_running_away_one_setting_neutralized_at_0(game):
    battle(game, "--settings random")
    arena = game.raw["strategy"]["arena"]
    assert len(arena["confrontation"]["settings"]) == 1
    assert "no running away" in game.fails("runaway --roll 1")
    arena["kaverit"][0]["hp"] = 1
    assert event(game.events("next", "use Bob Kick --on Ann"), "neutralized", name="Ann",
                 player="Pia")


def test_r_strat_5_fluid_settings_change_every_round(game):
    battle(game, "--settings random --fluid")
    told = [kind for _ in range(4) for kind in kinds(game.events("next"))]   # 4 turns a round
    assert "round" in told and told.index("setting") > told.index("round")


def test_r_strat_6_lv_is_the_controllers_kaverit(game):
    game.do("xp Bob 3")                               # Quin's Kaveri is level 4, Pia's level 1
    battle(game)
    game.do("next", "next", "next")                   # Ann, Bob and the turkey pass
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
    events = game.events("use Cy Kick --on Ann")      # Cy (Rey, +2 E): 4: Ann is out
    assert event(events, "victory", winner="Rey", strategy=True)
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
    drawn = event(game.events("strategy start --dice 2"), "setting")
    assert drawn["setting"] == "Stinging Nettles" and drawn["dice"] == [[2, 2]]
    game.do("next")                                   # Ann passes, Bob passes: round 2
    assert event(game.events("next --dice 1"), "setting")["setting"] == "Sunny Meadow"


def test_an_item_bought_before_any_kaveri_goes_to_the_first_one(game):
    game.do("tweak 'Lucky Coin' expense=2", "strategy new --player Pia --player Quin",
            "strategy buy Pia 'Lucky Coin'", "strategy kaveri Pia Ann")
    assert "Lucky Coin (Ann)" in game.do("strategy teams")


def test_r_conf_3_card_players_and_the_view_agree_on_the_psychic_in_a_battle(game):
    """One Psychic check: in a battle it is the battle's Kaverit (Bob fights; Cy does not)."""
    from guide.games.kaverini.view.model import player_view

    game.do("tweak 'Big Bully' expense=5", "strategy new --player Pia --player Quin --budget 20",
            "strategy kaveri Pia Ann", "strategy kaveri Quin Cy",
            "strategy buy Quin 'Big Bully'", "strategy start")
    assert player_view(game.table)["psychic"] is False          # Bob, the Psychic, is not in it
    assert "H 0" not in game.do("card --players 'Big Bully'")   # its Heart is a secret
    assert "Shield" not in game.do("status --players")
    game.do("end")
    assert player_view(game.table)["psychic"] is True           # outside: the party has Bob
    assert "H 0" in game.do("card --players 'Big Bully'")


def test_the_battle_is_a_variant_of_the_fight(game):
    from guide.games.kaverini.commands.confront import fight
    from guide.games.kaverini.rules.confrontation import Fight
    from guide.games.kaverini.rules.strategy import StrategyFight

    battle(game)
    f = fight(game.table, quiet=True)
    assert isinstance(f, StrategyFight) and isinstance(f, Fight)
    ann, bob = f.get("Ann"), f.get("Bob")
    assert f.enemy(ann, bob) and not f.enemy(ann, f.get("Dumb Turkey"))
    assert (f.e_bonus(ann), f.e_bonus(bob), f.side_of(bob)) == (0, 1, "Quin")
    assert "versus" not in game.raw and "adventure" not in game.raw["strategy"]["arena"]


def test_r_strat_2_a_collection_starts_every_card_on_its_first_side(party):
    """Flips and lost buddies of the adventure do not follow a card into a collection."""
    party.do("flip Painted Musketeer", "buddy Hondje")
    party.raw["buddies"].clear()
    party.raw["lost_buddies"] = ["Hondje the Ship's Dog"]
    party.do("strategy new --player Max --player Lea --budget 50",
             "strategy kaveri Max Ann", "strategy kaveri Lea Bob")
    bought = event(party.events("strategy buy Max Painted Musketeer"), "strategy_buy")
    assert bought["card"] == "Painted Musketeer"
    assert "the back of Painted Musketeer" in party.fails(
        "strategy buy Lea Musketeer of the Night Watch")
    party.do("strategy buy Lea Hondje")
    party.do("strategy start")
    players = party.state["strategy"]["players"]
    assert {"name": "Painted Musketeer", "hp": 32, "max_hp": 32} in players[0]["characters"]
    assert "Hondje the Ship's Dog" in [c["name"] for c in players[1]["characters"]]
    assert party.raw["flipped"] == ["painted musketeer"]       # the adventure's card as it was


def test_r_strat_2_a_kaveri_designed_for_the_game_need_not_join_the_party(party):
    party.do("strategy new --player Max --player Lea --budget 50", "strategy kaveri Max Ann")
    told = event(party.events("strategy kaveri Lea Zed --ability Lagom --technique Anger"
                              " --technique Love --technique Comic Wit"), "strategy_kaveri")
    assert told["designed"] and told["kaveri"] == "Zed"
    assert [k["name"] for k in party.state["kaverit"]] == ["Ann", "Bob"]
    assert party.state["strategy"]["players"][1]["characters"] == [
        {"name": "Zed", "hp": 20, "max_hp": 20}]
    assert "already a Kaveri named 'Ann'" in party.fails(
        "strategy kaveri Lea Ann --ability Lagom --technique Anger --technique Love"
        " --technique Happy")
    assert "no Kaveri named 'Nobody'" in party.fails("strategy kaveri Lea Nobody")


def test_r_strat_3_a_target_of_several_words_typed_unquoted(party):
    """--on takes a target's whole name typed without quotes (`--on Captain Van der Decken`),
    as --technique takes `Comic Wit`, where its last words were read as the move's
    ("Tulip Bulb Speculator has no technique 'Prices Only Go Up! Van der Decken'")."""
    party.do("strategy new --player Max --player Lea --budget 50",
             "strategy kaveri Max Ann", "strategy kaveri Lea Bob",
             "strategy buy Max Tulip Bulb Speculator", "strategy buy Lea Captain Van der Decken",
             "strategy start", "use Ann Sadness --on Bob --roll 1", "next")
    stopped = event(party.events("foe Tulip Prices Only Go Up! --on Captain Van der Decken"
                                 " --effect-roll 1"), "confidence")    # R-ABIL-1: its first
    assert stopped["target"] == "Captain Van der Decken"


def test_r_conf_3_a_kaveris_hit_on_a_kaveri_is_in_the_log_in_a_battle(party):
    """A Kaveri's Cryface on an opponent's Kaveri is told in the players' log (R-STRAT-3),
    where the hit, naming no actor, was kept out as a foe's move on the party since the
    Drowned Bell Spirit's card has a Cryface too (R-CONF-3 keeps a foe's moves secret)."""
    party.do("strategy new --player Max --player Lea --budget 50",
             "strategy kaveri Max Ann", "strategy kaveri Lea Bob", "strategy start")
    told = party.do("use Ann Cryface --on Bob --roll 1")
    line = next(x for x in told.splitlines() if x.startswith("Cryface deals"))
    assert line in party.do("log")
    assert "Drowned Bell Spirit" in [c.name for c in party.table.library.cards.values()
                                     if "Cryface" in [m.name for m in c.techniques]]


def test_r_strat_7_the_recap_tells_a_strategy_game_and_its_winner(party):
    """The recap tells a Strategy Game as the players played it and who won (R-STRAT-7),
    where it read 'They faced the foes and won.', as if the party had won a confrontation."""
    party.do("strategy new --player Max --player Lea --budget 50",
             "strategy kaveri Max Ann", "strategy kaveri Lea Bob", "strategy start",
             "schmerz Bob 40")
    recap = " ".join(party.do("recap").split())            # as said, not as broken
    assert "Max and Lea played the Strategy Game: Max won." in recap
    assert "faced the foes" not in recap
    party.do("strategy new --player Max --player Lea --budget 50",
             "strategy kaveri Max Ann", "strategy kaveri Lea Bob", "strategy start", "end")
    recap = " ".join(party.do("recap").split())
    assert "Max and Lea played the Strategy Game; it ended with no winner." in recap
