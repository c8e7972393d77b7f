"""A confrontation keeps its round, its phase and who has acted in the core's turn order
(guide.core.turns, R-CONF-2); campaigns saved before (state 1) kept them as keys of the
confrontation, and `migrate` reads them into the turn order, so an evening saved in the
middle of a round goes on where it was (tests/contract/test_saved_campaigns.py opens one)."""

import copy

import pytest

from conftest import ROOT, Play, kaveri
from guide.core import turns
from guide.games.kaverini.game import KaveriniGame
from guide.games.kaverini.state import STATE_VERSION, migrate


@pytest.fixture
def play(tmp_path):
    p = Play(tmp_path / "c.sqlite", seed=5, boxes=[ROOT / "tests" / "data" / "box"])
    p.do("kaveri Ann --ability Lagom --technique Sadness --technique custom:Kick --technique Cheer",
         "kaveri Bob --ability Psychic --technique Anger --technique custom:Kick --technique Happy")
    yield p
    p.close()


def saved_in_state_1(state: dict) -> dict:
    """`state` as Kaverini's state 1 stored it: round, phase and acted in the confrontation."""
    old = copy.deepcopy(state)
    confrontations = [old["confrontation"]]
    if old["strategy"] and old["strategy"]["arena"]:
        confrontations.append(old["strategy"]["arena"]["confrontation"])
    for c in filter(None, confrontations):
        t = c.pop("turns")
        c.update(round=t["round"], phase=t["phase"], acted=t["acted"])
    return old


def test_r_conf_2_a_confrontation_saved_mid_round_reads_on_where_it_was(field):
    kaveri(field, "Ann")
    kaveri(field, "Bob")
    field.do("buddy Pelican", "confront 'Big Bully' --order Ann,Bob", "use Ann Kick",
             "use Bob Kick", "use Pelican Peck")
    now = field.raw
    assert now["confrontation"]["turns"] == {**turns.new(), "round": 1, "phase": "foes",
                                             "acted": ["Ann", "Bob", "Pelican"]}
    old = saved_in_state_1(now)
    assert set(old["confrontation"]) >= {"round", "phase", "acted"} and "turns" not in old["confrontation"]
    assert migrate(copy.deepcopy(old), 1) == now
    assert KaveriniGame.settings.state_version == STATE_VERSION == 2
    assert "already acted this round" in field.fails("use Pelican Peck")
    field.do("foe 'Big Bully' Shove --on Ann")                  # the round goes on
    assert field.raw["confrontation"]["turns"] == {**now["confrontation"]["turns"], "round": 2,
                                                   "phase": "kaverit", "acted": []}


def test_r_strat_3_a_battle_saved_mid_round_reads_on_where_it_was(play):
    play.do("house strategy_by_player on", "tweak 'Big Bully' expense=5",
            "strategy new --player Pia --player Quin --budget 20",
            "strategy kaveri Pia Ann", "strategy kaveri Quin Bob",
            "strategy buy Quin 'Big Bully'", "strategy start", "use Ann Kick --on Bob")
    now = play.raw
    c = now["strategy"]["arena"]["confrontation"]
    assert (c["turns"]["round"], c["turns"]["acted"]) == (1, ["Ann"])
    old = saved_in_state_1(now)
    upgraded = migrate(old, 1)
    assert upgraded == now and "turns" not in old["strategy"]["arena"]["confrontation"]
