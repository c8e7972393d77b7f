"""The evening's history in Kaverini's words: recap (undo, redo and log are the core's)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.result import Result
from guide.games.kaverini.recap import recap as recap_of
from guide.games.kaverini.registry import command

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable
_, ngettext, pgettext = domain("kaverini").functions()


@command("recap", "history", journal=False)
def recap(t: KaveriniTable) -> Result:
    """What to read aloud at the start of the next game night: the party, what happened
    scene by scene, what is still open, and the next scene.

    Example: recap"""
    if t.store is None:
        raise CommandError(_("no campaign is open"))
    events = [e for entry in t.store.entries() for e in entry.story]
    r = Result()
    for line in recap_of(events, t.state, t.adventure()):
        r.add(*(textwrap.wrap(line, 78, subsequent_indent="  ", break_on_hyphens=False) or [""]))
    return r
