"""The core's own commands, offered by every game: roll, undo, redo, log, help, quit, state,
view; and the words of the core's own events."""

from __future__ import annotations

import json
import textwrap
from typing import TYPE_CHECKING

import click

from guide.core.dice import parse_faces, roll_expression
from guide.core.errors import CommandError, RuleError
from guide.core.i18n import N_, _, domain_of, pgettext
from guide.core.line import build
from guide.core.names import resolve, resolve_or_refuse
from guide.core.params import Named
from guide.core.players import seats as seats_of
from guide.core.registry import Registry
from guide.core.result import Result, Styled
from guide.core.seats import desk_of, links, qr, seated
from guide.core.story import say
from guide.core.view import shown_view
from guide.core.viewers import public_state

if TYPE_CHECKING:
    from guide.core.table import Table

CORE = Registry(families=("dice", "history", "table", "seats"))
command = CORE.command


@command("roll", "dice")
@click.argument("expression", nargs=-1, required=True)
@click.option("--dice", "faces", default=None, metavar="FACES",
              help="The table's own faces, in order.")
@click.option("--for", "private", default=None, metavar="WHO",
              type=Named(lambda: pgettext("what", "seat"),
                         lambda t, w: ["gm", *seats_of(t)] if t is not None else []),
              help="A private roll: only WHO sees it (gm, or a seat on its own page); kept out"
                   " of log (a roll for gm: but log --gm), the TV and the other seats.")
def roll(t: Table, expression: tuple[str, ...], faces: str | None, private: str | None) -> Result:
    """Roll dice: 2d4+1, 4d6kh3, 2d20kl1, 3d6e6, 4d6rr1, d% (the percentile, 1..100, as the
    game reads it: one d100, or two d10 read as tens and ones).

    Example: roll 4d6kh3 --for gm"""
    if faces:
        t.dice.give(parse_faces(faces, "--dice"))
    r = roll_expression(" ".join(expression), t.dice, t.game.settings.percentile)
    if private is None:
        t.tell("roll", breakdown=r.breakdown, total=r.total)
        return Result([str(r.total)])
    t.tell_private(private, "roll", breakdown=r.breakdown, total=r.total)
    return Result([str(r.total)] if private == "gm" else [])


def _need_store(t: Table) -> None:
    if t.store is None:
        raise CommandError(_("no campaign is open"))


@command("undo", "history", journal=False)
def undo(t: Table) -> Result:
    """Take back the last command that changed the campaign (also after a restart).

    Example: undo"""
    return _step(t, "undo")


@command("redo", "history", journal=False)
def redo(t: Table) -> Result:
    """Bring back the last command taken back by undo.

    Example: redo"""
    return _step(t, "redo")


def _by_bot(entry: object) -> bool:
    """Was this journal entry a bot's move (guide.core.bots)?"""
    return any(e.get("kind") == "seat" and e.get("bot") for e in getattr(entry, "story", []))


def _step(t: Table, way: str) -> Result:
    _need_store(t)
    entry = t.step(way)
    if entry is None:
        raise CommandError(_("nothing to undo") if way == "undo" else _("nothing to redo"))
    if way == "undo":
        undone = [_("Undone: {line}").format(line=entry.line)]
        from guide.core.bots.seating import bots_of, playable

        if playable(t) and bots_of(t).levels:
            # the last person's command goes with every bot move it set off, and the bots
            # wait for a person's next command (an undo is never a free re-roll)
            waited, t.bots_wait = t.bots_wait, True
            while _by_bot(entry):
                try:
                    entry = t.step("undo")
                except CommandError:            # the game's undo policy keeps that command:
                    for _move in undone:        # the bot moves after it are played again,
                        t.step("redo")          # as they were, and nothing changed
                    t.bots_wait = waited
                    raise
                if entry is None:
                    break
                undone.append(_("Undone: {line}").format(line=entry.line))
        return Result(undone)
    redone = [_("Redone: {line}").format(line=entry.line), *say(t, entry.story, "terminal")]
    from guide.core.bots.seating import bots_of, playable

    if t.store is not None and playable(t) and bots_of(t).levels:
        # the bot moves the person's command set off come back with it, as undo took them
        while (after := t.store.next_redo()) is not None and _by_bot(after):
            entry = t.step("redo")
            if entry is None:
                break
            redone += [_("Redone: {line}").format(line=entry.line), *say(t, entry.story, "terminal")]
    return Result(redone)


