"""Friends at the table in a real browser (issue 18): `guide play --game kaivo` serves a
friends' match; headless Chromium opens two seat pages and the TV page at once. Each seat
shows its own row and the card it holds, the other seat's page and the TV show neither; a
move sent as the seat page sends it runs from that seat; `guide state --seat` is the page's
content."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, dump_dom, needs_chromium
from installed import Playing
from test_kaivo_game import env  # noqa: F401 - Kaivo's entry point on the path


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


@needs_chromium
def test_two_seat_pages_and_the_tv_page_in_a_real_browser(env, tmp_path):  # noqa: F811
    assert CHROMIUM, "CI must have Chromium (.ci/run installs Debian's chromium)"
    campaign = str(tmp_path / "k.sqlite")
    # K-DEAL-1 hides a seen card again after the box's seconds; a loaded CI machine can take
    # longer than the bundled 5 s to open three pages, so this table's box shows it 10 minutes
    box = tmp_path / "box"
    box.mkdir()
    bundled = Path(__file__).resolve().parents[3] / "cards" / "kaivo" / "deck.yaml"
    deck = bundled.read_text(encoding="utf-8")
    assert "\n  show: 5 " in deck
    (box / "deck.yaml").write_text(deck.replace("\n  show: 5 ", "\n  show: 600 "), encoding="utf-8")
    play = Playing(env, "--game", "kaivo", "--campaign", campaign, "--seed", "3", "--box", str(box))
    send, read_until = play.send, play.read_until

    def browser(url: str) -> str:
        return dump_dom(url, tmp_path / "chromium").split("<script>")[0]

    try:
        send("deal --friends Ann,Ben --bots 1", "draw --as Ann", "view", "seats --no-qr")
        tv = read_until(r"The players' view is at (http://\S+)").group(1)
        ann = read_until(r"^Ann: (http://\S+)").group(1)
        ben = read_until(r"^Ben: (http://\S+)").group(1)
        for _ in range(50):                                  # the pages are published
            mine = get(ann + "/state.json")
            if mine.get("view", {}).get("you", {}).get("holding"):
                break
            time.sleep(0.1)
        you = mine["view"]["you"]
        assert re.fullmatch(r"\[\d+\] \[\?\] \[\?\] \[\d+\]", you["row"])   # K-DEAL-1
        pages = {"ann": browser(ann), "ben": browser(ben), "tv": browser(tv)}
        assert you["row"] in pages["ann"] and "You hold " + you["holding"] in pages["ann"]
        assert 'id="turn" style="display: block;"' in pages["ann"]
        assert "Keep it at position 1" in pages["ann"] and "Let the table glimpse it" in pages["ann"]
        theirs = get(ben + "/state.json")["view"]["you"]["row"]
        assert theirs in pages["ben"] and 'id="turn" style="display: none;"' in pages["ben"]
        for page in ("ben", "tv"):
            assert you["row"] not in pages[page] and "You hold" not in pages[page]
            assert "Keep it at position" not in pages[page]
        assert theirs not in pages["ann"] and theirs not in pages["tv"]
        assert "[?] [?] [?] [?]" in pages["tv"] and "Ann draws from the deck." in pages["tv"]
        artifacts = Path(__file__).resolve().parents[2] / "artifacts"
        artifacts.mkdir(exist_ok=True)
        shot = artifacts / "kaivo-seat-ann.png"
        subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'chromium'}",
                        "--window-size=420,900", f"--screenshot={shot}", ann],
                       capture_output=True, timeout=120)
        assert shot.exists() and shot.stat().st_size > 5_000
        # a move as the page's button sends it: its number and the page's version
        state = get(ann + "/state.json")
        move = next(m["id"] for m in state["moves"] if m["label"] == "Discard it")
        body = json.dumps({"move": move, "version": state["version"]}).encode()
        request = urllib.request.Request(ann + "/move", data=body, method="POST",
                                         headers={"Content-Type": "application/json",
                                                  "Origin": ann.split("/seat/")[0]})
        with urllib.request.urlopen(request, timeout=5) as r:
            assert json.loads(r.read()) == {"said": "sent"}
        send("seats take Ann")
        read_until(r"^\(from Ann's seat\)")
        read_until(r"^Ann discards ")
        for _ in range(50):
            last = get(ann + "/state.json")
            if last["version"] > state["version"]:
                break
            time.sleep(0.1)
    finally:
        play.close()
    seat = subprocess.run([sys.executable, "-m", "guide", "state", "--campaign", campaign,
                           "--seat", "Ann"], capture_output=True, text=True, env=env, timeout=60)
    shown = json.loads(seat.stdout)
    assert shown == {k: v for k, v in last.items() if k != "version"}
    assert shown["view"]["you"]["holding"] is None
    bot = subprocess.run([sys.executable, "-m", "guide", "state", "--campaign", campaign,
                          "--seat", "Eero"], capture_output=True, text=True, env=env, timeout=60)
    assert bot.returncode != 0 and "no seat" in bot.stderr


def test_in_the_repl_a_seats_move_runs_at_once_and_the_bots_play_after_it(env, tmp_path):  # noqa: F811
    """seat_policy "apply" at the real prompt: a move sent to the seat's address runs without
    the terminal's Enter, from that seat, and the bot's turn follows."""
    pexpect = pytest.importorskip("pexpect")
    campaign = str(tmp_path / "r.sqlite")
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--game", "kaivo", "--campaign",
                                           campaign, "--seed", "3"],
                          env=dict(env, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1"),
                          encoding="utf-8", timeout=20, dimensions=(40, 150))
    try:
        child.expect(r"kaivo>")
        child.sendline("deal --friends Ann --bots 1")
        child.expect(r"Ann to play")
        child.sendline("view")
        child.expect(r"The players' view is at (http://\S+)")
        child.sendline("seats --no-qr")
        child.expect(r"Ann: (http://\S+)")
        ann = child.match.group(1).strip()
        # the next prompt is up (a move that lands between two prompts is refused an answer
        # by the core's REPL today: see docs/kaivo.md)
        child.expect(r"kaivo \(round 1: Ann to play\)>")
        for label in ("Draw from the deck", "Discard it"):
            for _ in range(50):
                state = get(ann + "/state.json")
                labels = [m["label"] for m in state["moves"]]
                if any(x.startswith(label) for x in labels):
                    break
                time.sleep(0.1)
            move = next(m["id"] for m in state["moves"] if m["label"].startswith(label))
            body = json.dumps({"move": move, "version": state["version"]}).encode()
            request = urllib.request.Request(ann + "/move", data=body, method="POST",
                                             headers={"Content-Type": "application/json",
                                                  "Origin": ann.split("/seat/")[0]})
            with urllib.request.urlopen(request, timeout=5) as r:
                assert json.loads(r.read()) == {"said": "sent"}
            child.expect(r"\(from Ann's seat\)")
        child.expect(r"Ann discards \d+")
        child.expect(r"Eero (draws|takes|calls)")                 # the bot's turn after hers
    finally:
        child.close(force=True)


@needs_chromium
def test_k_pow_1_a_swaps_targets_are_grouped_by_your_own_card_on_the_seat_page(tmp_path):
    from guide.core.dice import Dice
    from guide.core.seats import desk_of
    from guide.core.store import Store
    from guide.core.table import Table
    from guide.games.kaivo.game import KaivoGame

    assert CHROMIUM
    game = KaivoGame()
    t = Table(game, Store(tmp_path / "k.sqlite", game="kaivo"), game.load([]), Dice(7))
    try:
        t.execute("deal --friends Ann,Ben --bots 1")
        tbl = t.state["table"]
        swap = next(c for c in tbl["deck"] if tbl["cards"][c] == 12)
        tbl["deck"].remove(swap)
        tbl["deck"].append(swap)                          # the next draw is a Swap (12)
        t.execute("draw --as Ann")
        t.execute("discard --as Ann")
        t.execute("view")
        page = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'chromium'}",
                               "--dump-dom", t.services["view"].base + "seat/" + desk_of(t).tokens["Ann"]],
                              capture_output=True, text=True, timeout=120).stdout
        shown = page.split("<script>")[0]
        assert "Skip the Swap power" in shown
        groups = re.findall(r'<div class="group">Swap your (\d) for:</div>', shown)
        assert groups == ["1", "2", "3", "4"]
        first = shown.split("Swap your 1 for:")[1].split("Swap your 2 for:")[0]
        assert re.findall(r"<button>([^<]+)</button>", first) == [
            f"{who}'s {p}" for who in ("Ben", "Eero") for p in range(1, 5)]
    finally:
        t.execute("view --stop")
        t.close()
