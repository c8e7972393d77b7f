"""The core's own commands, offered by every game: roll, undo, redo, log, help, quit, state,
view; and the words of the core's own events."""

from __future__ import annotations

import json

import click

from guide.core.dice import parse_faces, roll_expression
from guide.core.errors import CommandError
from guide.core.params import Named
from guide.core.registry import Registry
from guide.core.result import Result

CORE = Registry(families=("dice", "history", "table"))
command = CORE.command


def render(event: dict) -> str | None:
    """The core's own events in words (a game's renderer falls back on this)."""
    if event["kind"] == "roll":
        return str(event["breakdown"])
    return None


@command("roll", "dice")
@click.argument("expression", nargs=-1, required=True)
@click.option("--dice", "faces", default=None, metavar="FACES",
              help="The table's own faces, in order (R-DICE-3).")
def roll(t, expression: tuple[str, ...], faces: str | None) -> Result:
    """Roll dice: 2d4+1, 4d6kh3, 2d20kl1, 3d6e6, 4d6rr1, d% (the percentile, 1..100).
    Example: roll 4d6kh3"""
    if faces:
        t.dice.give(parse_faces(faces, "--dice"))
    r = roll_expression(" ".join(expression), t.dice)
    t.tell("roll", breakdown=r.breakdown, total=r.total)
    return Result([str(r.total)])


def _need_store(t) -> None:
    if t.store is None:
        raise CommandError("no campaign is open")


@command("undo", "history", journal=False)
def undo(t) -> Result:
    """Take back the last command that changed the campaign (also after a restart)."""
    return _step(t, "undo")


@command("redo", "history", journal=False)
def redo(t) -> Result:
    """Bring back the last command taken back by undo."""
    return _step(t, "redo")


def _step(t, way: str) -> Result:
    _need_store(t)
    entry = getattr(t.store, way)()
    if entry is None:
        raise CommandError(f"nothing to {way}")
    t.reload()
    return Result([f"{'Undone' if way == 'undo' else 'Redone'}: {entry.line}"])


@command("log", "history", journal=False)
@click.argument("count", type=int, required=False, default=30)
def log(t, count: int) -> Result:
    """The evening's story in words: the last COUNT commands (default 30)."""
    _need_store(t)
    r = Result()
    for entry in t.store.entries(limit=max(count, 1)):
        for event in entry.story:
            line = t.game.render(event, t)
            if line:
                r.add(f"{entry.at[11:16]}  {line}")
    if not r.lines:
        r.add("Nothing has happened yet.")
    return r


@command("help", "table", journal=False, aliases=("?",))
@click.argument("name", nargs=-1, type=Named("command", lambda t, w: sorted(t.registry.commands)
                                                     if t is not None else [], convert=False))
def help_(t, name: tuple[str, ...]) -> Result:
    """List the commands, or show one command's help."""
    if name:
        return Result([t.registry.lookup(list(name))[0].help()])
    r = Result(["Commands (help COMMAND for more):"])
    width = max(len(name) for name in t.registry.commands)
    for family, cmds in t.registry.by_family().items():
        r.add("", f"{family}:")
        r.add(*(f"  {c.name:{width}}  {c.summary}" for c in cmds))
    r.add("", "Aliases: " + ", ".join(f"{a} = {n}" for a, n in t.registry.aliases.items()))
    return r


@command("quit", "table", journal=False, aliases=("exit",))
def quit_(t) -> Result:
    """Leave the table (Ctrl-D works too). Everything is already saved."""
    raise SystemExit(0)


@command("state", "table")
def state(t) -> Result:
    """The campaign's state as JSON (the same as `guide state`)."""
    return Result([json.dumps(t.game.public_state(t), indent=2, ensure_ascii=False)])


@command("view", "table", journal=False)
@click.option("--lan", is_flag=True, help="Serve on every interface, with a secret token in"
                                          " the address (for a TV or tablet).")
@click.option("--port", type=click.IntRange(0, 65535), default=None,
              help="Port (default 8765, or the next free one).")
@click.option("--stop", is_flag=True, help="Stop serving the page.")
def view(t, lan: bool, port: int | None, stop: bool) -> Result:
    """Serve the players' view: a read-only live page of what every player may see.
    Example: view --lan"""
    from guide.core.view.ports import serve

    server = t.services.get("view")
    if stop:
        if server is None:
            raise CommandError("the players' view is not being served")
        server.close()
        t.listeners.remove(t.services.pop("view listener"))
        del t.services["view"]
        return Result(["The players' view is closed."])
    if server is not None:
        return Result([f"The players' view is at {server.url}"])
    try:
        server, note = serve(t.game.view_page, port, lan)
    except OSError as e:
        raise CommandError(f"cannot serve the view on port {port or 'near 8765'}:"
                           f" {e.strerror or e}") from None

    def listener(table) -> None:
        server.publish(table.game.view(table))

    t.services["view"], t.services["view listener"] = server, listener
    listener(t)
    t.listeners.append(listener)
    return Result([f"The players' view is at {server.url}", *([note] if note else []),
                   "Open it on the second screen; it follows the table as you play."])
