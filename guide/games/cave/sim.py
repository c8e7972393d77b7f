"""`guide cave sim`: many whole games played headless by the policy (policy.py), on one or
more worker processes, and the figures a designer asks for: how many escaped (0..N of N),
tiles laid, rounds and turns, how often the exit was drawn, the causes of death.

Game i of every run plays seed `seed * 1_000_003 + 2 * i`, whatever the knobs: the values of
a sweep meet the same shuffles as far as the knob lets them (common random numbers), and
the figures do not depend on how many workers played them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from guide.core.pool import in_workers

from .box import Box
from .policy import Outcome, play, play_turn  # noqa: F401  (play_turn: the policy's one turn)

CHUNK = 100                  # games a worker plays at a time


@dataclass
class Figures:
    players: int
    games: int
    seed: int
    settings: dict[str, Any] = field(default_factory=dict)   # the knobs turned, as given
    notes: list[str] = field(default_factory=list)           # what was adjusted to match them
    escaped: list[int] = field(default_factory=list)         # games by how many escaped: 0..N
    rounds: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    tiles: list[int] = field(default_factory=list)
    exit_drawn: int = 0
    causes: Counter[str] = field(default_factory=Counter)     # deaths by cause
    ended_by: Counter[str] = field(default_factory=Counter)   # games by the rule that ended them

    def __post_init__(self) -> None:
        if not self.escaped:
            self.escaped = [0] * (self.players + 1)

    @property
    def all(self) -> int:
        return self.escaped[self.players]

    @property
    def none(self) -> int:
        return self.escaped[0]

    @property
    def some(self) -> int:
        return self.games - self.all - self.none if self.players > 1 else 0

    def add(self, o: Outcome) -> None:
        self.escaped[o.escaped] += 1
        self.rounds.append(o.rounds)
        self.turns.append(o.turns)
        self.tiles.append(o.tiles)
        self.exit_drawn += o.exit_drawn
        self.causes.update(o.causes)
        self.ended_by[o.ended_by] += 1


@dataclass(frozen=True)
class Run:
    """One set of games to play: a box (the knobs applied), a number of players."""
    box: Box
    players: int
    games: int
    seed: int
    settings: tuple[tuple[str, Any], ...] = ()
    notes: tuple[str, ...] = ()


def seeds(seed: int, games: int) -> list[int]:
    return [seed * 1_000_003 + 2 * i for i in range(games)]


Chunk = tuple[int, Box, int, list[int]]     # a run's number, its box, its players, its seeds


def _job(chunk: Chunk) -> list[Outcome]:
    _run, box, players, game_seeds = chunk
    return [play(box, players, s) for s in game_seeds]


def _chunks(runs: Sequence[Run]) -> list[Chunk]:
    """Every run's games, CHUNK at a time, in order."""
    chunks: list[Chunk] = []
    for r, run in enumerate(runs):
        every = seeds(run.seed, run.games)
        chunks += [(r, run.box, run.players, every[at:at + CHUNK])
                   for at in range(0, run.games, CHUNK)]
    return chunks


def simulate_runs(runs: Sequence[Run], workers: int = 1) -> list[Figures]:
    """Play every run, on `workers` processes (1: in this one); the figures in run order. A
    worker killed mid-run ends it with one line (guide.core.pool)."""
    out = [Figures(players=run.players, games=run.games, seed=run.seed,
                   settings=dict(run.settings), notes=list(run.notes)) for run in runs]
    chunks = _chunks(runs)
    for (r, *_rest), outcomes in zip(chunks, in_workers(_job, chunks, workers, "cave sim"),
                                     strict=True):
        for o in outcomes:
            out[r].add(o)
    return out


def simulate(box: Box, players: int, games: int, seed: int, workers: int = 1) -> Figures:
    """G games of N players on the box: its figures."""
    return simulate_runs([Run(box, players, games, seed)], workers)[0]