@command("log", "history", journal=False)
@click.argument("count", type=int, required=False, default=30)
@click.option("--gm", "gm", is_flag=True, help="Also the game master's own lines (reminders,"
                                               " questions, secrets).")
def log(t: Table, count: int, gm: bool) -> Result:
    """The evening's story in words: the last COUNT commands (default 30), without the lines
    meant for the game master alone unless --gm.

    Example: log 10 --gm"""
    r = Result()
    for entry in t.campaign.entries(limit=max(count, 1)):      # no campaign: refused
        for line in say(t, entry.story, "gm" if gm else "log"):       # broken under its text
            r.add(Styled(f"{entry.at[11:16]}  {line}", hang=len("00:00  ")))
    if not r.lines:
        r.add(_("Nothing has happened yet."))
    return r


@command("help", "table", journal=False, aliases=("?",))
@click.argument("name", nargs=-1, type=Named(lambda: pgettext("what", "command"),
                                             lambda t, w: sorted(t.registry.commands)
                                             if t is not None else [], convert=False))
def help_(t: Table, name: tuple[str, ...]) -> Result:
    """List the commands, or show one command's help.

    Example: help undo"""
    typed = " ".join(name).casefold()
    members = [c for n, c in t.registry.commands.items() if n.startswith(typed + " ")]
    if len(name) == 1 and members and typed not in t.registry.commands:
        width = max(len(c.name) for c in members)       # `help strategy`: the family's commands
        return Result([line for c in members for line in _entry(c.name, width, c.summary)])
    if name:
        return Result([t.registry.lookup(list(name))[0].help()])
    r = Result([_("Commands (help COMMAND for more):")])
    width = max(len(name) for name in t.registry.commands)
    for family, cmds in t.registry.by_family().items():
        words = domain_of(cmds[0].function.__module__)      # the family's game speaks its name
        r.add("", _("{family}:").format(family=words.pgettext("family", family)))
        for c in cmds:
            r.add(*_entry(c.name, width, c.summary))
    r.add("", _("Aliases: {aliases}").format(aliases=", ".join(
        f"{a} = {n}" for a, n in t.registry.aliases.items())))
    return r


def _entry(name: str, width: int, summary: str) -> list[str]:
    """One command in `help`: its summary wrapped at words within 79 columns, the lines after
    the first indented under it (never cut: `help NAME` has the rest)."""
    lead = f"  {name:{width}}  "
    return textwrap.wrap(summary, 79, initial_indent=lead,
                         subsequent_indent=" " * len(lead)) or [lead.rstrip()]


@command("quit", "table", journal=False, aliases=("exit",))
def quit_(t: Table) -> Result:
    """Leave the table (Ctrl-D works too). Everything is already saved.

    Example: quit"""
    raise SystemExit(0)


@command("state", "table")
def state(t: Table) -> Result:
    """The campaign's state as JSON (the same as `guide state`).

    Example: state"""
    return Result([json.dumps(public_state(t), indent=2, ensure_ascii=False)])


@command("view", "table", journal=False)
@click.option("--lan", is_flag=True, help="Serve on every interface, with a secret token in"
                                          " the address (for a TV or tablet, and the seats).")
@click.option("--port", type=click.IntRange(0, 65535), default=None,
              help="Port (default 8765, or the next free one).")
