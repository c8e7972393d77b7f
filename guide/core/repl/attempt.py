"""One line through the table as a person or a script runs it: its Result, or the one-line
error to show, never a traceback (that goes to the log). The REPL (guide.core.repl.session)
and scripts (guide.core.repl.run) both run their lines here."""

from __future__ import annotations

from guide.core.bots.seating import bots_of
from guide.core.errors import CommandError
from guide.core.i18n import _
from guide.core.logs import log_exception
from guide.core.result import Result, text
from guide.core.table import Table


def attempt(table: Table, line: str, seat: str | None = None, timed: bool = False,
            bot: str | None = None) -> Result | str:
    """Run one line (from `seat`, if a seat sent it; `timed`: the game's clock runs it; `bot`:
    a bot of that level played it): its Result, or the one-line error to show. Tracebacks go
    to the log."""
    try:
        return table.execute(line, seat=seat, timed=timed, bot=bot)
    except CommandError as e:
        return _("error: {message}").format(message=e)
    except (SystemExit, KeyboardInterrupt):
        raise
    except Exception as e:  # noqa: BLE001 - a bug must not end the evening
        where = log_exception(e)
        return _("error: internal error ({kind}: {message}); details in {where}").format(
            kind=type(e).__name__, message=e, where=where)


def attempt_at_prompt(table: Table, line: str, seat: str | None = None, timed: bool = False
                      ) -> Result | str:
    """attempt at the REPL, where Ctrl-C may land at any moment: it says truthfully whether
    the command was saved (the state in memory is always the one in the file)."""
    saved = table.saved
    try:
        return attempt(table, line, seat, timed)
    except KeyboardInterrupt:
        if table.saved != saved:
            return Result([_("(interrupted, but the command was saved; undo takes it back)")])
        return Result([_("(interrupted; nothing changed)")])


def run_one(table: Table, line: str) -> tuple[bool, str]:
    """Run one line: (succeeded, text to show)."""
    outcome = attempt(table, line)
    return (False, outcome) if isinstance(outcome, str) else (True, text(outcome))


def run_bot(table: Table, seat: str, level: str, line: str) -> Result | str:
    """Run a bot's move through the table like a typed line from its seat: its Result, or
    the one-line error (and then it is not tried again until something changes)."""
    outcome = attempt(table, line, seat=seat, bot=level)
    bots = bots_of(table)
    if isinstance(outcome, str):
        bots.refused(seat, line)
    else:
        bots.played(seat)
    return outcome
