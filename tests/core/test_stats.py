"""The simulators' intervals (guide.core.stats): Wilson's for a proportion, the normal one
for a mean."""

from __future__ import annotations

from guide.core.stats import mean_interval, wilson


def test_wilson_interval_of_half_of_100():
    lo, hi = wilson(50, 100)
    assert (round(lo, 3), round(hi, 3)) == (0.404, 0.596)


def test_mean_interval_is_the_mean_and_1_96_standard_errors_each_side():
    mean, lo, hi = mean_interval([1, 2, 3, 4, 5] * 20)
    assert mean == 3.0
    assert (round(lo, 3), round(hi, 3)) == (2.721, 3.279)    # sd 1.4213 / sqrt(100) * 1.96


def test_mean_interval_of_one_value_or_none():
    assert mean_interval([7]) == (7.0, 7.0, 7.0)
    assert mean_interval([]) == (0.0, 0.0, 0.0)
