"""Seats: each player's own page, with their own secrets and their own moves.

The game says who sits at the table (`Game.players`: those with a seat), what each seat
may see (`Game.view` of the seat's viewer) and which moves it may make now
(`Game.seat_moves`: each a `Move`, the ready-made command line built from its words with
its label and the groups its button sits in, as data the page arranges, never read back
from the label).
The desk gives every seat an unguessable token, kept in the campaign file (outside the
journal: undo never takes a link back), publishes each seat's page after every command,
and takes a seat's move:

- a game with a game master (`Settings.seat_policy = "gm"`, Kaverini) puts the line at the GM's
  prompt, who runs it with Enter, edits it or discards it (`seats take`, `seats drop` in a
  script): nothing changes the campaign without the game master;
- a game without one (`"apply"`) runs a legal move at once.

Either way the move goes through the same table, one transaction, undoable, and its story
says which seat it came from. A seat can only send a move of its own current list: it
cannot act for another seat or out of turn, and a revoked link gets nothing.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from guide.core.errors import CommandError
from guide.core.i18n import _
from guide.core.line import build
from guide.core.logs import log_exception
from guide.core.moves import Move
from guide.core.players import seats as seats_of
from guide.core.view import SCHEMA
from guide.core.viewers import seat_view

if TYPE_CHECKING:
    from guide.core.table import Table

__all__ = ["Move"]     # also found here, beside the seats that make them

@dataclass
class Pending:
    seat: str
    line: str


def page_words() -> dict[str, str]:
    """The page kit's own words, in the table's language, sent with every seat's page
    (kit.js fills their {names})."""
    return {"seat": _("Your seat"), "turn": _("Your turn!"), "done": _("Done."),
            "sent": _("Sent: the game master runs it."), "silent": _("no answer"),
            "no_answer": _("the table does not answer: try again"),
            "tap_to_see": _("Tap to see {label}"),
            "only_here": _("{seconds} s, only on this screen"),
            "hidden_again": _("{label}: hidden again"), "hides_in": _("hides in"),
            "closed": _("This link opens no seat now: ask the table for yours (seats)."),
            "away": _("reconnecting…")}


class Desk:
    """The seats of one table: tokens, what each seat's page holds, and moves sent in."""

    def __init__(self, table: Table):
        self.table = table
        self._lock = threading.Lock()
        self._moves: dict[str, list[Move]] = {}       # seat -> its moves as last published
        self._shown: dict[str, str] = {}               # seat -> the token its page went to
        # Each seat page's version, new only when what the page holds changed (a command
        # that changes nothing for a seat, a failed one or `log`, leaves a tap on its way
        # valid). Each page counts its own, so that a gap in one never tells how often
        # another page changed. Never one a page of an earlier start was sent (a stale tap
        # after a restart is refused, not queued): they count up from this start's
        # microsecond clock, beyond any count an earlier start could have reached.
        self._start = time.time_ns() // 1000
        self._versions: dict[str, int] = {}          # seat -> its page's version
        self._held: dict[str, str] = {}              # seat -> its page's content, as JSON
        self.pending: list[Pending] = []               # moves waiting for the game master
        self.listeners: list[Callable[[Pending], None]] = []   # told when a move arrives
        self.tokens = dict(table.campaign.seat_tokens())
        # seat -> when its page first read its content in this run (table.now()): a player
        # can act from their page only once it is open (a game's clock waits for it)
        self.opened: dict[str, float] = {}
        if not table.campaign.read_only:            # `guide seats` beside a running table reads
            for seat in seats_of(table):
                if seat not in self.tokens:
                    self.issue(seat)

    # --- links ------------------------------------------------------------------------
    def issue(self, seat: str) -> str:
        token = secrets.token_urlsafe(18)
        self.table.campaign.save_seat_token(seat, token)
        self.tokens[seat] = token
        return token

    def revoke(self, seat: str) -> str:
        """A new link for the seat; the old one gets nothing from now on."""
        known = seats_of(self.table)
        if seat not in known:
            raise CommandError(_("no seat {seat!r}; seats: {seats}").format(
                seat=seat, seats=", ".join(known) or _("none yet")))
        with self._lock:
            self.pending = [p for p in self.pending if p.seat != seat]
            return self.issue(seat)

    def seat_of(self, token: str) -> str | None:
        """The seat a token opens, compared in constant time against every seat's."""
        found = self._token_seat(token)
        return found if found in seats_of(self.table) else None

    def _token_seat(self, token: str) -> str | None:
        found = None
        for seat, known in list(self.tokens.items()):
            if hmac.compare_digest(token.encode(), known.encode()):
                found = seat
        return found

    def page_opened(self, token: str) -> None:
        """The server's word that a seat's page has read its content (the server's thread):
        the first time is kept, by the table's clock."""
        seat = self._token_seat(token)
        if seat is None:
            return
        with self._lock:
            if seat not in self.opened:
                self.opened[seat] = self.table.now()

    # --- what a seat's page holds --------------------------------------------------------
    def payload(self, seat: str) -> dict[str, Any]:
        """Exactly what the seat's page receives (also `guide state --seat`)."""
        return {**self.payload_of(self.table, seat), "version": self._versions.get(seat, self._start)}

    @staticmethod
    def payload_of(table: Table, seat: str) -> dict[str, Any]:
        """A seat's page content, but its version: all that comes from the game."""
        game = table.game
        played = bot_level(table, seat)
        moves = [] if played else list(game.seat_moves(table, seat))
        payload = {"schema": SCHEMA, "seat": seat, "game": game.id, "title": game.title,
                   "policy": game.settings.seat_policy, "view": seat_view(table, seat),
                   "your_turn": bool(moves), "moves": [m.shown(i) for i, m in enumerate(moves)],
                   "words": page_words()}
        if played:         # a bot plays this seat: its page shows so, and takes no move
            said = _("A bot ({level}) plays this seat now; the game master gives it back with:"
                     " {line}").format(level=played, line=build(["bot", seat], [("--off", None)]))
            kit = game.bots()
            away = kit.away(table, seat) if kit is not None else None    # its player left
            payload["bot"] = {"level": played, "said": said if away is None else
                              _("{said}; {note}").format(said=said, note=away)}
        private = private_lines(table, seat)
        if private:
            payload["private"] = private
        return payload

    def publish(self, send: Callable[[str, bytes], None],
                gone: Callable[[str], None] | None = None) -> None:
        """Each seat's page, after a command: `send(token, bytes)` for every seat, and
        `gone(token)` for a page that has no seat any more (a Kaveri who left, undone,
        or a revoked link): it gets nothing from then on. A move still waiting that is no
        longer one of its seat's moves (the table moved on: another's turn now, a guess
        already made) is dropped: it would act out of turn or for another seat. A page whose
        content did not change keeps its version and gets nothing new."""
        with self._lock:
            seats = seats_of(self.table)
            for seat in seats:
                if seat not in self.tokens:
                    self.issue(seat)
            self._moves = {seat: [] if bot_level(self.table, seat) else
                           list(self.table.game.seat_moves(self.table, seat))
                           for seat in seats}
            self.pending = [p for p in self.pending if self._still(p)]
            shown, self._shown = self._shown, {seat: self.tokens[seat] for seat in seats}
        for token in set(shown.values()) - set(self._shown.values()):
            if gone is not None:
                gone(token)
        for seat in seats:
            content = self.payload_of(self.table, seat)
            # the moves' lines too: a move of the same label may now run another line
            held = json.dumps([content, [m.line for m in self._moves[seat]]], ensure_ascii=False)
            with self._lock:
                if self._held.get(seat) == held and shown.get(seat) == self.tokens[seat]:
                    continue
                version = self._versions[seat] = self._versions.get(seat, self._start) + 1
                self._held[seat] = held
                body = {**content, "version": version}
            send(self.tokens[seat], json.dumps(body, ensure_ascii=False).encode("utf-8"))

    def resend(self) -> None:
        """Every page's content goes out again at the next publish (a new server: the view
        started again, and holds none of it)."""
        with self._lock:
            self._held.clear()

    def _still(self, pending: Pending) -> bool:
        """Whether a waiting move is still one of its seat's moves as last published."""
        return pending.line in [m.line for m in self._moves.get(pending.seat, [])]

    # --- moves sent from a seat -----------------------------------------------------------
    def receive(self, token: str, move_id: object, version: object) -> str:
        """A move sent from a seat's page (the server's thread): accepted into the queue,
        or refused with a short reason. Only a move of the seat's own current list counts."""
        with self._lock:                # the published seats only: the table is not read here
            seat = self._token_seat(token)
            if seat is None or seat not in self._moves:
                return _("unknown seat")
            if version != self._versions.get(seat):
                return _("the table has moved on: choose again")
            moves = self._moves.get(seat, [])
            if (not isinstance(move_id, int) or isinstance(move_id, bool)   # true is not 1
                    or not 0 <= move_id < len(moves)):
                return _("not one of your moves now")
            pending = Pending(seat, moves[move_id].line)
            self.pending = [p for p in self.pending if p.seat != seat] + [pending]
        for listener in list(self.listeners):
            try:
                listener(pending)
            except Exception as e:  # noqa: BLE001 - the move waits anyway; the phone hears so
                log_exception(e)
        return "sent"

    def take(self, seat: str | None = None, current: bool = True) -> Pending:
        """The pending move of that seat (or the oldest), out of the queue; with `current`,
        only while it is still one of its seat's moves now (else it is dropped, refused)."""
        with self._lock:
            for p in list(self.pending):
                if seat is None or p.seat.casefold() == seat.casefold():
                    self.pending.remove(p)
                    now = list(self.table.game.seat_moves(self.table, p.seat))
                    if current and p.line not in [m.line for m in now]:
                        if seat is None:
                            continue
                        raise CommandError(_("{seat}'s move ({line}) is not one of its moves"
                                             " now: the table has moved on; it is dropped"
                                             ).format(seat=p.seat, line=p.line))
                    return p
        raise CommandError(_("no move is waiting from {seat}'s seat").format(seat=seat) if seat
                           else _("no move is waiting"))

    def withdraw(self, pending: Pending) -> None:
        """A move out of the queue (run at the prompt, or discarded there)."""
        with self._lock:
            self.pending = [p for p in self.pending if p is not pending]


