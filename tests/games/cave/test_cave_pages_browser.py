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
