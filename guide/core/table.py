"""The table: the campaign state, the game's data, the dice and the store, and how one
command line travels through them (parse, run on a copy, store the changes and the story
events in one transaction, show the events through the game's renderer). It knows no game:
the campaign's Game supplies the commands, the state and the words."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from guide.core.commands import CORE
from guide.core.dice import Dice
from guide.core.errors import CommandError, GuideError
from guide.core.registry import parse, split
from guide.core.result import Result
from guide.core.state import diff
from guide.core.store import Store

if TYPE_CHECKING:
    from guide.core.game import Game

Ask = Callable[[str, list[str]], str]


class Table:
    def __init__(self, game: Game, store: Store | None, library: Any, dice: Dice,
                 ask: Ask | None = None):
        self.game = game
        self.registry = game.commands.merged(CORE)
        self.store = store
        self.library = library             # the game's data, as Game.load gave it
        self.dice = dice
        self.ask = ask                     # asks the GM in a terminal; None in scripts
        self.state: dict = store.load(game.new_state) if store else game.new_state()
        self.story: list[dict] = []        # events of the command being run
        self._attributed = 0
        self.listeners: list[Callable[[Table], None]] = []   # told after each command
        self.services: dict[str, Any] = {}  # things the REPL runs beside the table (the view)
        self.lang = game.languages[0]       # the language of the game's words (guide play --lang)

    # --- running a command ------------------------------------------------------------
    def execute(self, line: str) -> Result:
        args = split(line)
        if not args:
            return Result()
        cmd, rest = self.registry.lookup(args)
        if "--help" in rest:
            return Result([cmd.help()])
        params = parse(cmd, rest, self)
        if not cmd.journal:
            result = cmd.function(self, **params) or Result()
            self._tell_listeners()
            return result
        before = self.state
        self.state = copy.deepcopy(before)
        self.story, self._attributed = [], 0
        self.dice.drawn.clear()
        try:
            result = cmd.function(self, **params) or Result()
        except GuideError as e:
            self.state = before
            raise CommandError(str(e)) from None
        except BaseException:
            self.state = before
            raise
        finally:
            self.dice.table_faces.clear()
        changes = diff(before, self.state)
        if (changes or self.story) and self.store is not None:
            try:
                self.store.append(line.strip(), changes, self.story, self.state)
            except BaseException:
                self.state = before
                raise
        self._tell_listeners()
        return self.shown(result)

    def shown(self, result: Result) -> Result:
        """The command's story in the game's words, before what the command shows itself."""
        lines = [line for line in (self.game.render(e, self) for e in self.story) if line]
        if lines:
            result.lines[:0] = lines
        return result

    def _tell_listeners(self) -> None:
        """Followers such as the players' view; one that fails is logged, never the table's
        problem (the command is already saved)."""
        for listener in self.listeners:
            try:
                listener(self)
            except Exception as e:  # noqa: BLE001
                from guide.core.logs import log_exception

                log_exception(e)

    def tell(self, kind: str, **data: Any) -> None:
        """Add an event (data, never a sentence) to the evening's story, with the dice drawn
        for it since the last event."""
        dice = self.dice.drawn[self._attributed:]
        self._attributed = len(self.dice.drawn)
        event = {"kind": kind, **data}
        if dice:
            event["dice"] = [[sides, face] for sides, face in dice]
        self.story.append(event)

    @property
    def campaign(self) -> Store:
        """The store, for commands that need a campaign file."""
        if self.store is None:
            raise CommandError("no campaign is open")
        return self.store

    def close(self) -> None:
        if self.store is not None:
            self.store.close()

    def reload(self) -> None:
        if self.store is not None:
            self.state = self.store.load(self.game.new_state)
