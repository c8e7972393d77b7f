"""Kaverini's seats under attack (issue 16, "Must hold"; the core's own checks are in
tests/core/test_seat_attacks*.py, on Tally): a Kaveri's waiting "Pass this turn" cannot end
another Kaveri's turn, nor be taken once the table moved past it; a Kaveri who left the
party gets nothing from its old link; and the TV page, opened with the TV's token, draws
the party and none of the Tour Guide's secrets in a real browser."""

from __future__ import annotations

import json
import os
import secrets
import shutil
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
    assert t.state["confrontation"]["acted"] == ["Ann"]        # Bob still to act
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
    assert desk.pending == [] and t.state["confrontation"]["acted"] == ["Ann"]


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
