"""Kaivo's seat page on the page kit, tapped in a real browser (issue 28): four cards in a
row a finger taps, the drawn card held by name with its halves (glimpse above, discard
below), a Spy's target tapped on the opponent's row ("You see Ben's 0 at position 1"), a
Swap chosen in two steps (your card, then theirs: no 48 buttons), the turn's countdown, each
seen card a private reveal shown for the box's seconds then hidden (K-DEAL-1), Leave and
Join; and nothing of it reaches Ben's page, the TV or `guide state --seat Ben`.

The table runs in this process (the view served on its own thread); a tap on the page
sends its move to the desk and the test runs it as the REPL does (seat_policy "apply").
The game's clock (K-CLOCK-1, K-DEAL-1's seconds) stands still: the test moves the page's."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from browser import chromium, open_page, shot  # noqa: F401
from test_kaivo_game import env  # noqa: F401 - Kaivo's entry point on the path
from test_kaivo_seats import seat_move

from guide.core import settings
from guide.core.dice import Dice
from guide.core.seats import Desk, desk_of
from guide.core.store import Store
from guide.core.table import Table
from guide.games.kaivo.game import KaivoGame
from guide.games.kaivo.table import to_act

pytestmark = pytest.mark.browser
GAME = KaivoGame()
SIZE = {"width": 420, "height": 900}


@pytest.fixture
def table(tmp_path, monkeypatch):
    at = [1_000_000.0]
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(7))
    t.now = lambda: at[0]                                       # the table's clock stands still
    t.execute("deal --friends Ann,Ben --bots 1 --clock")
    t.execute("view")
    yield t
    if t.store is not None and "view" in t.services:
        t.execute("view --stop")
        t.close()


def link(t: Table, seat: str) -> str:
    return t.services["view"].base + "seat/" + desk_of(t).tokens[seat]


def on_top(t: Table, value: int) -> None:
    """The next card drawn from the deck is one of this value (the deck laid by hand)."""
    tbl = t.state["table"]
    card = next(c for c in tbl["deck"] if tbl["cards"][c] == value)
    tbl["deck"].remove(card)
    tbl["deck"].append(card)


def look(t: Table, page, label: str) -> None:
    """K-DEAL-1 at a phone: a tap on an offered card shows it at once and tells the table
    (the page's `look` move, run as the REPL runs a seat's move); its seconds run from now."""
    desk = desk_of(t)
    page.get_by_text(label).click()
    for _ in range(200):
        if desk.pending:
            break
        time.sleep(0.05)
    pending = desk.take()
    assert pending.line.startswith("look "), pending.line
    t.execute(pending.line, seat=pending.seat)


def run_tap(t: Table, page, selector: str) -> None:
    """Tap on the page; the move it sends runs as the REPL runs a seat's move; then wait for
    the page to draw the table's answer."""
    desk = desk_of(t)
    version = int(page.evaluate("Number(document.body.dataset.version)"))
    page.locator(selector).first.click()
    for _ in range(200):
        if desk.pending:
            break
        time.sleep(0.05)
    pending = desk.take()
    t.execute(pending.line, seat=pending.seat)
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")


def text(page) -> str:
    return page.inner_text("body")


