"""Taverne's seats: the seat page on the page kit in a real headless Chromium (Playwright
driving Debian's Chromium), two seat pages tapped while `guide play --game taverne` runs the
table: Marie spends her Loot and places her sealed Attack with a Dirty Trick from her phone,
Pierre sets a Dodge aside and divides his Dodges on the pad (how many against whom, then the
values); each page shows its own Counter, hand, pile, Specialties, targets; no page but
Marie's shows her Attack; the TV shows the Militia called. Then the REPL: a seat's move runs
at once at the Pillar's prompt and `undo` shows its code only."""

from __future__ import annotations

import http.client
import json
import os
import re
import sys
import time
import urllib.request

import pytest
from browser import chromium, cut_off, drawn, open_page, shot, wait_drawn_after  # noqa: F401
from installed import Playing
from taverne_table import ROOT

SETUP = ["player Marie --loot 3", "player Pierre --loot 1", "player Cecile --loot 1",
         "player Jacques --loot 1", "start", "call", "buy Marie specialty", "call", "call",
         "view", "seats --no-qr"]
MARIES = "Attack Pierre (melee) with Weapon 4 + a Dirty Trick"
SMALL = {"width": 420, "height": 900}
WIDE = {"width": 1280, "height": 720}


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


def _until(link: str, ok, what: str) -> dict:
    """The seat's feed once `ok(feed)` holds (the table publishes after each command)."""
    for _ in range(300):
        feed = _json(link + "/state.json")
        if ok(feed):
            return feed
        time.sleep(0.05)
    raise AssertionError(f"never: {what}")


def _tap(page, table, text: str, fold: str | None = None) -> None:
    """A tap on the seat's button `text` (opening its fold first), then the piped table runs
    the waiting move (`seats take`: the REPL runs it at once)."""
    if fold:
        page.locator("details.kit-fold", has=page.locator("summary", has_text=fold)) \
            .locator("summary").click()
    before = drawn(page)
    page.locator("button.kit-move", has_text=text).first.click()
    page.wait_for_function("document.querySelector('.kit-said').textContent !== 'Sending…'")
    table.send("seats take")
    wait_drawn_after(page, before)


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("taverne-seats")
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp / "data"),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    play = Playing(env, "--game", "taverne", "--campaign", str(tmp / "brawl.sqlite"),
                   "--seed", "3")
    play.send("player Marie --loot 3", "player Pierre --loot 1", "player Cecile --loot 1",
              "player Jacques --loot 1", "start", "call", "view", "seats --no-qr")
    play.tv = play.read_until(r"The players' view is at (http://\S+)").group(1)
    play.links = {name: play.read_until(rf"^{name}: (http://\S+)").group(1)
                  for name in ("Marie", "Pierre", "Cecile", "Jacques")}
    yield play
    play.close()