PRIVATE_KEPT = 20      # a seat's page shows its private events of the last commands


def private_lines(table: Table, seat: str) -> list[str]:
    """What only this seat may see (Table.tell_private: a private die, a card drawn), of the
    last PRIVATE_KEPT commands, in words; nobody else's page or the TV ever gets these."""
    from guide.core.story import say

    if table.store is None:
        return []
    lines: list[str] = []
    for entry in table.store.entries(limit=PRIVATE_KEPT):
        lines += say(table, [e for e in entry.story if e.get("private") == seat], seat)
    return lines


def bot_level(table: Table, seat: str) -> str | None:
    """The level of the bot that plays this seat (`bot NAME`), or None: a person's. Read
    from the table's bots (guide.core.bots.seating) once they are in play, else from the
    campaign, which keeps them (only a game bots may play has any); until `bot` changes a
    seat, which brings the table's bots into play, that reading holds."""
    bots = table.services.get("bots")
    if bots is not None:
        return bots.level(seat)
    if table.store is None:
        return None
    kept = table.services.get("bot seats kept")      # read once: every page asks, every command
    if kept is None:
        kept = table.services["bot seats kept"] = dict(table.store.bot_seats())
    return kept.get(seat)


def page_opened(table: Table, seat: str) -> float | None:
    """When the seat's page first read its content in this run (table.now()), or None: not
    yet, or no view is served. A game whose clock runs only while a player can act starts a
    seat's clock no earlier than this."""
    desk = table.services.get("desk")
    return None if desk is None else desk.opened.get(seat)


