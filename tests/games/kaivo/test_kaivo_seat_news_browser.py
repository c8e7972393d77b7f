"""The seat's news on the page (issue 28: "the seat's news is one command behind the TV"):
the newest public event is at the top of a seat's page as soon as the TV shows it, also once
the round's news is longer than the page's eight lines (the page reversed the list, then kept
its *last* eight: the oldest, so the newest fell off the top)."""

from __future__ import annotations

import pytest
from browser import chromium, open_page  # noqa: F401
from test_kaivo_game import env  # noqa: F401 - Kaivo's entry point on the path
from test_kaivo_seat_page_browser import SIZE, link, table  # noqa: F401
from test_kaivo_seats import seat_move

from guide.core.seats import Desk
from guide.games.kaivo import screen
from guide.games.kaivo.table import to_act

pytestmark = pytest.mark.browser


def play_safe_turn(t, seat: str) -> None:
    """The seat draws and discards (skipping a power), as its page's buttons send it."""
    seat_move(t, seat, "Draw from the deck")
    labels = [m["label"] for m in Desk.payload_of(t, seat)["moves"]]
    seat_move(t, seat, next(x for x in labels if x.startswith("Discard it")))
    labels = [m["label"] for m in Desk.payload_of(t, seat)["moves"]]
    if any(x.startswith("Skip") for x in labels):
        seat_move(t, seat, next(x for x in labels if x.startswith("Skip")))


def test_the_seats_news_shows_the_newest_event_first_as_the_tv_does(table, chromium):  # noqa: F811
    t = table
    for _turn in range(12):                 # until the news is longer than the page's 8 lines
        tbl = t.state["table"]
        if tbl["phase"] == "over" or len(screen.news(t.state, None)) > 10:
            break
        play_safe_turn(t, tbl["names"][to_act(tbl)])
    news = screen.news(t.state, "Ben")
    assert len(news) > 8, news
    ben = open_page(chromium, link(t, "Ben"), SIZE)
    tv = open_page(chromium, t.services["view"].base, SIZE)
    newest = screen.news(t.state, None)[-1]
    assert tv.locator("#news li").first.inner_text() == newest
    shown = ben.locator(".kit-lines").first.locator("li")
    assert shown.first.inner_text() == news[-1]          # the newest, at the top
    assert shown.count() == 8
    assert [shown.nth(i).inner_text() for i in range(8)] == news[::-1][:8]
