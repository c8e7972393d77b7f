"""Seats: each player's own page, with their own secrets and their own moves.

The game says who sits at the table (`Game.seats`), what each seat may see
(`Game.seat_view`) and which moves it may make now (`Game.seat_moves`: a label and the
ready-made command line). The desk gives every seat an unguessable token, kept in the
campaign file (outside the journal: undo never takes a link back), publishes each seat's
page after every command, and takes a seat's move:

- a game with a game master (`seat_policy = "gm"`, Kaverini) puts the line at the GM's
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
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from guide.core.errors import CommandError

if TYPE_CHECKING:
    from guide.core.table import Table

Move = tuple[str, str]          # (label shown on the seat's page, the command line)


@dataclass
class Pending:
    seat: str
    line: str


class Desk:
    """The seats of one table: tokens, what each seat's page holds, and moves sent in."""

    def __init__(self, table: Table):
        self.table = table
        self._lock = threading.Lock()
        self._moves: dict[str, list[Move]] = {}       # seat -> its moves as last published
        self._version = 0
        self.pending: list[Pending] = []               # moves waiting for the game master
        self.listeners: list[Callable[[Pending], None]] = []   # told when a move arrives
        self.tokens = dict(table.campaign.seat_tokens())
        if not table.campaign.read_only:            # `guide seats` beside a running table reads
            for seat in table.game.seats(table):
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
        known = self.table.game.seats(self.table)
        if seat not in known:
            raise CommandError(f"no seat {seat!r}; seats: {', '.join(known) or 'none yet'}")
        with self._lock:
            self.pending = [p for p in self.pending if p.seat != seat]
            return self.issue(seat)

    def seat_of(self, token: str) -> str | None:
        """The seat a token opens, compared in constant time against every seat's."""
        found = None
        for seat, known in self.tokens.items():
            if hmac.compare_digest(token.encode(), known.encode()):
                found = seat
        return found if found in self.table.game.seats(self.table) else None

    # --- what a seat's page holds --------------------------------------------------------
    def payload(self, seat: str) -> dict[str, Any]:
        """Exactly what the seat's page receives (also `guide state --seat`)."""
        return {**self.payload_of(self.table, seat), "version": self._version}

    @staticmethod
    def payload_of(table: Table, seat: str) -> dict[str, Any]:
        """A seat's page content, but its version: all that comes from the game."""
        game = table.game
        moves = game.seat_moves(table, seat)
        return {"seat": seat, "game": game.id, "title": game.title, "policy": game.seat_policy,
                "view": game.seat_view(table, seat), "your_turn": bool(moves),
                "moves": [{"id": i, "label": label} for i, (label, _) in enumerate(moves)]}

    def publish(self, send: Callable[[str, bytes], None],
                gone: Callable[[str], None] | None = None) -> None:
        """Each seat's page, after a command: `send(token, bytes)` for every seat, and
        `gone(token)` for a seat that has left the table (its page and stream end)."""
        with self._lock:
            self._version += 1
            seats = self.table.game.seats(self.table)
            for seat in [s for s in self._moves if s not in seats]:
                del self._moves[seat]
                if gone is not None and seat in self.tokens:
                    gone(self.tokens[seat])
            for seat in seats:
                if seat not in self.tokens:
                    self.issue(seat)
                self._moves[seat] = self.table.game.seat_moves(self.table, seat)
        for seat in [s for s in seats if s in self.tokens]:
            body = json.dumps(self.payload(seat), ensure_ascii=False).encode("utf-8")
            send(self.tokens[seat], body)

    # --- moves sent from a seat -----------------------------------------------------------
    def receive(self, token: str, move_id: object, version: object) -> str:
        """A move sent from a seat's page (the server's thread): accepted into the queue,
        or refused with a short reason. Only a move of the seat's own current list counts."""
        seat = self.seat_of(token)
        if seat is None:
            return "unknown seat"
        with self._lock:
            if version != self._version:
                return "the table has moved on: choose again"
            moves = self._moves.get(seat, [])
            if not isinstance(move_id, int) or not 0 <= move_id < len(moves):
                return "not one of your moves now"
            pending = Pending(seat, moves[move_id][1])
            self.pending = [p for p in self.pending if p.seat != seat] + [pending]
        for listener in list(self.listeners):
            try:
                listener(pending)
            except Exception as e:  # noqa: BLE001 - the move is queued whatever a listener does
                from guide.core.logs import log_exception

                log_exception(e)
        return "sent"

    def take(self, seat: str | None = None) -> Pending:
        """The pending move of that seat (or the oldest), out of the queue."""
        with self._lock:
            for p in self.pending:
                if seat is None or p.seat.casefold() == seat.casefold():
                    self.pending.remove(p)
                    return p
        raise CommandError("no move is waiting" + (f" from {seat}'s seat" if seat else ""))


def seated(table: Table) -> bool:
    """Does the table's game have seats at all?"""
    from guide.core.game import Game

    return type(table.game).seats is not Game.seats


def links(table: Table, base: str) -> list[tuple[str, str]]:
    """(seat, link) for every seat, under `base` (`http://HOST:PORT/`)."""
    desk = desk_of(table)
    return [(seat, f"{base}seat/{desk.tokens[seat]}") for seat in table.game.seats(table)
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
