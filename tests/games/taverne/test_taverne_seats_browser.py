"""Taverne's seats in a real headless Chromium: `guide play --game taverne` serves the TV
page and two seat pages; Marie's sealed Attack (with its Dirty Trick), sent from her seat's
page and run by the table, shows on her page only, not on Pierre's nor on the TV page, and
Pierre's page offers his own Attacks as buttons (T-CALL-4)."""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from browser import CHROMIUM, FLAGS, dump_dom, needs_chromium
from installed import Playing
from taverne_table import ROOT

SETUP = ["player Marie --loot 1", "player Pierre --loot 1", "player Cecile --loot 1",
         "player Jacques --loot 1", "start", "call", "buy Marie specialty", "call", "call",
         "view", "seats --no-qr"]
MARIES = "Attack Pierre (melee) with Weapon 4 + a Dirty Trick"


def _json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as r:
        return dict(json.loads(r.read()))


def _post(link: str, body: dict) -> tuple[int, dict]:
    m = re.match(r"http://([^:/]+):(\d+)(/\S+)", link)
    assert m
    c = http.client.HTTPConnection(m.group(1), int(m.group(2)), timeout=5)
    c.request("POST", m.group(3) + "/move", body=json.dumps(body),
              headers={"Content-Type": "application/json",        # as the page sends it
                       "Origin": f"http://{m.group(1)}:{m.group(2)}"})
    r = c.getresponse()
    return r.status, json.loads(r.read())


@needs_chromium
def test_two_seat_pages_and_the_tv_page_in_a_real_browser(tmp_path):
    assert CHROMIUM, "CI must have Chromium (.ci/run installs Debian's chromium)"
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    campaign = str(tmp_path / "brawl.sqlite")
    play = Playing(env, "--game", "taverne", "--campaign", campaign, "--seed", "3")
    send, read_until = play.send, play.read_until

    def browser(url: str) -> str:
        return dump_dom(url, tmp_path / "chromium").split("<script>")[0]

    try:
        send(*SETUP)
        tv = read_until(r"The players' view is at (http://\S+)").group(1)
        links = {name: read_until(rf"^{name}: (http://\S+)").group(1)
                 for name in ("Marie", "Pierre", "Cecile", "Jacques")}
        page = _json(links["Marie"] + "/state.json")
        move = next(m["id"] for m in page["moves"] if m["label"] == MARIES)
        assert _post(links["Marie"], {"move": move, "version": page["version"]}) == \
            (202, {"said": "sent"})
        send("seats take Marie")                       # a script's way to run a seat's move
        assert read_until(r"Marie's Attack is placed face down|error")[0] != "error"
        for _ in range(50):                            # the pages are published
            if _json(links["Marie"] + "/state.json")["view"]["you"]["attack"]:
                break
            time.sleep(0.1)
        pages = {"marie": browser(links["Marie"]), "pierre": browser(links["Pierre"]),
                 "tv": browser(tv)}
        assert "Dirty Trick" in pages["marie"] and "weapon 4" in pages["marie"]
        assert 'id="turn" style="display: none;"' in pages["marie"]    # she has attacked
        assert 'id="turn" style="display: block;"' in pages["pierre"]
        assert "Attack Marie (melee) with Weapon 1</button>" in pages["pierre"]
        assert "Dirty Trick" not in pages["pierre"] and "Dirty Trick" not in pages["tv"]
        assert "weapon 4" not in pages["pierre"]
        assert "Attack!" in pages["tv"] and "Marie" in pages["tv"]
        artifacts = Path(__file__).resolve().parents[2] / "artifacts"
        artifacts.mkdir(exist_ok=True)
        shot = artifacts / "taverne-seat-pierre.png"
        subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'chromium'}",
                        "--window-size=420,900", f"--screenshot={shot}", links["Pierre"]],
                       capture_output=True, timeout=120)
        assert shot.exists() and shot.stat().st_size > 5_000
    finally:
        play.close()


def test_at_the_pillars_prompt_a_seats_attack_runs_at_once_and_undo_shows_its_code(tmp_path):
    """The REPL (seat_policy "apply"): a move sent from Marie's phone runs at once, its
    story above the Pillar's prompt; the Pillar, a player, reads neither target nor Weapon,
    not even in what `undo` says (T-CALL-4)."""
    import pexpect
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"), TERM="xterm",
               PROMPT_TOOLKIT_NO_CPR="1",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--game", "taverne",
                                           "--campaign", str(tmp_path / "r.sqlite")],
                          env=env, encoding="utf-8", timeout=20, dimensions=(40, 200))
    try:
        for line in SETUP[:-2] + ["view"]:
            child.expect(r"taverne \([^)]*\)>")
            child.sendline(line)
        child.expect(r"The players' view is at (http://\S+)")
        port = int(re.search(r":(\d+)/", child.match.group(1)).group(1))
        child.expect(r"taverne \(turn 1, call 4\)>")
        child.sendline("seats --no-qr")
        child.expect(r"Marie: (http://\S+)")
        marie = child.match.group(1).strip()
        assert f":{port}/" in marie
        page = _json(marie + "/state.json")
        move = next(m["id"] for m in page["moves"] if m["label"] == MARIES)
        assert _post(marie, {"move": move, "version": page["version"]})[0] == 202
        child.expect(r"\(from Marie's seat\)\s+Marie's Attack is placed face down")
        child.expect(r"taverne \(turn 1, call 4\)>")
        child.sendline("undo")
        child.expect(r"Undone: (.*?)\r?\n")
        undone = child.match.group(1)
        assert re.fullmatch(r"sealed Marie [0-9a-f]{12}", undone.strip()), undone
    finally:
        child.close(force=True)