def test_the_seat_page_taps_cards_holds_the_draw_and_swaps_in_two_steps(table, chromium, tmp_path,  # noqa: F811
                                                                       env):  # noqa: F811
    t = table
    tbl = t.state["table"]
    ann_cards = [tbl["cards"][c] for c in tbl["hands"][0]]
    # Ben's first card is a 0 (laid by hand, before any page is drawn)
    zero = next(c for c in tbl["deck"] if tbl["cards"][c] == 0)
    tbl["deck"][tbl["deck"].index(zero)], tbl["hands"][1][0] = tbl["hands"][1][0], zero
    on_top(t, 11)                                              # Ann draws a Spy
    ann = open_page(chromium, link(t, "Ann"), SIZE, clock=True)
    ben = open_page(chromium, link(t, "Ben"), SIZE, clock=True)
    tv = open_page(chromium, t.services["view"].base, SIZE)
    ben.clock.run_for(1_500)                       # the kit opens its stream after a second
    shown = text(ann)
    # K-CLOCK-1 runs from the page's opening: a redraw keeps the table's 20 s (the game's
    # clock stands still; the desk's is the machine's: they must not mix)
    seconds = Desk.payload_of(t, "Ann")["view"]["you"]["clock"]["seconds"]
    assert 19 <= seconds <= 20, seconds
    # four cards in a row, none showing its value: the outer two are private reveals
    assert ann.locator("#mine .kv-card").count() == 4
    assert [ann.locator("#mine .kv-card").nth(p).get_attribute("data-value") for p in range(4)] == ["?"] * 4
    assert "Tap to see your card at position 1" in shown and "Tap to see your card at position 4" in shown
    assert "Your turn!" in shown and "Time left" in shown       # K-CLOCK-1's countdown
    first = int(ann.locator(".kit-countdown-value").first.inner_text().split()[0])
    assert 18 <= first <= 20                                    # the table's 20 s, counting
    look(t, ann, "Tap to see your card at position 1")
    assert f"Your {ann_cards[0]} at position 1" in text(ann)
    ann.clock.run_for(5_200)                                    # the box's 5 seconds
    assert f"Your {ann_cards[0]} at position 1" not in text(ann)
    assert "your card at position 1: hidden again" in text(ann)
    later = int(ann.locator(".kit-countdown-value").first.inner_text().split()[0])
    assert first - later in (5, 6)                              # it runs on the page's clock
    assert "Your turn!" not in text(ben) and "Ann to play" in text(ben)

    # draw: the card held by name, its top half the glimpse, its lower half the discard
    run_tap(t, ann, "button[data-move] >> text=Draw from the deck")
    held = ann.locator("#held")
    assert held.locator(".kv-face").inner_text() == "You drew Spy (11)"
    assert held.locator(".kv-top").inner_text() == "Let the table glimpse it"
    assert held.locator(".kv-bottom").inner_text() == "Discard it and use Spy"
    assert "Tap one of your cards to swap the drawn card in" in text(ann)
    assert ann.locator("#mine .kv-tap").count() == 4             # each card takes it
    for page in (ben, tv):
        assert "You drew Spy" not in text(page) and "(11)" not in text(page)
    run_tap(t, ann, "#held .kv-bottom")
    assert "Tap a card of an opponent to spy on it." in text(ann)
    assert ann.locator("#mine .kv-tap").count() == 0
    run_tap(t, ann, "[data-row='Ben'] .kv-card[data-pos='1']")   # the Spy's target, tapped
    look(t, ann, "Tap to see Ben's card at position 1")
    assert "You see Ben's 0 at position 1" in text(ann)
    ann.clock.run_for(5_200)
    assert "You see Ben's 0 at position 1" not in text(ann)
    for page in (ben, tv):
        assert "You see Ben's" not in text(page) and "Tap to see Ben's" not in text(page)

    # Ben and the bot play; then Ann draws a Swap: her card, then his (no 48 buttons)
    seat_move(t, "Ben", "Draw from the deck")
    labels = [m["label"] for m in Desk.payload_of(t, "Ben")["moves"]]
    seat_move(t, "Ben", next(x for x in labels if x.startswith("Discard it")))
    labels = [m["label"] for m in Desk.payload_of(t, "Ben")["moves"]]
    if any(x.startswith("Skip") for x in labels):
        seat_move(t, "Ben", next(x for x in labels if x.startswith("Skip")))
    if to_act(t.state["table"]) != 0 or t.state["table"]["phase"] == "over":
        pytest.fail("the bot ended the round; choose another seed")
    on_top(t, 12)
    run_tap(t, ann, "button[data-move] >> text=Draw from the deck")
    assert ann.locator("#held .kv-face").inner_text() == "You drew Swap (12)"
    run_tap(t, ann, "#held .kv-bottom")
    assert "Swap: tap your card, then their card." in text(ann)
    assert ann.locator("button").count() < 20                  # 4 + 8 cards and a few buttons
    shot(ann, "kaivo-seat-ann")                                 # 420x900, kept in artifacts/
    before = [t.state["table"]["hands"][0][1], t.state["table"]["hands"][1][2]]
    ann.locator("#mine .kv-card[data-pos='2']").click()         # step one: the page's own
    assert "Your card 2: now tap their card." in text(ann)
    assert "kv-picked" in ann.locator("#mine .kv-card[data-pos='2']").get_attribute("class")
    run_tap(t, ann, "[data-row='Ben'] .kv-card[data-pos='3']")
    assert [t.state["table"]["hands"][1][2], t.state["table"]["hands"][0][1]] == before   # swapped
    got = t.state["table"]["cards"][before[1]]
    assert "Tap to see your card at position 2" in text(ann)
    look(t, ann, "Tap to see your card at position 2")
    assert f"Your {got} at position 2" in text(ann)
    ben.get_by_text("Tap to see your card at position 3").wait_for()    # what he received

    # Leave, then Join again, from the page (Ben's turn now: nothing is played for her)
    run_tap(t, ann, "button[data-move] >> text=Leave the table")
    assert "You are leaving" in text(ann) and t.state["players"][0]["leaving"]
    run_tap(t, ann, "button[data-move] >> text=Join again (stay at the table)")
    assert "Leave the table" in text(ann) and not t.state["players"][0]["leaving"]

    # what Ann saw reaches no other screen: Ben's page, the TV, `guide state --seat Ben`
    mine = json.dumps(Desk.payload_of(t, "Ann")["view"]["you"]["seeing"])
    assert f"Your {got} at position 2" in mine
    for page in (ben, tv):
        assert "You drew" not in text(page) and f"Your {got} at position 2" not in text(page)
    campaign = str(tmp_path / "k.sqlite")
    t.execute("view --stop")
    t.close()
    seat = subprocess.run([sys.executable, "-m", "guide", "state", "--campaign", campaign,
                           "--seat", "Ben"], capture_output=True, text=True, timeout=60, env=env)
    assert seat.returncode == 0, seat.stderr
    assert "You drew" not in seat.stdout and "You see Ben" not in seat.stdout
    assert f"Your {got} at position 2" not in seat.stdout
