"""T-CHRONO-2 on the TV, in a real headless Chromium: the Chrono round's clock shows under the
turn and counts down with the page's own clock from the round's end the view sends."""

from __future__ import annotations

import os
import re

from browser import chromium, open_page  # noqa: F401
from installed import Playing
from taverne_table import ROOT

WIDE = {"width": 1280, "height": 720}


def test_T_CHRONO_2_the_tv_counts_the_round_down(tmp_path, chromium):  # noqa: F811
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    play = Playing(env, "--game", "taverne", "--campaign", str(tmp_path / "b.sqlite"), "--seed", "3")
    try:
        play.send("player Marie --loot 3", "player Pierre --loot 1", "chrono start --minutes 30",
                  "start", "view")
        tv = play.read_until(r"The players' view is at (http://\S+)").group(1)
        page = open_page(chromium, tv, WIDE, clock=True)
        clock = page.locator("#clock")
        first = clock.inner_text()
        assert re.fullmatch(r"Chrono round 1 of 3 · (29:[0-5]\d|30:00)", first), first
        page.clock.run_for(61_000)                        # a minute later, on the page's clock
        later = clock.inner_text()
        assert later != first and re.fullmatch(r"Chrono round 1 of 3 · 2[89]:[0-5]\d", later), later
        play.send("chrono time")
        page.wait_for_function("document.getElementById('clock').textContent.endsWith('last turn')")
        assert clock.inner_text() == "Chrono round 1 of 3: last turn"
    finally:
        play.close()
