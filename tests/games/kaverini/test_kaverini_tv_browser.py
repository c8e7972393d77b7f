"""The Kaverini TV with a full table (issue 39): four Kaverit, three buddies, a companion
and four foes, names of 24 characters whole, fit 1280x720 and 1920x1080 without scrolling
(a TV cannot scroll); the companion is shown; the story carries no rule ids; the last quote
stays shown however many commands later."""

from __future__ import annotations

import os

import pytest
from browser import TVS, chromium, cut_off, open_page, shot  # noqa: F401
from installed import Playing

from conftest import write_box

pytestmark = pytest.mark.browser

LONG = ["Wilhelmina van Oranje-Na", "Bartholomeus Zeevaarder", "Cornelia Stroopwafelbak",
        "Maximiliaan de Grachten"]                   # 24, 23, 23, 23 characters
EXTRA = """cards:
  - name: Geertruida the Ferrywoman
    type: buddy
    hp: 9
    techniques:
      - {name: Row, schmerz: 1}
"""


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("kaverini-tv")
    extra = write_box(tmp / "extra", "extra.yaml", EXTRA).parent
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp / "data"))
    play = Playing(env, "--campaign", str(tmp / "c.sqlite"), "--seed", "3", "--box", str(extra))
    play.send("adventure amsterdam", *[
        f'kaveri "{name}" --ability Focused --technique Sadness --technique Cheer --technique Love'
        for name in LONG],
        "buddy Tess", "buddy Hondje", "buddy Geertruida", "companion Joop", "lottery --dice 4,5",
        "confront Gull Smuggler Painted Bandit", "view")
    play.tv = play.read_until(r"The players' view is at (http://\S+)").group(1)
    for _ in range(22):                     # more than the last 20 commands since the quote
        play.send("status")
    play.send("view")
    play.read_until(r"The players' view is at")
    yield play
    play.close()


@pytest.mark.parametrize("size", TVS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_full_table_fits_the_tv_without_scrolling(table, chromium, size):  # noqa: F811
    tv = open_page(chromium, table.tv, size)
    tv.wait_for_function("document.body.innerText.includes('Geertruida')")
    assert cut_off(tv, whole=True) == []
    text = tv.inner_text("body")
    for name in [*LONG, "Tess the Bell-Ringer", "Hondje the Ship's Dog",
                 "Geertruida the Ferrywoman", "Joop the Tram Driver", "Rogue Herring Gull",
                 "Stroopwafel Smuggler", "Painted Musketeer", "Bike Bell Bandit"]:
        assert name in text, name                             # whole, never cut
    assert "companion" in text
    assert "R-CONF" not in text and "R-FX" not in text       # the story without rule ids
    quote = tv.inner_text("#quote")
    assert quote and quote != "-"                             # told 20+ commands ago
    shot(tv, f"kaverini-tv-full-{size['width']}x{size['height']}")
