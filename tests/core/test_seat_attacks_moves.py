"""The seats' moves and secrets under attack (issue 16, "Must hold"): a move cannot act for
another seat, out of turn, once more after it ran, or after the table moved on (a waiting
move is dropped, `seats take` refuses it); at the prompt it waits for the game master's
Enter; a revoked link or a seat that left gets nothing and its stream ends; `guide state
--seat` prints what the page gets; a sealed guess changes no byte of what others receive."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from click.testing import CliRunner
from seat_sockets import get, move, next_event, open_stream, seat, table
from tally import guess_line  # noqa: I001 - test_tiny_game put it on the path
from test_tiny_game import tally_table

from guide.cli import cli
from guide.core.seats import Desk, desk_of

assert table  # the fixture (seat_sockets.table): Tally with Ann's and Ben's seats, served


# --- moves: another seat's, stale, replayed, out of turn --------------------------------------
def test_a_move_acts_only_for_the_seat_of_its_token_and_only_once(table):
    port, ann = seat(table, "Ann")
    ben = desk_of(table).tokens["Ben"]
    desk = desk_of(table)
    version = desk.payload("Ann")["version"]
    assert move(port, ben, 3, version) == (202, "sent")      # Ben's token: Ben's own line
    assert [(p.seat, p.line) for p in desk.pending] == [("Ben", guess_line(table, "Ben", 4))]
    assert move(port, ann, 1, version - 1) == (409, "the table has moved on: choose again")
    assert move(port, ann, 6, version) == (409, "not one of your moves now")
    assert move(port, ann, True, version) == (409, "not one of your moves now")   # was move 1
    assert move(port, ann, 1.0, version) == (409, "not one of your moves now")
    assert move(port, ann[:-1] + ("y" if ann.endswith("x") else "x"), 1, version)[0] == 403
    table.execute("seats take Ben")
    assert table.state["guesses"]["choices"] == {"Ben": 4}
    assert move(port, ben, 3, version) == (409, "the table has moved on: choose again")
    fresh = desk.payload("Ben")["version"]
    assert move(port, ben, 0, fresh) == (409, "not one of your moves now")   # replayed afresh


def test_a_move_sent_again_before_the_first_ran_is_dropped_when_the_first_runs(table):
    """Two taps before the table ran the first (same version): the second waited on, and ran
    as Ann's seat after she had guessed (a guess she no longer had), in a game without a
    game master at once."""
    port, ann = seat(table, "Ann")
    desk = desk_of(table)
    version = desk.payload("Ann")["version"]
    assert move(port, ann, 2, version) == (202, "sent")
    first = desk.take("Ann")
    assert move(port, ann, 4, version) == (202, "sent")       # the table has not run it yet
    table.execute(first.line, seat=first.seat)
    assert desk.pending == []
    with pytest.raises(Exception, match="no move is waiting"):
        table.execute("seats take Ann")
    assert table.state["guesses"]["choices"] == {"Ann": 3}


# --- links that should get nothing -------------------------------------------------------
def test_a_revoked_link_and_its_open_stream_get_nothing(table):
    port, old = seat(table, "Ann")
    stream, first = open_stream(port, f"/seat/{old}/events")
    assert b'"seat": "Ann"' in first
    table.execute("seats revoke Ann")
    assert next_event(stream) == b""                          # its stream has ended
    stream.close()
    version = desk_of(table).payload("Ann")["version"]
    for path in (f"/seat/{old}", f"/seat/{old}/state.json", f"/seat/{old}/events"):
        assert get(port, path)[0] == 403
    assert move(port, old, 0, version)[0] == 403
    new = desk_of(table).tokens["Ann"]
    assert get(port, f"/seat/{new}/state.json")[0] == 200


# --- what a seat sees -----------------------------------------------------------------------
def test_guide_state_seat_prints_exactly_what_the_page_gets(tally, tmp_path):
    t = tally.table
    tally.do("add 3", "draw Ann --roll 5", "view")         # Ann's card: hers alone
    port, ann = seat(t, "Ann")
    page = json.loads(get(port, f"/seat/{ann}/state.json")[2])
    printed = CliRunner().invoke(cli, ["state", "--campaign", str(tally.path), "--seat", "ann"])
    assert printed.exit_code == 0, printed.output
    assert json.loads(printed.output) == {k: v for k, v in page.items() if k != "version"}
    bob = json.loads(get(port, f"/seat/{desk_of(t).tokens['Bob']}/state.json")[2])
    assert page["view"]["hand"] == [5] and bob["view"]["hand"] == []       # not Ann's card
    tally.do("view --stop")


def test_a_sealed_guess_changes_not_one_byte_of_what_others_receive(tmp_path, monkeypatch):
    """Ben's page, its stream and the TV are the same whatever Ann guessed, until Ben guesses."""
    monkeypatch.setenv("GUIDE_DATA_DIR", str(tmp_path / "data"))
    # the pages' versions start from the clock (guide.core.seats): the same for both tables
    monkeypatch.setattr("guide.core.seats.time.time_ns", lambda: 1_000_000_000)
    seen = []
    for guess in (1, 6):
        t = tally_table(tmp_path / f"c{guess}.sqlite")
        t.execute("join Ann")
        t.execute("join Ben")
        t.execute("view")
        port, ben = seat(t, "Ben")
        stream, _ = open_stream(port, f"/seat/{ben}/events")
        t.execute(f"guess Ann {guess}")
        event = next_event(stream)
        stream.close()
        seen.append((event, get(port, f"/seat/{ben}/state.json")[2], get(port, "/state.json")[2],
                     Desk.payload_of(t, "Ben")))
        assert json.loads(seen[-1][1])["view"]["guesses"] == {"Ann": "sealed"}
        t.execute("view --stop")
        t.close()
    assert seen[0] == seen[1]


