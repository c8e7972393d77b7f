"""Command-line pieces shared by `guide` and the games' own subcommands: the common options
and the one-line user error."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from guide.core.errors import GuideError
from guide.core.i18n import _


def echo(shown: str | Sequence[str]) -> None:
    """Lines printed from the shell as the REPL prints them: broken between words at the
    terminal's width (guide.core.result.wrapped) when standard output is a terminal; as they
    are into a pipe or a file, which a script reads whole."""
    import shutil
    import sys

    from guide.core.result import wrapped

    said = shown.split("\n") if isinstance(shown, str) else list(shown)
    if sys.stdout.isatty():
        said = wrapped(said, shutil.get_terminal_size().columns - 1)
    click.echo("\n".join(said))


class PathOf(click.Path):
    """A file or folder the user names, as a Path; never the empty word (which click reads
    as the current folder: `--box ""` loaded every YAML file under it). Whether it can be
    read is said by what reads it, in one line naming it (not click's "is not readable")."""

    def __init__(self) -> None:
        super().__init__(path_type=Path, readable=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail(_("an empty path names no file or folder"), param, ctx)
        return super().convert(value, param, ctx)


BOX = click.option("--box", "boxes", multiple=True, type=PathOf(),
                   help="A folder of the game's extra data files, loaded beside its bundled box"
                        " (repeatable).")
CAMPAIGN = click.option("--campaign", type=PathOf(), default=None,
                        help="The campaign file (SQLite); default: one in your data folder.")
GAME = click.option("--game", "game_id", default=None, metavar="ID",
                    help="The game (guide games lists them); default: the campaign's own,"
                         " or kaverini.")


class UserError(click.ClickException):
    """A one-line error for the user: `error: ...`, exit 1."""

    def show(self, file=None) -> None:
        click.echo(_("error: {message}").format(message=self.format_message()), err=True)


@contextmanager
def one_line() -> Iterator[None]:
    """A GuideError raised inside the block reaches the user as a UserError: one line."""
    try:
        yield
    except GuideError as e:
        raise UserError(str(e)) from None


def asked_language(args: Sequence[str], option: str = "--lang", anywhere: bool = False
                   ) -> str | None:
    """The language `option` asks for among a command line's words (`--lang uk`,
    `--lang=uk`), when guide speaks it, else None: read before click parses the words, so
    that click's own refusal of another word (`guide --lang uk --nope`) is said in it.
    Only the options before the first other word (the subcommand) count, unless
    `anywhere`; nothing after `--`."""
    from guide.core.i18n import LANGUAGES

    words = list(args)
    for i, word in enumerate(words):
        if word == "--":
            break
        if word == option and i + 1 < len(words):
            code = words[i + 1]
        elif word.startswith(option + "="):
            code = word.split("=", 1)[1]
        elif word.startswith("-") or anywhere:
            continue
        else:
            break
        return code if code in LANGUAGES else None
    return None


def subcommand_at(args: Sequence[str], valued: tuple[str, ...] = ("--lang",)) -> int | None:
    """Where `guide`'s subcommand stands among its words: the first that is neither an
    option of `guide` itself nor the value of one of `valued`; None when there is none."""
    skip = False
    for i, word in enumerate(args):
        if skip:
            skip = False
        elif word in valued:
            skip = True
        elif word == "--":
            return i + 1 if i + 1 < len(args) else None
        elif not word.startswith("-"):
            return i
    return None
