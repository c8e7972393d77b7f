"""The one thing the rules need of the table's dice (the core's Dice fits it)."""

from __future__ import annotations

from typing import Protocol


class Dice(Protocol):
    def d(self, sides: int) -> int:
        """One die of `sides` faces: 1..sides."""
        ...


class RuleError(ValueError):
    """A move the rules refuse; the message is one line for the user and nothing changed."""
