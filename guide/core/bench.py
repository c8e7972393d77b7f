"""`guide bench`: whole games played by bots on the real rules, in memory (no store, no
journal), on the local cores, and what they show: each level's share of the wins with its
95% interval (guide.core.stats.wilson) beside chance, the mean length of a game, the time a
bot's move takes, and the game's own figures (its BotKit).

Who plays where: in a competitive game the levels take the seats in turn, game by game, so
each level sits in every position equally often; `win` is the share of seats of that level
that won (a shared win counts for each winner), and chance is 1 in the number of players.
In a cooperative game the games are split equally among the levels, every seat of a game at
one level, and `win` is the share of its games the party won.
Game i plays seed `seed * 1_000_003 + i`, whatever the number of workers.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from guide.core import settings
from guide.core.bots import choose
from guide.core.bots.kit import BotKit, Outcome
from guide.core.bots.seating import after, bots_of
from guide.core.dice import Dice
from guide.core.errors import CommandError, GuideError
from guide.core.i18n import _, ngettext
from guide.core.pool import Pool, cores
from guide.core.stats import wilson
from guide.core.table import Table

CHUNK = 5                # games a worker plays at a time


@dataclass
class Played:
    """One bench game: its outcome, each seat's level, and its bots' move times (s)."""
    outcome: Outcome | None        # None: it did not end within the kit's max_moves
    levels: dict[str, str]
    times: dict[str, list[float]] = field(default_factory=dict)   # level -> move times
    error: str | None = None


@dataclass
class Plan:
    game_id: str
    boxes: tuple[Path, ...]
    games: int
    seed: int
    levels: tuple[str, ...]
    players: int


def seats_levels(kit: BotKit, seats: list[str], levels: tuple[str, ...], i: int) -> dict[str, str]:
    """Who plays where in game i (see the module's words)."""
    if kit.cooperative:
        return dict.fromkeys(seats, levels[i % len(levels)])
    return {seat: levels[(i + j) % len(levels)] for j, seat in enumerate(seats)}


def play_one(game: Any, library: Any, kit: BotKit, seats: list[str], levels: dict[str, str],
             seed: int) -> Played:
    """One whole game of bots, through the table's commands, in memory."""
    import random

    table: Table = (game.settings.table_class or Table)(game, None, library, Dice(seed, record=False))
    played = Played(None, levels)
    try:
        for line in kit.setup_for(table, seats, random.Random(seed)):
            table.execute(line)
        bots = bots_of(table)
        bots.levels = dict(levels)
        bots.seed = seed
        last: str | None = None
        for number in range(kit.max_moves):
            done = kit.outcome(table)
            if done is not None:
                done.moves = number
                played.outcome = done
                return played
            move = None
            for seat in after(kit.seats(table), last):
                started = time.perf_counter()
                move = choose(table, seat, levels[seat], seed, number)
                if move is not None:
                    played.times.setdefault(levels[seat], []).append(
                        time.perf_counter() - started)
                    table.execute(move.line, seat=seat, bot=levels[seat])
                    last = seat
                    break
            if move is None:
                played.error = "no seat has a move, and the game has not ended"
                return played
    except GuideError as e:
        played.error = str(e)
    return played


def _games(chunk: tuple[Plan, range]) -> list[Played]:
    """Some of the plan's games, in order (a worker's job)."""
    from guide.core.games import load as get

    plan, indexes = chunk
    game = get(plan.game_id)
    library = settings.load(game, list(plan.boxes))
    kit = game.bots()
    assert kit is not None
    seats = kit.seat_names(plan.players)
    return [play_one(game, library, kit, seats, seats_levels(kit, seats, plan.levels, i),
                     plan.seed * 1_000_003 + i) for i in indexes]


def run(plan: Plan, workers: int = 0, progress: Callable[[int, int], None] | None = None
        ) -> list[Played]:
    """Every game of the plan, on `workers` processes (0: every core), in game order."""
    chunks = [(plan, range(at, min(at + CHUNK, plan.games))) for at in range(0, plan.games, CHUNK)]
    played: list[Played] = []
    with Pool(min(workers or cores(), len(chunks)), "bench") as pool:
        for part in pool.each(_games, chunks):
            played += part
            if progress:
                progress(len(played), plan.games)
    return played


def bar(done: int, total: int) -> None:
    """A progress bar on standard error, on a terminal only."""
    if not sys.stderr.isatty():
        return
    width = 40
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done >= total:
        sys.stderr.write("\r" + " " * (width + 20) + "\r")
    sys.stderr.flush()


@dataclass
class Report:
    game: str
    players: int
    games: int                          # finished
    planned: int
    levels: dict[str, tuple[float, int]]  # level -> (wins, seat-games)
    chance: float | None
    mean_moves: float
    move_ms: tuple[float, float]        # median, max
    level_ms: dict[str, tuple[float, float]]
    errors: list[str]
    notes: list[str]
    figures: list[str]
    figures_json: dict[str, Any]
    cooperative: bool
    unfinished: int = 0                 # games that did not end within the kit's max_moves
    max_moves: int = 0

    def interval(self, level: str) -> tuple[float, float]:
        wins, n = self.levels[level]
        return wilson(wins, n)

    def rate(self, level: str) -> float:
        wins, n = self.levels[level]
        return wins / n if n else 0.0

    def lines(self) -> list[str]:
        out = list(self.notes)
        out.append(_("{game}: {games} games of {players} players finished (of {planned}), a game"
                     " {moves:.1f} moves on average").format(
            game=self.game, games=self.games, players=self.players, planned=self.planned,
            moves=self.mean_moves))
        for level in self.levels:
            low, high = self.interval(level)
            said = (_("{level}: the party wins {rate:.1f}% (95%: {low:.1f}% to {high:.1f}%)")
                    if self.cooperative else
                    _("{level}: wins {rate:.1f}% of its seats (95%: {low:.1f}% to {high:.1f}%)"
                      "; chance {chance:.1f}%"))
            median, worst = self.level_ms.get(level, (0.0, 0.0))
            out.append(said.format(level=level, rate=100 * self.rate(level), low=100 * low,
                                   high=100 * high, chance=100 * (self.chance or 0))
                       + _(", a move {median:.1f} ms (worst {worst:.0f} ms)").format(
                           median=median, worst=worst))
        out += self.figures
        if self.errors:
            out.append(_("{n} games stopped: {why}").format(n=len(self.errors), why=self.errors[0]))
        if self.unfinished:         # else "0 games ... finished" would be all a report said
            out.append(ngettext("{n} game did not end within {most} moves",
                                "{n} games did not end within {most} moves", self.unfinished).format(
                n=self.unfinished, most=self.max_moves))
        return out

    def json(self) -> dict[str, Any]:
        levels = {}
        for level in self.levels:
            low, high = self.interval(level)
            levels[level] = {"win": round(100 * self.rate(level), 2), "low": round(100 * low, 2),
                             "high": round(100 * high, 2), "seats": self.levels[level][1]}
        return {"game": self.game, "games": self.games, "players": self.players,
                "levels": levels,
                "chance": None if self.chance is None else round(100 * self.chance, 2),
                "mean_moves": round(self.mean_moves, 2),
                "move_ms": {"median": round(self.move_ms[0], 2), "max": round(self.move_ms[1], 2)},
                "notes": self.notes, **self.figures_json}


def report(plan: Plan, kit: BotKit, played: list[Played]) -> Report:
    seats = kit.seat_names(plan.players)
    finished = [p for p in played if p.outcome is not None]
    levels = _wins_by_level(plan, kit, finished)
    times = _move_times(played)
    every = [t for ts in times.values() for t in ts]
    outcomes = [p.outcome for p in finished if p.outcome is not None]
    return Report(
        game=plan.game_id, players=plan.players, games=len(finished), planned=plan.games,
        levels={lv: (w, int(n)) for lv, (w, n) in levels.items()},
        chance=None if kit.cooperative else 1 / plan.players,
        mean_moves=statistics.mean(o.moves for o in outcomes) if outcomes else 0.0,
        move_ms=_ms(every), level_ms={lv: _ms(ts) for lv, ts in times.items()},
        errors=[p.error for p in played if p.error],
        notes=kit.notes(list(plan.boxes)), figures=kit.figures(outcomes, seats),
        figures_json=kit.figures_json(outcomes, seats), cooperative=kit.cooperative,
        unfinished=sum(1 for p in played if p.outcome is None and not p.error),
        max_moves=kit.max_moves)


def _wins_by_level(plan: Plan, kit: BotKit, finished: list[Played]) -> dict[str, list[float]]:
    """Each level's wins and seats played: a cooperative game is won or lost by the whole
    table (one seat a game), any other by the seats among its winners."""
    levels: dict[str, list[float]] = {lv: [0.0, 0] for lv in plan.levels}   # type: ignore[misc]
    for p in finished:
        assert p.outcome is not None
        if kit.cooperative:
            level = next(iter(p.levels.values()))
            levels[level][0] += bool(p.outcome.winners)
            levels[level][1] += 1
            continue
        for seat, level in p.levels.items():
            levels[level][0] += seat in p.outcome.winners
            levels[level][1] += 1
    return levels


def _move_times(played: list[Played]) -> dict[str, list[float]]:
    """Every bot move's time in seconds, by level."""
    times: dict[str, list[float]] = {}
    for p in played:
        for level, ts in p.times.items():
            times.setdefault(level, []).extend(ts)
    return times


def _ms(ts: list[float]) -> tuple[float, float]:
    """The median and the longest of these times, in milliseconds."""
    return (1000 * statistics.median(ts), 1000 * max(ts)) if ts else (0.0, 0.0)


def plan_of(game_id: str, boxes: list[Path], games: int, seed: int, levels: str | None,
            players: int | None) -> tuple[Plan, BotKit]:
    """The bench's plan from its options; a CommandError names what is wrong."""
    from guide.core.bots import LEVELS
    from guide.core.games import load as get

    game = get(game_id)
    kit = game.bots()
    if kit is None:
        raise CommandError(_("no bot plays the {game} game: no bench for it").format(game=game_id))
    why = kit.need(boxes)
    if why:
        raise CommandError(why)
    if games < 1:
        raise CommandError(_("--games: play at least one game, not {n}").format(n=games))
    known = {**LEVELS, **kit.levels}
    if not kit.can_think:
        known.pop("think", None)
    chosen = tuple(x.strip() for x in levels.split(",")) if levels else kit.default_levels
    for level in chosen:
        if level not in known:
            raise CommandError(_("--levels: no level {level!r}; the {game} game's: {levels}").format(
                level=level, game=game_id, levels=", ".join(known)))
    _default, least, most = kit.players
    players = players if players is not None else _default
    if not least <= players <= most:
        raise CommandError(_("--players: the {game} game is for {least} to {most}, not {n}").format(
            game=game_id, least=least, most=most, n=players))
    return Plan(game_id, tuple(boxes), games, seed, chosen, players), kit
