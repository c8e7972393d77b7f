"""The table: the campaign state, the game's data, the dice and the store, and how one
command line travels through them (parse, run on a copy, store the changes and the story
events in one transaction, show the events through the game's renderer). It knows no game:
the campaign's Game supplies the commands, the state and the words."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from guide.core import i18n
from guide.core.commands import CORE
from guide.core.dice import Dice
from guide.core.errors import CommandError, GuideError
from guide.core.i18n import _
from guide.core.interrupts import held_interrupts
from guide.core.registry import parse, split
from guide.core.result import Result
from guide.core.state import diff
from guide.core.store import Entry, Store

if TYPE_CHECKING:
    from guide.core.game import Game

Ask = Callable[..., str]   # (question, choices, default="", meta=None) -> the answer


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
        self.saved = 0                     # grows with each write to the store (Ctrl-C's report)
        self.interrupted = False           # a Ctrl-C came while the last command was saved
        self.listeners: list[Callable[[Table], None]] = []   # told after each command
        self.services: dict[str, Any] = {}  # things the REPL runs beside the table (the view)
        self.lang = game.languages[0]       # the table's language (guide play --lang, remembered)
        i18n.use(self.language)

    # --- running a command ------------------------------------------------------------
    def execute(self, line: str, seat: str | None = None) -> Result:
        """Run one line; `seat` names the seat it came from (its story says so)."""
        self.interrupted = False
        i18n.use(self.language)
        args = split(line)
        if not args:
            return Result()
        cmd, rest = self.registry.lookup(args)
        if "--help" in rest:
            return Result([cmd.help()])
        params = parse(cmd, rest, self)
        if not cmd.journal:
            try:
                result = cmd.function(self, **params) or Result()
            except GuideError as e:        # a damaged row met by log, a full disk by undo
                raise CommandError(str(e)) from None
            self._tell_listeners()
            return result
        before, saved = self.state, self.saved
        try:
            self.state = copy.deepcopy(before)
            self.story, self._attributed = ([{"kind": "seat", "seat": seat}] if seat else []), 0
            self.dice.drawn.clear()
            result = cmd.function(self, **params) or Result()
            changes = diff(before, self.state)
            if (changes or self.story) and self.store is not None:
                with held_interrupts() as held:
                    self._save(line.strip(), changes, before)
                self.interrupted = held.came
                if held.came:
                    result.notes.append("(Ctrl-C came while saving: the command was saved;"
                                        " undo takes it back)")
        except GuideError as e:
            self.state = before
            raise CommandError(str(e)) from None
        except BaseException:
            # Ctrl-C (or a bug) before the save: nothing was saved, the state goes back;
            # after it, the state in memory is the one saved.
            if self.saved == saved:
                self.state = before
            raise
        finally:
            self.dice.table_faces.clear()
        self._tell_listeners()
        return self.shown(result)

    def _save(self, line: str, changes: list, before: dict) -> None:
        """The store's write, with the state in memory following exactly what the file holds
        (a full or read-only disk: a GuideError, nothing saved, the state as before)."""
        assert self.store is not None
        try:
            self.store.append(line, changes, self.story, self.state)
        except BaseException:
            self.state = before
            raise
        self.saved += 1

    def step(self, way: str) -> Entry | None:
        """undo or redo in the store, and the state reloaded, as one step Ctrl-C cannot cut."""
        assert self.store is not None
        with held_interrupts() as held:
            entry = self.store.undo() if way == "undo" else self.store.redo()
            if entry is not None:
                self.saved += 1
                self.reload()
        self.interrupted = held.came
        return entry

    def shown(self, result: Result) -> Result:
        """The command's story in the game's words, before what the command shows itself."""
        i18n.use(self.language)      # a command may have changed it (cv's `lang`)
        lines = self.game.render_story(self.story, self)
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
    def language(self) -> str:
        """The language the table speaks now (the game's say: Game.language)."""
        return self.game.language(self)

    @property
    def campaign(self) -> Store:
        """The store, for commands that need a campaign file."""
        if self.store is None:
            raise CommandError(_("no campaign is open"))
        return self.store

    def close(self) -> None:
        if self.store is not None:
            self.store.close()

    def reload(self) -> None:
        if self.store is not None:
            self.state = self.store.load(self.game.new_state)
