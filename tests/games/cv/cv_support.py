"""A CV table for the rules tests: the rules run on its state with the table's dice; and the
core's table of CV on a campaign file, with the lines run or refused at it."""

from __future__ import annotations

import copy
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from guide.core import settings, turns
from guide.core import table as core
from guide.core.dice import Dice
from guide.core.errors import CommandError, RuleError
from guide.core.result import text
from guide.core.store import Store
from guide.games.cv import dice, library, phase, score, take, track
from guide.games.cv.model import CvState, Player, new_state, player
from guide.games.cv.render import Renderer


def cv_table(path: Path, seed: int = 1) -> core.Table:
    """The core's table of CV on a campaign file at `path`, its dice seeded."""
    from guide.games.cv.game import CvGame
    game = CvGame()
    return core.Table(game, Store(path, game="cv"), settings.load(game, []), Dice(seed))


def run(t: core.Table, *lines: str) -> str:
    """The lines run at the table, what they printed."""
    return "\n".join(text(t.execute(line)) for line in lines)


def refused(t: core.Table, line: str) -> str:
    """The refusal of a line, which must change nothing."""
    before = copy.deepcopy(t.state)
    with pytest.raises(CommandError) as e:
        t.execute(line)
    assert t.state == before, "a refused line changed the state"
    return str(e.value)


@lru_cache(maxsize=1)
def lib() -> library.Library:
    from guide.games.cv.game import CvGame
    return settings.load(CvGame(), [])


class Faces:
    """The table's own d6 faces first, then a seeded roll."""

    def __init__(self, faces: list[int] | None = None, seed: int = 0):
        self.faces = list(faces or [])
        self.rng = random.Random(seed)

    def d(self, sides: int) -> int:
        return self.faces.pop(0) if self.faces else self.rng.randint(1, sides)


def syms(text: str) -> list[str]:
    return lib().symbol_list(text)


class Table:
    def __init__(self, *names: str, decks: dict[str, int] | None = None, seed: int = 0):
        self.state: CvState = new_state()
        self.dice = Faces(seed=seed)
        self.events: list[dict[str, Any]] = []
        if names:
            self.run(phase.players, list(names))
        if decks:
            self.run(track.setup, decks)

    def run(self, fn: Any, *args: Any, **kw: Any) -> list[dict[str, Any]]:
        events = fn(self.state, lib(), *args, **kw)
        self.events += events
        return events

    def fails(self, fn: Any, *args: Any, **kw: Any) -> str:
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleError) as e:
            fn(self.state, lib(), *args, **kw)
        assert self.state == before, "a refused move changed the state"
        return str(e.value)

    # the moves, in the table's words
    def roll(self, who: str, faces: str | None = None, n: int | None = None) -> list[dict[str, Any]]:
        return self.run(dice.roll, self.dice, who, n, syms(faces) if faces else None)

    def reroll(self, who: str, positions: list[int], faces: str | None = None) -> list[dict[str, Any]]:
        return self.run(dice.reroll, self.dice, who, positions, syms(faces) if faces else None)

    def take(self, who: str, name: str, type_: str, *, cost: str | None = None, gives: str = "",
             upkeep: str = "", points: int | None = None, die: int = 0, also: str | None = None,
             **kw: Any) -> list[dict[str, Any]]:
        typed = take.Typed(name, type_, also, syms(cost) if cost is not None else None, syms(gives),
                           syms(upkeep), points, die)
        return self.run(take.take, who, typed, **kw)

    def take_fails(self, who: str, name: str, type_: str, *, cost: str | None = None,
                   also: str | None = None, **kw: Any) -> str:
        typed = take.Typed(name, type_, also, syms(cost) if cost is not None else None)
        return self.fails(take.take, who, typed, **kw)

    def end(self, who: str) -> list[dict[str, Any]]:
        return self.run(phase.end, who)

    def p(self, who: str) -> Player:
        return player(self.state, who)

    def stack(self, who: str, type_: str) -> list[str]:
        return [c["name"] for c in self.p(who)["cv"][type_]]

    def turn_of(self) -> str:
        name = turns.current(self.state["order"])
        assert name is not None
        return name

    def score(self) -> tuple[list[dict[str, Any]], dict[str, int]]:
        events, totals = score.score(self.state, lib())
        self.events += events
        return events, totals

    def text(self, events: list[dict[str, Any]] | None = None, lang: str = "en") -> str:
        r = Renderer(lib(), lang)
        shown = (r.render(e) for e in (events if events is not None else self.events))
        return "\n".join(x for x in shown if x)


def give_card(t: Table, who: str, name: str, type_: str, **card: Any) -> None:
    """Put a card straight onto a CV (a state the tests start from, not a move)."""
    from guide.games.cv.model import new_card

    c = new_card(name, type_)
    c.update(card)  # type: ignore[typeddict-item]
    t.p(who)["cv"][type_].append(c)
