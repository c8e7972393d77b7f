"""`guide kaivo ...`: the bench of the bots."""

from __future__ import annotations

import click

from guide.core.cli import UserError, echo
from guide.core.errors import DataError

from . import bench as _bench
from . import bots, deck


@click.group("kaivo")
def kaivo() -> None:
    """Kaivo outside a table: the bots' bench."""


@kaivo.command("bench")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True,
              help="Matches to play.")
@click.option("--seed", type=int, default=None, help="Seed for reproducible matches.")
def bench(games: int, seed: int | None) -> None:
    """Matches of three bots, one of each level, headless: each level's win rate (with its
    95% interval) and mean round score; then each level against each other level, one on
    one, and the mean round length."""
    try:
        rules, levels = deck.load(), bots.load_bots()
    except DataError as e:
        raise UserError(str(e)) from None
    echo(_bench.report(_bench.bench(rules, levels, games, seed)))
    echo(_bench.duel_table(_bench.duels(rules, levels, games, seed)))
