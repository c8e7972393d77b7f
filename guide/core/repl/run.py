"""`guide play` and `guide state`: open the campaign and run the table, in a terminal (the
REPL) or from a script or a pipe (one command a line)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import click

from guide.core import games, i18n
from guide.core.dice import Dice
from guide.core.errors import CommandError, GuideError
from guide.core.games import DEFAULT
from guide.core.i18n import _
from guide.core.logs import data_dir, log_exception
from guide.core.result import Result, text
from guide.core.store import Store, game_of
from guide.core.table import Table


class StartError(click.ClickException):
    def show(self, file=None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


def default_campaign(game_id: str) -> Path:
    """One default campaign file per game in the data folder (Kaverini's keeps its old name)."""
    return data_dir() / ("campaign.sqlite" if game_id == DEFAULT else f"campaign-{game_id}.sqlite")


def open_table(campaign: Path | None, boxes: list[Path], seed: int | None,
               read_only: bool = False, game_id: str | None = None,
               lang: str | None = None) -> Table:
    """The table of a campaign: its game (the file's own, or `game_id` for a new file; a
    file of another game is refused), the game's data with the --box folders, the store."""
    path = campaign or default_campaign(game_id or DEFAULT)
    try:
        found = game_of(path)
        if found is not None and game_id is not None and found != game_id:
            raise StartError(_("{path}: a {found} campaign, not {game} (open it with"
                               " --game {found}, or name another --campaign)").format(
                path=path, found=found, game=game_id))
        game = games.load(found or game_id or DEFAULT)
        if lang is not None and lang not in game.languages:
            raise StartError(_("--lang: the {game} game speaks {languages}, not {lang!r}").format(
                game=game.id, languages=", ".join(game.languages), lang=lang))
        library = game.load(boxes)
        store = Store(path, read_only=read_only, game=game.id, state_version=game.state_version)
    except GuideError as e:
        raise StartError(str(e)) from None
    except OSError as e:
        raise StartError(f"{path}: {e.strerror or e}") from None
    try:
        table = (game.table_class or Table)(game, store, library, Dice(seed))
    except GuideError as e:        # damaged rows, found while rebuilding the state
        store.close()
        raise StartError(str(e)) from None
    remembered = store.language()
    if lang is not None and lang != remembered and not read_only:
        store.save_language(lang)      # the campaign remembers its table's language
    if (lang or remembered) in game.languages:
        table.lang = lang or remembered or table.lang
    i18n.use(table.language)
    return table


def run_play(campaign: Path | None, boxes: list[Path], seed: int | None,
             adventure: str | None = None, game_id: str | None = None,
             lang: str | None = None) -> int:
    table = open_table(campaign, boxes, seed, game_id=game_id, lang=lang)
    try:
        for notice in table.game.notices(table):
            print(_("note: {notice}").format(notice=notice), file=sys.stderr, flush=True)
        if adventure and not table.state.get("adventure"):
            ok, shown = run_one(table, f"adventure {adventure}")
            print(shown, file=sys.stdout if ok else sys.stderr, flush=True)
            if not ok:
                return 1
        if sys.stdin.isatty() and sys.stdout.isatty():
            from guide.core.repl.session import run_repl

            return run_repl(table)
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")   # a garbage byte is a bad line, not a crash
        return run_batch(table, sys.stdin, script_name())
    finally:
        table.close()


def attempt(table: Table, line: str, seat: str | None = None) -> Result | str:
    """Run one line (from `seat`, if a seat sent it): its Result, or the one-line error to
    show. Tracebacks go to the log."""
    try:
        return table.execute(line, seat=seat)
    except CommandError as e:
        return _("error: {message}").format(message=e)
    except (SystemExit, KeyboardInterrupt):
        raise
    except Exception as e:  # noqa: BLE001 - a bug must not end the evening
        where = log_exception(e)
        return _("error: internal error ({kind}: {message}); details in {where}").format(
            kind=type(e).__name__, message=e, where=where)


def attempt_at_prompt(table: Table, line: str, seat: str | None = None) -> Result | str:
    """attempt at the REPL, where Ctrl-C may land at any moment: it says truthfully whether
    the command was saved (the state in memory is always the one in the file)."""
    saved = table.saved
    try:
        return attempt(table, line, seat)
    except KeyboardInterrupt:
        if table.saved != saved:
            return Result([_("(interrupted, but the command was saved; undo takes it back)")])
        return Result([_("(interrupted; nothing changed)")])


def run_one(table: Table, line: str) -> tuple[bool, str]:
    """Run one line: (succeeded, text to show)."""
    outcome = attempt(table, line)
    return (False, outcome) if isinstance(outcome, str) else (True, text(outcome))


def run_batch(table: Table, lines, script: str | None = None) -> int:
    """Scripts and pipes: one command a line; `#` and blank lines skipped; exit 1 if any
    failed. An error from a script file names the file and line (`scene-3.txt:4: error: ...`)."""
    failed = False
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            ok, shown = run_one(table, line)
        except SystemExit:
            break
        if ok:
            if shown:
                print(shown, flush=True)
        else:
            failed = True
            where = f"{script}:{number}: " if script else ""
            print(where + shown, file=sys.stderr, flush=True)
        if table.interrupted:        # Ctrl-C while this command was saved: it is, and we stop
            print(_("(interrupted: the command above was saved; the rest of the script was not"
                    " run)"), file=sys.stderr, flush=True)
            return 130
    return 1 if failed else 0


def script_name() -> str | None:
    """The file standard input was redirected from (`guide play < scene-3.txt`), if it is
    a regular file; None for a pipe or a terminal."""
    try:
        if stat.S_ISREG(os.fstat(sys.stdin.fileno()).st_mode):
            return os.path.relpath(os.readlink(f"/proc/self/fd/{sys.stdin.fileno()}"))
    except (OSError, ValueError, AttributeError):
        return None
    return None
