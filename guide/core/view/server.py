"""A small web server for the players' view and the seats: GET / (the TV page),
GET /state.json (the view) and GET /events (the view again after every command, as
server-sent events); with seats (guide.core.seats), GET /seat/TOKEN (a seat's page),
/seat/TOKEN/state.json, /seat/TOKEN/events and POST /seat/TOKEN/move (a move, a few bytes
of JSON). The REPL publishes new bytes after each command; a request only reads the last
published bytes, so no client, slow or many, can stall the table.

One thread serves every client without blocking (selectors): at most MAX_OPEN connections
are open at once (a new one pushes out the oldest, once that one has had GRACE_SECONDS to
speak; until then new ones wait in the system's queue), a request's head must
arrive whole within HEAD_SECONDS, an answer must be taken within SEND_SECONDS, and a client
that resets or misbehaves is dropped without a word on the Tour Guide's screen. Deadlines
are the connection's, never renewed by a byte that trickles in. A request line the server
cannot read (`GET //[`) gets a 400 at once; a fault of one connection drops that connection
only, and the log holds at most LOG_BURST tracebacks a LOG_WINDOW. The Host header must name
an address the server was started for (DNS rebinding). A move must come as JSON from a
page of this server (Content-Type, Origin or Sec-Fetch-Site: no form of another site can
send one). The TV page's address carries a token of its own (always; with --lan nothing is
served without it): a stream opened with it is never pushed out by tokenless ones.

In parts: `wire.py` reads a request and writes an answer (bytes in, bytes out, no socket),
`routes.py` is the table of pages and the token each asks for, `policy.py` says which
hosts, tokens and moves are let in, and this module is the transport: one selectors loop,
its limits and deadlines (docs/limits.md), and the pages' handlers."""

from __future__ import annotations

import json
import secrets
import selectors
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources

from guide.core.i18n import _
from guide.core.view.policy import (
    allowed_hosts,
    given_token,
    is_json,
    known_token,
    lan_address,
    same_origin,
)
from guide.core.view.routes import KIT_FILES, SEAT, TV, route
from guide.core.view.wire import MAX_HEAD, STREAM_HEAD, Request, answer, event, frame, read_request

_lan_address = lan_address       # the name the tests know

MAX_OPEN = 48              # connections at once
HEAD_SECONDS = 2.0         # the request line and headers, whole, within this
SEND_SECONDS = 5.0         # the answer taken within this
GRACE_SECONDS = 0.1        # a connection is never pushed out younger than this
MAX_STREAMS = 24           # event streams at once (a TV and phones), beside MAX_OPEN
MAX_FEED_STREAMS = 4       # of them following one feed (a phone's tabs): one seat's link
                           # cannot push the TV or the other phones out
MAX_BACKLOG = 1 << 20      # bytes waiting for a stream that does not read: then it is dropped
PING_SECONDS = 15.0        # a quiet stream hears a comment this often (a phone that woke up
                           # finds out at once that it must reconnect)
_ACCEPT_BATCH = 16         # accepted per turn, so those already open are served too
LOG_BURST = 5              # tracebacks written to the log ...
LOG_WINDOW = 60.0          # ... at most this often (then one line says how many were left out)
_TEXT, _UTF8_TEXT, _HTML, _JSON = ("text/plain", "text/plain; charset=utf-8",
                                   "text/html; charset=utf-8", "application/json")


def _said(words: str) -> bytes:
    """The answer to a move: the words the seat's page shows ("sent": it went through)."""
    return json.dumps({"said": words}).encode()


def _packaged(name: str) -> bytes:
    return resources.files("guide.core.view").joinpath(name).read_bytes()


@dataclass
class _Client:
    sock: socket.socket
    started: float
    deadline: float
    head: bytearray = field(default_factory=bytearray)
    out: bytes = b""            # the answer still to send (empty: still reading)
    feed: str | None = None     # an event stream: the feed it follows ("" the TV, or a token)
    owner: bool = False         # a TV stream opened with the TV's own token
    heard: int = 0              # bytes a stream has sent after its request (it should not)


