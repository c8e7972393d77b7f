"""Seats (guide.core.seats) with Tally: a token per seat kept in the campaign, each seat's
page with its own secrets, moves only from the seat's own list, sealed choices revealed
together, server-sent events, and a revoked link that gets nothing."""

from __future__ import annotations

import http.client
import json
import socket

import pytest
from tally import guess_line
from test_tiny_game import tally_table  # noqa: I001 - the tiny game's table

from guide.core.result import text
from guide.core.seats import desk_of
from guide.core.viewers import public_state


@pytest.fixture
def table(tmp_path):
    t = tally_table(tmp_path / "c.sqlite")
    t.execute("join Ann")
    t.execute("join Ben")
    yield t
    if "view" in t.services:
        t.execute("view --stop")
    t.close()


def test_each_seat_has_its_own_token_kept_in_the_campaign(table, tmp_path):
    desk = desk_of(table)
    tokens = dict(desk.tokens)
    assert set(tokens) == {"Ann", "Ben"} and tokens["Ann"] != tokens["Ben"]
    assert len(tokens["Ann"]) >= 24
    assert desk.seat_of(tokens["Ben"]) == "Ben" and desk.seat_of("guess") is None
    table.close()
    again = tally_table(tmp_path / "c.sqlite")
    assert desk_of(again).tokens == tokens             # a phone's bookmark survives a restart
    again.close()


def test_sealed_guesses_stay_with_their_seat_until_all_are_in(table):
    desk = desk_of(table)
    table.execute("guess Ann 4")
    ann, ben = desk.payload("Ann"), desk.payload("Ben")
    assert ann["view"]["guesses"] == {"Ann": 4}
    assert ben["view"]["guesses"] == {"Ann": "sealed"}
    assert "4" not in json.dumps(ben["view"]["guesses"])
    assert public_state(table)["guesses"] == {"Ann": "sealed"}
    assert ann["moves"] == [] and ben["your_turn"]      # Ann has chosen; Ben still may
    shown = text(table.execute("guess Ben 2"))
    assert shown.endswith("Guesses: Ann 4, Ben 2")
    assert desk.payload("Ben")["view"]["guesses"] == {"Ann": 4, "Ben": 2}


def test_a_move_must_be_one_of_the_seats_own_current_moves(table):
    desk = desk_of(table)
    sent: dict[str, bytes] = {}
    desk.publish(lambda token, body: sent.update({token: body}))
    version = desk.payload("Ann")["version"]
    ann = desk.tokens["Ann"]
    assert desk.receive(ann, 99, version) == "not one of your moves now"
    assert desk.receive(ann, 0, version - 1) == "the table has moved on: choose again"
    assert desk.receive("not-a-token", 0, version) == "unknown seat"
    assert desk.receive(ann, 3, version) == "sent"
    assert [(p.seat, p.line) for p in desk.pending] == [("Ann", guess_line(table, "Ann", 4))]
    shown = text(table.execute("seats take Ann"))
    assert shown.splitlines()[0] == "(from Ann's seat)"
    assert table.store.entries(limit=1)[0].story[0] == {"kind": "seat", "seat": "Ann"}
    table.execute("undo")                               # undoable like any command
    assert table.state["guesses"]["choices"] == {}


def test_seats_lists_the_links_and_seats_qr_prints_one_code_at_a_time(table):
    """Issue 28: a screen of four QR codes scrolls the first ones away; `seats` lists the
    addresses and `seats qr NAME` prints that one seat's code."""
    desk = desk_of(table)
    listed = text(table.execute("seats")).splitlines()
    assert "A seat's QR code to scan: seats qr NAME" in listed
    links = [line for line in listed if line.startswith(("Ann: ", "Ben: "))]
    assert [line.split(": ")[0] for line in links] == ["Ann", "Ben"]
    assert links[0].endswith(f"/seat/{desk.tokens['Ann']}")
    assert not any("\u2588" in line or "\u2580" in line for line in listed)   # no code
    one = text(table.execute("seats qr ben")).splitlines()
    assert one.pop(0).startswith("The view is not being served yet")
    assert one[0].startswith("Ben: ") and one[0].endswith(f"/seat/{desk.tokens['Ben']}")
    assert len(one) > 10 and desk.tokens["Ann"] not in "\n".join(one)
    assert text(table.execute("seats --no-qr")).splitlines() == listed   # kept for scripts
    with pytest.raises(Exception, match="Cid"):
        table.execute("seats qr Cid")


