"""A dealt round's turn order is the core's (guide.core.turns) at the table's "order": the
player after the dealer starts (K-DEAL-1), the turn goes round the table in seat order
(K-TURN-1: a swap, a discard or a power ends it; K-TURN-2: a put-back does not), a call
ends it for everyone (K-CALL-1); the core reads whose turn it is from `Game.players`. A
campaign saved at state 1 (the seats' indices `starter`, `turn` and a count `turns`) comes
out with the same turn after `migrate`."""

from __future__ import annotations

import copy
import shutil

import pytest
from kaivo_helpers import rules

from conftest import ROOT
from guide.core import settings
from guide.core.dice import Dice
from guide.core.players import acting
from guide.core.store import Store
from guide.core.table import Table
from guide.games.kaivo import table as k
from guide.games.kaivo.game import KaivoGame
from guide.games.kaivo.model import VERSION, migrate, new_state

GAME = KaivoGame()
NAMES = ["Ann", "Ben", "Cid", "Dee"]

def state_1(t: k.Table) -> dict:
    """The round as state 1 kept it: the seat that started, the seat to act, the turns
    played, and no turn order."""
    old = {key: v for key, v in copy.deepcopy(t).items() if key != "order"}
    return {**old, "starter": k.starter(t), "turn": k.to_act(t), "turns": k.played(t)}

def test_k_deal_1_k_turn_1_the_turn_starts_after_the_dealer_and_goes_round_in_seat_order():
    t, events = k.deal(rules, NAMES, 1, Dice(4))               # Ben deals: Cid starts
    assert events[0]["first"] == "Cid" and t["order"]["order"] == NAMES
    seats = []
    for _turn in range(6):
        seats.append(k.to_act(t))
        k.play_safe(t, rules, Dice(4))                         # draw, discard, any power skipped
    assert seats == [2, 3, 0, 1, 2, 3] and k.played(t) == 6
    assert k.starter(t) == 2 and t["order"]["round"] == 2      # the round began again at Cid

def test_k_turn_2_a_put_back_keeps_the_turn_and_k_call_1_the_call_ends_it_for_everyone():
    t, _ = k.deal(rules, NAMES[:2], 1, Dice(4))                # Ann starts
    k.take(t)
    k.putback(t)
    assert k.to_act(t) == 0 and k.played(t) == 0
    k.call(t)
    assert t["order"]["current"] is None                       # nobody's turn now
    assert k.to_act(t) == 0 == t["caller"] and k.played(t) == 0

@pytest.fixture
def table(tmp_path):
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(5))
    yield t
    t.close()

def test_the_core_knows_whose_turn_it_is_from_the_players(table):
    assert acting(table) == []                                 # nothing dealt yet
    table.execute("deal --friends Ann,Ben --bots 1")           # the bot deals: Ann starts
    assert acting(table) == ["Ann"]
    table.execute("take --as Ann")
    table.execute("swap 1 --as Ann")
    assert acting(table) == ["Ben"]
    table.execute("kaivo --as Ben")                            # K-CALL-1: the round is over
    assert acting(table) == []
    table.execute("players Ann Ben")                           # a score sheet: no turns
    assert acting(table) == []

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_migrate_gives_a_state_1_round_the_turn_it_had(seed):
    for n in (2, 3, 4):
        t, _ = k.deal(rules, NAMES[:n], seed % n, Dice(seed))
        for played in range(2 * n + 1):
            old = {**new_state(), "mode": "play", "table": state_1(t)}
            assert migrate(old, 1)["table"] == t
            k.play_safe(t, rules, Dice(seed))
            assert k.played(t) == played + 1
        k.call(t)
        assert migrate({**new_state(), "table": state_1(t)}, 1)["table"] == t

def test_migrate_keeps_a_state_without_a_round_or_already_in_order():
    assert migrate(new_state(), 1) == new_state()              # no round dealt (table None)
    t, _ = k.deal(rules, NAMES[:3], 0, Dice(2))
    now = {**new_state(), "table": t}
    assert migrate(now, 1) == now                              # the store rebuilt it today's
    assert GAME.settings.state_version == VERSION == 2

def test_a_campaign_saved_at_state_1_opens_on_the_turn_it_was_at(tmp_path):
    """tests/data/campaigns/kaivo.sqlite (state 1): Ann swapped, Ben discarded, the bot
    Eero played: Ann's turn again, three turns played, the round started at Ann."""
    path = tmp_path / "kaivo.sqlite"
    shutil.copy(ROOT / "tests" / "data" / "campaigns" / "kaivo.sqlite", path)
    t = Table(GAME, Store(path, game="kaivo", state_version=VERSION), settings.load(GAME, []),
              Dice(3))
    tbl = t.state["table"]
    assert "turn" not in tbl and "turns" not in tbl and "starter" not in tbl
    assert (k.to_act(tbl), k.played(tbl), k.starter(tbl)) == (0, 3, 0)
    assert acting(t) == ["Ann"]
    t.execute("draw --as Ann")
    t.execute("discard --as Ann")
    assert acting(t) == ["Ben"] and k.played(t.state["table"]) == 4      # K-TURN-1
    t.close()
