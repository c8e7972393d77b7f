"""K-DEAL-1: a card a player sees is shown for the box's seconds (deck.yaml `table.show`),
then hidden again on every screen of theirs and in `guide state --seat`: the player
remembers (the bots too, from their seat's memory). The "hints" house rule keeps them shown.
K-GLIMPSE-1: the TV learns nothing of a glimpse, even one every opponent caught."""

from __future__ import annotations

import dataclasses
import json

import pytest
from kaivo_helpers import Faces, rig, rules

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.result import text
from guide.core.seats import desk_of
from guide.core.store import Store
from guide.core.table import Table
from guide.games.kaivo import table as k
from guide.games.kaivo.game import KaivoGame
from guide.games.kaivo.knowledge import view

GAME = KaivoGame()


@pytest.fixture
def clock():
    return [1000.0]


def _table(tmp_path, clock: list[float], hints: bool = False) -> Table:
    lib = settings.load(GAME, [])
    if hints:
        lib = dataclasses.replace(lib, rules=dataclasses.replace(lib.rules, hints=True))
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), lib, Dice(5))
    t.now = lambda: clock[0]                 # the table's clock (K-DEAL-1's seconds) stands still
    return t


def _yours(t: Table) -> list[int | None]:
    return GAME.public_state(t)["table"]["hands"]["You"]


def _outer(t: Table, seat: int) -> list[int]:
    tbl = t.state["table"]
    return [tbl["cards"][tbl["hands"][seat][p]] for p in (0, 3)]


def test_k_deal_1_the_outer_cards_show_for_the_box_seconds_then_hide_again(tmp_path, clock):
    t = _table(tmp_path, clock)
    assert t.library.rules.show_seconds == 5                  # the bundled deck.yaml
    out = text(t.execute("deal --bots 2"))                    # a script: printed as today
    a, b = _outer(t, 0)
    assert "You peek at your outer cards" in out
    assert _yours(t) == [a, None, None, b]
    assert f"[{a}][?][?][{b}]" in (GAME.toolbar(t) or "")
    clock[0] += 4.9
    assert _yours(t) == [a, None, None, b]
    clock[0] += 0.2                                           # the box's 5 seconds are over
    assert _yours(t) == [None, None, None, None]
    assert "[?][?][?][?]" in (GAME.toolbar(t) or "")
    assert "You   [?] [?] [?] [?]" in text(t.execute("status"))
    # the seat remembers: its memory (a bot's view) still has them
    assert view(t.state["table"], 0)["hands"][0] == [a, None, None, b]
    t.close()


def test_k_deal_1_a_peek_shows_for_the_box_seconds_and_hints_keep_it(tmp_path, clock):
    t = _table(tmp_path, clock, hints=True)
    t.execute("deal --bots 2")
    a, b = _outer(t, 0)
    clock[0] += 60
    assert _yours(t) == [a, None, None, b]                    # the "hints" house rule
    t.close()


def test_k_deal_1_a_terminal_prints_no_seen_card_into_the_scrollback(tmp_path, clock):
    t = _table(tmp_path, clock)
    t.ask = lambda *a, **k: ""                                # a person at the keyboard
    out = text(t.execute("deal --bots 2"))
    a, b = _outer(t, 0)
    assert "You peek at your outer cards" not in out
    assert "You   [?] [?] [?] [?]" in out
    assert f"[{a}][?][?][{b}]" in (GAME.toolbar(t) or "")    # the transient place
    clock[0] += 6
    assert "[?][?][?][?]" in (GAME.toolbar(t) or "")
    t.close()


def test_k_deal_1_the_clocks_move_at_the_prompt_prints_no_seen_card_into_the_scrollback(
        tmp_path, clock):
    """K-CLOCK-1's safe move at the REPL runs with no one to ask (ask is None, as in a
    script), yet a person reads it at the terminal: the card they drew, and their row, stay
    out of the scrollback (they were printed when the clock played, found at 80x24)."""
    t = _table(tmp_path, clock)
    t.interactive = True                                      # the REPL's prompt
    t.execute("deal --bots 2 --clock")
    clock[0] += 21
    drawn = t.state["table"]["cards"][t.state["table"]["deck"][-1]]
    out = text(t.execute(GAME.on_time(t) or "", timed=True))  # as the prompt's clock runs it
    assert "ran out" in out and "You draw from the deck." in out
    assert f"You drew {drawn}." not in out
    assert "You   [?] [?] [?] [?]" in out
    t.close()


