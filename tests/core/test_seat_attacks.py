"""The seats' wire under attack (issue 16, "Must hold"), with real sockets on 127.0.0.1:
hundreds of event streams, streams that stop reading, half-sent and malformed bodies,
garbage, pipelining, path tricks, DNS-rebinding Host headers, caching and referrer headers on
every answer, the TV's token (view --lan) in the page and in a real browser, and a thousand
mangled requests; the table keeps working through all of it (test_seat_attacks_moves.py:
the moves and what a seat sees)."""

from __future__ import annotations

import json
import random
import re
import secrets
import socket

import pytest
from seat_sockets import (
    as_page,
    connect,
    exchange,
    get,
    host,
    next_event,
    open_stream,
    post,
    read_to_end,
    seat,
    table,
)
from tally import guess_line  # seat_sockets put the tiny game on the path

from guide.core.seats import desk_of
from guide.core.view import server as view_server
from guide.core.view.server import MAX_FEED_STREAMS, MAX_OPEN, MAX_STREAMS

assert table  # the fixture (seat_sockets.table): Tally with Ann's and Ben's seats, served


# --- floods: streams, stalled readers, slow bodies ------------------------------------------
def test_a_phone_opening_hundreds_of_streams_leaves_the_tv_and_the_other_seats_theirs(table):
    port, ann = seat(table, "Ann")
    ben = desk_of(table).tokens["Ben"]
    tv, _ = open_stream(port, "/events")
    bens, _ = open_stream(port, f"/seat/{ben}/events")
    flood = [open_stream(port, f"/seat/{ann}/events")[0] for _ in range(200)]
    try:
        server = table.services["view"]
        # the old server pushed out the oldest stream: the TV's, then every other phone's
        assert sum(1 for c in server._streams.values() if c.feed == ann) <= MAX_FEED_STREAMS
        assert server.open_connections() <= MAX_STREAMS + MAX_OPEN
        status, _, body = get(port, f"/seat/{ben}/state.json")     # normal requests served
        assert status == 200 and json.loads(body)["seat"] == "Ben"
        table.execute("add 4")
        assert b'"count": 4' in next_event(tv) and b'"count": 4' in next_event(bens)
    finally:
        for s in [tv, bens, *flood]:
            s.close()


def test_streams_of_many_seats_are_bounded_and_the_tv_keeps_its_own(table):
    for i in range(12):
        table.execute(f"join P{i}")
    port, tokens = table.services["view"].port, desk_of(table).tokens
    tv, _ = open_stream(port, "/events")
    phones = [open_stream(port, f"/seat/{tokens[f'P{i % 12}']}/events")[0] for i in range(40)]
    try:
        assert table.services["view"].open_connections() <= MAX_STREAMS
        table.execute("add 1")
        assert b'"count": 1' in next_event(tv)          # the TV's one stream was never pushed out
    finally:
        for s in [tv, *phones]:
            s.close()


def test_a_stream_that_stops_reading_is_dropped_not_buffered_without_end(table):
    """A phone that stops reading while the table plays on: the old server kept every event
    for it in memory (26 MB in a second and a half here), as long as events kept coming."""
    port, ann = seat(table, "Ann")
    s, _ = open_stream(port, f"/seat/{ann}/events", rcvbuf=4096)
    server = table.services["view"]
    big = json.dumps({"filler": "x" * 65536}).encode()
    for _ in range(200):                                  # 13 MB of events, none read
        server.publish_seat(ann, big)
        assert get(port, "/seat/nobody/state.json")[0] == 403   # a turn of the server's loop
    waiting = [len(c.out) for c in server._streams.values() if c.feed == ann]
    s.close()
    assert waiting == [], f"{waiting} bytes kept for a stream that reads nothing"
    assert get(port, f"/seat/{ann}/state.json")[0] == 200


def test_a_half_sent_move_is_cut_at_the_deadline_and_the_table_plays_on(table, monkeypatch):
    monkeypatch.setattr(view_server, "HEAD_SECONDS", 0.3)
    port, ann = seat(table, "Ann")
    with connect(port) as s:
        s.sendall(f"POST /seat/{ann}/move HTTP/1.1\r\n{host(port)}{as_page(port)}Content-Length: 40\r\n\r\n"
                  '{"move": 0'.encode())
        table.execute("add 2")                           # the table does not wait for it
        assert read_to_end(s) == b""                     # cut, without an answer
    assert desk_of(table).pending == [] and table.state["count"] == 2


