"""Secrecy at the seats (issue 18): over random games of friends and bots, played from the
seats as their pages would send the moves, what each seat receives (Desk.payload_of, which
is also `guide state --seat NAME`) depends on no card the K-rules keep from that seat.

The oracle of test_kaivo_secrecy, written from the K-rules alone (K-DEAL-1 the outer peek,
K-TURN-1 a drawn card, K-TURN-2 the public discard, K-POW-1 Peek, Spy, a Swap received,
Mind Read, K-GLIMPSE-1 any glimpse, K-CALL-1 all after the call, nothing of a card shuffled
back), follows every move the rules play (seats', bots', a leaver's safe moves). After every
command, each card a seat may not know is given a value no card has: if that seat's page
changed, it carried something of that card. The same holds for the TV page and `guide
state` (the cards every seat may know), and the log carries no private event of a friend.
"""

from __future__ import annotations

import copy
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_kaivo_seats import seat_move
from test_kaivo_secrecy import PUBLIC_VALUES, Oracle

from guide.core import settings as kit
from guide.core.dice import Dice
from guide.core.players import seats as seats_of
from guide.core.seats import Desk
from guide.core.store import Store
from guide.core.table import Table
from guide.games.kaivo import match
from guide.games.kaivo import table as k
from guide.games.kaivo.game import KaivoGame
from guide.games.kaivo.model import LEVELS
from guide.games.kaivo.screen import viewer

GAME = KaivoGame()
LIBRARY = kit.load(GAME, [])
FRIENDS = ["Ann", "Ben", "Cid"]


class Watch:
    """The oracle of the round in play, following every move the rules make."""

    def __init__(self, mp: pytest.MonkeyPatch) -> None:
        self.oracle: Oracle | None = None
        real_deal, real_act = k.deal, k.act

        def deal(*args: Any, **kwargs: Any) -> Any:
            t, events = real_deal(*args, **kwargs)
            self.oracle = Oracle(t)
            return t, events

        def act(t: k.Table, rules: Any, dice: Any, action: k.Action) -> list[k.Event]:
            assert self.oracle is not None
            self.oracle.before(t, action)
            events = real_act(t, rules, dice, action)
            self.oracle.after(t, action)
            return events

        mp.setattr(match, "deal", deal)
        mp.setattr(match, "act", act)
        mp.setattr(k, "act", act)             # play_safe's moves (a leaver, the clock)


def blind(t: Table, hidden: set[int], shown: Callable[[], Any]) -> None:
    """`shown()` is the same whatever values the hidden cards have (both read at one instant:
    a page's seconds left of a reveal or of the clock are not a card's value)."""
    at = t.now()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(t, "now", lambda: at)
        before = json.dumps(shown(), sort_keys=True)
        real = t.state
        fake = copy.deepcopy(real)
        for card in hidden:
            fake["table"]["cards"][card] = 100 + card
        t.state = fake
        try:
            assert json.dumps(shown(), sort_keys=True) == before, sorted(hidden)
        finally:
            t.state = real


def check(t: Table, watch: Watch, terminal: bool) -> None:
    s = t.state
    entries = t.store.entries(limit=1) if t.store is not None else []
    for event in entries[0].story if entries else []:
        if "private" in event:                        # only the terminal's own "You" (seat 1)
            assert terminal and event["private"] == "You" and s["players"][0]["name"] == "You", event
    for event in s["news"]:                     # the seats' and the TV's news: public events
        assert "private" not in event
        carried = {key for key in ("value", "out", "discard", "hands", "totals", "cards") if key in event}
        assert carried <= PUBLIC_VALUES.get(event["kind"], set()), event
    tbl, oracle = s["table"], watch.oracle
    if tbl is None or oracle is None:
        return
    forbid = [{c for c in range(len(tbl["cards"])) if not oracle.may(i, c, tbl)}
              for i in range(len(tbl["hands"]))]
    everyone = set().union(*forbid)
    for seat in seats_of(t):
        at = next((i for i, p in enumerate(s["players"]) if p["name"] == seat and not p["bot"]), None)
        blind(t, forbid[at] if at is not None else everyone, lambda seat=seat: Desk.payload_of(t, seat))
        if at is not None:
            mine = Desk.payload_of(t, seat)["view"]["you"]["cards"]
            real = [tbl["cards"][c] for c in tbl["hands"][at]]
            assert all(v is None or v == r for v, r in zip(mine, real, strict=True))
    blind(t, everyone, lambda: GAME.view(t))
    me = viewer(s)
    blind(t, forbid[me] if me is not None else everyone, lambda: GAME.public_state(t))


