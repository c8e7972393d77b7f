"""The view server's words a person may read, in the table's language: what a seat's page
shows after a refused move, and the text of a refused host (the status lines' reason phrases
stay the protocol's English; a browser shows its own words for an empty error)."""

from __future__ import annotations

import http.client
import json

import pytest

from guide.core import i18n
from guide.core.view.server import ViewServer


@pytest.fixture
def server():
    s = ViewServer()
    s.on_move = lambda token, move, version: "sent"
    s.publish_seat("seat-token-of-ann", b"{}")
    yield s
    s.close()
    i18n.use("en")


def ask(port: int, method: str, path: str, headers: dict[str, str], body: bytes = b""
        ) -> tuple[int, bytes]:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        c.putrequest(method, path, skip_host=True)
        for k, v in headers.items():
            c.putheader(k, v)
        c.putheader("Content-Length", str(len(body)))
        c.endheaders(body)
        r = c.getresponse()
        return r.status, r.read()
    finally:
        c.close()


@pytest.mark.parametrize(("code", "refused", "not_json", "not_a_move"), [
    ("uk", "невідомий хост", "хід надсилають як JSON", "це не хід"),
    ("fr", "hôte inconnu", "un coup s’envoie en JSON", "ce n’est pas un coup")])
def test_the_servers_words_come_in_the_tables_language(server, code, refused, not_json,
                                                       not_a_move):
    i18n.use(code)
    host = f"127.0.0.1:{server.port}"
    move = "/seat/seat-token-of-ann/move"
    assert ask(server.port, "GET", "/", {"Host": "evil.example"}) == (403, refused.encode())
    status, body = ask(server.port, "POST", move, {"Host": host, "Content-Type": "text/plain"})
    assert (status, json.loads(body)) == (415, {"said": not_json})
    status, body = ask(server.port, "POST", move, {"Host": host, "Origin": f"http://{host}",
                                                    "Content-Type": "application/json"}, b"[")
    assert (status, json.loads(body)) == (409, {"said": not_a_move})
    status, body = ask(server.port, "POST", move, {"Host": host, "Origin": f"http://{host}",
                                                    "Content-Type": "application/json"},
                       b'{"move": "x", "version": 1}')
    assert (status, json.loads(body)) == (202, {"said": "sent"})     # the protocol's word
