"""The view server's HTTP on the wire (guide.core.view.server): a request read from its head
and body, an answer written, one server-sent event. Pure functions of bytes, no socket: the
transport keeps its own limits and deadlines (docs/limits.md)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

MAX_BODY = 1024            # bytes of a move's body
MAX_HEAD = 8192            # bytes of request line and headers

# The status lines' reason phrases are the protocol's own (latin-1, never shown by a browser,
# which says an error in its own language): English. What a person may read, the words a
# seat's page shows after a move and the text of a refused host, is in the table's language.
REASONS = {200: "OK", 202: "Accepted", 204: "No Content", 400: "Bad Request", 403: "Forbidden",
           404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
           409: "Conflict", 413: "Payload Too Large", 415: "Unsupported Media Type",
           431: "Request Header Fields Too Large"}
METHODS = {"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE"}
_SAFE_HEADERS = ("Server: guide-view\r\nCache-Control: no-store\r\n"
                 "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n")
STREAM_HEAD = ("HTTP/1.1 200 OK\r\n" + _SAFE_HEADERS + "Content-Type: text/event-stream\r\n"
               "Connection: keep-alive\r\n\r\n").encode("latin-1")


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    query: str
    headers: dict[str, str]       # names in lower case
    body: bytes = b""


@dataclass(frozen=True)
class Framed:
    """What the bytes received so far hold: a request's head and body whole, a refusal (a
    status), or neither yet (both None: more bytes to come)."""
    head: bytes | None = None
    body: bytes = b""
    status: int | None = None


def frame(received: bytes | bytearray) -> Framed:
    """The head and body in the bytes a connection has sent, or the status that refuses
    them: 413 past the sizes a head and a move's body may have, 431 a head too long, 400 a
    POST without one plain Content-Length."""
    if len(received) > MAX_HEAD + MAX_BODY:
        return Framed(status=413)
    end = received.find(b"\r\n\r\n")
    if end == -1:
        return Framed(status=431) if len(received) > MAX_HEAD else Framed()
    if end > MAX_HEAD:
        return Framed(status=431)
    head = bytes(received[:end])
    length = 0
    if head.startswith(b"POST "):
        given = content_length(head)
        if given is None or given > MAX_BODY:
            return Framed(status=413 if given else 400)
        length = given
        if len(received) - end - 4 < length:
            return Framed()                       # the body is still on its way
    return Framed(head, bytes(received[end + 4:end + 4 + length]))


def read_request(head: bytes, body: bytes = b"") -> Request | None:
    """The request a whole head says; None for one that cannot be read (a 400, at once): not
    three parts on the request line, a target that is not a path (`//[`, `http://x/`), a
    header line without a colon, two Host headers."""
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    if len(parts) != 3 or not parts[2].startswith("HTTP/"):
        return None
    method, target, _version = parts
    try:
        split = urlsplit(target)
    except ValueError:                  # GET //[ , GET http://[x/ : unreadable
        return None
    if not target.startswith("/") or split.netloc:
        return None
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        key = name.strip().lower()
        if not sep or (key == "host" and key in headers):   # two Hosts: which one?
            return None
        headers[key] = value.strip()
    return Request(method, split.path, split.query, headers, body)


def content_length(head: bytes) -> int | None:
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


def answer(status: int, body: bytes, kind: str) -> bytes:
    """A whole answer; the connection closes after it."""
    head = (f"HTTP/1.1 {status} {REASONS[status]}\r\n{_SAFE_HEADERS}"
            f"Content-Type: {kind}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
    return head.encode("latin-1") + body


def event(body: bytes) -> bytes:
    """One server-sent event carrying a JSON document (which holds no newline)."""
    return b"data: " + body.replace(b"\n", b" ") + b"\n\n"
