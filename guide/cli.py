"""Command-line entry points (thin): play, state, check, roll, cards, card, schema.

Heavy modules are imported inside each command so that `guide --version` stays fast.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from guide import __version__

BOX = click.option("--box", "boxes", multiple=True, type=click.Path(path_type=Path),
                   help="A folder of extra YAML card/adventure files (repeatable).")
CAMPAIGN = click.option("--campaign", type=click.Path(path_type=Path), default=None,
                        help="The campaign file (SQLite); default: one in your data folder.")


class UserError(click.ClickException):
    """A one-line error for the user: `error: ...`, exit 1."""

    def show(self, file=None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="guide",
                      message="%(prog)s %(version)s")
def cli() -> None:
    """guide: the Tour Guide's companion for Kaverini.

    Start the table with `guide play`; see `guide COMMAND --help` for each command.
    """


@cli.command()
@click.argument("expression", nargs=-1, required=True)
@click.option("--seed", type=int, default=None, help="Seed the dice for a reproducible roll.")
@click.option("--dice", "faces", default=None, metavar="FACES",
              help="The table's own faces, e.g. 4,5 (R-DICE-3).")
def roll(expression: tuple[str, ...], seed: int | None, faces: str | None) -> None:
    """Roll a dice expression: 2d4+1, 4d6kh3, 2d20kl1, 3d6e6, 4d6rr1, d% (1..100)."""
    from guide.rules.dice import Dice, DiceError, parse_faces, roll_expression

    try:
        dice = Dice(seed, parse_faces(faces, "--dice") if faces else None)
        result = roll_expression(" ".join(expression), dice)
    except DiceError as e:
        raise UserError(str(e)) from None
    click.echo(result.breakdown)
    click.echo(result.total)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
def check(paths: tuple[Path, ...]) -> None:
    """Validate card and adventure files or folders; each problem as FILE:LINE:COLUMN: message."""
    from guide.data.loader import bundled_library, load

    try:
        known = bundled_library()
    except RuntimeError:  # checking the bundled box itself while it is broken
        known = None
    library, problems = load(list(paths), known=known)
    for p in problems:
        click.echo(str(p))
    if problems:
        click.echo(f"{len(problems)} problem(s) found.", err=True)
        sys.exit(1)
    click.echo(f"ok: {len(library.cards)} cards, {len(library.adventures)} adventure(s)")


@cli.command()
@click.option("--type", "card_type", default=None,
              type=click.Choice(["foe", "power-foe", "buddy", "companion", "item", "setting"]),
              help="Only cards of this type.")
@BOX
def cards(card_type: str | None, boxes: tuple[Path, ...]) -> None:
    """A table of the loaded cards."""
    from guide import render

    library = _library(boxes)
    chosen = [c for c in library.cards.values() if card_type in (None, c.type)]
    result = render.Result(headers=render.CARD_HEADERS,
                           rows=[render.card_row(c) for c in sorted(chosen, key=_card_order)])
    click.echo(render.text(result))


@cli.command()
@click.argument("name", nargs=-1, required=True)
@BOX
def card(name: tuple[str, ...], boxes: tuple[Path, ...]) -> None:
    """One card in full."""
    from guide import render
    from guide.commands.lookup import find_card
    from guide.commands.registry import CommandError

    try:
        found = find_card(_library(boxes), " ".join(name))
    except CommandError as e:
        raise UserError(str(e)) from None
    click.echo("\n".join(render.card_detail(found)))


@cli.command()
@click.argument("kind", required=False, type=click.Choice(["cards", "adventure"]))
def schema(kind: str | None) -> None:
    """Print the JSON Schemas of the card and adventure files."""
    import json

    from guide.data.schema import SCHEMA_NAMES, load_schema

    for name in [kind] if kind else SCHEMA_NAMES:
        click.echo(json.dumps(load_schema(name), indent=2))


@cli.command("commands")
def commands_reference() -> None:
    """Print the reference of every table command (as `help COMMAND` shows them), in Markdown."""
    from guide.commands import load_all
    from guide.commands.registry import REGISTRY

    load_all()
    click.echo("# Table commands\n\nType these at the `guide play` prompt, or one a line in a"
               " script.\n")
    from guide.commands.settings import FAMILY_ORDER

    families: dict[str, list] = {name: [] for name in FAMILY_ORDER}
    for cmd in REGISTRY.values():
        families.setdefault(cmd.family, []).append(cmd)
    for family, cmds in families.items():
        if not cmds:
            continue
        click.echo(f"## {family}\n")
        for cmd in cmds:
            click.echo(f"### {cmd.name}\n\n```\n{cmd.help()}\n```\n")


@cli.command()
@CAMPAIGN
@BOX
@click.option("--seed", type=int, default=None, help="Seed the dice for reproducible play.")
@click.option("--adventure", "adventure_id", default=None, metavar="ID",
              help="Start this adventure when none is running (the bundled one: amsterdam).")
def play(campaign: Path | None, boxes: tuple[Path, ...], seed: int | None,
         adventure_id: str | None) -> None:
    """The table: an interactive REPL, or one command a line from a script or a pipe."""
    from guide.repl.run import run_play

    sys.exit(run_play(campaign, list(boxes), seed, adventure_id))


@cli.command()
@CAMPAIGN
@BOX
def state(campaign: Path | None, boxes: tuple[Path, ...]) -> None:
    """Print the campaign's state as JSON."""
    import json

    from guide.repl.run import open_table

    table = open_table(campaign, list(boxes), seed=None, read_only=True)
    click.echo(json.dumps(table.public_state(), indent=2, ensure_ascii=False))


