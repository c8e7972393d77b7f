"""In a real browser: a seat page whose link the table no longer serves (revoked, or its
player gone from the table) says so and stops asking. It showed "reconnecting…" for ever
over the old page, retrying a 403 as a lost network."""

from __future__ import annotations

import os

import pytest
from browser import PHONE, chromium, open_page, shot  # noqa: F401
from installed import Playing

pytestmark = pytest.mark.browser


def test_a_page_whose_link_was_revoked_says_so_and_stops_retrying(tmp_path, chromium):  # noqa: F811
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"))
    table = Playing(env, "--game", "cave", "--campaign", str(tmp_path / "c.sqlite"), "--seed", "3")
    try:
        table.send("character Ann", "character Bob", "start", "view", "seats --no-qr")
        link = table.read_until(r"^Ann: (http://\S+)").group(1)
        ann = open_page(chromium, link, PHONE)
        table.send("seats revoke Ann")
        ann.wait_for_selector("#kit-closed", timeout=30_000)
        assert "opens no seat now" in ann.locator("#kit-closed").inner_text()
        classes = ann.locator("body").get_attribute("class") or ""
        assert "kit-away" not in classes and "kit-closed" in classes     # its moves greyed
        shot(ann, "seat-link-revoked")
        ann.context.close()
    finally:
        table.close()
