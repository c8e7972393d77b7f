"""Kaverini's seats under attack (issue 16, "Must hold"; the core's own checks are in
tests/core/test_seat_attacks*.py, on Tally): a Kaveri's waiting "Pass this turn" cannot end
another Kaveri's turn, nor be taken once the table moved past it; a Kaveri who left the
party gets nothing from its old link; the TV page, opened with the TV's token, draws the
party and none of the Tour Guide's secrets in a real browser; and at the Tour Guide's
prompt a seat's move waits for Enter and Ctrl-C discards it."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import sqlite3
import subprocess
import sys

import pytest

from conftest import ROOT
from guide.core.seats import desk_of

sys.path.insert(0, str(ROOT / "tests" / "core"))
from seat_sockets import get, move, next_event, open_stream, seat  # noqa: E402


def test_a_kaveris_waiting_pass_cannot_end_another_kaveris_turn(party):
    """Ann's seat sends "Pass this turn" (the line `next`); the Tour Guide runs Ann's Cheer
    himself; Enter on Ann's waiting move then ended *Bob's* turn, from Ann's seat."""
    t = party.table
    party.do("view", "confront Gull")
    desk = desk_of(t)
    port, ann = seat(t, "Ann")
    page = desk.payload("Ann")
    passing = [m["id"] for m in page["moves"] if m["label"] == "Pass this turn"][0]
    assert move(port, ann, passing, page["version"]) == (202, "sent")
    party.do("use Ann Cheer --on 'Rogue Herring Gull'")
    assert [m for m in desk.payload("Bob")["moves"]] and desk.pending == []
    with pytest.raises(Exception, match="no move is waiting from Ann's seat"):
        t.execute("seats take Ann")
    assert t.state["confrontation"]["turns"]["acted"] == ["Ann"]        # Bob still to act
    party.do("view --stop")


def test_a_move_the_table_moved_past_is_refused_at_the_tour_guides_take(party):
    """The view stopped (nothing is published any more), the Tour Guide plays on, then takes
    Ann's old "Pass this turn": it ended Bob's turn, from Ann's seat."""
    t = party.table
    party.do("view", "confront Gull")
    desk = desk_of(t)
    page = desk.payload("Ann")
    passing = [m["id"] for m in page["moves"] if m["label"] == "Pass this turn"][0]
    assert desk.receive(desk.tokens["Ann"], passing, page["version"]) == "sent"
    party.do("view --stop", "use Ann Cheer --on 'Rogue Herring Gull'")
    with pytest.raises(Exception, match="not one of its moves now: the table has moved on"):
        t.execute("seats take Ann")
    assert desk.pending == [] and t.state["confrontation"]["turns"]["acted"] == ["Ann"]


def test_a_kaveri_who_left_the_party_gets_nothing_from_its_old_link(party):
    """Cy joins, then the Tour Guide undoes it: Cy's link kept its last page (its sheet) and
    its stream stayed open."""
    t = party.table
    party.do("view", "kaveri Cy --ability Psychic --technique Cheer --technique Love"
             " --technique Happy", "item Cy Stroopwafel")
    port, cy = seat(t, "Cy")
    stream, first = open_stream(port, f"/seat/{cy}/events")
    assert b"Stroopwafel" in first
    party.do("undo")
    assert b"Stroopwafel" not in next_event(stream)
    party.do("undo")
    assert next_event(stream) == b""
    stream.close()
    assert get(port, f"/seat/{cy}/state.json")[0] == 403
    assert get(port, f"/seat/{cy}")[0] == 403
    party.do("redo")                                          # back: the same link works
    status, _, body = get(port, f"/seat/{cy}/state.json")
    assert status == 200 and json.loads(body)["seat"] == "Cy"
    party.do("view --stop")


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                    reason="headless Chromium is not installed (.ci/run installs it)")
def test_with_a_tv_token_the_tv_page_draws_in_a_real_browser(party, tmp_path):
    assert CHROMIUM, "CI must have Chromium (.ci/run installs Debian's chromium)"
    party.do("item Ann Stroopwafel", "confront Gull", "view")
    server = party.table.services["view"]
    server.token = secrets.token_urlsafe(16)                 # --lan, kept on 127.0.0.1
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update",
                        "--disable-sync", "--virtual-time-budget=600",
                        f"--user-data-dir={tmp_path / 'chromium'}", "--dump-dom",
                        f"http://127.0.0.1:{server.port}/?token={server.token}"],
                       capture_output=True, text=True, timeout=120)
    drawn = r.stdout.split("<script")[0]
    assert 'data-name="Ann"' in drawn and 'data-name="Bob"' in drawn    # nothing, before
    assert "Stroopwafel" not in drawn and "Loud Squawk" not in drawn
    party.do("view --stop")


