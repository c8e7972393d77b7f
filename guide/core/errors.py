"""One error hierarchy for the whole program: every refusal the user sees is a GuideError,
shown as one line (`error: ...`), and the command that raised it changed nothing."""

from __future__ import annotations


class GuideError(Exception):
    """A refusal or a problem the user can act on; the message is one line."""


class CommandError(GuideError):
    """A refused command: one line for the user; nothing was changed."""


class RuleError(CommandError):
    """A move a game's rules refuse: one line for the user, naming the rule where there is
    one (`R-XP-2`, `T-CALL-4`); the command that raised it changed nothing. Every game's
    pure rules raise this one; the table shows it as a refusal like any command's."""


class DataError(GuideError):
    """Data files (cards, boxes, booklets) that cannot be used."""
