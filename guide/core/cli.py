"""Command-line pieces shared by `guide` and the games' own subcommands: the common options
and the one-line user error."""

from __future__ import annotations

from pathlib import Path

import click

from guide.core.i18n import _

BOX = click.option("--box", "boxes", multiple=True, type=click.Path(path_type=Path),
                   help="A folder of the game's extra data files, loaded beside its bundled box"
                        " (repeatable).")
CAMPAIGN = click.option("--campaign", type=click.Path(path_type=Path), default=None,
                        help="The campaign file (SQLite); default: one in your data folder.")
GAME = click.option("--game", "game_id", default=None, metavar="ID",
                    help="The game (guide games lists them); default: the campaign's own,"
                         " or kaverini.")


class UserError(click.ClickException):
    """A one-line error for the user: `error: ...`, exit 1."""

    def show(self, file=None) -> None:
        click.echo(_("error: {message}").format(message=self.format_message()), err=True)