@pytest.mark.browser
def test_two_seat_pages_tapped_through_a_turn_each_showing_its_own(table, chromium):  # noqa: F811
    marie_link, pierre_link = table.links["Marie"], table.links["Pierre"]
    marie = open_page(chromium, marie_link, SMALL)
    pierre = open_page(chromium, pierre_link, SMALL)
    try:
        # call 2 (T-CALL-2): Marie spends her Loot from her phone
        counter = marie.locator(".kit-counters")
        assert counter.locator(".kit-counter", has_text="Loot").inner_text().startswith("3")
        _tap(marie, table, "A Pint: 1 to 2 Pints")
        _tap(marie, table, "A Specialty from the Crypte pile")
        feed = _until(marie_link, lambda f: f["view"]["you"] and f["view"]["said"]["counter"][2][1] == 1,
                      "Marie's Loot spent")
        assert marie.locator(".kit-counter", has_text="Prestige").inner_text().startswith("2")
        assert "1 Specialty in hand" in marie.inner_text("body")
        assert "Weapon 6 from your pile" in marie.inner_text("body")      # 1 Loot left
        shot(marie, "taverne-seat-marie-call2-420x900")
        assert pierre.locator(".kit-counter", has_text="Loot").inner_text().startswith("1")
        assert "no Specialty in hand" in pierre.inner_text("body")      # his own, not hers
        table.send("call")
        # call 3 (T-CALL-3): Pierre sets Weapon 2 aside from his phone; Marie none (typed)
        _tap(pierre, table, "Set aside Weapon 2 as a Dodge")
        table.send("dodges Marie", "dodges Cecile", "dodges Jacques", "call")
        _until(pierre_link, lambda f: f["view"]["call"] == 4, "call 4")
        # call 4 (T-CALL-4): Marie's sealed Attack with a Dirty Trick, from her phone
        _tap(marie, table, "Attack Pierre (melee) with Weapon 3 + a Dirty Trick", fold="Pierre (melee)")
        _until(marie_link, lambda f: f["view"]["you"]["attack"], "Marie's Attack placed")
        mine = marie.locator("[data-attack=mine]").inner_text()
        assert "Pierre, Weapon 3 + a Dirty Trick" in mine
        assert marie.locator("[data-weapon='3'].kit-gold").count() == 1     # her card, face down
        tv = open_page(chromium, table.tv, WIDE)
        for page in (pierre, tv):
            body = page.inner_text("body")
            assert "Weapon 3 + a Dirty Trick" not in body and "Your Attack (only you see it)" not in body
        assert pierre.locator("details[data-group='Marie (melee)'] button.kit-move",
                              has_text="Attack Marie (melee) with Weapon 1").count() == 1
        shot(marie, "taverne-seat-marie-call4-420x900")
        shot(pierre, "taverne-seat-pierre-call4-420x900")
        table.send("attack Pierre --on Marie --weapon 1", "attack Cecile --on Pierre --weapon 4",
                   "attack Jacques --on Pierre --weapon 5", "call")
        # call 5 (T-CALL-5): Pierre divides his one Dodge on the pad: 1 against Marie, "3"
        _until(pierre_link, lambda f: f["view"]["you"]["quarrels"], "the Attacks on Pierre revealed")
        before = drawn(pierre)
        pierre.wait_for_function(f"Number(document.body.dataset.drawn) >= {before}")
        card = pierre.locator("[data-quarrel=Marie]")
        assert pierre.locator("[data-quarrel]").count() == 3
        assert pierre.locator(".kit-move").filter(has_text="dodge").count() == 0   # no 80 buttons
        card.locator("button[data-count='1']").click()
        pad = card.locator(".pad button")
        assert pad.count() == 9
        assert card.locator("button[data-value='6']").is_disabled()   # not in Marie's hand
        card.locator("button[data-value='3']").click()
        send = card.locator("button.send")
        assert send.inner_text() == "Against Marie (melee): dodge 3"
        shot(pierre, "taverne-seat-pierre-pad-420x900")
        before = drawn(pierre)
        send.click()
        pierre.wait_for_function("document.getElementById('pad-said').textContent !== ''")
        table.send("seats take")
        wait_drawn_after(pierre, before)
        _until(pierre_link, lambda f: f["view"]["you"]["dodges"].get("Marie") == [3],
               "Pierre's division against Marie")
        for attacker in ("Cecile", "Jacques"):              # no Dodge left: "No Dodge"
            pierre.wait_for_selector(f"[data-quarrel={attacker}] button[data-count='0']")
            before = drawn(pierre)
            pierre.locator(f"[data-quarrel={attacker}] button[data-count='0']").click()
            pierre.wait_for_function("document.getElementById('pad-said').textContent !== ''")
            table.send("seats take")
            wait_drawn_after(pierre, before)
        _until(pierre_link, lambda f: len(f["view"]["you"]["dodges"]) == 3, "every Attack answered")
        assert "your Dodges: 3" in pierre.locator("[data-quarrel=Marie]").inner_text()
        for page in (marie, tv):                             # sealed until `call`
            assert "your Dodges" not in page.inner_text("body")
        table.send("call")
        feed = _until(pierre_link, lambda f: f["view"]["call"] == 6, "call 5 settled")
        assert feed["view"]["said"]["counter"][1][1] == 30 - 4 - 5       # Marie's 3 dodged
        shot(pierre, "taverne-seat-pierre-call6-420x900")
        wide = open_page(chromium, marie_link, WIDE)
        shot(wide, "taverne-seat-marie-1280x720")
        assert cut_off(wide, whole=False) == []
        assert cut_off(marie, whole=False) == [] and cut_off(pierre, whole=False) == []
        wide.context.close()
        # turn 2, call 2: Marie reaches 5 Prestige, the reminder at once; the Militia from her seat
        table.send("call", "call", "call", "call", "call", "pint Marie 9")
        _until(marie_link, lambda f: f["view"]["said"]["due"], "Marie at 5 Prestige in call 2")
        marie.wait_for_selector("text=You are at 5 Prestige: call the Militia!")
        _tap(marie, table, "Call the Militia!")
        tv.wait_for_selector("#militia:has-text('The Militia is called by Marie!')")
        shot(tv, "taverne-tv-militia-1280x720")
        tv.context.close()
    finally:
        marie.context.close()
        pierre.context.close()


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
