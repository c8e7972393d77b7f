"""`guide cave ...`: the game's own subcommands; `guide cave sim` plays headless games."""

from __future__ import annotations

from pathlib import Path

import click

from guide.core.cli import UserError
from guide.core.errors import DataError

from .box import load_box
from .sim import report, simulate


@click.group("cave")
def cave_group() -> None:
    """Cave escape: numbers for its designers."""


@cave_group.command("sim")
@click.option("--players", type=click.IntRange(1, 8), default=None,
              help="Characters in each game (default: 1 to 4, one report each).")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--box", "box_path", type=click.Path(path_type=Path, exists=True), default=None,
              help="A box file (or a folder with box.yaml) in place of the bundled one.")
def sim(players: int | None, games: int, seed: int, box_path: Path | None) -> None:
    """Play whole games headless with the documented policy (docs/cave.md) and print the escape
    rates with 95% intervals, the rounds, the causes of death and the rules that end games."""
    if box_path is not None and box_path.is_dir():
        box_path = box_path / "box.yaml"
    try:
        box = load_box(box_path)
    except DataError as e:
        raise UserError(str(e)) from None
    for i, n in enumerate([players] if players else range(1, 5)):
        click.echo(("\n" if i else "") + "\n".join(report(simulate(box, n, games, seed))))
