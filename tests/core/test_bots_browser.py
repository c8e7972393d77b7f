"""Issue 38, in a real browser: a seat a bot plays says so on its page (the payload's
`bot`, in the table's words) and offers no move; the game master gives it back (`bot NAME
--off`) and the person at that page gets the page again, with its moves on its turn."""

from __future__ import annotations

import os

import pytest
from browser import PHONE, chromium, drawn, open_page, shot, wait_drawn_after  # noqa: F401
from installed import Playing

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bots-page")
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp / "data"))
    play = Playing(env, "--game", "cave", "--campaign", str(tmp / "c.sqlite"), "--seed", "3")
    play.send("character Ann", "character Bob", "start", "view", "seats --no-qr")
    play.links = {name: play.read_until(rf"^{name}: (http://\S+)").group(1) for name in ("Ann", "Bob")}
    yield play
    play.close()


def test_a_seat_a_bot_plays_says_so_and_a_person_taking_it_back_gets_its_moves(table, chromium):  # noqa: F811
    bob = open_page(chromium, table.links["Bob"], PHONE)
    assert bob.locator("#kit-bot").count() == 0
    before = drawn(bob)
    table.send("bot Bob")
    wait_drawn_after(bob, before)
    bob.wait_for_selector("#kit-bot")
    banner = bob.locator("#kit-bot")
    assert "A bot (think) plays this seat now" in banner.inner_text()    # the table's default
    assert "bot Bob --off" in banner.inner_text()
    assert bob.locator("button.kit-move").count() == 0
    shot(bob, "bot-seat-bob-played")
    before = drawn(bob)
    table.send("bot Bob --off", "end Ann")          # a person again, and it is Bob's turn
    bob.wait_for_function("!document.getElementById('kit-bot')"
                          " && document.querySelectorAll('button.kit-move').length > 0")
    assert drawn(bob) > before
    assert bob.get_by_text("Your turn!").is_visible() or bob.locator("button.kit-move").count() > 0
    shot(bob, "bot-seat-bob-back")
    bob.context.close()
