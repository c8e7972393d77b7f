"""Command-line entry points (thin): play, state, check, roll, cards, card, schema, games,
view, commands, and the subcommands each installed game brings (`Game.cli`).

Heavy modules are imported inside each command so that `guide --version` stays fast; games
are found through their entry points (guide.core.games) only when a command needs one.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from guide import __version__
from guide.core.cli import (
    BOX,
    CAMPAIGN,
    GAME,
    PathOf,
    UserError,
    asked_language,
    echo,
    one_line,
    subcommand_at,
)
from guide.core.clihelp import SaidGroup, said
from guide.core.i18n import _, ngettext, pgettext


class GameGroup(SaidGroup):
    """The built-in commands, then those of the installed games (imported only when asked);
    their help in the language `guide --lang` chose."""

    def _games_commands(self) -> dict[str, click.Command]:
        from guide.core import games

        found: dict[str, click.Command] = {}
        for game_id in games.installed():
            try:
                found.update({c.name: c for c in games.load(game_id).cli() if c.name})
            except Exception as e:  # noqa: BLE001 - a broken game must not break guide
                from guide.core.logs import log_exception

                log_exception(e)
        return found

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """The language asked for is spoken before click reads the other words, so that its
        refusal of one is said in it: `guide --lang uk --nope`, or a subcommand's own
        `--lang` (`guide play --lang uk --seed x`), where guide speaks it (the options'
        callbacks, which check them, run only once every word is read; whether a game
        speaks it is known once its campaign is: guide.core.repl.run)."""
        from guide.core import i18n

        code = asked_language(args)
        at = subcommand_at(args)
        if at is not None and any(w == "--lang" or w.startswith("--lang=") for w in args[at:]):
            name = args[at]
            sub = click.Group.get_command(self, ctx, name) or self._games_commands().get(name)
            if sub is not None and any("--lang" in p.opts for p in sub.params):
                code = asked_language(args[at + 1:], anywhere=True) or code
        if code is not None:
            i18n.use(code)
        return super().parse_args(ctx, args)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = click.Group.get_command(self, ctx, cmd_name) or self._games_commands().get(cmd_name)
        return None if cmd is None else said(cmd)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self._games_commands()})


def _speak(ctx: click.Context, param: click.Parameter, code: str | None) -> str | None:
    """`guide --lang CODE`: the language of what `guide` says from here on (its help, its
    messages), and `guide play`'s unless its own `--lang` says another (else the campaign's)."""
    from guide.core import i18n

    if code is not None:
        if code not in i18n.LANGUAGES:
            raise click.BadParameter(_("guide speaks {codes}, not {code!r}").format(
                codes=", ".join(i18n.LANGUAGES), code=code), ctx, param)
        i18n.use(code)
        ctx.meta["guide.lang"] = code
    return code


@click.group(cls=GameGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="guide",
                      message="%(prog)s %(version)s", help="Show the version and exit.")
@click.option("--lang", default=None, metavar="CODE", is_eager=True, expose_value=False,
              callback=_speak, help="The language guide speaks (en, uk, fr): its help and"
                                    " messages. Put it before the command.")
def cli() -> None:
    """guide: the game master's companion at the table, for every installed game
    (`guide games` lists them).

    Start the table with `guide play`; see `guide COMMAND --help` for each command.
    """


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("expression", nargs=-1, required=True)
@click.option("--seed", type=int, default=None, help="Seed the dice for a reproducible roll.")
@click.option("--dice", "faces", default=None, metavar="FACES",
              help="The table's own faces, e.g. 4,5.")
@GAME
def roll(expression: tuple[str, ...], seed: int | None, faces: str | None,
         game_id: str | None) -> None:
    """Roll a dice expression: 2d4+1, 4d6kh3, 2d20kl1, 3d6e6, 4d6rr1, d% (1..100, as the game
    reads its percentile)."""
    from guide.core.dice import Dice, parse_faces, roll_expression

    with one_line():
        dice = Dice(seed, parse_faces(faces, "--dice") if faces else None)
        result = roll_expression(" ".join(expression), dice, _game(game_id).settings.percentile)
    click.echo(result.breakdown)
    click.echo(result.total)


def _game(game_id: str | None):
    from guide.core import games

    with one_line():
        return games.load(game_id or games.DEFAULT)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=PathOf())
@GAME
@click.option("--facts", is_flag=True, help="Also list what the data presents as true without a"
                                           " source, and placeholders (where the game has such).")
def check(paths: tuple[Path, ...], game_id: str | None, facts: bool) -> None:
    """Validate data files or folders, each as the game it belongs to (its folder under
    cards/ or adventures/, or its `game: ID`; else --game, else kaverini); each problem as
    FILE:LINE:COLUMN: message."""
    from guide.core import games, settings
    from guide.core.box import by_game

    groups = by_game(list(paths), sorted(games.installed()), _game(game_id).id)
    problems, summaries = [], []
    for gid, files in groups.items():
        found, summary = settings.check(_game(gid), files, facts=facts)
        problems += found
        summaries.append(summary if len(groups) == 1 else f"{gid}: {summary}")
    for p in problems:
        click.echo(str(p))
    if problems:
        click.echo(ngettext("{count} problem found.", "{count} problems found.",
                            len(problems)).format(count=len(problems)), err=True)
        sys.exit(1)
    click.echo("\n".join(summaries))


@cli.group()
def new() -> None:
    """Start something of your own from a template: `guide new box [NAME] --game ID`."""


@new.command("box")
@click.argument("name", required=False)
@click.option("--to", "to", type=PathOf(), default=None, metavar="DIR",
              help="The folder to write, new or empty (default: one named after the box).")
@click.option("--from", "source", type=PathOf(), default=None, metavar="CAMPAIGN",
              help="Start from what a campaign's table has typed (CV: its cards).")
@GAME
def new_box(name: str | None, to: Path | None, game_id: str | None, source: Path | None) -> None:
    """A template of the table's own box to fill from the real one, valid as it stands:
    `guide check DIR` passes it and `guide play --box DIR` reads it. Kaverini: a small
    working adventure named NAME; Taverne, CV: the table's own cards (CV --from CAMPAIGN:
    with the cards that campaign's table typed)."""
    import inspect

    from guide.core.repl.run import open_table
    from guide.core.template import write_box

    game = _game(game_id)
    with one_line():
        if source is None:
            template = game.box_template(name)
        else:
            table = open_table(source, [], seed=None, read_only=True, game_id=game_id)
            try:
                game = table.game
                # a game's template that may start from a campaign takes `source` (CV)
                starts: Callable[..., Any] = game.box_template
                if "source" not in inspect.signature(starts).parameters:
                    raise UserError(_("--from: the {game} game's box template starts from no"
                                       " campaign").format(game=game.id))
                template = starts(name, source=table)
            finally:
                table.close()
        if template is None:
            raise UserError(_("the {game} game has no box template: its bundled box is all a"
                               " table needs").format(game=game.id))
        folder = to or Path(template.folder)
        write_box(template.files, folder)
    from guide.core.text import shown_path

    for line in template.said:
        click.echo(line.format(folder=shown_path(folder)))


