"""Raw sockets against the view server on 127.0.0.1, for test_seat_attacks.py: a request
sent byte for byte as an attacker would, an answer read to its end, event streams opened,
read one event at a time, and seen to end. Every socket has a timeout: nothing waits forever.
Also the table they attack: Tally with two seats, Ann and Ben, its view served."""

from __future__ import annotations

import json
import socket

import pytest
from test_tiny_game import tally_table

from guide.core.seats import desk_of

TIMEOUT = 5.0


def connect(port: int, rcvbuf: int | None = None) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:                      # before connect: the window stays small
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(TIMEOUT)
    s.connect(("127.0.0.1", port))
    return s


def host(port: int) -> str:
    return f"Host: 127.0.0.1:{port}\r\n"


def as_page(port: int) -> str:
    """The headers a seat's page sends with a move (JSON, from the server's own origin)."""
    return f"Content-Type: application/json\r\nOrigin: http://127.0.0.1:{port}\r\n"


def exchange(port: int, raw: bytes | str) -> tuple[int, dict[str, str], bytes]:
    """Send `raw` as it is, read until the server closes: (status, headers, body)."""
    with connect(port) as s:
        s.sendall(raw.encode("latin-1") if isinstance(raw, str) else raw)
        data = read_to_end(s)
    return parse(data)


def parse(data: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if not lines[0].startswith("HTTP/1.1 "):
        return 0, {}, data
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split(" ")[1]), headers, body


def get(port: int, path: str, extra: str = "") -> tuple[int, dict[str, str], bytes]:
    return exchange(port, f"GET {path} HTTP/1.1\r\n{host(port)}{extra}\r\n")


def post(port: int, path: str, body: bytes, extra: str = "") -> tuple[int, dict[str, str], bytes]:
    head = (f"POST {path} HTTP/1.1\r\n{host(port)}{as_page(port)}Content-Length: {len(body)}\r\n"
            f"{extra}\r\n")
    return exchange(port, head.encode("latin-1") + body)


def read_to_end(s: socket.socket, most: int = 1 << 26) -> bytes:
    """Everything until the server closes (or `most` bytes, or a timeout: then what came)."""
    data = b""
    try:
        while len(data) < most:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return data


def open_stream(port: int, path: str, rcvbuf: int | None = None) -> tuple[socket.socket, bytes]:
    """An event stream and its first event (the head and the page as it is now)."""
    s = connect(port, rcvbuf)
    s.sendall(f"GET {path} HTTP/1.1\r\n{host(port)}\r\n".encode())
    return s, next_event(s)


def next_event(s: socket.socket) -> bytes:
    """The next event (pings skipped); b"" when the server has ended the stream."""
    data = b""
    while True:
        try:
            chunk = s.recv(1)
        except (TimeoutError, ConnectionResetError):
            return b""
        if not chunk:
            return b""
        data += chunk
        if data.endswith(b"\n\n"):
            if b"data: " in data:
                return data
            data = b""                          # a ": ping" comment


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("GUIDE_DATA_DIR", str(tmp_path / "data"))
    t = tally_table(tmp_path / "c.sqlite")
    t.execute("join Ann")
    t.execute("join Ben")
    t.execute("view")
    yield t
    if "view" in t.services:
        t.execute("view --stop")
    t.close()


def seat(t, name: str) -> tuple[int, str]:
    return t.services["view"].port, desk_of(t).tokens[name]


def move(port: int, token: str, move_id: object, version: object) -> tuple[int, str]:
    status, _, body = post(port, f"/seat/{token}/move",
                           json.dumps({"move": move_id, "version": version}).encode())
    return status, json.loads(body)["said"] if body else ""