def test_links_served_on_this_computer_only_say_so(table):
    """`view` without --lan serves 127.0.0.1: a phone cannot open those links, and `seats`
    says how to serve them to the phones instead."""
    from guide.core.commands import _this_computer_only

    table.execute("view")
    for line in ("seats", "seats qr Ann"):
        shown = " ".join(text(table.execute(line)).split())
        assert "These links open on this computer only" in shown and "view --lan" in shown
    assert _this_computer_only("http://127.0.0.1:8765/") and _this_computer_only("http://[::1]:1/")
    assert not _this_computer_only("http://192.168.1.20:8765/t0k3n/")


def test_a_table_that_closes_stops_its_view_and_seats_then_says_nothing_is_served(table, tmp_path):
    """The seats' address is the running view's: once the table has closed (quit, Ctrl-D),
    `seats` (and `guide seats` from the shell) must not print links to a page nobody serves.
    The port is the system's pick: 8765, freed, could be another test's at once."""
    table.execute("view --port 0")
    address = table.campaign.seat_address()
    assert address and address in text(table.execute("seats"))
    table.close()
    assert "view" not in table.services
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", int(address.rsplit(":", 1)[1].split("/")[0])), 1)
    again = tally_table(tmp_path / "c.sqlite")
    shown = text(again.execute("seats"))
    again.close()
    assert "The view is not being served yet" in shown and address not in shown


def test_a_page_gets_a_new_version_only_when_what_it_holds_changed(table):
    """A command that changes nothing on a page (`log`, `seats`) sends it nothing, and
    `seats take`, which runs the move inside itself, gives each page one new version, not
    two: a tap sent between two versions of the same page is refused ("the table has moved
    on"), though nothing it showed had changed."""
    table.execute("view")
    server, desk = table.services["view"], desk_of(table)
    ann, ben = desk.tokens["Ann"], desk.tokens["Ben"]
    sent: list[tuple[str, int]] = []
    publish_seat = server.publish_seat
    server.publish_seat = lambda token, body: (
        sent.append((token, json.loads(body)["version"])), publish_seat(token, body))
    versions = {seat: desk.payload(seat)["version"] for seat in ("Ann", "Ben")}
    for line in ("log", "seats", "seats moves"):
        table.execute(line)
    assert sent == [] and {seat: desk.payload(seat)["version"] for seat in versions} == versions
    assert desk.receive(ann, 3, versions["Ann"]) == "sent"
    table.execute("seats take Ann")
    assert sorted(token for token, _ in sent) == sorted([ann, ben])     # once each
    # each page counts its own versions: a gap in Ann's would tell that Ben's page changed
    assert dict(sent) == {ann: versions["Ann"] + 1, ben: versions["Ben"] + 1}
    assert desk.receive(ben, 1, dict(sent)[ben]) == "sent"           # Ben's next tap counts
    table.execute("view --stop")
    table.execute("view")                      # a new server: every page is sent to it again
    status, body = _get(table.services["view"].port, f"/seat/{ann}/state.json")
    assert status == 200 and json.loads(body)["seat"] == "Ann"


def test_a_revoked_link_gets_nothing(table):
    desk = desk_of(table)
    old = desk.tokens["Ann"]
    table.execute("seats revoke Ann")
    assert desk.seat_of(old) is None and desk.tokens["Ann"] != old
    desk.publish(lambda token, body: None)
    assert desk.receive(old, 0, desk.payload("Ann")["version"]) == "unknown seat"