def play(t: Table, watch: Watch, terminal: bool, picks: list[int]) -> None:
    check(t, watch, terminal)
    for pick in picks:
        s = t.state
        if s["winners"]:
            return
        people = [p["name"] for p in s["players"] if not p["bot"] and not p["leaving"]]
        free = sum(p["bot"] for p in s["players"]) - len(s["joining"])
        newcomer = next((n for n in ["Dee", *FRIENDS] if n not in seats_of(t)
                         and all(p["name"] != n for p in s["players"])), None)
        if pick % 37 == 0 and people:
            t.execute(f"leave {people[pick % len(people)]}")          # K-JOIN-1
        elif pick % 37 == 1 and free > 0 and newcomer:
            t.execute(f"join {newcomer}")
        elif pick % 37 == 2 and s["joining"]:
            t.execute(f"leave {s['joining'][0]}")                   # stays out after all
        else:
            # the turn's moves (Leave and Join, under "The table", are the picks above)
            movers = [(seat, [m for m in Desk.payload_of(t, seat)["moves"] if "group" not in m])
                      for seat in seats_of(t)]
            movers = [(seat, moves) for seat, moves in movers if moves]
            if not movers:
                if s["table"] is not None and s["table"]["phase"] != "over":
                    return                      # nobody left to move: bots cannot be waiting
                t.execute("deal")               # the terminal deals (no person has a seat)
            else:
                seat, moves = movers[0]
                labels = [m["label"] for m in moves]
                if len(labels) > 1 and "Call KAIVO!" in labels and pick % 11:
                    labels.remove("Call KAIVO!")            # long rounds: call now and then
                seat_move(t, seat, labels[pick % len(labels)])
        check(t, watch, terminal)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), friends=st.integers(1, 3), terminal=st.booleans(),
       extra=st.integers(0, 3), level=st.sampled_from(LEVELS),
       picks=st.lists(st.integers(0, 10**6), min_size=10, max_size=70))
def test_no_seat_receives_a_card_the_k_rules_keep_from_it(seed, friends, terminal, extra, level,
                                                          picks):
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as mp:
        watch = Watch(mp)
        t = Table(GAME, Store(Path(folder) / "k.sqlite", game="kaivo"), LIBRARY, Dice(seed))
        try:
            if terminal:                        # you at the terminal; friends join the match
                bots = 1 + extra % 3
                t.execute(f"deal --bots {bots} --level {level}")
                for name in FRIENDS[:min(friends, bots)]:
                    t.execute(f"join {name}")
            else:
                least = max(2 - friends, 0)
                bots = least + extra % (4 - friends - least + 1)
                t.execute(f"deal --friends {','.join(FRIENDS[:friends])} --bots {bots} --level {level}")
            play(t, watch, terminal, picks)
        finally:
            t.close()


def test_the_check_catches_a_seat_page_that_shows_too_much(tmp_path, monkeypatch):
    """The property is not vacuous: a page that carried another seat's card fails it."""
    watch = Watch(monkeypatch)
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), LIBRARY, Dice(3))
    t.execute("deal --friends Ann,Ben --bots 1")
    check(t, watch, False)
    real = GAME.seat_view

    def leaky(table: Table, seat: str) -> dict:
        out = real(table, seat)
        tbl = table.state["table"]
        out["hint"] = tbl["cards"][tbl["hands"][1][1]]        # Ben's hidden second card
        return out

    monkeypatch.setattr(GAME, "seat_view", leaky)
    with pytest.raises(AssertionError):
        check(t, watch, False)
    t.close()