@cli.command()
@click.argument("type_argument", metavar="[TYPE]", required=False)
@click.option("--type", "card_type", default=None, help="Only cards of this type.")
@BOX
@GAME
def cards(type_argument: str | None, card_type: str | None, boxes: tuple[Path, ...],
          game_id: str | None) -> None:
    """A table of the loaded cards, or of one type (`guide cards foe` or --type foe, as at
    the table)."""
    from guide.core import settings
    from guide.core.result import text

    if type_argument and card_type and type_argument != card_type:
        raise UserError(_("cards: one type, not both {card_type} and {type_option}").format(
            card_type=type_argument, type_option=card_type))
    card_type = card_type or type_argument
    game = _game(game_id)
    with one_line():
        echo(text(game.cards(settings.load(game, list(boxes))).table(card_type)))


@cli.command()
@click.argument("name", nargs=-1, required=True)
@BOX
@GAME
def card(name: tuple[str, ...], boxes: tuple[Path, ...], game_id: str | None) -> None:
    """One card in full."""
    from guide.core import settings

    game = _game(game_id)
    with one_line():
        echo(game.cards(settings.load(game, list(boxes))).detail(" ".join(name)))


@cli.command()
@click.argument("kind", required=False)
@GAME
def schema(kind: str | None, game_id: str | None) -> None:
    """Print the JSON Schemas of a game's data files (all, or the one named)."""
    import json

    from guide.core import settings

    schemas = settings.schemas(_game(game_id))
    if kind is not None and kind not in schemas:
        raise UserError(_("no schema {kind!r}; known: {known}").format(
            kind=kind, known=", ".join(schemas) or _("none")))
    for name in [kind] if kind else schemas:
        click.echo(json.dumps(schemas[name], indent=2))


