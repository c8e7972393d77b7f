"""A game's events in words: one registry per game (`Game.events`), each kind of event its
rules or commands tell mapped to the function that says it (event data -> the line the game
master reads, in the table's language), and which kinds are the game master's alone.

The core's own kinds (a roll, the seat a move came from) are said by the core; a game's
registry says its own. The contract (tests/contract) checks that every kind a game tells
is in its registry and is said in every language the game offers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from guide.core.i18n import _

if TYPE_CHECKING:
    from guide.core.table import Table

Event = dict[str, Any]
Renderer = Callable[[Event, "Table"], "str | None"]     # (event, table) -> words, or None
Line = Callable[[Event], "str | None"]                    # a renderer that needs no table
Join = Callable[[list[Event], Callable[[Event], "str | None"]], list[str]]


class Events:
    """Kind -> renderer. `gm`: kinds for the game master's eyes only (a reminder, a question:
    `log` leaves them out unless `log --gm`); `gm_if(event, table)`: a test for single
    events of other kinds that are (a secret item; a line naming what the table keeps secret
    now, as Kaverini's foes' moves without a Psychic Kaveri). `join`: how one command's
    events are said together (three players gaining the same points in one line); by
    default one line each.
    `default`: the renderer of a kind not registered (an event an older version stored
    with its own words), before the core's."""

    def __init__(self, renderers: Mapping[str, Renderer] | None = None, *,
                 gm: Iterable[str] = (), gm_if: Callable[[Event, Table], bool] | None = None,
                 join: Join | None = None, default: Renderer | None = None):
        self.renderers: dict[str, Renderer] = dict(renderers or {})
        self.gm = frozenset(gm)
        self.gm_if = gm_if
        self.join = join
        self.default = default

    @classmethod
    def of(cls, lines: Mapping[str, Line], **options: Any) -> Events:
        """A registry of renderers that need only the event."""
        return cls({kind: _no_table(line) for kind, line in lines.items()}, **options)

    def kind(self, *kinds: str) -> Callable[[Renderer], Renderer]:
        """Decorator: the renderer of these kinds."""
        def register(fn: Renderer) -> Renderer:
            for kind in kinds:
                self.renderers[kind] = fn
            return fn
        return register

    def __contains__(self, kind: object) -> bool:
        return kind in self.renderers or kind in CORE_KINDS

    def render(self, event: Event, table: Table) -> str | None:
        """One event in words (None: not shown): the game's renderer of its kind, or the
        core's for the core's own kinds."""
        fn = self.renderers.get(str(event.get("kind")))
        if fn is not None:
            return fn(event, table)
        if self.default is not None:
            line = self.default(event, table)
            if line is not None:
                return line
        return core_render(event)

    def story(self, events: list[Event], table: Table) -> list[str]:
        """The lines of one command's story."""
        if self.join is not None:
            return self.join(events, lambda e: self.render(e, table))
        return [line for line in (self.render(e, table) for e in events) if line]

    def gm_only(self, event: Event, table: Table) -> bool:
        """Is this event for the game master's eyes only?"""
        return event.get("kind") in self.gm or (self.gm_if is not None and self.gm_if(event, table))


def _no_table(line: Line) -> Renderer:
    return lambda event, table: line(event)


CORE_KINDS = frozenset({"roll", "seat"})


def core_render(event: Event) -> str | None:
    """The core's own events in words."""
    if event.get("kind") == "roll":
        return str(event["breakdown"])
    if event.get("kind") == "seat":
        if event.get("bot"):        # a bot's move (guide.core.bots), its level
            return _("(from {seat}'s seat: a bot, {level})").format(seat=event["seat"],
                                                                  level=event["bot"])
        return _("(from {seat}'s seat)").format(seat=event["seat"])
    return None


def said(table: Table, event: Event) -> str | None:
    """One event in the words of the table's game."""
    return table.game.events.render(event, table)