@click.option("--stop", is_flag=True, help="Stop serving the page.")
def view(t: Table, lan: bool, port: int | None, stop: bool) -> Result:
    """Serve the players' view: a live page of what every player may see, and each seat's
    own page (seats).

    Example: view --lan"""
    server = t.services.get("view")
    if stop:
        if server is None:
            raise CommandError(_("the players' view is not being served"))
        stop_view(t)
        return Result([_("The players' view is closed.")])
    if server is not None:
        return Result([_("The players' view is at {url}").format(url=server.url)])
    server, note = start_view(t, port, lan)
    r = Result([_("The players' view is at {url}").format(url=server.url), *([note] if note else []),
                _("Open it on the second screen; it follows the table as you play.")])
    if seated(t):
        r.add(_("Each player's own page: seats lists the links, seats qr NAME draws one's QR code."))
    return r


def start_view(t: Table, port: int | None, lan: bool):
    """Serve the TV page (and, in a game with seats, the seats), following every command."""
    from importlib import resources

    from guide.core.i18n import current
    from guide.core.view import in_language
    from guide.core.view.ports import serve

    def page(own: bytes | None, core: str, title: str) -> bytes:
        """The game's page (or the core's) in the table's language: <html lang>, <title>."""
        raw = own or resources.files("guide.core.view").joinpath(core).read_bytes()
        return in_language(raw, current(), title.format(title=t.game.title))

    token = None if t.store is None else t.campaign.tv_token()
    try:
        server, note = serve(page(t.game.settings.view_page, "page.html", _("{title}: the players' view")),
                             port, lan, token)
    except OSError as e:
        raise CommandError(_("cannot serve the view on port {port}: {why}").format(
            port=port or _("near 8765"), why=e.strerror or e)) from None
    if t.store is not None and token is None and not t.campaign.read_only:
        t.campaign.save_tv_token(server.tv_token)
    desk = desk_of(t) if seated(t) else None
    if desk is not None:
        server.on_move = desk.receive
        server.on_open = desk.page_opened
        server.seat_page = page(t.game.settings.seat_page, "seat.html", _("{title}: your seat"))
        desk.resend()
        t.campaign.save_seat_address(server.base)

    def listener(table: Table) -> None:
        server.publish(shown_view(table))
        if desk is not None:
            desk.publish(server.publish_seat, server.forget_seat)

    def close() -> None:             # the table ends: no seat keeps a link to a dead page
        if t.services.get("view") is server:
            stop_view(t)

    t.services["view"], t.services["view listener"] = server, listener
    listener(t)
    t.listeners.append(listener)
    t.closing.append(close)
    return server, note


def stop_view(t: Table) -> None:
    server = t.services.pop("view")
    server.close()
    t.listeners.remove(t.services.pop("view listener"))
    if seated(t) and t.store is not None:
        t.campaign.save_seat_address(None)


# --- seats: each player's own page (guide.core.seats) -------------------------------------
@command("seats", "seats", journal=False)
@click.option("--no-qr", "no_qr", is_flag=True, hidden=True,
              help="The links alone (as `seats` prints them now; kept for scripts).")
def seats(t: Table, no_qr: bool) -> Result:
    """Each player's own page: one link per seat; `seats qr NAME` prints that seat's QR
    code to scan, one at a time (a screen of codes scrolls the first ones away). The view
    serves them (view --lan for phones on the network).

    Example: seats"""
    base = _seat_base(t)
    r = Result()
    if not base:
        r.add(_("The view is not being served yet: type view --lan, then these links work."))
        base = "http://HOST:8765/"
    elif _this_computer_only(base):
        r.add(_(LOCAL_ONLY))
    for seat, link in links(t, base):
        r.add(_("{seat}: {link}").format(seat=seat, link=link))
    unlinked = [s for s in seats_of(t) if s not in desk_of(t).tokens]
    if unlinked:
        r.add(_("No link yet (the table makes them when it runs): {seats}").format(seats=", ".join(unlinked)))
    elif seats_of(t):
        r.add(_("A seat's QR code to scan: seats qr NAME"))
    waiting = desk_of(t).pending
    if waiting:
        r.add(_("Waiting for the game master: {moves}").format(
            moves="; ".join(f"{p.seat}: {p.line}" for p in waiting)))
    return r


