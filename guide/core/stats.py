"""The figures simulators report: a proportion's 95% interval (Wilson's, which stays sound
near 0% and 100% and for few runs) and a mean's, for every game's odds, bench and sim."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.96


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's interval for `successes` out of `n` (0 to 1 each side)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of `values` and its 95% interval (the normal approximation, sound for the
    hundreds of runs a simulator plays; a single value has none: its own value each side)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * spread / math.sqrt(n)
    return mean, mean - half, mean + half
