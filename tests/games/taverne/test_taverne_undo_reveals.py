"""T-UNDO-1: a card placed is a card played. `undo` does not go back past a reveal of what
was sealed (the Attacks shown when call 4 ends, the Weapons and Dodges when call 5 resolves,
the Auction's bids once all are in): it is refused, says why, and changes nothing; up to a
reveal it stays exact. The Pillar plays too: two undos after call 5 must not let him take
back the quarrel and re-announce a Dodge as the value just revealed."""

from __future__ import annotations

import json

import pytest

from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.store import Store
from guide.core.table import Table
from guide.games.taverne.game import TaverneGame

GAME = TaverneGame()


@pytest.fixture
def t(tmp_path):
    table = Table(GAME, Store(tmp_path / "t.sqlite", game="taverne"), GAME.load([]), Dice(1))
    yield table
    table.close()


def state(t: Table) -> str:
    return json.dumps(t.state, sort_keys=True)


def do(t: Table, *lines: str) -> None:
    for line in lines:
        t.execute(line)


def refused(t: Table) -> str:
    before, head = state(t), t.store.head()
    with pytest.raises(CommandError) as e:
        t.execute("undo")
    assert state(t) == before and t.store.head() == head
    assert "\n" not in str(e.value) and str(e.value).endswith("nothing changed")
    return str(e.value)


def to_call_4(t: Table) -> None:
    do(t, "player Marie --loot 2", "player Pierre --loot 2", "start", "call", "call",
       "dodges Pierre 5", "call")
    assert t.state["call"] == 4


def test_T_UNDO_1_no_undo_past_the_reveal_of_the_attacks(t):
    to_call_4(t)
    do(t, "attack Marie --on Pierre --weapon 3", "attack Pierre --on Marie --weapon 1")
    t.execute("undo")                       # up to a reveal, undo stays exact
    assert not any(q["attacker"] == "Pierre" for q in t.state["quarrels"])
    t.execute("redo")
    do(t, "call")                           # call 4 ends: the Attacks are shown
    assert t.state["call"] == 5
    why = refused(t)
    assert "sealed Attacks" in why and "T-UNDO-1" in why
    # a reveal is said as one (the core's wording for a draw, "hidden from the players",
    # fits a card drawn, not the Attacks every player has just seen)
    assert why == ("cannot undo 'call': it revealed the sealed Attacks (T-UNDO-1: a card placed"
                   " is a card played); nothing changed")


def test_T_UNDO_1_the_refusal_in_french(tmp_path):
    from guide.core.repl.run import open_table

    table = open_table(tmp_path / "t.sqlite", [], 1, game_id="taverne", lang="fr")
    try:
        to_call_4(table)
        do(table, "attack Marie --on Pierre --weapon 3", "attack Pierre --on Marie --weapon 1",
           "call")
        why = refused_fr(table)
    finally:
        table.close()
    assert why == ("impossible d’annuler «\xa0call\xa0»\xa0: cette commande a révélé les Attaques"
                   " scellées (T-UNDO-1\xa0: carte posée, carte jouée)\xa0; rien n’a changé")


def refused_fr(t: Table) -> str:
    with pytest.raises(CommandError) as e:
        t.execute("undo")
    return str(e.value)


def test_T_UNDO_1_no_undo_past_call_5_the_pillar_cannot_re_announce_a_dodge(t):
    to_call_4(t)
    do(t, "attack Marie --on Pierre --weapon 3", "attack Pierre --on Marie --weapon 1",
       "call", "dodge Pierre --against Marie 5")
    t.execute("undo")                       # the Dodge, still sealed: undone exactly
    assert all(q["dodges"] is None for q in t.state["quarrels"])
    do(t, "dodge Pierre --against Marie 5", "call")       # call 5 settles: Marie's 3 shown
    assert t.state["revealed"] == 5
    why = refused(t)
    assert "Weapons and Dodges" in why
    refused(t)                              # and again: the second undo changes nothing
    assert t.state["call"] == 6


def test_T_UNDO_1_no_undo_past_the_auctions_bids(t):
    do(t, "player Marie", "player Pierre", "start --variant auction", "bid Marie 20")
    t.execute("undo")                       # one bid, still sealed
    assert t.state["players"]["Marie"]["bid"] is None
    do(t, "bid Marie 20", "bid Pierre 25")  # the last bid shows them all
    assert t.state["auction_revealed"]
    assert "Energy bids" in refused(t)