@cli.command()
@GAME
@click.option("--games", "count", type=int, default=200, show_default=True,
              help="Whole games to play (all levels together).")
@click.option("--seed", type=int, default=1, show_default=True, help="The first game's seed.")
@click.option("--levels", default=None, metavar="A,B,...",
              help="The bots' levels (default: random and the game's thinking level).")
@click.option("--players", type=int, default=None, help="Players a game (default: the game's).")
@BOX
@click.option("--json", "as_json", is_flag=True, help="The figures as JSON.")
@click.option("--workers", type=int, default=0, help="Processes (default: every core).")
def bench(game_id: str | None, count: int, seed: int, levels: str | None, players: int | None,
          boxes: tuple[Path, ...], as_json: bool, workers: int) -> None:
    """Whole games played by bots on the real rules, in parallel: each level's share of the
    wins (95% interval) beside chance, a game's length, a bot's move time, and the game's own
    figures."""
    import json

    from guide.core import bench as core_bench

    game = _game(game_id)
    with one_line():
        plan, kit = core_bench.plan_of(game.id, list(boxes), count, seed, levels, players)
        played = core_bench.run(plan, workers, core_bench.bar)
    shown = core_bench.report(plan, kit, played)
    if as_json:
        click.echo(json.dumps(shown.json(), ensure_ascii=False))
    else:
        echo(shown.lines())


@cli.command("games")
def games_command() -> None:
    """List the installed games (the entry point group guide.games)."""
    from guide.core import games
    from guide.core.errors import GuideError

    for game_id in sorted(games.installed()):
        try:
            title = games.load(game_id).title
        except (GuideError, ImportError) as e:
            title = _("(cannot be loaded: {why})").format(why=e)
        click.echo(f"{game_id:12} {title}")


@cli.command("commands")
@GAME
def commands_reference(game_id: str | None) -> None:
    """Print the reference of every table command (as `help COMMAND` shows them), in Markdown."""
    from guide.core.i18n import domain
    from guide.core.reference import registry_of

    game = _game(game_id)
    registry = registry_of(game)
    words = domain(game.id)
    click.echo(_("# Table commands: {title}\n\nType these at the `guide play` prompt, or one a"
                 " line in a script.\n").format(title=game.title))
    for family, cmds in registry.by_family().items():
        click.echo(f"## {words.pgettext('family', family)}\n")
        for cmd in cmds:
            click.echo(f"### {cmd.name}\n\n```\n{cmd.help()}\n```\n")


class PlayCommand(click.Command):
    """`guide play`: the core's options, then the start options of the campaign's game
    (`Settings.start`, e.g. Kaverini's --adventure), read once the game is known."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from guide.core import games, settings
        from guide.core.i18n import domain, help_text

        rows = []
        for game_id in sorted(games.installed()):
            try:
                options = settings.start_options(games.load(game_id))
            except Exception:  # noqa: BLE001 - a broken game must not break the help
                continue
            words = domain(game_id)
            rows += [(f"{' / '.join(o.opts)} {words.pgettext('metavar', o.metavar or '')}"
                      .rstrip() + f" ({game_id})", help_text(o.help, f"guide.games.{game_id}"))
                     for o in options]
        if rows:
            with formatter.section(_("Start options of the games")):
                formatter.write_dl(rows)


@cli.command(cls=PlayCommand,
             context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@CAMPAIGN
@BOX
@GAME
@click.option("--seed", type=int, default=None, help="Seed the dice for reproducible play.")
@click.option("--lang", default=None, metavar="CODE",
              help="The language of the table, where the game speaks several (cv: uk;"
                   " taverne: fr); default: the campaign's, or guide --lang.")
@click.pass_context
def play(ctx: click.Context, campaign: Path | None, boxes: tuple[Path, ...],
         game_id: str | None, seed: int | None, lang: str | None) -> None:
    """The table: an interactive REPL, or one command a line from a script or a pipe."""
    from guide.core.repl.run import run_play

    sys.exit(run_play(campaign, list(boxes), seed, game_id=game_id,
                      lang=lang or ctx.meta.get("guide.lang"), start=list(ctx.args)))


@cli.command()
@CAMPAIGN
@BOX
@GAME
@click.option("--seat", default=None, metavar="NAME",
              help="Exactly what that seat's page receives, instead of the whole state.")
def state(campaign: Path | None, boxes: tuple[Path, ...], game_id: str | None,
          seat: str | None) -> None:
    """Print the campaign's state as JSON (or what one seat may see)."""
    import json

    from guide.core.errors import GuideError
    from guide.core.names import resolve
    from guide.core.players import seats as seats_of
    from guide.core.repl.run import open_table
    from guide.core.seats import Desk, seated
    from guide.core.viewers import public_state

    table = open_table(campaign, list(boxes), seed=None, read_only=True, game_id=game_id)
    try:
        if seat is None:
            shown = public_state(table)
        elif not seated(table):
            raise UserError(_("--seat: the {game} game has no seats").format(game=table.game.id))
        else:
            try:
                name = resolve(seat, seats_of(table), pgettext("what", "seat"))
            except GuideError as e:
                raise UserError(_("--seat: {why}").format(why=e)) from None
            shown = Desk.payload_of(table, name)
        click.echo(json.dumps(shown, indent=2, ensure_ascii=False))
    finally:
        table.close()


