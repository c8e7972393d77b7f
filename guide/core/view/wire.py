"""The view server's reading of HTTP (guide.core.view.server): a request's body length, what
a move must say of itself (JSON, from this server's own page), the Host names the server
answers to, and one server-sent event."""

from __future__ import annotations

import socket

MAX_BODY = 1024            # bytes of a move's body


def is_json(headers: dict[str, str]) -> bool:
    """A move is JSON, said so: a form (urlencoded, multipart, text/plain) cannot send one."""
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    return kind == "application/json"


def same_origin(headers: dict[str, str]) -> bool:
    """A move comes from a page of this server: its Origin is this server's own (the Host,
    already checked to be one of ours), or the browser says same-origin; a request saying
    neither (no browser sends a POST so) or either one otherwise is refused."""
    origin = headers.get("origin")
    site = headers.get("sec-fetch-site")
    if origin is not None and origin.lower() != "http://" + headers.get("host", "").lower():
        return False
    if site is not None and site.lower() != "same-origin":
        return False
    return origin is not None or site is not None


def event(body: bytes) -> bytes:
    """One server-sent event carrying a JSON document (which holds no newline)."""
    return b"data: " + body.replace(b"\n", b" ") + b"\n\n"


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


def allowed_hosts(host: str, port: int, lan: bool) -> frozenset[str]:
    """The Host headers a page of this server may send: on 127.0.0.1, 127.0.0.1 and localhost
    with the port; with --lan also the machine's own addresses and names."""
    names = {"127.0.0.1", "localhost", host}
    if lan:
        names.add(lan_address())
        try:
            hostname = socket.gethostname()
            names |= {hostname, f"{hostname}.local", socket.getfqdn()}
            names |= set(socket.gethostbyname_ex(hostname)[2])
        except OSError:
            pass
    return frozenset(f"{name.lower()}:{port}" for name in names if name)


def lan_address() -> str:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))        # TEST-NET: no packet is sent for UDP connect
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
