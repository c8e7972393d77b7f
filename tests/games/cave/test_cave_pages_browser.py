"""Cave escape's TV and seat pages on the page kit, in a real browser: the cave as tiles fits
1280x720 and 1920x1080 with nothing cut off; Ann moves her own character from her phone (a
direction, then the new tile's turn, drawn), and her page follows."""

from __future__ import annotations

import json
import os
import time
import urllib.request

import pytest
from browser import PHONE, TVS, chromium, cut_off, drawn, open_page, shot, wait_drawn_after  # noqa: F401
from installed import Playing

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cave-pages")
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp / "data"))
    play = Playing(env, "--game", "cave", "--campaign", str(tmp / "c.sqlite"), "--seed", "3")
    play.send("character Ann", "character Bob", "character Cid", "character Dorothea Longname",
              "start", "view", "seats --no-qr")
    play.tv = play.read_until(r"The players' view is at (http://\S+)").group(1)
    play.links = {name: play.read_until(rf"^{name}: (http://\S+)").group(1) for name in ("Ann", "Bob")}
    yield play
    play.close()


def state(link: str) -> dict:
    with urllib.request.urlopen(link + "/state.json", timeout=5) as r:
        return json.loads(r.read())


@pytest.mark.parametrize("size", TVS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_tv_draws_the_cave_as_tiles_and_fits_the_screen(table, chromium, size):  # noqa: F811
    tv = open_page(chromium, table.tv, size)
    assert tv.locator("svg.cave-board g.tile").count() >= 1
    assert tv.locator("svg.cave-board g.token").count() == 4
    assert tv.locator(".kit-card").count() == 4
    shot(tv, f"cave-tv-{size['width']}x{size['height']}")
    try:
        assert cut_off(tv, whole=True) == []
    finally:
        tv.context.close()


def test_ann_moves_from_her_phone_a_direction_then_the_tiles_turn(table, chromium):  # noqa: F811
    ann = open_page(chromium, table.links["Ann"], PHONE)
    assert ann.get_by_text("Your turn!").is_visible()
    move = ann.locator("section[data-group=Move]")
    fold = move.locator("details[data-group=up]")
    fold.locator("summary").click()
    turns = fold.locator("button.kit-move")
    assert turns.count() >= 1 and fold.locator("svg.cave-pick").count() == turns.count()
    before = drawn(ann)
    turns.first.click()
    ann.wait_for_function("document.querySelector('.kit-said').textContent !== 'Sending…'")
    table.send("seats take")          # a piped table runs a waiting move when told (the REPL at once)
    wait_drawn_after(ann, before)
    for _ in range(200):
        ann_now = next(c for c in state(table.links["Ann"])["view"]["characters"] if c["name"] == "Ann")
        if ann_now["at"] == [5, 2]:
            break
        time.sleep(0.05)
    assert ann_now["at"] == [5, 2]
    shot(ann, "cave-seat-ann")
    assert cut_off(ann, whole=False) == []
    # a phone shows the cave around the laid tiles (5,2)..(6,3), a square of margin, not the
    # whole 12x8 board, where the tokens were a few pixels wide
    assert ann.locator("svg.cave-board").get_attribute("viewBox") == "400 100 400 400"


def test_a_phone_draws_a_tall_part_of_the_cave_at_its_own_shape(table, chromium):  # noqa: F811
    """A part of the cave taller than wide (two tiles above each other) filled the page's width,
    letterboxed: beside the dark ground the page's light colour crossed by the board's grid
    lines. The board is drawn at the part's shape, centred, at most 60% of the screen high."""
    ann = open_page(chromium, table.links["Ann"], PHONE)
    try:
        board = ann.evaluate("""() => {
          const svg = `<svg class="cave-board" viewBox="0 0 1200 800" data-near="400 0 300 700"
            xmlns="http://www.w3.org/2000/svg"><rect width="1200" height="800" class="ground"/></svg>`;
          const box = cave.board(svg, true);
          document.querySelector(".cave-board-box").replaceWith(box);
          const r = box.querySelector("svg").getBoundingClientRect();
          return {width: r.width, height: r.height, left: r.left, right: innerWidth - r.right};
        }""")
        assert board["height"] <= 0.6 * PHONE["height"] + 1
        assert abs(board["width"] / board["height"] - 300 / 700) < 0.01, board
        assert abs(board["left"] - board["right"]) < 2, board             # centred
    finally:
        ann.context.close()


@pytest.fixture(scope="module")
def round_table(tmp_path_factory):
    """A table of its own (the one above is Ann's): Ann has laid the tile above the start,
    and it is Bob's turn."""
    tmp = tmp_path_factory.mktemp("cave-order")
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp / "data"))
    play = Playing(env, "--game", "cave", "--campaign", str(tmp / "c.sqlite"), "--seed", "3")
    play.send("character Ann", "character Bob", "character Cid", "character Dorothea Longname",
              "start", "move Ann up --turn 0", "end Ann", "view", "seats --no-qr")
    play.link = play.read_until(r"^Bob: (http://\S+)").group(1)
    yield play
    play.close()


def sides(page) -> list[str]:
    """The four sides as the Move heading shows them, in its order: a side's own button
    (onto a laid tile) by its label, a side's fold (onto an empty square: the new tile's
    turns) as `fold SIDE`; a row of buttons between folds as `|`."""
    return page.evaluate("""() => [...document.querySelectorAll("section[data-group=Move] > *")]
      .flatMap(e => e.matches("details") ? ["fold " + e.dataset.group]
                  : e.matches(".kit-buttons") ? ["|", ...[...e.children].map(b => b.textContent)] : [])""")


def test_the_four_sides_keep_the_games_order_from_turn_to_turn(round_table, chromium):  # noqa: F811
    """C-TURN-1, C-TURN-2: up, down, left, right, whether a side is a button (a laid tile) or a
    fold of the new tile's turns (an empty square); the kit drew a heading's folds first, so
    the sides changed places from turn to turn as one turned from a button into a fold."""
    bob = open_page(chromium, round_table.link, PHONE)
    try:
        assert bob.get_by_text("Your turn!").is_visible()
        shot(bob, "cave-seat-bob-turn-1")
        assert sides(bob) == ["|", "up", "fold down", "fold left", "|", "right"]
        bob.locator("section[data-group=Move]").get_by_role("button", name="right", exact=True).click()
        bob.wait_for_function("document.querySelector('.kit-said').textContent !== 'Sending…'")
        round_table.send("seats take", "end Bob", "end Cid", 'end "Dorothea Longname"', "end Ann")
        # Bob's next turn, one tile to the right: up and right onto empty squares, left back
        bob.locator("section[data-group=Move] details[data-group=right]").wait_for()
        assert bob.get_by_text("Your turn!").is_visible()
        shot(bob, "cave-seat-bob-turn-2")
        assert sides(bob) == ["fold up", "fold down", "|", "left", "fold right"]
        assert cut_off(bob, whole=False) == []
    finally:
        bob.context.close()
