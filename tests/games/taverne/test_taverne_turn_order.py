"""Taverne's seats and Pillar on the core's turn order (guide.core.turns): whose turn it is
while the calls are played at once, the Pillar passing on (T-CALL-9, T-LEAVE-1), the
seat moves (T-WPN-2), undo (T-UNDO-1), and a campaign saved at state 1 upgraded."""

from __future__ import annotations

import copy
import json

import pytest
from taverne_table import GAME, ROOT, Brawl, attack_rest, brawl, to_call

from guide.core import settings, turns
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.store import Store
from guide.core.table import Table
from guide.games.taverne.model import STATE_VERSION, active_names, migrate, pillar, present, seated
from guide.games.taverne.toolbar import toolbar
from guide.games.taverne.views import public_state, view_for


def acting(b: Brawl) -> list[str]:
    return [p.name for p in GAME.players(b.table) if p.turn]


def test_player_turn_is_whoever_the_call_waits_for_else_the_pillar():
    """T-CALL-1..9: the calls are played at once; it is the turn of whoever the call waits
    for (its Dodges in call 3, its Attack in call 4), else of the Pillar, who announces the
    next call; nobody's before the brawl and once it is over."""
    b = Brawl()
    b.do("player Marie --loot 1", "player Pierre --loot 2", "player Cecile --loot 3")
    assert acting(b) == []
    b.do("start")
    assert [p.name for p in GAME.players(b.table)] == ["Marie", "Pierre", "Cecile"]
    assert acting(b) == ["Marie"]                               # call 1: the Pillar calls
    to_call(b, 3)
    assert acting(b) == ["Marie", "Pierre", "Cecile"]           # all to set their Dodges
    b.do("dodges Pierre 1")
    assert acting(b) == ["Marie", "Cecile"]
    b.do("dodges Marie", "dodges Cecile", "call")
    assert acting(b) == ["Marie", "Pierre", "Cecile"]           # call 4: all to attack
    attack_rest(b)
    assert acting(b) == ["Marie"]                               # nobody waited for: the Pillar
    b.do("energy Pierre -30", "energy Cecile -30")
    to_call(b, 9)
    b.do("call")                                                # T-END-1: Marie alone stands
    assert b.state["phase"] == "over" and acting(b) == []


def test_T_CALL_9_a_pillar_shown_the_door_keeps_the_pillar_until_the_turn_ends():
    """T-CALL-6, T-CALL-9: shown the door, the Pillar is out of the brawl at once but keeps
    the Pillar until call 9, when it passes to the next seated player present and not
    eliminated (an away one passed over, T-LEAVE-1); the others shown the door are out of
    the turn order at once."""
    b = brawl(5)
    b.do("leave Pierre", "energy Marie -30", "energy Jacques -30")
    to_call(b, 7)                                               # call 6 shows them the door
    assert b.p("Marie")["eliminated"] and b.public["pillar"] == "Marie"
    assert active_names(b.state) == ["Cecile", "Laurent"]
    assert turns.playing(b.state["turns"]) == ["Marie", "Cecile", "Laurent"]
    to_call(b, 9)
    assert "The Pillar passes from Marie to Cecile" in b.do("call")
    assert turns.playing(b.state["turns"]) == ["Cecile", "Laurent"]
    assert acting(b) == ["Cecile"] and b.public["turn"] == 2


def test_T_NEW_1_the_pillar_shown_the_door_seated_again_elsewhere_keeps_the_pillar():
    """`player NAME --after OTHER` moves the seat of one shown the door (T-NEW-1, T-WPN-2);
    the Pillar stays theirs until call 9, and passes on from the new seat."""
    b = brawl(4)
    b.do("energy Marie -30")
    to_call(b, 7)
    b.do("player Marie --loot 2 --after Cecile")
    assert seated(b.state) == ["Pierre", "Cecile", "Marie", "Jacques"]
    assert b.public["pillar"] == "Marie"
    to_call(b, 9)
    assert "The Pillar passes from Marie to Jacques" in b.do("call")
    assert b.p("Marie")["present"] and not b.p("Marie")["eliminated"]      # entered at call 1


def test_T_LEAVE_1_the_last_one_to_leave_has_nobody_to_pass_the_pillar_to():
    """A Pillar who leaves passes the Pillar on (T-LEAVE-1); the last player in the brawl
    has nobody to pass it to: nobody holds it until players are back at a call 1, and the
    first of them in seating order takes it."""
    b = brawl(3)
    b.do("leave Pierre", "leave Cecile")
    b.do("leave Marie")
    assert b.public["pillar"] is None and acting(b) == []
    assert "Pillar —" in toolbar(b.state, {}, 200) and "None" not in toolbar(b.state, {}, 200)
    b.do("back Cecile", "back Pierre")
    to_call(b, 9)
    out = b.do("call")
    assert b.public["pillar"] == "Pierre" and active_names(b.state) == ["Pierre", "Cecile"]
    assert "Turn 2, call 1" in out and "(Pillar: Pierre)" in out and "Pillar: None" not in out