def _get(port: int, path: str, method: str = "GET", body: bytes | None = None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request(method, path, body=body, headers={"Content-Type": "application/json",
                                                "Origin": f"http://127.0.0.1:{port}"})
    r = c.getresponse()
    return r.status, r.read()


def test_seat_pages_and_moves_over_http(table):
    table.execute("view")
    server = table.services["view"]
    port, desk = server.port, desk_of(table)
    ann, ben = desk.tokens["Ann"], desk.tokens["Ben"]
    status, page = _get(port, f"/seat/{ann}")
    assert status == 200 and b'<script src="/kit.js">' in page     # the page kit follows
    table.execute("guess Ann 5")
    status, body = _get(port, f"/seat/{ben}/state.json")
    seen = json.loads(body)
    assert status == 200 and seen["seat"] == "Ben" and seen["view"]["guesses"] == {"Ann": "sealed"}
    assert _get(port, "/seat/nobody/state.json")[0] == 403
    assert b"5" not in _get(port, "/state.json")[1]     # the TV page: sealed too
    move = json.dumps({"move": 1, "version": seen["version"]}).encode()
    status, answer = _get(port, f"/seat/{ben}/move", "POST", move)
    assert (status, json.loads(answer)) == (202, {"said": "sent"})
    anns = json.loads(_get(port, f"/seat/{ann}/state.json")[1])["version"]   # each page its own
    status, answer = _get(port, f"/seat/{ann}/move", "POST",            # Ann has chosen
                          json.dumps({"move": 1, "version": anns}).encode())
    assert status == 409 and json.loads(answer)["said"] == "not one of your moves now"
    assert _get(port, f"/seat/{ben}/move", "POST", b"x" * 5000)[0] == 413
    assert _get(port, f"/seat/{ben}/move", "POST", b"{garbage")[0] == 409
    assert [p.line for p in desk.pending] == [guess_line(table, "Ben", 2)]


def test_the_desk_knows_when_a_seats_page_first_read_its_content(table):
    """A game's clock runs only while a player can act (Kaivo K-CLOCK-1): the desk keeps when
    each seat's page first read its content, by the table's clock; the page itself (its
    HTML) or another seat's read does not count, nor a later read."""
    from guide.core.seats import page_opened

    clock = [500.0]
    table.now = lambda: clock[0]
    assert page_opened(table, "Ann") is None                # no view served
    table.execute("view")
    port, desk = table.services["view"].port, desk_of(table)
    ann, ben = desk.tokens["Ann"], desk.tokens["Ben"]
    assert _get(port, f"/seat/{ann}")[0] == 200
    assert page_opened(table, "Ann") is None                # the HTML alone: not yet
    assert _get(port, f"/seat/{ann}/state.json")[0] == 200
    clock[0] = 520.0
    assert _get(port, f"/seat/{ann}/state.json")[0] == 200
    assert page_opened(table, "Ann") == 500.0 and page_opened(table, "Ben") is None
    assert _get(port, "/seat/nobody/state.json")[0] == 403 and "nobody" not in desk.opened
    assert _get(port, f"/seat/{ben}/state.json")[0] == 200
    assert page_opened(table, "Ben") == 520.0


def test_a_seat_follows_every_command_by_server_sent_events(table):
    table.execute("view")
    port, token = table.services["view"].port, desk_of(table).tokens["Ben"]
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET /seat/{token}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        first = _read_until(s, b"\n\n")
        assert b"text/event-stream" in first and b'"seat": "Ben"' in first
        table.execute("guess Ann 3")
        update = _read_until(s, b"\n\n")
        assert b'"Ann": "sealed"' in update and b"3" not in update.split(b'"guesses"')[1][:30]


def _read_until(s: socket.socket, end: bytes) -> bytes:
    data = b""
    while not data.endswith(end):
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def test_a_seat_that_leaves_the_table_gets_nothing_more(table):
    table.execute("view")
    port, token = table.services["view"].port, desk_of(table).tokens["Ben"]
    assert _get(port, f"/seat/{token}/state.json")[0] == 200
    table.execute("leave Ben")
    assert _get(port, f"/seat/{token}/state.json")[0] == 403
    table.execute("join Ben")                     # back under the same name: the same link
    assert _get(port, f"/seat/{token}/state.json")[0] == 200


def test_the_tvs_address_survives_a_restart_so_an_open_tv_follows_again(table, tmp_path):
    """A TV page left open (its address holds the TV's token, required with --lan) follows
    the table again after a restart: the token is the campaign's, not the server's."""
    table.execute("view --lan --port 0")
    server = table.services["view"]
    token, port = server.tv_token, server.port
    assert server.url.endswith(f"?token={token}")
    table.execute("view --stop")
    table.close()
    again = tally_table(tmp_path / "c.sqlite")
    try:
        again.execute("view --lan --port 0")
        served = again.services["view"]
        assert served.tv_token == token and served.port != 0 and port != 0
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=5)
        connection.request("GET", f"/state.json?token={token}",
                           headers={"Host": f"127.0.0.1:{served.port}"})
        assert connection.getresponse().status == 200      # the old page's own address
        connection.request("GET", "/state.json?token=guess",
                           headers={"Host": f"127.0.0.1:{served.port}"})
        assert connection.getresponse().status == 403
    finally:
        again.execute("view --stop")
        again.close()