def test_at_the_prompt_a_seats_move_waits_for_enter_and_ctrl_c_discards_it(tmp_path):
    """A real terminal: Ann's move sits at the prompt and changes nothing until Enter; sent
    again after it ran, it is refused; Bob's pass, discarded with Ctrl-C, never runs; Ann's
    token cannot move on Bob's turn."""
    from terminal import Terminal, terminal_env

    term = Terminal(["play", "--campaign", str(tmp_path / "c.sqlite"), "--seed", "1"],
                    terminal_env(tmp_path), rows=40, cols=160)
    try:
        term.wait_for("guide>")
        for line in ("adventure amsterdam",
                     "kaveri Ann --ability Focused --technique Sadness --technique Cheer"
                     " --technique Love",
                     "kaveri Bob --ability Insensitive --technique Anger --technique Love"
                     " --technique Happy", "confront Gull", "view", "seats --no-qr"):
            term.line(line)
        term.wait_for("Bob: http")
        # the links as the campaign keeps them (the screen may carry a terminal's echo)
        with sqlite3.connect(f"file:{tmp_path / 'c.sqlite'}?mode=ro", uri=True) as db:
            tokens = dict(db.execute("SELECT seat, token FROM seats").fetchall())
            served = db.execute("SELECT value FROM meta WHERE key='served'").fetchone()[0]
        port = int(served.rstrip("/").rsplit(":", 1)[1])
        ann, bob = tokens["Ann"], tokens["Bob"]
        assert f"Ann: {served}seat/{ann}" in term.text.replace("\n", "")

        def page(token: str) -> dict:
            return json.loads(get(port, f"/seat/{token}/state.json")[2])

        mine = page(ann)
        cheer = [m["id"] for m in mine["moves"]                  # grouped: technique, target
                 if m.get("group", [])[:2] == ["Technique", "Cheer: Grin"]][0]
        assert move(port, ann, cheer, mine["version"]) == (202, "sent")
        term.wait_for('use Ann Cheer --on "Rogue Herring Gull"')   # at the prompt, not typed
        assert page(ann)["view"]["confrontation"]["turn"] == ["Ann", "Bob"]   # not without Enter
        term.line("")
        term.wait_for("(from Ann's seat)")
        term.wait_for("Ann uses Grin (Cheer 1)")
        assert move(port, ann, cheer, mine["version"]) == (409, "the table has moved on: choose again")
        theirs = page(bob)
        assert page(ann)["moves"] == [] and theirs["your_turn"]
        assert move(port, ann, 0, page(ann)["version"]) == (409, "not one of your moves now")
        passing = [m["id"] for m in theirs["moves"] if m["label"] == "Pass this turn"][0]
        assert move(port, bob, passing, theirs["version"]) == (202, "sent")
        offered(term, r"Bob's seat sent this|>\s*next\s*$")      # the note, or the line
        term.send("\x03")                                    # Ctrl-C: discarded
        term.line("seats moves")
        term.wait_for("No move is waiting.")
        assert page(bob)["view"]["confrontation"]["turn"] == ["Bob"]
    finally:
        term.close()


def offered(term, pattern: str, seconds: float = 20) -> None:
    """Until the screen matches `pattern` (a line at the prompt, or the toolbar's note)."""
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if re.search(pattern, term.text, re.M):
            return
    raise AssertionError(f"never offered: {pattern!r}; the screen shows:\n{term.text}")
