"""Rolling dice at the table (R-DICE-1..3)."""

from __future__ import annotations

import click

from guide.commands.registry import command
from guide.render import Result
from guide.rules.dice import parse_faces, roll_expression


@command("roll", "dice")
@click.argument("expression", nargs=-1, required=True)
@click.option("--dice", "faces", default=None, metavar="FACES",
              help="The table's own faces, in order (R-DICE-3).")
def roll(t, expression: tuple[str, ...], faces: str | None):
    """Roll dice: 2d4+1, 4d6kh3, 2d20kl1, 3d6e6, 4d6rr1, d% (the percentile, 1..100)."""
    if faces:
        t.dice.give(parse_faces(faces, "--dice"))
    r = roll_expression(" ".join(expression), t.dice)
    t.tell("roll", f"Rolled {r.breakdown}", total=r.total)
    return Result([r.breakdown, str(r.total)])
