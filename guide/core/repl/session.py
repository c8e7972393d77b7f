"""The interactive REPL on prompt_toolkit: the game's prompt and bottom toolbar, tab
completion, history in the user's data folder."""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, cast

import click
from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.completion import ThreadedCompleter, WordCompleter
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.shortcuts import CompleteStyle

from guide import __version__
from guide.core import settings
from guide.core.bots.seating import bots_of, clocked, next_bot, playable
from guide.core.errors import CommandError, GuideError
from guide.core.i18n import _
from guide.core.logs import data_dir
from guide.core.players import seats as seats_of
from guide.core.repl.attempt import attempt_at_prompt, run_bot
from guide.core.repl.completer import TableCompleter
from guide.core.result import STYLES, Result, Styled, lines, wrapped
from guide.core.seats import Pending, desk_of, seated
from guide.core.table import Table


def show(shown: Result | str, pager: bool = True) -> int:
    """A command's output in the terminal: in colour (unless NO_COLOR), through a pager when
    it would scroll off the screen (and `pager`: see `pages`). The rows it printed on the
    screen (0 through the pager)."""
    styled: list[str] = [Styled(shown, "error")] if isinstance(shown, str) else lines(shown)
    if not styled:
        return 0
    size = shutil.get_terminal_size()
    styled = wrapped(styled, size.columns - 1)
    plain = "\n".join(styled)
    rows = sum(max(1, -(-len(line) // max(size.columns, 1))) for line in plain.splitlines())
    if pager and rows > size.lines - 2:   # as the terminal wraps them: a long line is several rows
        click.echo_via_pager(plain + "\n")
        return 0
    if os.environ.get("NO_COLOR"):
        print(plain)
        return rows
    fragments: list[tuple[str, str]] = []
    for line in styled:
        style = STYLES.get(getattr(line, "style", ""), "")
        fragments += [(style, str(line)), ("", "\n")]
    print_formatted_text(FormattedText(fragments))
    return rows


def menu_space(menu_rows: int, shown_rows: int, screen_rows: int) -> int:
    """The rows the prompt keeps free below it for the completion menu: fewer after a tall
    output, so that the output stays whole on the screen (a seat's QR code at 80x24 lost
    its top to the menu's rows, and a phone cannot scan half a code); the prompt's line and
    the two toolbar rows are below it."""
    return max(0, min(menu_rows, screen_rows - shown_rows - 3))


class History(FileHistory):
    """The prompt's history file; a full or read-only disk must not end the evening over it
    (the campaign's own save says what is wrong)."""

    def store_string(self, string: str) -> None:
        try:
            super().store_string(string)
        except OSError:
            pass


def history_file(table: Table) -> Path:
    """The prompt's history of this game's tables: one file a game, so that Up and the grey
    suggestion at a CV table never offer a Kaverini line."""
    return data_dir() / f"history-{table.game.id}"


def pages(table: Table) -> bool:
    """Whether a long result may open the pager: only at a table nobody follows from a seat.
    With seats in play the pager would stop every phone (no move runs while it is open) and
    page a round's result away; there a result is printed whole and stays on screen."""
    return not (seated(table) and bool(seats_of(table)))


def run_repl(table: Table, played: int = 0) -> int:
    completer = ThreadedCompleter(TableCompleter(table))
    try:
        history: InMemoryHistory | History = History(str(history_file(table)))
    except GuideError as e:          # a campaign named, but no data folder for the history
        print(_("note: {why}; the prompt's history is kept for this evening only").format(
            why=e), file=sys.stderr)
        history = InMemoryHistory()
    session: PromptSession = PromptSession(
        history=history, complete_while_typing=True,
        auto_suggest=AutoSuggestFromHistory(), complete_style=CompleteStyle.MULTI_COLUMN)

    # a command's questions keep their own history: an answer ("Anger", a Kaveri's fact) is
    # not a command line to suggest at the prompt afterwards
    answers: PromptSession = PromptSession(history=InMemoryHistory(),
                                           complete_style=CompleteStyle.MULTI_COLUMN)

    def ask(question: str, choices: list[str], default: str = "",
            meta: dict[str, str] | None = None) -> str:
        """A command's question: completion from the choices (with their descriptions), and
        `default` shown greyed in the empty answer: Enter takes it, typing replaces it (a
        prefilled answer would take "Anger" typed after it as "AngerAnger"); a question may
        span lines."""
        completer = WordCompleter(choices, ignore_case=True, sentence=True,
                                  meta_dict=meta or {}) if choices else None
        *before, last = question.split("\n")
        # broken between words, as every output: a refusal above the question, and the
        # question itself, whose last part is the prompt (in Ukrainian it often is longer
        # than 80 columns)
        *above, asked = wrapped([*before, f"  {last}:"], shutil.get_terminal_size().columns - 1)
        for line in above:
            print(line)
        while True:
            try:
                greyed = [("class:placeholder fg:ansibrightblack", default)]
                # "" and not None: None would keep the last question's placeholder
                # (PromptSession remembers), a greyed "Passionate" at the technique's
                shown = FormattedText(greyed) if default else ""
                answer = answers.prompt(f"{asked} ", completer=completer,
                                        placeholder=shown, bottom_toolbar=None).strip()
            except (EOFError, KeyboardInterrupt):
                raise CommandError(_("cancelled; nothing changed")) from None
            answer = answer or default
            if answer or not choices:
                return answer

    table.ask = ask
    table.interactive = True
    seats = SeatMoves(table, session)
    clock = Clock(table, session)

    def pre_run() -> None:
        seats.ready()
        clock.ready()

    # broken between words like every output: in Ukrainian it is longer than 80 columns
    greeting = f"guide {__version__}: {settings.opening(table.game, played)}"
    print("\n".join(wrapped([greeting], shutil.get_terminal_size().columns)))
    shown_rows = 0
    while True:
        try:
            # completer and toolbar are given each time: a question asked by a command
            # (kaveri's prompts) uses the same session with its own
            # the prompt as a function: a timed line or a seat's move changes it meanwhile
            line = session.prompt(lambda: table.game.prompt(table), completer=completer,
                                  bottom_toolbar=lambda: cast(Any, seats.toolbar()),
                                  reserve_space_for_menu=menu_space(
                                      table.game.settings.menu_rows, shown_rows,
                                      shutil.get_terminal_size().lines),
                                  pre_run=pre_run)
        except KeyboardInterrupt:
            seats.discard()
            continue                      # Ctrl-C clears the line (and a seat's move)
        except EOFError:
            break                         # Ctrl-D leaves
        if not line.strip() or line.strip().startswith("#"):
            continue
        try:
            outcome = attempt_at_prompt(table, line, seats.accepted(line))
        except SystemExit:
            break
        shown_rows = show(outcome, pager=pages(table))
    return 0


class Clock:
    """The game's clock at the prompt (Game.clock): a background task of the
    prompt's application that wakes when the timer comes (at least every second, so that a
    move from a seat that changed the timer is seen), runs the game's timed line through the
    table like a typed one and prints its output above the prompt, also when nobody types.
    The same task plays the bots' moves (guide.core.bots.seating), one every BOT_PACE
    seconds so the table can follow them, but never while the prompt holds a half-typed
    line. The task ends with the prompt; the next prompt starts a new one."""

    TICK = 1.0              # seconds: the longest the task sleeps before asking again
    BOT_PACE = 0.6          # seconds between two bots' moves

    def __init__(self, table: Table, session: PromptSession):
        self.table = table
        self.session = session

    def ready(self) -> None:
        """In the prompt's own loop (pre_run): a timed line already due runs now."""
        if clocked(self.table):
            self.session.app.create_background_task(self._follow())

    async def _follow(self) -> None:
        app = self.session.app
        while True:
            seconds = self.table.timer()
            wait = self.TICK if seconds is None else min(max(seconds, 0), self.TICK)
            if playable(self.table) and bots_of(self.table).levels:
                wait = min(wait, self.BOT_PACE)
            await asyncio.sleep(wait)
            line = self.table.due()
            if line is not None:
                await run_in_terminal(partial(self._unasked, attempt_at_prompt, self.table, line,
                                              timed=True))
            elif not app.current_buffer.text:          # never over a half-typed line
                bot = next_bot(self.table)
                if bot is not None:
                    await run_in_terminal(partial(self._unasked, run_bot, self.table, *bot))
            app.invalidate()                   # the prompt and toolbar as the table is now

    def _unasked(self, run: Callable[..., Result | str], *args: Any, **kwargs: Any) -> None:
        """The timed line or a bot's move (`run(*args, **kwargs)`), with no one to ask (as in
        a script: the prompt is the GM's); its result above the prompt, never through the
        pager (it would block)."""
        ask, self.table.ask = self.table.ask, None
        try:
            show(run(*args, **kwargs), pager=False)
        finally:
            self.table.ask = ask


class SeatMoves:
    """Moves sent from the seats (guide.core.seats), at the prompt. With a game master, a
    move waits at the prompt as its ready-made line: Enter runs it (from that seat), editing
    makes it the game master's own, Ctrl-C discards it. In a game without one, a legal move
    runs at once and its result shows above the prompt."""

    def __init__(self, table: Table, session: PromptSession):
        self.table = table
        self.session = session
        self.loop: asyncio.AbstractEventLoop | None = None
        self.offered: Pending | None = None          # the seat's line now at the prompt
        self.desk = desk_of(table) if seated(table) and table.store is not None else None
        if self.desk is not None:
            self.desk.listeners.append(self._arrived)

    def ready(self) -> None:
        """In the prompt's own loop: moves that came while a command ran are offered now."""
        self.loop = asyncio.get_running_loop()
        self._offer()

    def _arrived(self, pending: Pending) -> None:        # the server's thread
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._offer)
            except RuntimeError:          # between two prompts: the next one offers it
                pass

    def _offer(self) -> None:                            # the prompt's loop
        desk, app = self.desk, self.session.app
        if desk is None or not desk.pending:
            return
        if self.table.game.settings.seat_policy == "apply":
            try:
                pending = desk.take()          # a move the table has moved past is dropped
            except CommandError:
                return
            # printed above whatever the prompt shows, never through the pager: a pager
            # open at the terminal would hold every later tap (and the clock) behind it
            run_in_terminal(lambda: show(attempt_at_prompt(self.table, pending.line,
                                                           pending.seat), pager=False))
            return
        buffer = app.current_buffer
        if self.offered is None and not buffer.text:
            self.offered = desk.pending[0]
            buffer.text = self.offered.line
            buffer.cursor_position = len(buffer.text)
        app.invalidate()

    def accepted(self, line: str) -> str | None:
        """The seat a line comes from: the offered move, run as it was sent."""
        offered, self.offered = self.offered, None
        if offered is None or self.desk is None:
            return None
        self.desk.withdraw(offered)
        return offered.seat if line.strip() == offered.line else None

    def discard(self) -> None:
        if self.offered is not None and self.desk is not None:
            self.desk.withdraw(self.offered)
            self.offered = None

    def toolbar(self) -> Any:
        bar = self.table.game.toolbar(self.table)
        if self.offered is None:
            return bar
        note = [("reverse", " " + _("{seat}'s seat sent this: Enter runs it, Ctrl-C"
                                    " discards").format(seat=self.offered.seat) + " ")]
        return note + [("", "\n")] + (list(bar) if isinstance(bar, list) else [("", bar or "")])
