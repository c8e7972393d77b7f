"""The seats' moves and secrets under attack (issue 16, "Must hold"): a move cannot act for
another seat, out of turn, once more after it ran, or after the table moved on (a waiting
move is dropped, `seats take` refuses it); a revoked link gets nothing and its stream ends;
`guide state --seat` prints what the page gets; a sealed guess changes no byte of what
others receive. On Tally; a game's turns (Kaverini's: a waiting pass, a Kaveri who left, a
move waiting at the prompt for the Tour Guide's Enter) in its own tests
(tests/games/kaverini/test_kaverini_seat_attacks.py)."""

from __future__ import annotations

import json

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
    version, bens = desk.payload("Ann")["version"], desk.payload("Ben")["version"]  # each its own
    assert move(port, ben, 3, bens) == (202, "sent")         # Ben's token: Ben's own line
    assert [(p.seat, p.line) for p in desk.pending] == [("Ben", guess_line(table, "Ben", 4))]
    assert move(port, ann, 1, version - 1) == (409, "the table has moved on: choose again")
    assert move(port, ann, 6, version) == (409, "not one of your moves now")
    assert move(port, ann, True, version) == (409, "not one of your moves now")   # was move 1
    assert move(port, ann, 1.0, version) == (409, "not one of your moves now")
    assert move(port, ann[:-1] + ("y" if ann.endswith("x") else "x"), 1, version)[0] == 403
    table.execute("seats take Ben")
    assert table.state["guesses"]["choices"] == {"Ben": 4}
    assert move(port, ben, 3, bens) == (409, "the table has moved on: choose again")
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


