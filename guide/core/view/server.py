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
that resets or misbehaves is dropped without a word on the Tour Guide's screen. The Host
header must name an address the server was started for (DNS rebinding)."""

from __future__ import annotations

import hmac
import json
import secrets
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from urllib.parse import parse_qs, urlsplit

MAX_OPEN = 48              # connections at once
HEAD_SECONDS = 2.0         # the request line and headers, whole, within this
SEND_SECONDS = 5.0         # the answer taken within this
GRACE_SECONDS = 0.1        # a connection is never pushed out younger than this
MAX_HEAD = 8192            # bytes of request line and headers
MAX_BODY = 1024            # bytes of a move's body
MAX_STREAMS = 24           # event streams at once (a TV and phones), beside MAX_OPEN
MAX_FEED_STREAMS = 4       # of them following one feed (a phone's tabs): one seat's link
                           # cannot push the TV or the other phones out
MAX_BACKLOG = 1 << 20      # bytes waiting for a stream that does not read: then it is dropped
PING_SECONDS = 15.0        # a quiet stream hears a comment this often (a phone that woke up
                           # finds out at once that it must reconnect)
_ACCEPT_BATCH = 16         # accepted per turn, so those already open are served too

_REASONS = {200: "OK", 202: "Accepted", 400: "Bad Request", 403: "Forbidden",
            404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
            409: "Conflict", 413: "Payload Too Large", 431: "Request Header Fields Too Large"}
_METHODS = {"HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE"}


@dataclass
class _Client:
    sock: socket.socket
    started: float
    deadline: float
    head: bytearray = field(default_factory=bytearray)
    out: bytes = b""            # the answer still to send (empty: still reading)
    feed: str | None = None     # an event stream: the feed it follows ("" the TV, or a token)


class ViewServer:
    def __init__(self, page: bytes | None = None, host: str = "127.0.0.1", port: int = 0,
                 lan: bool = False):
        """Serve `page` (the game's TV page; None: the core's plain one) and its view."""
        self.token = secrets.token_urlsafe(16) if lan else None
        self._view = b"{}"
        self._page = page or resources.files("guide.core.view").joinpath("page.html").read_bytes()
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
        self.thread = threading.Thread(target=self._serve, daemon=True, name="guide-view")
        self.thread.start()

    @property
    def base(self) -> str:
        """The address of the server without the TV's token: `http://HOST:PORT/`."""
        shown = _lan_address() if self.token else "127.0.0.1"
        return f"http://{shown}:{self.port}/"

    @property
    def url(self) -> str:
        shown = _lan_address() if self.token else "127.0.0.1"
        return f"http://{shown}:{self.port}/" + (f"?token={self.token}" if self.token else "")

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
                from guide.core.logs import log_exception

                log_exception(e)
                time.sleep(0.1)      # a fault that repeats must not spin or flood the log

    def _turn(self) -> None:
        now = time.monotonic()
        wake = [c.deadline for c in (*self._clients.values(), *self._streams.values())]
        self._listen(self._room(now))
        if len(self._clients) >= MAX_OPEN:
            wake.append(self._oldest().started + GRACE_SECONDS)
        if now < self._resume:
            wake.append(self._resume)
        wait = min(wake, default=now + 1) - now
        for key, _ in self._selector.select(max(0.0, min(wait, 1.0))):
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
                self._stream_turn(self._streams[sock])   # type: ignore[index]
            elif sock in self._clients:
                client = self._clients[sock]      # type: ignore[index]
                if client.out:
                    self._send(client)
                else:
                    self._read(client)
        now = time.monotonic()
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
        for _ in range(_ACCEPT_BATCH):
            now = time.monotonic()
            if not self._room(now):
                return
            try:
                sock, _ = self._listener.accept()
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
            self._read(client)              # a normal request is often here already

    def _read(self, client: _Client) -> None:
        try:
            data = client.sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._drop(client)
            return
        if not data:
            self._drop(client)
            return
        client.head += data
        if len(client.head) > MAX_HEAD + MAX_BODY:
            self._answer(client, 413, b"", "text/plain")
            return
        end = client.head.find(b"\r\n\r\n")
        if end == -1:
            if len(client.head) > MAX_HEAD:
                self._answer(client, 431, b"", "text/plain")
            return
        if end > MAX_HEAD:
            self._answer(client, 431, b"", "text/plain")
            return
        head = bytes(client.head[:end])
        length = 0
        if head.startswith(b"POST "):
            given = _content_length(head)
            if given is None or given > MAX_BODY:
                self._answer(client, 413 if given else 400, b"", "text/plain")
                return
            length = given
            if len(client.head) - end - 4 < length:
                return                           # the body is still on its way
        self._request(client, head, bytes(client.head[end + 4:end + 4 + length]))

    def _request(self, client: _Client, head: bytes, body: bytes = b"") -> None:
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/"):
            self._answer(client, 400, b"", "text/plain")
            return
        method, target, _ = parts
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, sep, value = line.partition(":")
            key = name.strip().lower()
            if not sep or (key == "host" and key in headers):   # two Hosts: which one?
                self._answer(client, 400, b"", "text/plain")
                return
            headers[key] = value.strip()
        path = urlsplit(target).path
        if headers.get("host", "").lower() not in self.hosts:
            self._answer(client, 403, b"unknown host", "text/plain")
        elif path.startswith("/seat/"):
            self._seat(client, method, path, body)
        elif method != "GET":
            self._answer(client, 405 if method in _METHODS else 400, b"", "text/plain")
        elif path == "/follow.js":      # the pages' script: no secret, and a <script src> of
            script = resources.files("guide.core.view").joinpath("follow.js").read_bytes()
            self._answer(client, 200, script, "text/javascript; charset=utf-8")   # no token
        elif not self._allowed(target):
            self._answer(client, 403, b"", "text/plain")
        elif path == "/":
            self._answer(client, 200, self._page, "text/html; charset=utf-8")
        elif path == "/state.json":
            self._answer(client, 200, self._view, "application/json")
        elif path == "/events":
            self._stream(client, "")
        else:
            self._answer(client, 404, b"", "text/plain")

    def _seat(self, client: _Client, method: str, path: str, body: bytes) -> None:
        """A seat's page, content, stream and moves; its token is the second path part."""
        parts = path.split("/")[2:]
        token, rest = (parts[0], "/".join(parts[1:])) if parts else ("", "")
        with self._lock:
            known = any(hmac.compare_digest(token.encode(), key.encode())
                        for key in self._feeds if key)
        if not known or self.on_move is None:
            self._answer(client, 403, b"", "text/plain")
        elif method == "POST" and rest == "move":
            try:
                sent = json.loads(body.decode("utf-8"))
                said = self.on_move(token, sent.get("move"), sent.get("version"))
            except (ValueError, AttributeError, UnicodeDecodeError, RecursionError):
                said = "not a move"    # garbage, or 500 brackets deep: the same short answer
            status = 202 if said == "sent" else 409
            self._answer(client, status, json.dumps({"said": said}).encode(), "application/json")
        elif method != "GET":
            self._answer(client, 405 if method in _METHODS else 400, b"", "text/plain")
        elif rest == "":
            page = self.seat_page or resources.files("guide.core.view").joinpath(
                "seat.html").read_bytes()
            self._answer(client, 200, page, "text/html; charset=utf-8")
        elif rest == "state.json":
            with self._lock:
                self._answer(client, 200, self._feeds.get(token, b"{}"), "application/json")
        elif rest == "events":
            self._stream(client, token)
        else:
            self._answer(client, 404, b"", "text/plain")

    # --- event streams (server-sent events) ---------------------------------------------
    def _stream(self, client: _Client, feed: str) -> None:
        """The connection stays open: the feed's content now, then again after every
        command, and a comment every PING_SECONDS."""
        self._clients.pop(client.sock, None)
        self._make_room(feed)
        client.feed = feed
        self._streams[client.sock] = client
        head = ("HTTP/1.1 200 OK\r\nServer: guide-view\r\nContent-Type: text/event-stream\r\n"
                "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                "Referrer-Policy: no-referrer\r\nConnection: keep-alive\r\n\r\n").encode("latin-1")
        with self._lock:
            body = self._feeds.get(feed, b"{}")
        self._push(client, head + _event(body))

    def _make_room(self, feed: str) -> None:
        """Room for one more stream of `feed`: its own oldest makes way once it has
        MAX_FEED_STREAMS, and when all are taken, the oldest of the feed with the most (never
        the TV's one stream for a phone's hundred)."""
        mine = [c for c in self._streams.values() if c.feed == feed]
        if len(mine) >= MAX_FEED_STREAMS:
            self._drop(mine[0])
        elif len(self._streams) >= MAX_STREAMS:
            counts: dict[str | None, int] = {}
            for c in self._streams.values():
                counts[c.feed] = counts.get(c.feed, 0) + 1
            most = max(counts.values())
            self._drop(next(c for c in self._streams.values() if counts[c.feed] == most))

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
        if not data:
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
                    self._push(client, _event(body))

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

    def _allowed(self, target: str) -> bool:
        if self.token is None:
            return True
        given = parse_qs(urlsplit(target).query).get("token", [""])[0]
        return hmac.compare_digest(given.encode(), self.token.encode())

    def _answer(self, client: _Client, status: int, body: bytes, kind: str) -> None:
        head = (f"HTTP/1.1 {status} {_REASONS[status]}\r\nServer: guide-view\r\n"
                f"Content-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
                "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                "Referrer-Policy: no-referrer\r\nConnection: close\r\n\r\n")
        self._push(client, head.encode("latin-1") + body)

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


def _event(body: bytes) -> bytes:
    """One server-sent event carrying a JSON document (which holds no newline)."""
    return b"data: " + body.replace(b"\n", b" ") + b"\n\n"


def _content_length(head: bytes) -> int | None:
    """The body's length: one Content-Length of plain digits and no Transfer-Encoding
    (chunked is not spoken here); None for anything else (then 400)."""
    found = []
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"transfer-encoding":
            return None
        if name.strip().lower() == b"content-length":
            found.append(value.strip())
    if len(found) != 1 or not found[0].isdigit():
        return None                    # none, two, -5, +5, 1_0, 0x10
    return int(found[0]) if len(found[0]) < 10 else MAX_BODY + 1   # 5000 digits: too large


def allowed_hosts(host: str, port: int, lan: bool) -> frozenset[str]:
    """The Host headers a page of this server may send: on 127.0.0.1, 127.0.0.1 and localhost
    with the port; with --lan also the machine's own addresses and names."""
    names = {"127.0.0.1", "localhost", host}
    if lan:
        names.add(_lan_address())
        try:
            hostname = socket.gethostname()
            names |= {hostname, f"{hostname}.local", socket.getfqdn()}
            names |= set(socket.gethostbyname_ex(hostname)[2])
        except OSError:
            pass
    return frozenset(f"{name.lower()}:{port}" for name in names if name)


def _lan_address() -> str:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))        # TEST-NET: no packet is sent for UDP connect
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