@pytest.mark.parametrize("length", ["-5", "+24", "2_4", "0x18", " 24, 24", "9" * 5000])
def test_a_content_length_must_be_one_plain_number(table, length):
    port, ann = seat(table, "Ann")
    body = json.dumps({"move": 0, "version": desk_of(table).payload("Ann")["version"]})
    raw = (f"POST /seat/{ann}/move HTTP/1.1\r\n{host(port)}{as_page(port)}"
           f"Content-Length: {length}\r\n\r\n{body}")
    status = exchange(port, raw)[0]
    assert status in (400, 413)                          # -5 was taken as a move (202)
    assert desk_of(table).pending == []


@pytest.mark.parametrize("extra", ["Content-Length: 24\r\nContent-Length: 24\r\n",
                                   "Transfer-Encoding: chunked\r\n",
                                   "Content-Length: 24\r\nTransfer-Encoding: chunked\r\n"])
def test_two_lengths_or_chunked_bodies_are_refused(table, extra):
    port, ann = seat(table, "Ann")
    body = json.dumps({"move": 0, "version": desk_of(table).payload("Ann")["version"]})
    raw = f"POST /seat/{ann}/move HTTP/1.1\r\n{host(port)}{as_page(port)}{extra}\r\n{body}"
    assert exchange(port, raw)[0] == 400 and desk_of(table).pending == []


@pytest.mark.parametrize("body", [b"[" * 1000, b"\xff\xfe", b"null", b'"move"', b"[0, 1]",
                                  b'{"move": "0"}', b'{"move": -1, "version": 0}', b""])
def test_garbage_moves_get_a_short_answer_and_no_traceback(table, body, tmp_path):
    port, ann = seat(table, "Ann")
    status, _, answer = post(port, f"/seat/{ann}/move", body)
    # 1000 brackets raised RecursionError in the server's thread: no answer, a traceback
    assert status in (400, 409) and (status == 400 or json.loads(answer)["said"])
    assert not (tmp_path / "data" / "guide.log").exists()
    assert desk_of(table).pending == []


def test_a_pipelined_move_is_read_by_its_length_and_the_rest_is_ignored(table):
    port, ann = seat(table, "Ann")
    body = json.dumps({"move": 2, "version": desk_of(table).payload("Ann")["version"]})
    raw = (f"POST /seat/{ann}/move HTTP/1.1\r\n{host(port)}{as_page(port)}Content-Length: {len(body)}\r\n\r\n"
           f"{body}GET /seat/{desk_of(table).tokens['Ben']}/state.json HTTP/1.1\r\n{host(port)}\r\n")
    status, _, answer = exchange(port, raw)
    assert (status, json.loads(answer)) == (202, {"said": "sent"})
    assert b"Ben" not in answer
    assert [(p.seat, p.line) for p in desk_of(table).pending] == [("Ann", guess_line(table, "Ann", 3))]


@pytest.mark.parametrize("path", [
    "/seat/{a}/../state.json", "/seat/../state.json", "/seat/{a}/../../", "/seat/{a}/%2e%2e/",
    "/seat/%2e%2e/{a}/state.json", "/seat/{a}//state.json", "//seat/{a}/state.json",
    "/seat/{a}%2fstate.json", "/seat/{a}/state.json/", "/seat/{a}/state.json%00",
    "/seat/{short}/state.json", "/seat/{a}x/state.json", "/seat//state.json", "/seat/",
    "/seat/{a}/state.json/../../seat/{b}/state.json", "/seat/{a}/" + "a" * 9000])
def test_path_tricks_never_reach_a_seats_page(table, path):
    port, ann = seat(table, "Ann")
    ben = desk_of(table).tokens["Ben"]
    status, _, body = get(port, path.format(a=ann, b=ben, short=ann[:-2]))
    assert status in (400, 403, 404, 431) and body in (b"", b"unknown host")


# --- headers: Host, caching, referrer ------------------------------------------------------
@pytest.mark.parametrize("hosts", ["Host: evil.example:{p}\r\n", "Host: 127.0.0.1.nip.io:{p}\r\n",
                                   "Host: 127.0.0.1:{p}\r\nHost: evil.example:{p}\r\n",
                                   "Host: evil.example:{p}\r\nHost: 127.0.0.1:{p}\r\n"])
def test_seat_routes_refuse_other_hosts_dns_rebinding(table, hosts):
    port, ann = seat(table, "Ann")
    given = hosts.format(p=port)
    for path in (f"/seat/{ann}", f"/seat/{ann}/state.json", f"/seat/{ann}/events"):
        assert exchange(port, f"GET {path} HTTP/1.1\r\n{given}\r\n")[0] in (400, 403)
    body = b'{"move": 0, "version": 1}'
    raw = f"POST /seat/{ann}/move HTTP/1.1\r\n{given}{as_page(port)}Content-Length: {len(body)}\r\n\r\n"
    assert exchange(port, raw.encode() + body)[0] in (400, 403)
    assert desk_of(table).pending == []