@cli.command("seats")
@CAMPAIGN
@BOX
@GAME
@click.option("--no-qr", "no_qr", is_flag=True, hidden=True,
              help="The links alone (as `seats` prints them now; kept for scripts).")
@click.argument("qr", nargs=-1, metavar="[qr NAME]")
def seats_command(campaign: Path | None, boxes: tuple[Path, ...], game_id: str | None,
                  no_qr: bool, qr: tuple[str, ...]) -> None:
    """Print each seat's link: the ones the running table serves, or will; `guide seats qr
    NAME` prints that seat's QR code to scan (as `seats qr NAME` at the table)."""
    from guide.core.line import build
    from guide.core.repl.run import open_table
    from guide.core.result import text
    from guide.core.seats import seated

    if qr and (len(qr) != 2 or qr[0] != "qr"):
        raise click.UsageError(_("seats takes qr NAME, or nothing: not {words}").format(
            words=" ".join(qr)))
    # a campaign that is not there is refused, as `guide state` refuses it: never made here
    open_table(campaign, list(boxes), seed=None, read_only=True, game_id=game_id).close()
    try:
        table = open_table(campaign, list(boxes), seed=None, game_id=game_id)
    except click.ClickException as e:
        if not _held_elsewhere(e):
            raise
        table = open_table(campaign, list(boxes), seed=None, read_only=True, game_id=game_id)
    try:
        if not seated(table):
            raise UserError(_("the {game} game has no seats").format(game=table.game.id))
        with one_line():
            echo(text(table.execute(build(["seats", "qr", qr[1]]) if qr else "seats")))
    finally:
        table.close()


def _held_elsewhere(e: BaseException) -> bool:
    """Whether an error came of the campaign being open in another guide (in any language)."""
    from guide.core.holding import HeldError

    seen: BaseException | None = e
    while seen is not None:
        if isinstance(seen, HeldError):
            return True
        seen = seen.__context__
    return False


@cli.command("view")
@CAMPAIGN
@BOX
@GAME
@click.option("--lan", is_flag=True, help="Serve on every interface, with a secret token.")
@click.option("--port", type=click.IntRange(0, 65535), default=None,
              help="Port (default 8765, or the next free one).")
def view_command(campaign, boxes, game_id, lan, port) -> None:
    """Serve the players' view of a campaign that another guide is playing."""
    import time

    from guide.core.repl.run import open_table
    from guide.core.view import shown_view
    from guide.core.view.ports import serve

    table = open_table(campaign, list(boxes), seed=None, read_only=True, game_id=game_id)
    store = table.campaign
    try:
        server, note = serve(table.game.settings.view_page, port, lan)
    except OSError as e:
        raise UserError(_("cannot serve the view on port {port}: {why}").format(
            port=port or _("near 8765"), why=e.strerror or e)) from None
    server.publish(shown_view(table))
    click.echo(_("The players' view is at {url}  (Ctrl-C stops) {note}").format(
        url=server.url, note=note).rstrip())
    seen = store.version()
    try:
        while True:
            time.sleep(0.4)
            if store.version() != seen:
                seen = store.version()
                table.reload()
                server.publish(shown_view(table))
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        table.close()


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
        from guide.core.logs import log_exception

        where = log_exception(e)
        click.echo(_("error: {why} (details in {where})").format(why=e, where=where), err=True)
        sys.exit(1)