def test_k_deal_1_a_friends_seat_page_and_state_seat_hide_seen_cards_again(tmp_path, clock):
    t = _table(tmp_path, clock)
    t.execute("deal --friends Ann,Ben")
    desk = desk_of(t)
    desk.publish(lambda token, body: None)
    a, b = _outer(t, 0)
    # a friend at a phone may not be looking yet: the outer cards wait for their tap, however
    # long (the page offers them with the kit's private reveal), and are not in the row
    clock[0] += 60
    you = desk.payload("Ann")["view"]["you"]
    assert you["cards"] == [None, None, None, None]
    assert [(s["pos"], s["offered"]) for s in you["seeing"]] == [(1, True), (4, True)]
    looks = [m for m in desk.payload("Ann")["moves"] if m.get("key")]   # the page's taps
    assert len(looks) == 2 and all("line" not in m for m in looks)
    for pos in (1, 4):                                    # the taps: the page sends `look`
        t.execute(f"look {pos} --as Ann", seat="Ann")
    assert desk.payload("Ann")["view"]["you"]["cards"] == [a, None, None, b]
    assert "nothing waits" in str(pytest.raises(CommandError, t.execute, "look 1 --as Ann").value)
    clock[0] += 5.5                                       # the box's seconds from the tap
    assert desk.payload("Ann")["view"]["you"]["cards"] == [None, None, None, None]
    assert desk.payload("Ann")["view"]["you"]["seeing"] == []
    t.close()


def test_k_glimpse_1_the_tv_learns_nothing_of_a_glimpse_everyone_caught():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8], [9, 0, 1, 2]], discard=[0], deck_=[5])
    k.draw(t, rules, Faces())
    k.glimpse(t, rules, Faces(1, 1))                          # both opponents catch it
    k.swap(t, rules, 1)                                       # the glimpsed 5 at Ann's 2nd
    assert view(t, None)["hands"][0] == [None] * 4            # the TV: nothing
    assert view(t, 1)["hands"][0][1] == 5 and view(t, 2)["hands"][0][1] == 5
    assert view(t, 1, set())["hands"][0][1] is None           # ... on screen only a while
    assert view(t, 0)["knows"][0][1] == [0]                  # the drawer: not who caught it


def test_k_deal_1_a_served_seat_page_hides_seen_cards_once_the_seconds_are_over(tmp_path, clock):
    """A page gets what the table last published (after a command); the core asks the game's
    clock at least every second (Game.clock, at the prompt and in a script): once a card's
    seconds end, the pages are published again without it, as the terminal's toolbar is
    redrawn, not only at the next command typed."""
    t = _table(tmp_path, clock)
    t.execute("deal --bots 2")
    t.execute("view")
    feed = t.services["view"]._feeds
    token = desk_of(t).tokens["You"]

    def page() -> dict:
        return json.loads(feed[token])["view"]["you"]

    a, b = _outer(t, 0)
    t.timer()                                                 # the prompt's clock ticks
    assert page()["cards"] == [a, None, None, b] and len(page()["seeing"]) == 2
    clock[0] += 4.9
    t.timer()
    assert page()["cards"] == [a, None, None, b]
    clock[0] += 0.2                                           # the box's 5 seconds are over
    t.timer()
    assert page()["cards"] == [None] * 4 and page()["seeing"] == []
    assert f"[{a}]" not in page()["row"]
    t.execute("view --stop")
    t.close()


@pytest.mark.parametrize("catch", [0, 3])
def test_k_glimpse_1_the_pages_are_redrawn_alike_whether_or_not_a_glimpse_was_caught(
        tmp_path, clock, catch):
    """K-GLIMPSE-1: the TV and the drawer learn nothing of a glimpse, even one every opponent
    caught. A catcher's card leaves their page when its seconds end (Table.redraw publishes
    every page and the TV again: a new version on each), so the table is redrawn then whether
    or not anyone caught it: the moment of a redraw tells no one a glimpse was caught."""
    t = _table(tmp_path, clock)
    lib = t.library
    t.library = dataclasses.replace(lib, rules=dataclasses.replace(
        lib.rules, glimpse_chance=catch or 1, glimpse_in=3 if catch else 1000))
    t.execute("deal --friends Ann,Ben,Cid --bots 0")
    first = t.state["table"]["order"]["current"]
    redraws: list[float] = []
    t.listeners.append(lambda table: redraws.append(clock[0]))
    clock[0] += 100                                # the deal's looks are long over
    GAME.clock(t)
    t.execute(f"draw --as {first}")                # the drawer's own look: 5 s from here
    clock[0] += 3
    t.execute(f"glimpse --as {first}")
    assert any(t.state["table"]["caught"]) == (catch == 3)
    redraws.clear()
    for _ in range(12):
        clock[0] += 1
        GAME.clock(t)
    assert redraws == [1105.0, 1108.0]
    t.close()
