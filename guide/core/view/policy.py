"""Who the view server answers (guide.core.view.server): the Host names a page of this
server sends (DNS rebinding), the TV's token, and what a move must say of itself (JSON, from
this server's own page), so that no page of another site can read a view or send a move."""

from __future__ import annotations

import hmac
import socket
from collections.abc import Iterable
from urllib.parse import parse_qs


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


def given_token(query: str, token: str) -> bool:
    """Whether a query carries `token` (compared in constant time)."""
    given = parse_qs(query).get("token", [""])[0]
    return hmac.compare_digest(given.encode(), token.encode())


def known_token(token: str, tokens: Iterable[str]) -> bool:
    """Whether a seat's token is one of `tokens` (each compared in constant time)."""
    return any(hmac.compare_digest(token.encode(), key.encode()) for key in tokens if key)
