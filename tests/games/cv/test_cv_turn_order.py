"""CV's turn order is the core's (guide.core.turns, the state's `order`): V-SET-1 (the
Bicycle holder first, then the players as typed), V-TURN-1 phase 5 (the next player),
V-TURN-3 and V-END-1 (a round ends after the seat before the first), V-HELP-1 (social help
stops the order without moving it), and the upgrade of a campaign saved at state 1, which
kept whose turn it was as an index in `turn["player"]` and the round in `turn["round"]`."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from types import SimpleNamespace

from cv_support import Table, give_card, lib

from guide.core import settings, turns
from guide.core.dice import Dice
from guide.core.i18n import speaking
from guide.core.store import Store
from guide.core.table import Table as CoreTable
from guide.games.cv import phase
from guide.games.cv.game import CvGame
from guide.games.cv.model import VERSION, migrate, new_state, turn_player
from guide.games.cv.screen import public_state, toolbar

SAVED = Path(__file__).resolve().parents[2] / "data" / "campaigns" / "cv.sqlite"


def _play_round(t: Table, *names: str) -> None:
    for who in names:
        t.roll(who, "money,money,money,money")
        t.end(who)


def _state_1(t: Table) -> dict:
    """The state as CV kept it at state 1: the turn's player by index, its round, no order."""
    old: dict = copy.deepcopy(dict(t.state))
    order = old.pop("order")
    names = [p["name"] for p in old["players"]]
    old["turn"] = {"player": names.index(order["current"] or names[-1]), "round": order["round"],
                   **old["turn"]}
    return old


def test_v_set_1_the_bicycle_holder_starts_the_cores_turn_order():
    t = Table("Ann", "Bob", "Cy")
    order = t.state["order"]
    assert turns.seated(order) == ["Ann", "Bob", "Cy"]
    assert (order["current"], order["first"], order["round"], order["turn"]) == ("Ann", "Ann", 1, 1)
    assert "player" not in t.state["turn"] and "round" not in t.state["turn"]


def test_v_turn_1_the_next_player_and_v_turn_3_a_round_after_the_seat_before_the_first():
    t = Table("Ann", "Bob", "Cy", decks={"youth": 30, "maturity": 20, "old_age": 20})
    _play_round(t, "Ann", "Bob")
    assert (t.state["order"]["current"], t.state["order"]["round"]) == ("Cy", 1)
    t.roll("Cy", "money,money,money,money")
    ev = t.end("Cy")
    assert ev[-1] == {"kind": "turn", "player": "Ann", "round": 2}
    assert (t.state["order"]["current"], t.state["order"]["round"], t.state["order"]["turn"]) == ("Ann", 2, 4)


def test_a_move_out_of_turn_is_refused_by_the_turn_order_names_in_any_case_taken():
    t = Table("Ann", "Bob")
    assert t.fails(phase.end, "Bob") == "it is Ann's turn, not Bob's"
    with speaking("uk"):                                # the core's words, in the table's language
        assert t.fails(phase.end, "Bob") == "зараз хід: Ann, а не Bob"
    t.roll("ann", "money,money,money,money")          # the player's name, any case (V-SET-1)
    assert t.fails(phase.end, "Nobody").startswith("no player named 'Nobody'")


def test_v_help_1_social_help_stops_play_without_moving_the_turn():
    t = Table("Ann", "Bob", "Cy", decks={"youth": 6, "maturity": 20, "old_age": 20})
    for i in range(5):
        give_card(t, "Cy", f"c{i}", "knowledge")
    t.roll("Ann", "health,health,knowledge,knowledge")
    t.take("Ann", "Jogging", "health", cost="health", slot=1)
    t.end("Ann")
    assert t.state["track"]["help"] == ["Ann", "Bob"] and t.state["order"]["current"] == "Ann"
    t.run(phase.pass_help, "Ann")
    t.run(phase.pass_help, "Bob")
    assert (t.state["order"]["current"], t.state["order"]["turn"]) == ("Bob", 2)


