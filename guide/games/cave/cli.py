"""`guide cave ...`: the game's own subcommands; `guide cave sim` is the designers' workbench:
headless games with any knob of the box turned (`--set`), or a sweep over one (`--sweep`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from guide.core.cli import UserError, echo
from guide.core.errors import GuideError
from guide.core.i18n import domain
from guide.core.params import KeyValue
from guide.core.pool import cores
from guide.core.text import shown_path

from . import knobs
from .setup import MOST_PLAYED
from .sim import Run, simulate_runs
from .simreport import report, sweep_tables, to_csv, to_json

SETTING = KeyValue(value=str, metavar="KNOB=VALUE")
_, ngettext, pgettext = domain("cave").functions()


@click.group("cave")
def cave_group() -> None:
    """Cave escape: numbers for its designers."""


@cave_group.command("sim")
@click.option("--players", type=click.IntRange(1, MOST_PLAYED), default=None,
              help="Characters in each game (default: 1 to 4, one report each; at most 8, as"
                   " guide bench plays, where a table takes 12).")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True,
              help="Games played for each number of characters and each value of --sweep.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="The games' seed: the same seed plays the same games (game i: seed x"
                   " 1,000,003 + 2i).")
@click.option("--box", "box_path", type=click.Path(path_type=Path, exists=True), default=None,
              help="A box file (or a folder with box.yaml) in place of the bundled one.")
@click.option("--set", "settings", type=SETTING, multiple=True,
              help="A knob of the box and its value, again for more: tiles.straight=12, energy=6, "
                   "exit_in_last=20, item_bonus=3, events.fire=6, food=1,2,2,3,...")
@click.option("--sweep", "sweep", type=SETTING, default=None,
              help="One knob over several values, one row each: energy=6..10 or cross_chance=0.3,0.5.")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Processes playing the games (default: the cores, at most 4).")
@click.option("--json", "as_json", is_flag=True, help="The figures as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="The figures as CSV, one row a run.")
def sim(players: int | None, games: int, seed: int, box_path: Path | None,
        settings: tuple[tuple[str, str], ...], sweep: tuple[str, str] | None, workers: int | None,
        as_json: bool, as_csv: bool) -> None:
    """Play whole games headless with the documented policy (docs/cave.md) and print how many
    escaped, tiles laid, rounds and turns, how often the exit was drawn and the causes of
    death, each with its 95% interval. Example: guide cave sim --players 4 --sweep energy=6..10"""
    if as_json and as_csv:
        raise UserError(_("--json or --csv, not both"))
    if box_path is not None and box_path.is_dir():
        box_path = box_path / "box.yaml"
    try:
        runs, knob = plan(box_path, players, games, seed, settings, sweep)
        figures = simulate_runs(runs, workers or cores(most=4))
    except (GuideError, ValueError) as e:       # ValueError: a bad box file (its loader's one line)
        raise UserError(str(e)) from None
    except KeyboardInterrupt:
        raise UserError(_("stopped (Ctrl-C): no figures")) from None
    if as_json:
        click.echo(to_json(figures, knob, None if box_path is None else str(box_path)))
        return
    if as_csv:
        click.echo(to_csv(figures), nl=False)
        return
    if box_path is not None:        # the figures are this file's, not the bundled box's
        echo(_("Box: {path}, in place of the bundled one").format(path=shown_path(box_path)))
    if knob is not None:
        for i, n in enumerate(sorted({f.players for f in figures})):
            rows = [f for f in figures if f.players == n]
            click.echo(("\n" if i else "") + "\n".join(sweep_tables(knob, rows)))
    else:
        echo("\n\n".join("\n".join(report(f)) for f in figures))


def plan(box_path: Path | None, players: int | None, games: int, seed: int,
         settings: tuple[tuple[str, str], ...],
         sweep: tuple[str, str] | None) -> tuple[list[Run], str | None]:
    """The runs to play: each players count, and with a sweep each of its values, on the box
    with the knobs turned (each box checked before any game is played)."""
    raw = knobs.raw_box(box_path)
    fixed: list[tuple[tuple[str, ...], Any]] = []
    for name, text in settings:
        path = knobs.find(raw, name, "--set")
        fixed.append((path, knobs.value_like(knobs.get(raw, path), text, f"--set {name}={text}")))
    values: list[Any] = [None]
    knob = None
    if sweep is not None:
        name, text = sweep
        path = knobs.find(raw, name, "--sweep")
        knob = ".".join(path)
        values = knobs.sweep_values(knobs.get(raw, path), text, f"--sweep {name}={text}")
    runs: list[Run] = []
    for n in [players] if players else range(1, 5):
        for value in values:
            turned = fixed + ([(path, value)] if knob else [])
            label = tuple((".".join(p), v) for p, v in turned)        # the knobs by full name
            where = " ".join(f"{k}={v}" for k, v in label) or _("the box")
            box, notes = knobs.box_with(raw, turned, where) if turned else (knobs.load_box(box_path), [])
            runs.append(Run(box, n, games, seed, label, tuple(notes)))
    return runs, knob
