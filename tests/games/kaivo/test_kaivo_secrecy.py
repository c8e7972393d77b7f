"""Secrecy: no card value reaches a seat unless the K-rules let that seat know it.

Random games (random moves, and bots for some seats) are played while an oracle, written
from the rules alone, keeps for each seat the cards it may know: its outer cards (K-DEAL-1),
a card it drew (K-TURN-1), the public discard (K-TURN-2), Peek, Spy, a Swap received and
Mind Read (K-POW-1), any glimpse (K-GLIMPSE-1, whoever may have caught it), everything after
a call (K-CALL-1), and nothing of a card shuffled back into the deck. Every value a seat's
view or events carry must be one of those.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kaivo_helpers import rules

from guide.core.dice import Dice
from guide.games.kaivo import bots, deck
from guide.games.kaivo import table as k
from guide.games.kaivo.knowledge import events_for, view

RULES = deck.load()
BOTS = bots.load_bots()
PRIVATE = {"held", "saw", "caught", "outer"}
PUBLIC_VALUES = {"took": {"value"}, "swapped": {"out", "value"}, "discarded": {"value"},
                 "mind_read": {"value"}, "dealt": {"discard"}, "revealed": {"hands", "totals"}}


class Oracle:
    def __init__(self, t: k.Table) -> None:
        n = len(t["hands"])
        self.n = n
        self.allowed = [{t["hands"][s][p] for p in RULES.outer} for s in range(n)]
        self.all_known = False

    def everyone(self, card: int) -> None:
        for a in self.allowed:
            a.add(card)

    def before(self, t: k.Table, move: k.Action) -> None:
        s, kind = k.to_act(t), move[0]
        if kind == "draw" and not t["deck"]:
            for a in self.allowed:
                a.difference_update(t["discard"][:-1])       # shuffled back: known no more
        elif kind == "take":
            self.everyone(t["discard"][-1])
        elif kind == "peek":
            self.allowed[s].add(t["hands"][s][move[1]])
        elif kind == "spy":
            self.allowed[s].add(t["hands"][move[1]][move[2]])
        elif kind == "swapwith":
            _, pos, target, tpos = move
            self.allowed[s].add(t["hands"][target][tpos])
            self.allowed[target].add(t["hands"][s][pos])
        elif kind == "mindread":
            self.everyone(t["hands"][move[1]][move[2]])
        elif kind == "glimpse":
            for o in range(self.n):
                if o != s:
                    self.allowed[o].add(t["held"])
        elif kind == "kaivo":
            self.all_known = True

    def after(self, t: k.Table, move: k.Action) -> None:
        if move[0] == "draw":
            self.allowed[k.to_act(t)].add(t["held"])

    def may(self, seat: int, card: int, t: k.Table) -> bool:
        return self.all_known or card in self.allowed[seat] or card in t["discard"]


def check_view(t: k.Table, oracle: Oracle) -> None:
    for seat in range(oracle.n):
        v = view(t, seat)
        for whose, row in enumerate(v["hands"]):
            for pos, value in enumerate(row):
                card = t["hands"][whose][pos]
                if value is not None:
                    assert oracle.may(seat, card, t), (seat, whose, pos)
                    assert value == t["cards"][card]
        if v["held"] is not None:
            assert oracle.may(seat, t["held"], t) and v["held"] == t["cards"][t["held"]]
        assert v["discard"] == [t["cards"][c] for c in t["discard"]]
    table = view(t, None)
    for whose, row in enumerate(table["hands"]):
        for pos, value in enumerate(row):
            if value is not None:
                assert all(oracle.may(s, t["hands"][whose][pos], t) for s in range(oracle.n))


def check_events(events: list[k.Event], t: k.Table, oracle: Oracle) -> None:
    for e in events:
        if e["kind"] in PRIVATE:
            assert isinstance(e.get("private"), str), e
        else:
            assert "private" not in e
            carried = {key for key in ("value", "out", "discard", "hands", "totals", "cards") if key in e}
            assert carried <= PUBLIC_VALUES.get(e["kind"], set()), e
            if e["kind"] == "revealed":
                assert oracle.all_known
        for seat in range(oracle.n):
            if e not in events_for(events, t["names"][seat]):
                continue
            if e["kind"] == "saw":
                card = t["hands"][e["target"]][e["pos"]]
                assert oracle.may(seat, card, t) and e["value"] == t["cards"][card]
            elif e["kind"] in ("held", "caught"):
                assert oracle.may(seat, t["held"], t) and e["value"] == t["cards"][t["held"]]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), bot_seats=st.sets(st.integers(0, 3)),
       picks=st.lists(st.integers(0, 10_000), min_size=20, max_size=250))
def test_every_seat_receives_only_what_the_k_rules_let_it_know(seed, players, bot_seats, picks):
    dice = Dice(seed)
    names = ["Ann", "Ben", "Cid", "Dee"][:players]
    t, events = k.deal(RULES, names, seed % players, dice)
    oracle = Oracle(t)
    for e in events:                                     # K-DEAL-1: each sees only its own
        if e["kind"] == "outer":
            assert [v for _, v in e["cards"]] == [t["cards"][t["hands"][e["seat"]][p]] for p in RULES.outer]
    check_view(t, oracle)
    for pick in picks:
        if t["phase"] == "over":
            break
        seat = k.to_act(t)
        if seat in bot_seats:
            level = BOTS.levels[("easy", "normal", "hard")[pick % 3]]
            move = bots.choose(view(t, seat), RULES, level, dice)
        else:
            moves = k.legal(t, RULES)
            if len(moves) > 1 and ("kaivo",) in moves and pick % 25:
                moves.remove(("kaivo",))                 # long games: call now and then
            move = moves[pick % len(moves)]
        oracle.before(t, move)
        events = k.act(t, RULES, dice, move)
        oracle.after(t, move)
        check_events(events, t, oracle)
        check_view(t, oracle)


def test_the_oracle_can_fail_a_view_that_shows_too_much():
    """The property is not vacuous: a leaked card is caught."""
    t, _ = k.deal(rules, ["Ann", "Ben"], 0, Dice(1))
    oracle = Oracle(t)
    t["seen"][1].append(t["hands"][0][1])                # Ben "knows" Ann's hidden card
    with pytest.raises(AssertionError):
        check_view(t, oracle)