LOCAL_ONLY = N_("These links open on this computer only: for the players' phones, serve the"
                " view on the network (view --stop, then view --lan).")


def _this_computer_only(base: str) -> bool:
    """Whether the view is served on the loopback address alone (`view` without --lan)."""
    from urllib.parse import urlsplit

    host = urlsplit(base).hostname or ""
    return host == "localhost" or host == "::1" or host.startswith("127.")


def _seat_base(t) -> str:
    """The address the seats' links start with ("" while the view is not served)."""
    if not seated(t):
        raise CommandError(_("the {game} game has no seats").format(game=t.game.id))
    server = t.services.get("view")
    return server.base if server is not None else (t.campaign.seat_address() or "")


@command("seats qr", "seats", journal=False)
@click.argument("seat")
def seats_qr(t: Table, seat: str) -> Result:
    """One seat's link with its QR code, for that player to scan.

    Example: seats qr Ann"""
    base = _seat_base(t)
    name = resolve(seat, seats_of(t), pgettext("what", "seat"))
    r = Result()
    if not base:
        r.add(_("The view is not being served yet: type view --lan, then this link works."))
        base = "http://HOST:8765/"
    elif _this_computer_only(base):
        r.add(_(LOCAL_ONLY))
    for s, link in links(t, base):
        if s == name:
            r.add(_("{seat}: {link}").format(seat=s, link=link), *qr(link))
            return r
    raise CommandError(_("{seat} has no link yet (the table makes them when it runs)").format(seat=name))


@command("seats revoke", "seats", journal=False)
@click.argument("seat")
def seats_revoke(t: Table, seat: str) -> Result:
    """Take a seat's link back and issue a new one (a lost phone).

    Example: seats revoke Ann"""
    desk = desk_of(t)
    name = resolve(seat, seats_of(t), pgettext("what", "seat"))
    old = desk.tokens.get(name)
    desk.revoke(name)
    server = t.services.get("view")
    if server is not None:
        if old:
            server.forget_seat(old)
        desk.publish(server.publish_seat, server.forget_seat)
    base = _seat_base(t) or "http://HOST:8765/"
    new = [_("{seat}: {link}").format(seat=s, link=link) for s, link in links(t, base) if s == name]
    return Result([_("{seat}'s old link gets nothing now; the new one:").format(seat=name), *new])


def _seat_names(t: Table | None, words: list[str]) -> list[str]:
    return seats_of(t) if t is not None else []


def _seat_word() -> str:
    return pgettext("what", "seat")


@command("bot", "seats", journal=False)     # the seat read in the command: the game's refusal first
@click.argument("seat", required=False, type=Named(_seat_word, _seat_names, convert=False))
@click.option("--level", default=None, metavar="LEVEL",
              help="random (any legal move), or another level the game offers.")
