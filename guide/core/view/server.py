"""A small read-only web server for the players' view: GET / (the page) and GET /state.json
(the view). Nothing can be written. The REPL publishes a new view after each command; a
request only reads the last published bytes, so no client, slow or many, can stall the
table. Connections are capped and time out."""

from __future__ import annotations

import hmac
import json
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qs, urlsplit

MAX_CLIENTS = 32
TIMEOUT = 5.0


class ViewServer:
    def __init__(self, page: bytes | None = None, host: str = "127.0.0.1", port: int = 0,
                 lan: bool = False):
        """Serve `page` (the game's TV page; None: the core's plain one) and its view."""
        self.token = secrets.token_urlsafe(16) if lan else None
        self._view = b"{}"
        self._page = page or resources.files("guide.core.view").joinpath("page.html").read_bytes()
        self._slots = threading.BoundedSemaphore(MAX_CLIENTS)
        server = self

        class Handler(_Handler):
            view_server = server

        self.httpd = ThreadingHTTPServer(("0.0.0.0" if lan else host, port), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True,
                                       name="guide-view")
        self.thread.start()

    @property
    def url(self) -> str:
        host, port = str(self.httpd.server_address[0]), self.httpd.server_address[1]
        shown = "127.0.0.1" if host in ("0.0.0.0", "127.0.0.1") and not self.token else host
        if self.token:
            shown = _lan_address()
        return f"http://{shown}:{port}/" + (f"?token={self.token}" if self.token else "")

    def publish(self, view: dict) -> None:
        self._view = json.dumps(view, ensure_ascii=False).encode("utf-8")

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _lan_address() -> str:
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))        # TEST-NET: no packet is sent for UDP connect
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


class _Handler(BaseHTTPRequestHandler):
    view_server: ViewServer
    timeout = TIMEOUT
    server_version = "guide-view"
    sys_version = ""

    def log_message(self, format, *args) -> None:  # noqa: A002 - the REPL stays quiet
        return

    def _allowed(self) -> bool:
        token = self.view_server.token
        if token is None:
            return True
        given = parse_qs(urlsplit(self.path).query).get("token", [""])[0]
        return hmac.compare_digest(given.encode(), token.encode())

    def do_GET(self) -> None:  # noqa: N802 - the http.server name
        if not self.view_server._slots.acquire(blocking=False):
            self._send(HTTPStatus.SERVICE_UNAVAILABLE, b"busy", "text/plain")
            return
        try:
            if not self._allowed():
                self._send(HTTPStatus.FORBIDDEN, b"", "text/plain")
                return
            path = urlsplit(self.path).path
            if path == "/":
                self._send(HTTPStatus.OK, self.view_server._page, "text/html; charset=utf-8")
            elif path == "/state.json":
                self._send(HTTPStatus.OK, self.view_server._view, "application/json")
            else:
                self._send(HTTPStatus.NOT_FOUND, b"", "text/plain")
        finally:
            self.view_server._slots.release()

    def do_HEAD(self) -> None:  # noqa: N802
        self._send(HTTPStatus.METHOD_NOT_ALLOWED, b"", "text/plain")

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_HEAD

    def _send(self, status: HTTPStatus, body: bytes, kind: str) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
        except OSError:
            pass                     # the client went away