def seated(table: Table) -> bool:
    """Does the table's game have seats at all?"""
    from guide.core.game import Game

    return type(table.game).players is not Game.players


def links(table: Table, base: str) -> list[tuple[str, str]]:
    """(seat, link) for every seat, under `base` (`http://HOST:PORT/`)."""
    desk = desk_of(table)
    return [(seat, f"{base}seat/{desk.tokens[seat]}") for seat in seats_of(table)
            if seat in desk.tokens]


def qr(link: str) -> list[str]:
    """A QR code of the link for the terminal (segno, imported only here)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="l").terminal(out=out, compact=True)
    return out.getvalue().rstrip("\n").splitlines()


def desk_of(table: Table) -> Desk:
    """The table's desk, made on first use."""
    desk = table.services.get("desk")
    if desk is None:
        desk = table.services["desk"] = Desk(table)
    return desk


# --- what a bot (or any program) reads of a seat ----------------------------------------
def moves_for(table: Table, seat: str) -> list[Move]:
    """The moves that seat may make now, each with its ready-made command line (`Move.line`),
    exactly those its page offers: what a bot chooses from."""
    return list(table.game.seat_moves(table, seat))


def view_for(table: Table, seat: str) -> dict[str, Any]:
    """What that seat may see now, as its page's `view` shows it: what a bot reads."""
    return seat_view(table, seat)
