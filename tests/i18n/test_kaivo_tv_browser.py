"""Kaivo's TV page writes the sentences that come with its view (`said`, in the table's
language, issue 25) and none of its own: what Chromium draws is the view's words."""

from __future__ import annotations

import pytest
from browser import chromium, open_page  # noqa: F401

from guide.core.repl.run import open_table

pytestmark = pytest.mark.browser


def test_the_kaivo_tv_page_shows_the_words_of_its_view(tmp_path, chromium):  # noqa: F811
    t = open_table(tmp_path / "k.sqlite", [], 1, game_id="kaivo")
    try:
        t.execute("deal --bots 2")
        t.execute("view")
        said = t.game.view(t)["said"]
        server = t.services["view"]
        page = chromium.new_context().new_page()
        page.goto(f"http://127.0.0.1:{server.httpd.server_address[1]}/")
        page.wait_for_function("document.getElementById('pile').textContent.length > 0")
        assert page.locator("#pile").inner_text() == said["pile"]
        assert said["pile"].startswith("Round 1. Discard pile: ")
        assert page.locator("#key").inner_text() == said["key"]
        assert page.locator("#seats tr td:first-child").all_inner_texts() == said["seats"]
        assert said["seats"] == ["You", "Aino (bot)", "Eero (bot)"]
        assert page.title() == said["page_title"]
        page.context.close()
    finally:
        t.execute("view --stop")
        t.close()
