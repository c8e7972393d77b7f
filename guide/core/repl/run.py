"""`guide play` and `guide state`: open the campaign and run the table, in a terminal (the
REPL) or from a script or a pipe (one command a line)."""

from __future__ import annotations

import os
import queue
import shutil
import stat
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from guide.core import games, i18n, settings
from guide.core.bots.seating import clocked, next_bot
from guide.core.cli import UserError
from guide.core.dice import Dice
from guide.core.errors import GuideError
from guide.core.game import Game
from guide.core.games import DEFAULT
from guide.core.i18n import _, pgettext
from guide.core.logs import data_dir
from guide.core.repl.attempt import attempt, run_bot, run_one
from guide.core.result import text, wrapped
from guide.core.store import Store, game_of
from guide.core.table import Table
from guide.core.text import shown_path


class StartError(UserError):
    """A table that cannot open: one line for the user (`error: ...`)."""


def default_campaign(game_id: str) -> Path:
    """One default campaign file per game in the data folder (Kaverini's keeps its old name)."""
    return data_dir() / ("campaign.sqlite" if game_id == DEFAULT else f"campaign-{game_id}.sqlite")


def open_table(campaign: Path | None, boxes: list[Path], seed: int | None,
               read_only: bool = False, game_id: str | None = None,
               lang: str | None = None) -> Table:
    """The table of a campaign: its game (the file's own, or `game_id` for a new file; a
    file of another game is refused), the game's data with the --box folders, the store."""
    try:
        path = campaign or default_campaign(game_id or DEFAULT)
    except GuideError as e:                   # the data folder cannot be made (logs.data_dir)
        raise StartError(str(e)) from None
    try:
        game = game_for(path, game_id)
        if lang is not None and lang not in game.settings.languages:
            raise StartError(_("--lang: the {game} game speaks {languages}, not {lang!r}").format(
                game=game.id, languages=", ".join(game.settings.languages), lang=lang))
        if lang is not None:
            i18n.use(lang)             # what goes wrong opening it is said in that language
        library = settings.load(game, boxes)
        store = Store(path, read_only=read_only, game=game.id, state_version=game.settings.state_version)
    except GuideError as e:
        raise StartError(str(e)) from None
    except OSError as e:
        raise StartError(_("{path}: {value}").format(path=shown_path(path), value=e.strerror or e)) from None
    try:
        table = (game.settings.table_class or Table)(game, store, library, Dice(seed))
    except GuideError as e:        # damaged rows, found while rebuilding the state
        store.close()
        raise StartError(str(e)) from None
    remembered = store.language()
    if lang is not None and lang != remembered and not read_only:
        store.save_language(lang)      # the campaign remembers its table's language
    if (lang or remembered) in game.settings.languages:
        table.lang = lang or remembered or table.lang
    i18n.use(table.language)
    return table


def game_for(path: Path, game_id: str | None) -> Game:
    """The game of a campaign file: its own, or `game_id` (else the default) for a new file;
    a file of another game than `game_id` is refused."""
    found = game_of(path)
    if found is not None and game_id is not None and found != game_id:
        raise StartError(_("{path}: a {found} campaign, not {game} (open it with"
                           " --game {found}, or name another --campaign)").format(
            path=shown_path(path), found=found, game=game_id))
    return games.load(found or game_id or DEFAULT)


def run_play(campaign: Path | None, boxes: list[Path], seed: int | None,
             game_id: str | None = None, lang: str | None = None,
             start: list[str] | None = None) -> int:
    """`guide play`: `start` holds the words of the game's own start options
    (`Settings.start`, e.g. Kaverini's `--adventure ID`), read once the game is known."""
    try:
        game = game_for(campaign or default_campaign(game_id or DEFAULT), game_id)
        if lang is not None and lang in game.settings.languages:
            i18n.use(lang)          # a refused start option is said in the table's language
        options = start_options(game, start or [])
    except GuideError as e:
        raise StartError(str(e)) from None
    new = campaign is not None and not campaign.exists()     # a name mistyped makes one
    table = open_table(campaign, boxes, seed, game_id=game_id, lang=lang)
    played = table.store.count() if table.store is not None else 0   # before the start lines
    try:
        lines = settings.start_lines(table, options)
        for notice in settings.notices(table):
            print(_("note: {notice}").format(notice=notice), file=sys.stderr, flush=True)
        for line in lines:
            ok, shown = run_one(table, line)
            print(shown, file=sys.stdout if ok else sys.stderr, flush=True)
            if not ok:
                return 1
        if sys.stdin.isatty() and sys.stdout.isatty():
            from guide.core.repl.session import run_repl

            if new and campaign is not None:   # `--campaign taverne` meant taverne.sqlite
                said = _("New campaign: {path} ({title})").format(path=shown_path(campaign),
                                                                  title=game.title)
                print("\n".join(wrapped([said], shutil.get_terminal_size().columns)), flush=True)
            return run_repl(table, played)
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")   # a garbage byte is a bad line, not a crash
        return run_batch(table, sys.stdin, script_name())
    finally:
        table.close()