# --- at the Tour Guide's prompt -------------------------------------------------------------
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
        assert move(port, ann, 0, theirs["version"]) == (409, "not one of your moves now")
        passing = [m["id"] for m in theirs["moves"] if m["label"] == "Pass this turn"][0]
        assert move(port, bob, passing, theirs["version"]) == (202, "sent")
        offered(term, r"Bob's seat sent this|>\s*next\s*$")      # the note, or the line
        term.send("\x03")                                    # Ctrl-C: discarded
        term.line("seats moves")
        term.wait_for("No move is waiting.")
        assert page(bob)["view"]["confrontation"]["turn"] == ["Bob"]
    finally:
        term.close()


def test_a_move_sent_while_a_command_runs_is_answered_and_offered_at_the_next_prompt(table,
                                                                                   tmp_path):
    """Between two prompts (a command running) the last prompt's loop is closed: the server's
    thread raised RuntimeError telling it, the phone got no answer (the connection was cut at
    the deadline) and guide.log a traceback; the Taverne's REPL test failed so under load."""
    import asyncio

    from guide.core.repl.session import SeatMoves

    moves = SeatMoves(table, session=None)  # type: ignore[arg-type]
    gone = asyncio.new_event_loop()
    gone.close()
    moves.loop = gone                                         # the prompt that just ended
    port, ann = seat(table, "Ann")
    assert move(port, ann, 0, desk_of(table).payload("Ann")["version"]) == (202, "sent")
    assert [p.line for p in desk_of(table).pending] == [guess_line(table, "Ann", 1)]
    assert not (tmp_path / "data" / "guide.log").exists()


def offered(term, pattern: str, seconds: float = 20) -> None:
    """Until the screen matches `pattern` (a line at the prompt, or the toolbar's note)."""
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if re.search(pattern, term.text, re.M):
            return
    raise AssertionError(f"never offered: {pattern!r}; the screen shows:\n{term.text}")
