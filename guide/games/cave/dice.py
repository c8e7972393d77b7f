"""The one Dice every rule draws from (a Protocol, so this package needs no core), and shuffling."""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

T = TypeVar("T")


class Dice(Protocol):
    def d(self, sides: int) -> int:
        """One die of `sides` faces: 1..sides."""
        ...


class RandomDice:
    """A seeded Dice for the simulator and the tests (the core's Dice at the table)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def d(self, sides: int) -> int:
        return self.rng.randint(1, sides)


class TableDice:
    """The table's own faces, in order (tests); past them it rolls from the seed."""

    def __init__(self, faces: list[int], seed: int = 0) -> None:
        self.faces = list(faces)
        self.rng = random.Random(seed)

    def d(self, sides: int) -> int:
        if self.faces:
            face = self.faces.pop(0)
            if not 1 <= face <= sides:
                raise ValueError(f"a d{sides} shows 1 to {sides}, not {face}")
            return face
        return self.rng.randint(1, sides)


def shuffle(items: list[T], dice: Dice) -> list[T]:
    """A new list, shuffled by Fisher-Yates with dice from the one Dice."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = dice.d(i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out