@cli.command(context_settings={"ignore_unknown_options": True})
@CAMPAIGN
@BOX
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def odds(campaign, boxes, args) -> None:
    """Is this fight fair? The odds for the campaign's party: the same options as `odds` at
    the table (FOE_CARD..., --party, --scene, --setting, --runs, --target, --seed, --json)."""
    import shlex

    from guide.commands.registry import CommandError
    from guide.render import text
    from guide.repl.run import open_table

    table = open_table(campaign, list(boxes), seed=None, read_only=True)
    try:
        click.echo(text(table.execute(shlex.join(["odds", *args]))))
    except CommandError as e:
        raise UserError(str(e)) from None
    finally:
        table.store.close()


@cli.command("view")
@CAMPAIGN
@BOX
@click.option("--lan", is_flag=True, help="Serve on every interface, with a secret token.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port (default: any).")
def view_command(campaign, boxes, lan, port) -> None:
    """Serve the players' view of a campaign that another guide is playing."""
    import time

    from guide.repl.run import open_table
    from guide.view.model import player_view
    from guide.view.server import ViewServer

    table = open_table(campaign, list(boxes), seed=None, read_only=True)
    try:
        server = ViewServer(port=port, lan=lan)
    except OSError as e:
        raise UserError(f"cannot serve the view on port {port}: {e.strerror or e}") from None
    server.publish(player_view(table))
    click.echo(f"The players' view is at {server.url}  (Ctrl-C stops)")
    seen = table.store.version()
    try:
        while True:
            time.sleep(0.4)
            if table.store.version() != seen:
                seen = table.store.version()
                table.reload()
                server.publish(player_view(table))
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        table.store.close()


def _library(boxes: tuple[Path, ...]):
    from guide.data.loader import library_with

    library, problems = library_with(list(boxes))
    if problems:
        raise UserError(f"{problems[0]} ({len(problems)} problem(s); run guide check)")
    return library


def _card_order(card) -> tuple:
    from guide.model import CARD_TYPES

    return (CARD_TYPES.index(card.type), card.name.casefold())


def main() -> None:
    """The console script: click, with every unexpected error kept to one line."""
    try:
        cli.main(prog_name="guide", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("", err=True)
        sys.exit(130)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as e:  # noqa: BLE001 - last line of defence: no traceback reaches a user
        from guide.logs import log_exception

        where = log_exception(e)
        click.echo(f"error: {e} (details in {where})", err=True)
        sys.exit(1)
