"""The table: the campaign state, the game's data, the dice and the store, and how one
command line travels through them (parse, run on a copy, store the changes and the story
events in one transaction, show the events through the game's renderer). It knows no game:
the campaign's Game supplies the commands, the state and the words."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from guide.core import i18n
from guide.core.dice import Dice
from guide.core.errors import CommandError, GuideError
from guide.core.i18n import _
from guide.core.interrupts import held_interrupts
from guide.core.logs import log_exception
from guide.core.players import seats as seats_of
from guide.core.reference import registry_of
from guide.core.registry import parse, split
from guide.core.result import Result
from guide.core.settings import upgrade
from guide.core.state import copied, diff
from guide.core.store import CampaignError, Entry, Store
from guide.core.story import HIDDEN, TIMER, UPGRADED, say, undo_refusal

if TYPE_CHECKING:
    from guide.core.game import Clock, Game

Ask = Callable[..., str]   # (question, choices, default="", meta=None) -> the answer

S = TypeVar("S", bound=Mapping[str, Any])   # the game's state (its TypedDict)
L = TypeVar("L")                            # the game's library (what settings.load gives)

PRIVATE = "private"     # an event's key: the one who may see it (see Table.tell_private)
GM = "gm"               # ... the game master alone



class Table(Generic[S, L]):
    """A game's commands and rules see `Table[TheirState, TheirLibrary]` (a game names it
    once: `CvTable = Table[CvState, Library]`), so `t.state` and `t.library` are typed
    without a cast."""

    def __init__(self, game: Game, store: Store | None, library: L, dice: Dice,
                 ask: Ask | None = None):
        self.game = game
        self.registry = registry_of(game)
        self.store = store
        self.library = library             # the game's data, as settings.load gave it
        self.dice = dice
        self.ask = ask                     # asks the GM in a terminal; None in scripts
        # a person reads the output at the REPL's prompt: true there also while a timed line
        # runs with no one to ask (ask None), false in a script or pipe
        self.interactive = False
        self.now: Callable[[], float] = time.time   # the clock games read (tests set theirs)
        self.changed = 0                   # grows with each change saved, undone or redone
        self._due: int | None = None       # `changed` when the timer's line was handed out
        self.state: S = cast(S, self._opened() if store else game.new_state())
        self.story: list[dict] = []        # events of the command being run
        self._attributed = 0
        self.saved = 0                     # grows with each write to the store (Ctrl-C's report)
        self.interrupted = False           # a Ctrl-C came while the last command was saved
        self.listeners: list[Callable[[Table], None]] = []   # told after each command
        self.services: dict[str, Any] = {}  # things the REPL runs beside the table (the view)
        self.closing: list[Callable[[], None]] = []   # run as the table closes (the view stops)
        self.lang = game.settings.languages[0]       # the table's language (guide play --lang, remembered)
        # after an undo, bots wait for a person's next command (guide.core.bots.seating)
        self.bots_wait = False
        i18n.use(self.language)

    # --- running a command ------------------------------------------------------------
    def execute(self, line: str, seat: str | None = None, timed: bool = False,
                bot: str | None = None) -> Result:
        """Run one line; `seat` names the seat it came from, `timed` says the game's clock
        ran it (Game.clock), `bot` the level of the bot that played it from that seat
        (guide.core.bots); its story says so."""
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
            self.state = copied(before)
            self.story = ([{"kind": TIMER}] if timed else []) + (
                [{"kind": "seat", "seat": seat, **({"bot": bot} if bot else {})}] if seat else [])
            self._attributed = 0
            self.dice.drawn.clear()
            result = cmd.function(self, **params) or Result()
            self.check_bounds()
            changes = diff(before, self.state)
            if (changes or self.story) and self.store is not None:
                with held_interrupts() as held:
                    self._save(line.strip(), changes, before)
                self.interrupted = held.came
                if changes and bot is None and not timed:
                    self.bots_wait = False      # a person's command: the bots play on
                if held.came:
                    result.notes.append(_("(Ctrl-C came while saving: the command was saved;"
                                          " undo takes it back)"))
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

    def check_bounds(self) -> None:
        """After a command, before its save: a game's table refuses (CommandError) a state
        holding more than a table can (docs/limits.md); nothing is saved then."""

    def _save(self, line: str, changes: list, before: S) -> None:
        """The store's write, with the state in memory following exactly what the file holds
        (a full or read-only disk: a GuideError, nothing saved, the state as before)."""
        assert self.store is not None
        try:
            self.store.append(line, changes, self.story, cast(dict, self.state))
        except BaseException:
            self.state = before
            raise
        self.saved += 1
        self.changed += bool(changes)

    def step(self, way: str) -> Entry | None:
        """undo or redo in the store, and the state reloaded, as one step Ctrl-C cannot cut."""
        assert self.store is not None
        if way == "undo":
            last = self.store.last_change()
            reason = undo_refusal(self, last) if last is not None else None
            if reason:
                raise CommandError(reason)
        with held_interrupts() as held:
            entry = self.store.undo() if way == "undo" else self.store.redo()
            if entry is not None:
                self.saved += 1
                self.changed += 1
                self.reload()
        self.interrupted = held.came
        return entry

    def shown(self, result: Result) -> Result:
        """The command's story in the game's words, before what the command shows itself."""
        i18n.use(self.language)      # a command may have changed it (cv's `lang`)
        lines = say(self, self.story, "terminal")
        if lines and result.title:      # the story first, then the title over what it heads
            result.lines[:0] = [result.title]
            result.title = ""
        if lines:
            result.lines[:0] = lines
        return result

    def redraw(self) -> None:
        """Publish the views again without a command (the TV, the seats' pages: the view's
        listener), for a view that changes with time alone: Kaivo's card seen for the box's
        seconds (Game.clock is asked at least every second; a game calls this from there)."""
        self._tell_listeners()

    def _tell_listeners(self) -> None:
        """Followers such as the players' view; one that fails is logged, never the table's
        problem (the command is already saved)."""
        for listener in self.listeners:
            try:
                listener(self)
            except Exception as e:  # noqa: BLE001
                log_exception(e)

    def tell_all(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Tell the events a game's rules returned: an event without `private` is everyone's;
        one with `private` (a seat's name, or "gm") is told as `tell_private` tells it."""
        for event in events:
            data = {k: v for k, v in event.items() if k not in ("kind", PRIVATE)}
            if PRIVATE in event:
                self.tell_private(event[PRIVATE], event["kind"], **data)
            else:
                self.tell(event["kind"], **data)

    def tell(self, kind: str, /, **data: Any) -> None:
        """Add an event (data, never a sentence) to the evening's story, with the dice drawn
        for it since the last event."""
        dice = self.dice.drawn[self._attributed:]
        self._attributed = len(self.dice.drawn)
        event = {"kind": kind, **data}
        if dice:
            event["dice"] = [[sides, face] for sides, face in dice]
        self.story.append(event)

    def tell_private(self, who: str, kind: str, /, **data: Any) -> None:
        """An event only `who` may see: a seat (its own page shows it; the terminal says
        only that there is one) or "gm" (the game master's terminal). `log` leaves it out
        unless --gm; the TV view, other seats and completion never see it. Dice drawn for it
        are inside it, as with `tell`."""
        if who != GM and who not in seats_of(self):
            raise CommandError(_("no seat {who!r} to tell privately").format(who=who))
        self.tell(kind, **{PRIVATE: who}, **data)

    def drew_hidden(self, what: str, *, revealed: bool = False) -> None:
        """Say that this command drew hidden information (`what`: "a card from the deck"),
        or with `revealed` showed what was sealed (Taverne's Attacks, T-UNDO-1): under the
        game's REFUSE_HIDDEN undo policy, undo does not go past it, and says which it was."""
        if not any(e["kind"] == HIDDEN for e in self.story):
            mark: dict[str, object] = {"kind": HIDDEN, "what": what}
            if revealed:
                mark["revealed"] = True
            self.story.append(mark)

    # --- the clock (Game.clock) ---------------------------------------------------------
    def timer(self) -> float | None:
        """Seconds until the game's clock acts (0 or less: now); None when none runs, or
        while it is idle: its last line changed nothing, until a command changes something."""
        if self._due is not None and self._due == self.changed:
            return None
        self._due = None
        clock = self._clock()
        return None if clock is None else clock.seconds

    def due(self) -> str | None:
        """The game's timed line, once its timer has come (run it with `timed=True`)."""
        seconds = self.timer()
        if seconds is None or seconds > 0:
            return None
        self._due = self.changed
        clock = self._clock()
        return None if clock is None else clock.line or None

    def _clock(self) -> Clock | None:
        """The game's clock now (Game.clock), or None; a broken one is logged: it must not
        end the evening."""
        try:
            return self.game.clock(self)
        except Exception as e:  # noqa: BLE001
            log_exception(e)
            return None

    @property
    def language(self) -> str:
        """The language the table speaks now: `guide play --lang` (remembered by the
        campaign), or where the game's own command chose one, its state's `lang`."""
        chosen = self.state.get("lang") if isinstance(self.state, dict) else None
        return chosen if chosen in self.game.settings.languages else self.lang

    @property
    def campaign(self) -> Store:
        """The store, for commands that need a campaign file."""
        if self.store is None:
            raise CommandError(_("no campaign is open"))
        return self.store

    def close(self) -> None:
        """The table ends: what runs beside it stops first (the view, which forgets the seats'
        address: `guide seats` then says nothing is served), then the store closes."""
        for closing in self.closing:
            try:
                closing()
            except Exception as e:  # noqa: BLE001 - the campaign closes whatever happens
                log_exception(e)
        self.closing.clear()
        if self.store is not None:
            self.store.close()

    def reload(self) -> None:
        """The state as the store holds it (after undo or redo), in the language it speaks:
        pages drawn before the next command speak it too (an undone `lang`)."""
        if self.store is not None:
            self.state = cast(S, self._opened())
            i18n.use(self.language)

    # --- older campaigns (Game.migrate) --------------------------------------------------
    def _opened(self) -> dict:
        """The campaign's state, upgraded to the game's `state_version` if the file holds an
        older one: written as one command of its own that undo does not go past (a
        read-only table upgrades only in memory)."""
        assert self.store is not None
        store, game = self.store, self.game
        state = store.load(game.new_state)
        found = store.found_version
        if found >= game.settings.state_version:
            return state
        if not store.read_only and store.head() == 0 and not store.entries(limit=1):
            store.save_state_version(game.settings.state_version)      # a new file: nothing to upgrade
            return state
        try:
            upgraded = upgrade(game, copied(state), found)
        except Exception as e:  # noqa: BLE001 - any failure: the file is left as it was
            raise CampaignError(_("{path}: a campaign of state {found} that this guide (state"
                                  " {known}) cannot upgrade: {why}; it was left untouched").format(
                                      path=store.path, found=found, known=game.settings.state_version,
                                      why=e)) from None
        if not store.read_only:
            story = [{"kind": UPGRADED, "from": found, "to": game.settings.state_version}]
            store.upgrade(f"(upgraded from state {found} to {game.settings.state_version})",
                          diff(state, upgraded), story, upgraded, game.settings.state_version)
        return upgraded
