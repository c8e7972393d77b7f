"""`view`: the players' live page for a second screen (guide.view)."""

from __future__ import annotations

import click

from guide.commands.registry import CommandError, command
from guide.render import Result


@command("view", "table", journal=False)
@click.option("--lan", is_flag=True, help="Serve on every interface, with a secret token in"
                                          " the address (for a TV or tablet).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port (default: any).")
@click.option("--stop", is_flag=True, help="Stop serving the page.")
def view(t, lan, port, stop):
    """Serve the players' view: a read-only live page (Kaverit, foes' public side, dice,
    quotes); foes' secrets stay hidden unless a Psychic Kaveri is present."""
    from guide.view.model import player_view
    from guide.view.server import ViewServer

    server = getattr(t, "view_server", None)
    if stop:
        if server is None:
            raise CommandError("the players' view is not being served")
        server.close()
        t.listeners.remove(t.view_listener)
        t.view_server = None
        return Result(["The players' view is closed."])
    if server is not None:
        return Result([f"The players' view is at {server.url}"])
    try:
        server = ViewServer(port=port, lan=lan)
    except OSError as e:
        raise CommandError(f"cannot serve the view on port {port}: {e.strerror or e}") from None

    def listener(table) -> None:
        server.publish(player_view(table))

    t.view_server, t.view_listener = server, listener
    listener(t)
    t.listeners.append(listener)
    return Result([f"The players' view is at {server.url}",
                   "Open it on the second screen; it follows the table as you play."])