def test_T_UNDO_1_undo_gives_the_pillar_back_and_never_goes_past_a_reveal(tmp_path):
    """The turn order is in the state: the core's undo restores the Pillar a `leave` passed
    on; and still never goes back past a reveal (T-UNDO-1)."""
    t = Table(GAME, Store(tmp_path / "t.sqlite", game="taverne"), settings.load(GAME, []), Dice(1))
    for line in ("player Marie --loot 1", "player Pierre --loot 2", "player Cecile --loot 3",
                 "start", "leave Marie"):
        t.execute(line)
    assert pillar(t.state) == "Pierre"
    t.execute("undo")
    assert pillar(t.state) == "Marie" and turns.playing(t.state["turns"]) == ["Marie", "Pierre", "Cecile"]
    for line in ("call", "call", "dodges Marie", "dodges Pierre", "dodges Cecile", "call",
                 "attack Marie --on Pierre --weapon 1", "attack Pierre --on Cecile --weapon 2",
                 "attack Cecile --on Marie --weapon 3", "call"):
        t.execute(line)
    before = json.dumps(t.state, sort_keys=True)
    with pytest.raises(CommandError, match="T-UNDO-1"):
        t.execute("undo")
    assert json.dumps(t.state, sort_keys=True) == before
    t.close()


def as_state_1(state: dict) -> dict:
    """The same brawl as state 1 kept it: the seats as a list, the Pillar, and `present`."""
    old = {k: v for k, v in copy.deepcopy(state).items() if k != "turns"}
    for n, p in old["players"].items():
        p["present"] = present(state, n)
    return {**old, "seating": seated(state), "pillar": pillar(state)}


def test_a_state_1_brawl_upgraded_keeps_its_pillar_and_who_is_out():
    """State 1 -> 2 (model.migrate): the seats become the turn order, the Pillar its current
    player, the away, the new arrival and those shown the door out of it, but a Pillar
    shown the door, who keeps it until call 9 (T-CALL-9); and the brawl plays on as before."""
    b = brawl(5, start="start --variant double-tavern")
    b.do("leave Pierre", "energy Marie -30", "energy Jacques -30")
    to_call(b, 7)
    b.do("player Anne --loot 2 --after Cecile")                 # a new arrival (T-NEW-1)
    old = json.loads(json.dumps(as_state_1(b.state)))
    assert "turns" not in old and old["pillar"] == "Marie"
    up = migrate(old, 1)
    assert STATE_VERSION == 2 and seated(up) == ["Marie", "Pierre", "Cecile", "Anne", "Jacques",
                                                 "Laurent"]
    assert pillar(up) == "Marie" and sorted(up["turns"]["out"]) == ["Anne", "Jacques", "Pierre"]
    assert public_state(up) == public_state(b.state) and view_for(up) == view_for(b.state)
    assert all("present" not in p for p in up["players"].values())
    again = Brawl()
    again.table.state = up
    for brawl_ in (b, again):
        to_call(brawl_, 9)
        brawl_.do("call")
    assert again.public == b.public and again.public["pillar"] == "Cecile"


def test_the_saved_campaign_of_state_1_comes_out_with_its_pillar(tmp_path):
    """The campaign saved at state 1 (tests/data/campaigns): opened, its Pillar is the turn
    order's current player, everyone seated in play."""
    saved = json.loads((ROOT / "tests" / "data" / "campaigns" / "taverne.json").read_text("utf-8"))
    assert saved["state_version"] == 1 and "seating" in saved["state"]
    up = migrate(saved["state"], 1)
    assert seated(up) == saved["state"]["seating"] and pillar(up) == saved["public"]["pillar"]
    assert turns.playing(up["turns"]) == saved["state"]["seating"]
    assert public_state(up) == saved["public"]


def test_T_LEAVE_1_an_away_player_is_never_the_pillar_from_start_or_in_the_auction():
    """A Pillar who leaves passes the Pillar on (T-LEAVE-1): the first seated player away at
    `start` leaves it to the first present, and a Pillar who leaves during the Auction
    (T-VAR-AU-1) passes it on as in the brawl."""
    b = Brawl()
    b.do("player Marie --loot 1", "player Pierre --loot 2", "player Cecile --loot 3",
         "leave Marie", "start")
    assert b.public["pillar"] == "Pierre" and acting(b) == ["Pierre"]
    b = Brawl()
    b.do("player Marie", "player Pierre", "player Cecile", "start --variant auction")
    assert b.public["pillar"] == "Marie" and acting(b) == ["Marie", "Pierre", "Cecile"]
    assert "The Pillar passes from Marie to Pierre" in b.do("leave Marie")
    assert b.public["pillar"] == "Pierre"
