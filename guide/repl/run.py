"""`guide play` and `guide state`: open the campaign and run the table, in a terminal (the
REPL) or from a script or a pipe (one command a line)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from guide import render
from guide.campaign.store import CampaignError, Store
from guide.commands import load_all
from guide.commands.registry import CommandError
from guide.logs import data_dir, log_exception
from guide.rules.dice import Dice
from guide.table import Table


class StartError(click.ClickException):
    def show(self, file=None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


def default_campaign() -> Path:
    return data_dir() / "campaign.sqlite"


def open_table(campaign: Path | None, boxes: list[Path], seed: int | None,
               read_only: bool = False) -> Table:
    from guide.data.loader import library_with

    load_all()
    library, problems = library_with(boxes)
    if problems:
        raise StartError(f"{problems[0]} ({len(problems)} problem(s) in --box; run guide check)")
    path = campaign or default_campaign()
    try:
        store = Store(path, read_only=read_only)
    except CampaignError as e:
        raise StartError(str(e)) from None
    except OSError as e:
        raise StartError(f"{path}: {e.strerror or e}") from None
    try:
        return Table(store, library, Dice(seed))
    except CampaignError as e:     # damaged rows, found while rebuilding the state
        store.close()
        raise StartError(str(e)) from None


def run_play(campaign: Path | None, boxes: list[Path], seed: int | None,
             adventure: str | None = None) -> int:
    table = open_table(campaign, boxes, seed)
    try:
        if adventure and not table.state["adventure"]:
            ok, text = run_one(table, f"adventure {adventure}")
            print(text, file=sys.stdout if ok else sys.stderr, flush=True)
            if not ok:
                return 1
        if sys.stdin.isatty() and sys.stdout.isatty():
            from guide.repl.session import run_repl

            return run_repl(table)
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")   # a garbage byte is a bad line, not a crash
        return run_batch(table, sys.stdin)
    finally:
        table.store.close()


def run_one(table: Table, line: str) -> tuple[bool, str]:
    """Run one line: (succeeded, text to show). Errors are one line; tracebacks go to the log."""
    try:
        return True, render.text(table.execute(line))
    except CommandError as e:
        return False, f"error: {e}"
    except (SystemExit, KeyboardInterrupt):
        raise
    except Exception as e:  # noqa: BLE001 - a bug must not end the evening
        where = log_exception(e)
        return False, f"error: internal error ({type(e).__name__}: {e}); details in {where}"


def run_line(table: Table, line: str) -> tuple[bool, str]:
    """run_one at the REPL, where Ctrl-C may land at any moment: it says truthfully whether
    the command was saved (the state in memory is always the one in the file)."""
    saved = table.saved
    try:
        return run_one(table, line)
    except KeyboardInterrupt:
        if table.saved != saved:
            return True, "(interrupted, but the command was saved; undo takes it back)"
        return False, "(interrupted; nothing changed)"


def run_batch(table: Table, lines) -> int:
    """Scripts and pipes: one command a line; `#` and blank lines skipped; exit 1 if any failed."""
    failed = False
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            ok, text = run_one(table, line)
        except SystemExit:
            break
        if ok:
            if text:
                print(text, flush=True)
        else:
            failed = True
            print(text, file=sys.stderr, flush=True)
    return 1 if failed else 0
