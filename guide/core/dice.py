"""Dice (R-DICE-1..3): one Dice object draws every die at the table.

A Dice either rolls (seeded for reproducible play) or takes the table's own faces, given in
advance with `give()` (the `--roll` and `--dice` options). Dice expressions are parsed and
rolled by the `d20` package (keep/drop, explode, reroll, limits), fed from the same Dice.

Every game's rules draw through the one protocol `DiceLike` (`d(sides)`), so the table's
Dice, a seeded one in a simulator and a test's own faces are the same thing to them; a deck
is shuffled by `shuffle` and one of several picked by `pick`, both from the same dice.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from guide.core.errors import GuideError
from guide.core.i18n import _

MAX_DICE = 1000           # dice rolled by one expression, explosions and rerolls included
MAX_SIDES = 1_000_000
MAX_EXPRESSION = 200      # characters


class DiceError(GuideError, ValueError):
    """A bad die face or dice expression; the message is one line for the user."""


T = TypeVar("T")


class DiceLike(Protocol):
    """What every rule needs of the dice: one die of `sides` faces, 1..sides."""

    def d(self, sides: int) -> int: ...


def shuffle(items: Sequence[T], dice: DiceLike) -> list[T]:
    """A new list, shuffled by Fisher-Yates, every position drawn from the dice (so the
    table's own faces, or a seed, decide it)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = dice.d(i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out


def pick(items: Sequence[T], dice: DiceLike) -> T:
    """One of `items`, drawn with one die of as many faces."""
    if not items:
        raise DiceError(_("nothing to draw from"))
    return items[dice.d(len(items)) - 1]


@dataclass(frozen=True)
class Percentile:
    """A percentile roll (R-DICE-2): two d10, a 10 counts as 0, and 0 on both is 100."""

    tens: int
    ones: int

    @property
    def value(self) -> int:
        v = (self.tens % 10) * 10 + self.ones % 10
        return v or 100

    def __str__(self) -> str:
        return _("tens {tens}, ones {ones} = {value}").format(tens=self.tens, ones=self.ones,
                                                             value=self.value)


# What `d%` (and `d100`) means in a game (Game.settings.percentile):
ONE_D100 = "d100"                 # one die of a hundred faces: the core's default
TENS_AND_ONES = "tens and ones"   # R-DICE-2 (Kaverini): two d10, a 10 counts as 0, 00 is 100


class Dice:
    """The table's dice: the table's own faces first (`faces`, `give`), then the seeded
    generator. `record=False` (a simulator's million draws) keeps no `drawn` list."""

    def __init__(self, seed: int | None = None, faces: list[int] | None = None,
                 record: bool = True):
        self.rng = random.Random(seed)
        self.seed = seed                         # the table's seed (a bot's numbers start from it)
        self.table_faces: list[int] = list(faces or [])
        self.drawn: list[tuple[int, int]] = []   # (sides, face) of every die drawn
        self.record = record

    def give(self, faces: list[int]) -> None:
        """The table's own faces (R-DICE-3), used before any die is rolled."""
        self.table_faces.extend(faces)

    def unused(self) -> list[int]:
        return list(self.table_faces)

    def clear(self) -> None:
        self.table_faces.clear()
        self.drawn.clear()

    def d(self, sides: int) -> int:
        if self.table_faces:
            face = self.table_faces.pop(0)
            if not 1 <= face <= sides:
                self.table_faces.clear()
                raise DiceError(_("a d{sides} shows 1 to {sides}, not {face}").format(sides=sides, face=face))
        else:
            # randint(1, sides) without its checks: the same draw from the same generator
            face = self.rng._randbelow(sides) + 1 if sides > 0 else self.rng.randint(1, sides)  # type: ignore[attr-defined]
        if self.record:
            self.drawn.append((sides, face))
        return face

    def split(self) -> Dice:
        """A Dice of its own seeded from this one's generator, that records nothing and
        takes none of the table's faces: for draws no event may show (a shuffle, a bot's
        chance), reproducible from the table's seed."""
        return Dice(self.rng.getrandbits(64), record=False)

    def percentile(self) -> Percentile:
        return Percentile(self.d(10), self.d(10))

    # the interface d20 expects of the `random` module
    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            return self.d(start) - 1
        raise DiceError(_("this kind of die is not supported"))


def parse_faces(text: str, option: str) -> list[int]:
    """'4,5' -> [4, 5]; a clear error names the option."""
    try:
        faces = [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise DiceError(_("{option} takes die faces like 4 or 4,5, not {text!r}").format(
            option=option, text=text)) from None
    if not faces:
        raise DiceError(_("{option} needs at least one die face").format(option=option))
    return faces


_PERCENT_ONLY = re.compile(r"^\s*1?d(%|100)\s*$", re.IGNORECASE)
_PERCENT = re.compile(r"(?<![\w)\]])(\d*)\s*d\s*(?:%|100)(?![\w%])", re.IGNORECASE)
_PERCENT_SIGN = re.compile(r"d\s*%", re.IGNORECASE)
_ADVANTAGE = re.compile(r"(?:^|\s+)(adv|dis)\s*$", re.IGNORECASE)
_FIRST_D20 = re.compile(r"(?<![\w)\]])1?d20(?![\w])", re.IGNORECASE)
_SIDES = re.compile(r"d\s*(\d+)", re.IGNORECASE)
_COUNT = re.compile(r"(\d+)\s*d", re.IGNORECASE)


@dataclass(frozen=True)
class Roll:
    expression: str
    breakdown: str
    total: int


def roll_expression(expression: str, dice: Dice, percentile: str = ONE_D100) -> Roll:
    """Roll a dice expression (R-DICE-1). `d%` is the percentile: one d100 by default; with
    `percentile=TENS_AND_ONES` (R-DICE-2), `d%` and `d100` are two d10, tens and ones."""
    expr = expression.strip()
    if not expr:
        raise DiceError(_("empty dice expression"))
    if len(expr) > MAX_EXPRESSION:
        raise DiceError(_("dice expression too long ({length} characters; at most {most})").format(
            length=len(expr), most=MAX_EXPRESSION))
    if percentile == ONE_D100:
        expr = _PERCENT_SIGN.sub("d100", expr)
    elif _PERCENT_ONLY.match(expr):
        p = dice.percentile()
        return Roll(expr, _("{expr} (tens {tens}, ones {ones}) = {value}").format(
            expr=expr, tens=p.tens, ones=p.ones, value=p.value), p.value)
    shown = expr
    expr = _advantage(expr)
    if percentile == TENS_AND_ONES:
        expr = _PERCENT.sub(lambda m: _percentiles(m, dice), expr)
    for m in _COUNT.finditer(expr):
        if int(m.group(1)) > MAX_DICE:
            raise DiceError(_("too many dice: {count} (at most {most} in one roll)").format(
                count=m.group(1), most=MAX_DICE))
    for m in _SIDES.finditer(expr):
        if int(m.group(1)) > MAX_SIDES:
            raise DiceError(_("die too large: d{sides} (at most d{most})").format(sides=m.group(1),
                                                                                   most=MAX_SIDES))
    fast = _COMMON.fullmatch(expr)
    if fast is not None and int(fast.group(2)) > 0:
        return _roll_common(shown, fast, dice)
    import d20  # imported here: it takes a while (its grammar), and the common forms skip it
    import d20.expression as d20_expression

    saved = d20_expression.random
    d20_expression.random = dice
    try:
        result = d20.Roller(context=d20.RollContext(max_rolls=MAX_DICE)).roll(
            expr, stringifier=_plain_stringifier())
        return Roll(shown, result.result, int(result.total))
    except d20.TooManyRolls:
        raise DiceError(_("too many dice (at most {most} in one roll, rerolls included)").format(
            most=MAX_DICE)) from None
    except d20.RollSyntaxError as e:
        raise DiceError(_("cannot read {expression!r}: {why}").format(
            expression=expression.strip(), why=_syntax_hint(e))) from None
    except d20.RollError as e:
        raise DiceError(f"{expression.strip()!r}: {e}") from None   # d20's own words
    except RecursionError:
        raise DiceError(_("dice expression nested too deeply")) from None
    finally:
        d20_expression.random = saved


# NdM, NdM+K, NdM-K (and d% once read as d100): the forms a table types most, rolled and
# written exactly as d20 does (the same dice in the same order, the same breakdown), without
# building d20's grammar (lark) in every process. tests/core/test_dice_fast.py holds the two
# to each other; anything else goes to d20.
_COMMON = re.compile(r"(\d*)d(\d+)(?:\s*([+-])\s*(\d+))?")


def _roll_common(shown: str, m: re.Match, dice: DiceLike) -> Roll:
    count, sides = int(m.group(1) or 1), int(m.group(2))
    faces = [dice.d(sides) for _ in range(count)]
    total = sum(faces)
    text = f"{count}d{sides} ({', '.join(map(str, faces))})"
    if m.group(3) is not None:
        k = int(m.group(4))
        total += k if m.group(3) == "+" else -k
        text += f" {m.group(3)} {k}"
    return Roll(shown, f"{text} = {total}", total)


def _advantage(expr: str) -> str:
    """`1d20+5 adv` / `dis`, as Avrae users type them: the first d20 is rolled twice and the
    higher (lower) kept."""
    m = _ADVANTAGE.search(expr)
    if m is None:
        return expr
    rest = expr[:m.start()] or "1d20"
    if not _FIRST_D20.search(rest):
        raise DiceError(_("{word} needs a d20 to roll twice: 1d20 {word}").format(word=m.group(1)))
    keep = "kh1" if m.group(1).casefold() == "adv" else "kl1"
    return _FIRST_D20.sub(f"2d20{keep}", rest, count=1)


def _percentiles(m: re.Match, dice: Dice) -> str:
    """Every d% or d100 term is the rulebook's two-d10 percentile (R-DICE-2), also inside
    a larger expression: each roll shown with its tens and ones."""
    count = int(m.group(1) or 1)
    if count > MAX_DICE:
        raise DiceError(_("too many dice: {count} (at most {most} in one roll)").format(
            count=count, most=MAX_DICE))
    rolls = [dice.percentile() for _ in range(count)]
    return "(" + " + ".join(_("{value} [tens {tens}, ones {ones}]").format(
        value=p.value, tens=p.tens, ones=p.ones) for p in rolls) + ")"


def _syntax_hint(e: Exception) -> str:
    col = getattr(e, "col", None)
    return _("unexpected input at column {column}").format(column=col) if col else _("not a dice expression")


def _plain_stringifier():
    import d20

    class Plain(d20.SimpleStringifier):
        """d20's plain text, with dropped or rerolled dice in brackets: 4d6kh3 (4, [1], 6, 5)."""

        def _stringify(self, node):
            text = super()._stringify(node)
            return text if node.kept else f"[{text}]"

    return Plain()
