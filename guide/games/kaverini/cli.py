"""Kaverini's own `guide` subcommands: `guide odds`."""

from __future__ import annotations

import click

from guide.core.cli import BOX, CAMPAIGN, UserError


@click.command(context_settings={"ignore_unknown_options": True})
@CAMPAIGN
@BOX
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def odds(campaign, boxes, args) -> None:
    """Is this fight fair? The odds for the campaign's party: the same options as `odds` at
    the table (FOE_CARD..., --party, --scene, --setting, --runs, --target, --seed, --json)."""
    import shlex

    from guide.core.errors import CommandError
    from guide.core.repl.run import open_table
    from guide.core.result import text

    table = open_table(campaign, list(boxes), seed=None, read_only=True, game_id="kaverini")
    try:
        click.echo(text(table.execute(shlex.join(["odds", *args]))))
    except CommandError as e:
        raise UserError(str(e)) from None
    finally:
        table.close()
