"""The view server's route table: which page answers a request, and whose token it must
carry first. The TV's pages (`/`, `/state.json`, `/events`) want the TV's token where the
server was started with --lan; a seat's (`/seat/TOKEN`, `.../state.json`, `.../events`,
POST `.../move`) a seat's token the desk issued; the page kit (`/kit.js`, `/kit.css`) holds
no secret and wants none (a seat's page loads it without the TV's token), nor does
`/favicon.ico`, which a browser asks for by itself: the pages have no icon, said as 204 (No
Content) rather than a 404 in the browser's console."""

from __future__ import annotations

from dataclasses import dataclass

from guide.core.view.wire import METHODS, Request

TV_PAGES = {"/": "tv_page", "/state.json": "tv_state", "/events": "tv_events"}
SEAT_PAGES = {("GET", ""): "seat_page", ("GET", "state.json"): "seat_state",
              ("GET", "events"): "seat_events", ("POST", "move"): "seat_move"}
KIT_FILES = {"kit.js": ("kit.js", "text/javascript; charset=utf-8"),   # the page kit
             "kit.css": ("kit.css", "text/css; charset=utf-8"),
             "follow.js": ("kit.js", "text/javascript; charset=utf-8")}  # its older name

TV, SEAT = "tv", "seat"       # the guards: whose token a request must carry


@dataclass(frozen=True)
class Route:
    guard: str | None         # TV, SEAT, or None: no token asked
    page: str | None          # the page that answers; None: refused with `status`
    status: int = 404
    token: str = ""           # a seat's token (its path's second part)


def _refused(method: str) -> int:
    """The status for a method a path does not take: 405 for a method of HTTP, 400 else."""
    return 405 if method in METHODS else 400


def route(request: Request) -> Route:
    """Where a request goes (the Host already checked)."""
    method, path = request.method, request.path
    if path.startswith("/seat/"):
        token, _sep, rest = path[len("/seat/"):].partition("/")
        page = SEAT_PAGES.get((method, rest))
        status = _refused(method) if method != "GET" else 404
        return Route(SEAT, page, status, token)
    if method != "GET":
        return Route(None, None, _refused(method))
    if path.lstrip("/") in KIT_FILES:
        return Route(None, "kit")
    if path == "/favicon.ico":
        return Route(None, "no_icon")
    page = TV_PAGES.get(path)
    return Route(TV, page, 404)