def test_every_answer_turns_caching_off_and_sends_no_referrer(table):
    port, ann = seat(table, "Ann")
    answers = [get(port, p) for p in ("/", "/state.json", f"/seat/{ann}", f"/seat/{ann}/state.json",
                                      "/seat/nobody/state.json", f"/seat/{ann}/nothing")]
    answers.append(post(port, f"/seat/{ann}/move", b"{}"))
    for status, headers, _ in answers:
        assert headers["cache-control"] == "no-store", status
        assert headers["referrer-policy"] == "no-referrer", status
    stream, first = open_stream(port, f"/seat/{ann}/events")
    stream.close()
    assert b"Cache-Control: no-store" in first and b"Referrer-Policy: no-referrer" in first
    page = answers[2][2].decode()
    assert '<meta name="referrer" content="no-referrer">' in page
    assert ann not in page                                   # the token only in the address


def test_with_a_tv_token_the_tv_page_holds_no_secret_and_tokens_open_only_their_own(table):
    server = table.services["view"]
    server.token = secrets.token_urlsafe(16)                 # --lan, kept on 127.0.0.1
    port, ann = seat(table, "Ann")
    tv = server.token
    page = get(port, f"/?token={tv}")
    assert page[0] == 200 and tv.encode() not in page[2] and ann.encode() not in page[2]
    assert get(port, "/state.json")[0] == 403 and get(port, "/events")[0] == 403
    assert get(port, f"/state.json?token={ann}")[0] == 403           # a seat's token: not the TV's
    assert get(port, f"/seat/{tv}/state.json")[0] == 403             # the TV's: no seat's
    status, _, view = get(port, f"/state.json?token={tv}")
    assert status == 200 and ann.encode() not in view and tv.encode() not in view
    assert get(port, f"/seat/{ann}/state.json")[0] == 200


@pytest.mark.parametrize("game", ["tally", "kaverini"])
def test_with_a_tv_token_every_script_the_tv_page_loads_is_served(table, play, game):
    """The TV page loads the page kit (/kit.js, /follow.js its older name) by <script src>,
    which carries no token: behind the token check it was refused (403) with view --lan, and
    the TV never drew a thing. Tally's TV page, and the default game's (a page of its own)."""
    t = table if game == "tally" else play.table
    if game == "kaverini":
        play.do("view")
    server = t.services["view"]
    server.token = secrets.token_urlsafe(16)                 # --lan, kept on 127.0.0.1
    page = get(server.port, f"/?token={server.token}")[2].decode()
    scripts = re.findall(r'<script src="([^"]+)"', page)
    assert scripts == ["/kit.js"]
    for src in scripts:
        status, headers, body = get(server.port, src)
        assert status == 200 and b"EventSource" in body and server.token.encode() not in body
        assert headers["content-type"].startswith("text/javascript")
    if game == "kaverini":
        play.do("view --stop")


def test_a_thousand_mangled_requests_leave_no_traceback_and_the_table_serving(table, tmp_path):
    """Valid requests cut, doubled, with bytes flipped or inserted (a seeded random), over the
    seat routes and the TV's, while the table plays: each gets an answer or is closed."""
    port, ann = seat(table, "Ann")
    version = desk_of(table).payload("Ann")["version"]
    body = json.dumps({"move": 1, "version": version})
    valid = [f"GET /seat/{ann}/state.json HTTP/1.1\r\n{host(port)}\r\n",
             f"GET /seat/{ann}/events HTTP/1.1\r\n{host(port)}\r\n",
             f"GET /?token=x HTTP/1.1\r\n{host(port)}\r\n",
             f"POST /seat/{ann}/move HTTP/1.1\r\n{host(port)}{as_page(port)}"
             f"Content-Length: {len(body)}\r\n\r\n{body}"]
    rng = random.Random(16)
    for i in range(1000):
        raw = bytearray(rng.choice(valid).encode())
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(raw))
            way = rng.randrange(4)
            if way == 0:
                raw[at] = rng.randrange(256)
            elif way == 1:
                raw[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
            elif way == 2:
                del raw[at:at + rng.randint(1, 8)]
            else:
                raw += raw[:at]
        with connect(port) as s:
            s.settimeout(2)
            s.sendall(bytes(raw))
            s.shutdown(socket.SHUT_WR)                       # nothing more will come
            read_to_end(s, most=1 << 16)
        if i % 100 == 0:
            table.execute("add 1")
    assert not (tmp_path / "data" / "guide.log").exists()
    assert json.loads(get(port, f"/seat/{ann}/state.json")[2])["view"]["count"] == 10
    assert len(desk_of(table).pending) <= 1                  # at most Ann's one move
