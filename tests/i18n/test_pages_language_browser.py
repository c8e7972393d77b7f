"""Every page says its language (issue 40, item 4): the TV and seat pages of a Ukrainian CV
table and of a French Taverne table carry `<html lang>` and a `<title>` in the table's
language, so a phone hyphenates their long words (kit.css `hyphens: auto`, where the browser
has the dictionary); at 360 px wide nothing leaves the screen (a word too long for its line
still breaks: `overflow-wrap: break-word`, which no longer lets a box shrink below a word)."""

from __future__ import annotations

import os
import sys
import urllib.request
from pathlib import Path

import pytest
from browser import chromium, cut_off, open_page, shot  # noqa: F401
from installed import Playing

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "cv"))
from test_cv_seats_browser import FOUR, start  # noqa: E402

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 740}


def served(link: str) -> str:
    """The page as the server sends it, before its script runs (a seat's page then titles
    itself with the seat's name)."""
    with urllib.request.urlopen(link, timeout=5) as r:
        return r.read().decode("utf-8")

def test_a_ukrainian_cv_table_s_pages_say_uk(tmp_path, chromium):  # noqa: F811
    play = start(tmp_path, "--lang", "uk", lines=FOUR, names=("Оля", "Богдан", "Кирило", "Дмитро"))
    try:
        seat = open_page(chromium, play.links["Кирило"], NARROW)
        assert seat.evaluate("document.documentElement.lang") == "uk"
        assert served(play.links["Кирило"]).count('<html lang="uk">\n') == 1
        assert "<title>CV: ваше місце</title>" in served(play.links["Кирило"])   # then "Кирило · CV"
        assert seat.evaluate("getComputedStyle(document.body).hyphens") == "auto"
        assert cut_off(seat, whole=False) == []
        shot(seat, "cv-seat-uk-360x740")
        tv = open_page(chromium, play.tv, NARROW)
        assert tv.evaluate("document.documentElement.lang") == "uk"
        assert tv.title() == "CV: екран гравців"
        assert cut_off(tv, whole=False) == []
        shot(tv, "cv-tv-uk-360x740")
        tv = open_page(chromium, play.tv, {"width": 1280, "height": 720})
        assert cut_off(tv, whole=False) == []
        shot(tv, "cv-tv-uk-1280x720")
    finally:
        play.close()


TAVERNE = ["player Marie --loot 3 --character Goule", "player Pierre --loot 1", "player Cécile --loot 1",
           "start", "call", "view", "seats --no-qr"]


def test_a_french_taverne_table_s_pages_say_fr(tmp_path, chromium):  # noqa: F811
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"))
    play = Playing(env, "--game", "taverne", "--lang", "fr", "--campaign", str(tmp_path / "t.sqlite"),
                   "--seed", "3")
    try:
        play.send(*TAVERNE)
        tv_link = play.read_until(r"(http://\S+/\?token=\S+)").group(1)
        marie = play.read_until("^Marie\u00a0: (http://\\S+)").group(1)    # "Marie : http"
        seat = open_page(chromium, marie, NARROW)
        assert seat.evaluate("document.documentElement.lang") == "fr"
        assert "<title>Taverne de la Licorne\u00a0: votre place</title>" in served(marie)
        assert "Goule" in seat.inner_text("body")                         # her Character, in French
        assert cut_off(seat, whole=False) == []
        shot(seat, "taverne-seat-fr-360x740")
        tv = open_page(chromium, tv_link, {"width": 1280, "height": 720})     # a TV's page: a TV
        assert tv.evaluate("document.documentElement.lang") == "fr"
        assert tv.title() == "Taverne de la Licorne\u00a0: la vue des joueurs"
        assert cut_off(tv, whole=False) == []
        shot(tv, "taverne-tv-fr-1280x720")
        tv = open_page(chromium, tv_link, NARROW)              # the TV's link opened on a phone
        assert cut_off(tv, whole=False) == []
        shot(tv, "taverne-tv-fr-360x740")
    finally:
        play.close()
