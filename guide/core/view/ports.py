"""Where the players' view listens: a fixed, documented default port, so the TV can keep a
bookmark; when it is taken, the next free one (and the table says so)."""

from __future__ import annotations

from guide.core.i18n import _
from guide.core.view.server import ViewServer

DEFAULT_PORT = 8765
TRIES = 20


def serve(page: bytes | None, port: int | None, lan: bool, token: str | None = None
          ) -> tuple[ViewServer, str]:
    """A running server and a note for the screen ("" when it got the port it asked for);
    `token`: the TV's token to serve under (the campaign's own, kept across restarts).
    An explicit port is tried alone; the default and the next TRIES-1 ports otherwise.
    Raises OSError when none is free."""
    ports = [port] if port is not None else range(DEFAULT_PORT, DEFAULT_PORT + TRIES)
    error: OSError | None = None
    for candidate in ports:
        try:
            server = ViewServer(page=page, port=candidate, lan=lan, token=token)
        except OSError as e:
            error = e
            continue
        moved = port is None and candidate != DEFAULT_PORT
        return server, (_("(port {port} is taken: serving on {other})").format(
            port=DEFAULT_PORT, other=candidate) if moved else "")
    assert error is not None
    raise error