def start_options(game: Game, words: list[str]) -> dict[str, Any]:
    """The values of the game's start options (`Settings.start`), before anything is
    opened; a StartError for an option the game does not have, naming the ones it has."""
    options = settings.start_options(game)
    command = click.Command("play", params=list(options), add_help_option=False)
    own = ", ".join(o.opts[0] for o in options) or pgettext("options", "none")
    try:
        ctx = command.make_context("guide play", list(words))
    except click.NoSuchOption as e:
        raise StartError(_("{option_name}: no such option of guide play, nor a start option of the {id} game"
                           " (its own: {own})").format(
            option_name=e.option_name, id=game.id, own=own)) from None
    except click.UsageError as e:
        first = e.format_message().strip().splitlines()[0].rstrip(".")
        raise StartError(_("{value}{first} (the {id} game's start options: {own})").format(
            value=first[:1].lower(), first=first[1:], id=game.id, own=own)) from None
    if ctx.args:
        raise StartError(_("unexpected {value!r} (the {id} game's start options: {own})").format(
            value=' '.join(ctx.args), id=game.id, own=own))
    return ctx.params


def run_batch(table: Table, lines, script: str | None = None) -> int:
    """Scripts and pipes: one command a line; `#` and blank lines skipped; exit 1 if any
    failed. An error from a script file names the file and line (`scene-3.txt:4: error: ...`).
    A game with a clock (Game.clock) has its timed lines run between lines, and while the
    next line is awaited (the lines are read by a thread of their own).

    Ctrl-C stops the script with exit 130 and says, truthfully, whether the command it cut
    was saved (the state in memory is always the one in the file)."""
    failed = False
    number, line, saved = 0, "", table.saved
    timed = clocked(table)
    try:
        for number, raw in (_awaited(table, lines) if timed else enumerate(lines, 1)):
            if raw is None:              # the clock came first
                _on_time(table)
                continue
            line, saved = raw.strip(), table.saved
            if not line or line.startswith("#"):
                line = ""
                continue
            if timed:
                _on_time(table)
                saved = table.saved
            try:
                ok, shown = run_one(table, line)
            except SystemExit:
                break
            if ok:
                if shown:
                    print(shown, flush=True)
            else:
                failed = True
                print(_where(script, number) + shown, file=sys.stderr, flush=True)
            if table.interrupted:    # Ctrl-C while this command was saved: it is, and we stop
                print(_("(interrupted: the command above was saved; the rest of the script was"
                        " not run)"), file=sys.stderr, flush=True)
                return 130
            line = ""
        if timed:
            _on_time(table)              # the bots' moves after the script's last line
    except KeyboardInterrupt:
        print(_where(script, number) + _interrupted(line, table.saved != saved),
              file=sys.stderr, flush=True)
        return 130
    return 1 if failed else 0


def _where(script: str | None, number: int) -> str:
    return f"{script}:{number}: " if script else ""


def _interrupted(line: str, saved: bool) -> str:
    """What a Ctrl-C in a script cut, in words (`line`: the command it cut, "" for none)."""
    rest = _("the rest of the script was not run")
    if not line:
        return _("(interrupted between commands: those above stand as shown; {rest})").format(
            rest=rest)
    if saved:
        return _("(interrupted: `{line}` was saved, though its output was not shown; undo takes"
                 " it back; {rest})").format(line=line, rest=rest)
    return _("(interrupted: `{line}` was not saved; {rest})").format(line=line, rest=rest)


def _on_time(table: Table) -> None:
    """The game's timed lines that are due, each run and shown like a line of the script
    (a refused one says why on standard error; it is the clock's, not the script's)."""
    while True:
        line = table.due()
        if line is not None:
            outcome = attempt(table, line, timed=True)
            if isinstance(outcome, str):
                print(_("(on time: {line}) {outcome}").format(line=line, outcome=outcome),
                      file=sys.stderr, flush=True)
            elif text(outcome):
                print(text(outcome), flush=True)
            continue
        due = next_bot(table)            # a bot whose seat has a move plays it (bots.seating)
        if due is None:
            return
        outcome = run_bot(table, *due)
        if isinstance(outcome, str):
            print(_("(bot at {seat}: {line}) {outcome}").format(
                seat=due[0], line=due[2], outcome=outcome), file=sys.stderr, flush=True)
        elif text(outcome):
            print(text(outcome), flush=True)


TICK = 1.0          # seconds: the longest a script waits for a line before asking the timer


def _awaited(table: Table, lines) -> Iterator[tuple[int, str | None]]:
    """(number, line) as they come, and (0, None) whenever the game's timer comes first:
    a thread reads the lines, so that the clock acts while nobody writes one. The timer is
    asked again at least every TICK seconds, as at the prompt (Game.clock): a clock may start
    without a command (a seat's page opening)."""
    waiting: queue.Queue[tuple[int, str] | None] = queue.Queue()

    def read() -> None:
        try:
            for number, raw in enumerate(lines, 1):
                waiting.put((number, raw))
        finally:
            waiting.put(None)

    threading.Thread(target=read, daemon=True, name="script lines").start()
    while True:
        seconds = table.timer()
        try:
            item = waiting.get(timeout=TICK if seconds is None else min(max(seconds, 0), TICK))
        except queue.Empty:
            yield 0, None
            continue
        if item is None:
            return
        yield item


def script_name() -> str | None:
    """The file standard input was redirected from (`guide play < scene-3.txt`), if it is
    a regular file; None for a pipe or a terminal."""
    try:
        if stat.S_ISREG(os.fstat(sys.stdin.fileno()).st_mode):
            return os.path.relpath(os.readlink(f"/proc/self/fd/{sys.stdin.fileno()}"))
    except (OSError, ValueError, AttributeError):
        return None
    return None
