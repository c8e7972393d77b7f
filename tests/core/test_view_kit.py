"""The page kit (guide/core/view/kit.js) in a real browser, with Tally's seat page on it
(tests/tinygame/seat.html): a countdown runs on the page's clock, a private reveal hides
itself after its seconds and a redraw neither restarts nor lengthens it, a tap on a move
runs it (Tally's seats act at once) and every page follows; the moves keep the game's order
(headings, folds and buttons where their first move came); the fallback pages (a game with
none of its own) fit a phone; a page that lost its stream catches up. No page shows a
sealed guess of another seat."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import PHONE, TVS, chromium, cut_off, drawn, open_page, shot, wait_drawn_after  # noqa: F401
from test_tiny_game import tally_table

from guide.core.seats import desk_of

pytestmark = pytest.mark.browser
PAGE = (Path(__file__).parents[1] / "tinygame" / "seat.html").read_bytes()


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("GUIDE_DATA_DIR", str(tmp_path / "data"))
    t = tally_table(tmp_path / "c.sqlite")
    t.execute("join Ann")
    t.execute("join Ben")
    t.execute("view")
    yield t
    t.execute("view --stop")
    t.close()


def link(t, seat: str, page: bytes | None = PAGE) -> str:
    server = t.services["view"]
    server.seat_page = page
    return f"{server.base}seat/{desk_of(t).tokens[seat]}"


def test_a_countdown_runs_on_the_pages_clock_and_says_when_it_is_over(table, chromium):  # noqa: F811
    ann = open_page(chromium, link(table, "Ann"), clock=True)
    value = ann.locator(".kit-countdown-value")
    assert value.inner_text() == "10 s"
    ann.clock.run_for(3000)
    assert value.inner_text() == "7 s"
    ann.clock.run_for(2000)
    assert value.inner_text() == "5 s" and "kit-soon" in ann.locator(".kit-countdown").get_attribute("class")
    table.execute("add 2")                                # a redraw does not restart it
    ann.get_by_text("2", exact=True).wait_for()
    assert value.inner_text() == "5 s"
    ann.clock.run_for(5000)
    assert value.inner_text() == "0 s"
    assert ann.evaluate("document.body.classList.contains('too-late')")   # onEnd, once


def test_a_private_reveal_hides_itself_and_a_redraw_keeps_its_time(table, chromium):  # noqa: F811
    ann = open_page(chromium, link(table, "Ann"), clock=True)
    ann.clock.run_for(1100)                               # the kit opens its stream after 1 s
    ann.get_by_role("button", name="guess 4").click()
    ann.get_by_text("Done.").wait_for()
    table.execute("seats take Ann")                       # what the REPL does for "apply" seats
    ann.get_by_role("button", name="Tap to see your guess").wait_for()
    assert table.state["guesses"]["choices"] == {"Ann": 4}
    ann.get_by_role("button", name="Tap to see your guess").click()
    shown = ann.get_by_text("You guessed 4")
    assert shown.is_visible()
    ann.clock.run_for(3000)
    table.execute("add 1")                                # the page is drawn again meanwhile
    ann.locator(".kit-counter-value").first.filter(has_text="1").wait_for()
    assert shown.is_visible()                             # still: its 5 s are not over
    ann.clock.run_for(2300)
    assert shown.count() == 0                             # 5 s after the tap: hidden
    assert ann.get_by_text("your guess: hidden again").is_visible()
    assert ann.get_by_role("button", name="Tap to see your guess").count() == 0   # once
    assert "4" not in ann.inner_text("body").replace("guess 4", "")


def test_a_tap_runs_the_move_every_page_follows_and_a_sealed_guess_stays_sealed(table, chromium):  # noqa: F811
    ann = open_page(chromium, link(table, "Ann"))
    ben = open_page(chromium, link(table, "Ben"))
    ben.wait_for_timeout(1100)                            # the kit opens its stream after 1 s
    seen = drawn(ben)
    ann.get_by_role("button", name="guess 5").click()
    ann.get_by_text("Done.").wait_for()
    table.execute("seats take Ann")                       # what the REPL does for "apply" seats
    wait_drawn_after(ben, seen)                           # Ben's page follows by its stream
    assert "Ann: sealed" in ben.inner_text("body") and "5" not in ben.inner_text("body").split(
        "Guess the die")[-1].replace("guess 5", "")
    assert "Ann: sealed" not in ann.inner_text("body")
    for page in (ann, ben):
        assert cut_off(page, whole=False) == []
    shot(ben, "kit-tally-seat-ben-390x844")


def test_a_page_that_lost_its_stream_catches_up_when_it_is_back(table, chromium):  # noqa: F811
    ben = open_page(chromium, link(table, "Ben"))
    ben.context.set_offline(True)
    ben.wait_for_function("document.body.classList.contains('kit-away')")
    # the table's word (page_words, in its language), where the CSS had its own English one
    assert ben.evaluate("document.body.dataset.away") == "reconnecting…"
    assert ben.evaluate("getComputedStyle(document.body, '::before').content") == '"reconnecting…"'
    table.execute("add 3")
    table.execute("add 4")
    ben.context.set_offline(False)
    ben.locator(".kit-counter-value").first.filter(has_text="7").wait_for()
    assert not ben.evaluate("document.body.classList.contains('kit-away')")


@pytest.mark.parametrize("size", [PHONE, *TVS], ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_fallback_pages_fit_the_screen(table, chromium, size):  # noqa: F811
    """A game with no page of its own: the core's seat page (its view as lines, the kit's
    buttons) and TV page."""
    table.execute("guess Ann 2")
    ben = open_page(chromium, link(table, "Ben", page=None), size)
    assert ben.get_by_role("button", name="guess 6").is_visible()
    assert "sealed" in ben.inner_text("body") and "Ann 2" not in ben.inner_text("body")
    assert cut_off(ben, whole=False) == []
    tv = open_page(chromium, table.services["view"].url, size)
    assert "sealed" in tv.inner_text("body")
    assert cut_off(tv, whole=False) == []


def order(page) -> list:
    """What the moves show, in the page's order: a heading with what is under it, a fold
    with what is in it, a row of buttons by their labels."""
    return page.evaluate("""() => {
      const walk = e => [...e.children].flatMap(c =>
        c.matches("section.kit-group") ? [{heading: c.dataset.group, has: walk(c)}]
        : c.matches("details.kit-fold") ? [{fold: c.dataset.group, has: walk(c)}]
        : c.matches(".kit-buttons") ? [[...c.querySelectorAll(".kit-move")].map(b => b.textContent)]
        : []);
      return walk(document.querySelector(".kit-moves"));
    }""")


def test_the_moves_keep_the_games_order_from_turn_to_turn(table, chromium, monkeypatch):  # noqa: F811
    """A heading and a fold stand where their first move came, a plain button where it came
    (the kit drew a node's folds first, then its buttons: a choice that turned from a button
    into a fold changed places from turn to turn); plain buttons next to each other share a
    row, a fold between them splits it; an open fold stays open, one at a time."""
    shape = {"B": ("X", "B")}
    def moves(t, seat):
        if seat != "Ann":
            return []
        r = t.registry
        return [r.move("add", "pass", (), amount=0),
                *(r.move("add", f"{name} {i}", shape.get(name, ("X",)), amount=i)
                  for name, many in (("A", 1), ("B", 2), ("C", 1), ("D", 1)) for i in range(1, many + 1)),
                r.move("add", "Y", ("Y",), amount=9)]
    monkeypatch.setattr(table.game, "seat_moves", moves)
    table.execute("add 1")
    ann = open_page(chromium, link(table, "Ann"))
    assert order(ann) == [["pass"],
                          {"heading": "X", "has": [["A 1"], {"fold": "B", "has": [["B 1", "B 2"]]},
                                                   ["C 1", "D 1"]]},
                          {"heading": "Y", "has": [["Y"]]}]
    ann.locator("details[data-group=B] summary").click()          # opened, and kept open
    seen = drawn(ann)
    shape.update(A=("X", "A"), B=("X",))     # the next turn: A a fold of choices, B one button
    table.execute("add 1")
    wait_drawn_after(ann, seen)
    assert order(ann) == [["pass"],
                          {"heading": "X", "has": [{"fold": "A", "has": [["A 1"]]},
                                                   ["B 1", "B 2", "C 1", "D 1"]]},
                          {"heading": "Y", "has": [["Y"]]}]
    seen = drawn(ann)
    shape.update(A=("X",), B=("X", "B"))     # and back: the fold B remembered as open
    table.execute("add 1")
    wait_drawn_after(ann, seen)
    assert [f.get_attribute("open") for f in ann.locator("details.kit-fold").all()] == [""]
    assert order(ann)[1]["has"][1] == {"fold": "B", "has": [["B 1", "B 2"]]}
    seen = drawn(ann)
    shape.update(A=("X", "A"))               # two folds side by side: one open at a time
    table.execute("add 1")
    wait_drawn_after(ann, seen)
    assert order(ann)[1]["has"] == [{"fold": "A", "has": [["A 1"]]}, {"fold": "B", "has": [["B 1", "B 2"]]},
                                    ["C 1", "D 1"]]
    ann.locator("details[data-group=A] summary").click()
    ann.wait_for_function("!document.querySelector('details[data-group=B]').open")
    assert ann.locator("details[data-group=A]").get_attribute("open") == ""