def test_v_end_1_the_game_over_stops_the_order_and_the_views_keep_the_last_player():
    t = Table("Ann", "Bob", "Cy", decks={"youth": 6, "maturity": 0, "old_age": 3})
    t.state["track"]["decks"]["youth"] = 0
    _play_round(t, "Ann", "Bob", "Cy")
    assert t.state["over"] and turns.current(t.state["order"]) is None
    assert turn_player(t.state)["name"] == "Cy"       # whose turn ended the game: the TV says


def test_v_end_1_the_toolbar_of_a_game_over_says_score_not_the_last_players_roll():
    """At the game's end the toolbar read 'Cy  to roll  took 0/2' beside 'cv (game over:
    score)>', as if a turn were under way."""
    t = Table("Ann", "Bob", "Cy", decks={"youth": 6, "maturity": 0, "old_age": 3})
    table = SimpleNamespace(state=t.state, library=lib())
    assert toolbar(table).startswith(" Ann  to roll  took 0/2")
    t.state["track"]["decks"]["youth"] = 0
    _play_round(t, "Ann", "Bob", "Cy")
    assert toolbar(table) == " the game is over (V-END-1): score  decks 0/0/2"
    with speaking("uk"):
        assert toolbar(table) == " гру закінчено (V-END-1): підрахунок очок — score  колоди 0/0/2"


def test_the_core_learns_whose_turn_it_is_from_game_players(tmp_path):
    game = CvGame()
    table = CoreTable(game, Store(tmp_path / "c.sqlite", game="cv"), settings.load(game, []), Dice(1))
    table.execute("players Ann Bob Cy")
    assert [(p.name, p.turn) for p in game.players(table)] == [("Ann", True), ("Bob", False), ("Cy", False)]
    table.execute("roll Ann --faces money,money,money,money")
    table.execute("end")
    assert [p.name for p in game.players(table) if p.turn] == ["Bob"]
    table.execute("undo")                                # undo restores the turn order too
    assert [p.name for p in game.players(table) if p.turn] == ["Ann"]
    table.close()


def test_migrate_state_1_mid_game_keeps_whose_turn_and_the_round_and_play_goes_on():
    t = Table("Ann", "Bob", "Cy", decks={"youth": 30, "maturity": 20, "old_age": 20})
    _play_round(t, "Ann", "Bob", "Cy", "Ann")           # round 2, Bob's turn
    t.roll("Bob", "money,money,health,knowledge")
    today = copy.deepcopy(t.state)
    old = _state_1(t)
    assert old["turn"]["player"] == 1 and old["turn"]["round"] == 2
    assert VERSION == 2 and migrate(copy.deepcopy(old), 1) == today
    # a campaign without a snapshot: today's new_state() with the old changes over it
    rebuilt = {**new_state(), **copy.deepcopy(old)}
    assert migrate(rebuilt, 1) == today
    t.state = migrate(old, 1)                            # type: ignore[assignment]
    t.end("Bob")
    _play_round(t, "Cy")
    assert (t.state["order"]["current"], t.state["order"]["round"]) == ("Ann", 3)


def test_migrate_state_1_over_and_without_players():
    t = Table("Ann", "Bob", decks={"youth": 6, "maturity": 0, "old_age": 3})
    t.state["track"]["decks"]["youth"] = 0
    _play_round(t, "Ann", "Bob")
    assert t.state["over"]
    assert migrate(_state_1(t), 1) == t.state           # stopped; the last player's turn ended it
    empty = {k: v for k, v in new_state().items() if k != "order"}
    assert migrate(empty, 1) == new_state()


def test_the_campaign_saved_at_state_1_opens_with_anns_turn_in_the_order(tmp_path):
    shutil.copy(SAVED, tmp_path / "cv.sqlite")
    game = CvGame()
    store = Store(tmp_path / "cv.sqlite", game="cv", state_version=game.settings.state_version)
    table = CoreTable(game, store, settings.load(game, []), Dice(3))
    order = table.state["order"]
    assert (order["order"], order["current"], order["first"], order["round"]) == (
        ["Ann", "Bob"], "Ann", "Ann", 1)
    assert "player" not in table.state["turn"] and public_state(table)["turn"] == "Ann"
    assert [p.name for p in game.players(table) if p.turn] == ["Ann"]
    table.close()
