"""Schmerz (R-DMG-1..7): how much a technique deals, and how it lands. Pure arithmetic."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from guide.core.i18n import domain
from guide.games.kaverini.data.tables import ladder as find_ladder

_, ngettext, pgettext = domain("kaverini").functions()


class Hit(NamedTuple):
    """One technique's Schmerz on one target, with every step for the table to see."""

    amount: int            # what the target takes, before HP counters
    steps: str             # the sum that gives it ("(3 +1 E) x 1/2 - 1 H = 1")


def base_schmerz(ladder_level: int | None = None, custom_level: int | None = None,
                 user_level: int = 1, card_amount: int | None = None) -> int:
    """R-DMG-1: an emotion ladder deals its level; a custom technique its level + Lv of its
    user; a card technique the amount printed on it (already resolved for Lv)."""
    if card_amount is not None:
        return card_amount
    if custom_level is not None:
        return custom_level + user_level
    return ladder_level or 0


def multiplier(heel: bool = False, shield: bool = False, attacker_sensitive: bool = False,
               attacker_insensitive: bool = False, target_sensitive: bool = False,
               target_insensitive: bool = False) -> Fraction:
    """R-DMG-3: every multiplier that applies, multiplied together (each is x2 or x1/2:
    2 ** doublings)."""
    return Fraction(2) ** doublings(heel, shield, attacker_sensitive, attacker_insensitive,
                                    target_sensitive, target_insensitive)


MULTIPLIERS = {k: str(Fraction(2) ** k) for k in range(-3, 4)}   # 2 ** doublings, as events say it


def doublings(heel: bool = False, shield: bool = False, attacker_sensitive: bool = False,
              attacker_insensitive: bool = False, target_sensitive: bool = False,
              target_insensitive: bool = False) -> int:
    """R-DMG-3 as a power of two: every multiplier is x2 or x1/2, so their product is
    2 ** doublings (multiplier() is the same as a fraction)."""
    return (heel + attacker_sensitive + target_sensitive
            - shield - attacker_insensitive - target_insensitive)


def amount(base: int, emotion: int, twos: int, heart: int) -> int:
    """R-DMG-2..4 in whole numbers: (base + E, never below 1 for a negative E) x 2 ** twos,
    rounded up once, then - H (a positive H never below 1, a negative H adds)."""
    if base <= 0:
        return 0
    value = base + emotion
    if emotion < 0 and value < 1:
        value = 1
    if twos > 0:
        value <<= twos
    elif twos < 0:
        value = -(-value >> -twos)                # ceil(value / 2 ** -twos)
    if heart > 0:
        return max(1, value - heart)
    return value - heart


def at_least_one() -> str:
    """Said in a sum where R-DMG-2 or R-DMG-4 kept the Schmerz at 1: "1 - 3 H, at least
    1 = 1", so that "1 - 3 H = 1" never reads as a mistake."""
    return _("at least 1")


def compute(base: int, emotion: int, mult: Fraction, heart: int) -> Hit:
    """R-DMG-2..4, with every step for the table to see. A technique that deals no
    Schmerz (base 0) stays at 0."""
    if base <= 0:
        return Hit(0, _("no Schmerz"))
    value = base + emotion
    steps = f"{base}" + (f" {emotion:+d} E" if emotion else "")
    if emotion < 0 and value < 1:
        value = 1                                 # R-DMG-2: negative E, never below 1
        steps += ", " + at_least_one()
    if mult != 1:
        value = math.ceil(value * mult)           # R-DMG-3: round up once, after all
        steps = f"({steps}) x {mult}" if emotion else f"{steps} x {mult}"
    if heart > 0:
        steps += f" - {heart} H"
        if value - heart < 1:                     # R-DMG-4: a positive H never below 1
            steps += ", " + at_least_one()
        value = max(1, value - heart)
    elif heart < 0:
        value = value - heart                     # R-DMG-4: a negative H adds
        steps += " " + _("+ {value} (negative H)").format(value=-heart)
    return Hit(value, f"{steps} = {value}")


def absorb(amount: int, hp: int, hp_counters: int) -> tuple[int, int, int]:
    """R-DMG-5: HP counters absorb one for one, then HP falls, never below 0.
    Returns (new hp, new hp counters, hp lost)."""
    absorbed = min(amount, hp_counters)
    rest = amount - absorbed
    lost = min(rest, hp)
    return hp - lost, hp_counters - absorbed, lost


class Taken(NamedTuple):
    """Schmerz taken: the HP lost, and what HP counters absorbed first (R-DMG-5); with the
    taker's side of R-DMG-8 that shaped it (its Sensitive/Insensitive as doublings, its H)."""

    lost: int
    absorbed: int = 0
    counters_left: int = 0
    twos: int = 0
    heart: int = 0

    def steps(self, given: int) -> dict[str, int | str]:
        """The event fields that let the words show R-DMG-8's arithmetic for `given`
        Schmerz, as a hit shows R-DMG-2..4 (`mult` spelt as a hit's)."""
        return {"given": given, "mult": MULTIPLIERS[self.twos], "heart": self.heart}

    @property
    def soaked(self) -> dict[str, int]:
        """The event fields that say what HP counters absorbed (none when they did not)."""
        return {"absorbed": self.absorbed, "counters_left": self.counters_left} \
            if self.absorbed else {}


@cache
def matches(defence: str | None, emotion: str | None, attacker_subtypes: tuple[str, ...] = ()
            ) -> bool | None:
    """R-DMG-7: does a Shield or Heel apply? True/False, or None when the GM must decide
    (a free-text class that names no subtype of the attacker, against a Kaveri)."""
    if not defence:
        return False
    lad = find_ladder(defence)
    if lad is not None or defence.casefold() == "comic":
        if emotion is None:
            return False
        if defence.casefold() == "comic":
            return emotion.casefold().startswith("comic")
        return lad is not None and lad.name.casefold() == emotion.casefold()
    words = {w.rstrip("s") for w in re.findall(r"[a-z]+", defence.casefold())}
    if any(s.casefold().rstrip("s") in words for s in attacker_subtypes):
        return True
    return None if not attacker_subtypes else False