class ViewServer:
    def __init__(self, page: bytes | None = None, host: str = "127.0.0.1", port: int = 0,
                 lan: bool = False, token: str | None = None):
        """Serve `page` (the game's TV page; None: the core's plain one) and its view, the
        TV's address carrying `token` (a new one when None)."""
        self._own = token or secrets.token_urlsafe(16)   # the TV's own: its stream is kept
        self.token = self._own if lan else None          # --lan: nothing without it
        self._view = b"{}"
        self._page = page or _packaged("page.html")
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self._listener.bind(("0.0.0.0" if lan else host, port))
            self._listener.listen(128)
            self._listener.setblocking(False)
        except OSError:
            self._listener.close()
            raise
        self.server_address = self._listener.getsockname()
        self.port: int = self.server_address[1]
        self.hosts = allowed_hosts(host, self.port, lan)
        self._clients: dict[socket.socket, _Client] = {}     # oldest first
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._listener, selectors.EVENT_READ)
        self._accepting = True
        self._resume = 0.0           # no accepting before this (after accept itself failed)
        self._wake_read, self._wake = socket.socketpair()
        self._selector.register(self._wake_read, selectors.EVENT_READ)
        self._closing = False
        self._streams: dict[socket.socket, _Client] = {}     # event streams, oldest first
        self._feeds: dict[str, bytes] = {"": self._view}     # "" the TV view, else a seat's
        self._fresh: set[str] = set()                         # feeds published, not yet sent
        self._lock = threading.Lock()
        self.seat_page: bytes | None = None
        self.on_move: Callable[[str, object, object], str] | None = None   # the desk's receive
        self.on_open: Callable[[str], None] | None = None    # the desk's opened: a seat's page read
        self._faults: list[float] = []    # when the last tracebacks were logged
        self._untold = 0                   # faults left out of the log since then
        self._pages: dict[str, Callable[[_Client, Request, str], None]] = {
            "kit": self._kit, "no_icon": self._no_icon, "tv_page": self._tv_page, "tv_state": self._tv_state,
            "tv_events": self._tv_events, "seat_page": self._seat_page,
            "seat_state": self._seat_state, "seat_events": self._seat_events,
            "seat_move": self._seat_move}
        self.thread = threading.Thread(target=self._serve, daemon=True, name="guide-view")
        self.thread.start()

    @property
    def base(self) -> str:
        """The address of the server without the TV's token: `http://HOST:PORT/`."""
        shown = lan_address() if self.token else "127.0.0.1"
        return f"http://{shown}:{self.port}/"

    @property
    def url(self) -> str:
        return f"{self.base}?token={self.tv_token}"

    @property
    def tv_token(self) -> str:
        """The token of the TV's address: with --lan required, else it marks the TV's own
        stream (kept when more screens than the cap connect)."""
        return self.token or self._own

    @property
    def httpd(self) -> ViewServer:
        """For code written against the http.server version (`server.httpd.server_address`):
        the address is the server's own now."""
        return self

    def publish(self, view: dict) -> None:
        self._view = json.dumps(view, ensure_ascii=False).encode("utf-8")
        self._feed("", self._view)

    def publish_seat(self, token: str, body: bytes) -> None:
        """A seat's page content (guide.core.seats.Desk.publish)."""
        self._feed(token, body)

    def forget_seat(self, token: str) -> None:
        """A revoked link: its streams end, its page is gone."""
        with self._lock:
            self._feeds.pop(token, None)
            self._fresh.add(token)
        self._poke()

    def _feed(self, key: str, body: bytes) -> None:
        with self._lock:
            self._feeds[key] = body
            self._fresh.add(key)
        self._poke()

    def _poke(self) -> None:
        try:
            self._wake.send(b"p")
        except OSError:
            pass

    def open_connections(self) -> int:
        return len(self._clients) + len(self._streams)

    def close(self) -> None:
        self._closing = True
        try:
            self._wake.send(b"x")
        except OSError:
            pass
        self.thread.join(timeout=5)
        for client in [*self._clients.values(), *self._streams.values()]:
            self._drop(client)
        for s in (self._listener, self._wake, self._wake_read):
            s.close()
        self._selector.close()

    # --- the loop -------------------------------------------------------------------
    def _serve(self) -> None:
        while not self._closing:
            try:
                self._turn()
            except Exception as e:  # noqa: BLE001 - the view must never end the evening
                self._fault(e)
                time.sleep(0.01)     # a fault outside any one connection must not spin

    def _fault(self, error: Exception) -> None:
        """A fault in the server's own code: to the log, at most LOG_BURST a LOG_WINDOW."""
        now = time.monotonic()
        self._faults = [t for t in self._faults if t > now - LOG_WINDOW]
        if len(self._faults) >= LOG_BURST:
            self._untold += 1
            return
        self._faults.append(now)
        from guide.core.logs import log_exception

        if self._untold:
            error.add_note(f"(the view server left {self._untold} fault(s) out of the log"
                           f" before this one: at most {LOG_BURST} a {LOG_WINDOW:.0f} s)")
            self._untold = 0
        log_exception(error)

    def _handle(self, client: _Client, work: Callable[[_Client], None]) -> None:
        """One connection's turn; a fault drops that connection only."""
        try:
            work(client)
        except Exception as e:  # noqa: BLE001 - one client must not stop the others
            self._drop(client)
            self._fault(e)

    def _turn(self) -> None:
        now = time.monotonic()
        self._expire(now)
        wake = [c.deadline for c in (*self._clients.values(), *self._streams.values())]
        self._listen(self._room(now))
        if len(self._clients) >= MAX_OPEN:
            wake.append(self._oldest().started + GRACE_SECONDS)
        if now < self._resume:
            wake.append(self._resume)
        wait = min(wake, default=now + 1) - now
        for key, _events in self._selector.select(max(0.0, min(wait, 1.0))):
            sock = key.fileobj
            if sock is self._listener:
                self._accept()
            elif sock is self._wake_read:
                try:
                    self._wake_read.recv(4096)
                except OSError:
                    pass
                if self._closing:
                    return
                self._flush_feeds()
            elif sock in self._streams:
                self._handle(self._streams[sock], self._stream_turn)   # type: ignore[index]
            elif sock in self._clients:
                client = self._clients[sock]      # type: ignore[index]
                self._handle(client, self._send if client.out else self._read)
        self._expire(time.monotonic())

    def _expire(self, now: float) -> None:
        """Connections past their deadline go (a request not whole, an answer not taken);
        a quiet stream hears a ping."""
        for client in [c for c in self._clients.values() if c.deadline <= now]:
            self._drop(client)
        for client in [c for c in self._streams.values() if c.deadline <= now]:
            if client.out:
                self._drop(client)               # not reading what it was sent: gone
            else:
                self._push(client, b": ping\n\n")

    def _oldest(self) -> _Client:
        return next(iter(self._clients.values()))

    def _room(self, now: float) -> bool:
        """Whether a new connection may come in: a free place, or an oldest one that has had
        its grace time (then it makes way)."""
        if now < self._resume:
            return False
        return len(self._clients) < MAX_OPEN or self._oldest().started + GRACE_SECONDS <= now

    def _listen(self, accepting: bool) -> None:
        """Watch the listening socket only while there is room; otherwise new connections
        wait in the system's queue, costing this process nothing."""
        if accepting != self._accepting:
            self._accepting = accepting
            if accepting:
                self._selector.register(self._listener, selectors.EVENT_READ)
            else:
                self._selector.unregister(self._listener)

    def _accept(self) -> None:
        for _turn in range(_ACCEPT_BATCH):
            now = time.monotonic()
            if not self._room(now):
                return
            try:
                sock, _address = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:          # out of descriptors, a reset before accept: try later
                self._resume = time.monotonic() + GRACE_SECONDS
                return
            if len(self._clients) >= MAX_OPEN:
                self._drop(self._oldest())
            sock.setblocking(False)
            client = _Client(sock, now, now + HEAD_SECONDS)
            self._clients[sock] = client
            self._selector.register(sock, selectors.EVENT_READ)
            self._handle(client, self._read)   # a normal request is often here already

    def _read(self, client: _Client) -> None:
        try:
            data = client.sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._drop(client)
            return
        client.head += data
        framed = frame(client.head)
        if framed.status is not None:
            self._answer(client, framed.status, b"", _TEXT)
        elif framed.head is not None:
            self._request(client, framed.head, framed.body)

    def _request(self, client: _Client, head: bytes, body: bytes = b"") -> None:
        """A whole request: read it, check its Host, route it, check the token its route
        asks for, and let its page answer."""
        request = read_request(head, body)
        if request is None:
            self._answer(client, 400, b"", _TEXT)
            return
        if request.headers.get("host", "").lower() not in self.hosts:
            self._answer(client, 403, _("unknown host").encode(), _UTF8_TEXT)
            return
        found = route(request)
        if (found.guard == TV and not self._allowed(request.query)) or \
                (found.guard == SEAT and not self._known_seat(found.token)):
            self._answer(client, 403, b"", _TEXT)
        elif found.page is None:
            self._answer(client, found.status, b"", _TEXT)
        else:
            self._pages[found.page](client, request, found.token)

    # --- the pages (guide.core.view.routes) ---------------------------------------------
    def _kit(self, client: _Client, request: Request, _token: str) -> None:
        name, kind = KIT_FILES[request.path.lstrip("/")]
        self._answer(client, 200, _packaged(name), kind)

    def _no_icon(self, client: _Client, _request: Request, _token: str) -> None:
        self._answer(client, 204, b"", _TEXT)

    def _tv_page(self, client: _Client, _request: Request, _token: str) -> None:
        self._answer(client, 200, self._page, _HTML)

    def _tv_state(self, client: _Client, _request: Request, _token: str) -> None:
        self._answer(client, 200, self._view, _JSON)

    def _tv_events(self, client: _Client, request: Request, _token: str) -> None:
        client.owner = self._given(request.query) == self.tv_token
        self._stream(client, "")

    def _seat_page(self, client: _Client, _request: Request, _token: str) -> None:
        self._answer(client, 200, self.seat_page or _packaged("seat.html"), _HTML)

    def _seat_state(self, client: _Client, _request: Request, token: str) -> None:
        self._opened(token)
        with self._lock:
            self._answer(client, 200, self._feeds.get(token, b"{}"), _JSON)

    def _seat_events(self, client: _Client, _request: Request, token: str) -> None:
        self._opened(token)
        self._stream(client, token)

    def _seat_move(self, client: _Client, request: Request, token: str) -> None:
        """A move: JSON from this seat's own page, answered with the words its page shows."""
        if not is_json(request.headers):
            self._answer(client, 415, _said(_("a move is sent as JSON")), _JSON)
            return
        if not same_origin(request.headers):
            self._answer(client, 403, _said(_("a move comes from this seat's own page")), _JSON)
            return
        assert self.on_move is not None        # a seat's route is taken only with a desk
        try:
            sent = json.loads(request.body.decode("utf-8"))
            said = self.on_move(token, sent.get("move"), sent.get("version"))
        except (ValueError, AttributeError, UnicodeDecodeError, RecursionError):
            said = _("not a move")  # garbage, or 500 brackets deep: the same short answer
        self._answer(client, 202 if said == "sent" else 409, _said(said), _JSON)

    def _known_seat(self, token: str) -> bool:
        """A seat's token the desk issued and has not revoked (a desk is listening)."""
        with self._lock:
            return self.on_move is not None and known_token(token, list(self._feeds))

    def _opened(self, token: str) -> None:
        """A seat's page has read its content (its stream or state.json): the desk hears it
        (a game's clock may run for that seat only from then, Desk.opened)."""
        if self.on_open is not None:
            try:
                self.on_open(token)
            except Exception as e:  # noqa: BLE001 - the page is served anyway
                self._fault(e)

    # --- event streams (server-sent events) ---------------------------------------------
    def _stream(self, client: _Client, feed: str) -> None:
        """The connection stays open: the feed's content now, then again after every
        command, and a comment every PING_SECONDS."""
        self._clients.pop(client.sock, None)
        client.feed = feed
        self._make_room(client)
        self._streams[client.sock] = client
        with self._lock:
            body = self._feeds.get(feed, b"{}")
        self._push(client, STREAM_HEAD + event(body))

    def _make_room(self, client: _Client) -> None:
        """Room for one more stream of `feed` (the TV's, opened with its own token or not:
        two flocks): its own flock's oldest makes way once it has MAX_FEED_STREAMS, and when
        all are taken, the oldest of the flock with the most, never one of the TV's own
        token (so tokenless screens, however many, cannot push the real TV out)."""
        flock = (client.feed, client.owner)
        mine = [c for c in self._streams.values() if (c.feed, c.owner) == flock]
        if len(mine) >= MAX_FEED_STREAMS:
            self._drop(mine[0])
        elif len(self._streams) >= MAX_STREAMS:
            counts = Counter((c.feed, c.owner) for c in self._streams.values()
                             if not (c.feed == "" and c.owner))
            most = max(counts.values())
            self._drop(next(c for c in self._streams.values()
                            if counts.get((c.feed, c.owner)) == most))

    def _stream_turn(self, client: _Client) -> None:
        """A stream's socket is ready: send what waits, or see whether it has gone."""
        if client.out:
            self._send(client)
            return
        try:
            data = client.sock.recv(1024)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        client.heard += len(data)
        if not data or client.heard > MAX_HEAD:    # a stream speaks no more after its request
            self._drop(client)

    def _flush_feeds(self) -> None:
        with self._lock:
            fresh, self._fresh = self._fresh, set()
            bodies = {key: self._feeds.get(key) for key in fresh}
        for client in list(self._streams.values()):
            if client.feed in bodies:
                body = bodies[client.feed]
                if body is None:                # a revoked seat: its stream ends
                    self._drop(client)
                else:
                    self._push(client, event(body))

    def _push(self, client: _Client, data: bytes) -> None:
        if client.out:                  # still sending: its SEND_SECONDS run from the first byte
            if len(client.out) + len(data) > MAX_BACKLOG:
                self._drop(client)      # a stream that does not read; it reconnects if alive
                return
            client.out += data
            return
        client.out = data
        client.deadline = time.monotonic() + SEND_SECONDS
        try:
            self._selector.modify(client.sock, selectors.EVENT_WRITE)
        except (KeyError, ValueError, OSError):
            self._drop(client)
            return
        self._send(client)

    def _allowed(self, query: str) -> bool:
        return self.token is None or self._given(query) == self.token

    def _given(self, query: str) -> str:
        """The TV's token if the query carries it, else "" ."""
        return self.tv_token if given_token(query, self.tv_token) else ""

    def _answer(self, client: _Client, status: int, body: bytes, kind: str) -> None:
        self._push(client, answer(status, body, kind))

    def _send(self, client: _Client) -> None:
        try:
            sent = client.sock.send(client.out)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._drop(client)
            return
        client.out = client.out[sent:]
        if client.out:
            return
        if client.feed is None:
            self._drop(client)
            return
        client.deadline = time.monotonic() + PING_SECONDS   # a stream waits for more
        try:
            self._selector.modify(client.sock, selectors.EVENT_READ)
        except (KeyError, ValueError, OSError):
            self._drop(client)

    def _drop(self, client: _Client) -> None:
        self._clients.pop(client.sock, None)
        self._streams.pop(client.sock, None)
        try:
            self._selector.unregister(client.sock)
        except (KeyError, ValueError, OSError):
            pass
        try:
            client.sock.close()
        except OSError:
            pass
