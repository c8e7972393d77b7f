"""The one thing the rules need from outside: a Dice with `d(sides)`.

The core's Dice fits this Protocol; `SeededDice` is a small stand-in for headless play
(the bench, tests) so this package does not depend on the core.
"""

from __future__ import annotations

import random
from typing import Protocol


class Dice(Protocol):
    def d(self, sides: int) -> int:
        """A face from 1 to sides."""
        ...


class SeededDice:
    """A Dice drawn from a seeded random.Random."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def d(self, sides: int) -> int:
        return self.rng.randrange(sides) + 1


def shuffle(items: list[int], dice: Dice) -> None:
    """Fisher-Yates in place, every position drawn from the dice."""
    for i in range(len(items) - 1, 0, -1):
        j = dice.d(i + 1) - 1
        items[i], items[j] = items[j], items[i]