@click.option("--off", is_flag=True, help="The seat goes back to a person.")
def bot(t: Table, seat: str | None, level: str | None, off: bool) -> Result:
    """A bot plays that seat (or the seat of a player who left: it keeps its secrets), on its
    turn, without anyone typing; --off gives the seat back to a person. Alone, the seats bots
    play. A bot sees only its seat's page and makes only its seat's moves.

    Example: bot Bob --level random"""
    from guide.core.bots import levels_of
    from guide.core.bots.seating import bots_of, playable

    kit = t.game.bots()
    if not playable(t):
        raise CommandError((kit.refusal() if kit is not None else None)
                           or _("no bot plays the {game} game").format(game=t.game.id))
    bots = bots_of(t)
    if seat is not None:            # a seat the table does not have, once bots may play
        seat = _bot_seat(t, seat, off)
    if seat is None:
        if not bots.levels:
            return Result([_("No bot plays a seat.")])
        return Result([_with_way_back(t, _("{seat}: a bot, {level}").format(seat=s, level=lv), s)
                       for s, lv in bots.levels.items()])
    if off:
        return _bot_off(t, seat, level)
    known = levels_of(t)
    fit = [lv for lv in (kit.default_levels if kit is not None else ()) if lv in known]
    level = level or (fit[-1] if fit else "random")
    if level not in known:
        raise CommandError(_("no bot level {level!r}; levels: {levels}").format(
            level=level, levels=", ".join(known)))
    bots.set(seat, level)
    desk = t.services.get("desk")
    if desk is not None:
        with desk._lock:                    # a move the person sent before is not theirs now
            desk.pending = [p for p in desk.pending if p.seat != seat]
    back = build(["bot", seat], [("--off", None)])     # the name quoted as a line needs it
    said = [_("A bot ({level}) plays {seat}'s seat; {line} gives it back.").format(
        level=level, seat=seat, line=back)]
    note = _way_back(t, seat)
    # the game's way back for the seat's player who left (BotKit.away), as a sentence
    return Result(said if note is None else [*said, _("{note}.").format(note=note)])


def _bot_seat(t: Table, seat: str, off: bool) -> str:
    """The seat `bot SEAT` names, as the table spells it; with --off, also a seat a bot was
    given that the table has no more (its player left). A refusal adds the way back."""
    from guide.core.bots.seating import bots_of

    known = _seat_names(t, []) + (list(bots_of(t).levels) if off else [])
    try:
        return resolve_or_refuse(seat, known, _seat_word)
    except RuleError as e:
        raise RuleError(_with_way_back(t, str(e), seat)) from None


def _bot_off(t: Table, seat: str, level: str | None) -> Result:
    """`bot SEAT --off`: the seat a person's again, or, its player gone, nobody's till they
    come back (the game's way back)."""
    from guide.core.bots.seating import bots_of

    bots = bots_of(t)
    if level is not None:
        raise CommandError(_("bot --off takes no --level"))
    if bots.level(seat) is None:
        raise CommandError(_with_way_back(t, _("no bot plays {seat}'s seat").format(seat=seat), seat))
    bots.set(seat, None)
    note = _way_back(t, seat)
    if note is not None:        # its player left: no person is back until they come back
        return Result([_("No bot plays {seat}'s seat now; {note}.").format(seat=seat, note=note)])
    return Result([_("{seat}'s seat is a person's again.").format(seat=seat)])


def _way_back(t: Table, name: str) -> str | None:
    """The game's way back to the table for a player `name` who left it (BotKit.away)."""
    kit = t.game.bots()
    return kit.away(t, name) if kit is not None else None


def _with_way_back(t: Table, said: str, name: str) -> str:
    """What `bot` says of a seat, then the game's way back for its player who left."""
    note = _way_back(t, name)
    return said if note is None else _("{said}; {note}").format(said=said, note=note)


@command("seats moves", "seats", journal=False)
def seats_moves(t: Table) -> Result:
    """The moves the seats have sent that wait for the game master.

    Example: seats moves"""
    waiting = desk_of(t).pending
    if not waiting:
        return Result([_("No move is waiting.")])
    return Result([f"{p.seat}: {p.line}" for p in waiting])


@command("seats take", "seats", journal=False)
@click.argument("seat", required=False)
def seats_take(t: Table, seat: str | None) -> Result:
    """Run a seat's waiting move as it was sent (the game master's Enter).

    Example: seats take Ann"""
    pending = desk_of(t).take(seat)
    return t.execute(pending.line, seat=pending.seat)


@command("seats drop", "seats", journal=False)
@click.argument("seat", required=False)
def seats_drop(t: Table, seat: str | None) -> Result:
    """Discard a seat's waiting move.

    Example: seats drop Ann"""
    pending = desk_of(t).take(seat, current=False)
    return Result([_("Discarded {seat}'s move: {line}").format(seat=pending.seat, line=pending.line)])
