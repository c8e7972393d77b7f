"""Kaverini's own `guide` subcommands: `guide odds`, `guide print` (its `guide new box` is
the core's, through Game.box_template). Their help is written in English, marked (N_) for
the kaverini catalogue, and said in the table's language where it is shown (the core's
guide.core.clihelp.said, as for every game's subcommands)."""

from __future__ import annotations

import click

from guide.core.cli import BOX, CAMPAIGN, UserError, echo
from guide.core.i18n import N_, NP_

# The placeholders the subcommands' help shows (translated where shown, context "metavar")
METAVARS = (NP_("metavar", "ARGS"), NP_("metavar", "PATH"), NP_("metavar", "ID"),
            NP_("metavar", "N"), NP_("metavar", "FILE.html"))


@click.command(context_settings={"ignore_unknown_options": True}, help=N_(
    "Is this fight fair? The odds for the campaign's party: the same options as `odds` at\n"
    "the table (FOE_CARD..., --party, --scene, --setting, --runs, --target, --seed, --json).\n"
    "`--adventure ID --size N` needs no campaign: the balance of the whole adventure for N new\n"
    "level-1 Kaverit (with --campaign, for that campaign's party unless --size is given), its\n"
    "friends joining as the booklet says (--alone: without them; --policies: the win of each\n"
    "scene by spending policy)."))
@CAMPAIGN
@BOX
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def odds(campaign, boxes, args) -> None:
    # `odds` at the table, on the campaign (or a scratch one for --adventure alone)
    import tempfile
    from pathlib import Path

    from guide.core.errors import CommandError
    from guide.core.line import join
    from guide.core.repl.run import open_table
    from guide.core.result import text

    scratch = None
    if campaign is None and "--adventure" in args:     # no campaign needed: a scratch one
        scratch = tempfile.TemporaryDirectory(prefix="guide-odds-")
        campaign = Path(scratch.name) / "balance.sqlite"
    table = open_table(campaign, list(boxes), seed=None, read_only=scratch is None,
                       game_id="kaverini")
    try:
        echo(text(table.execute(join(["odds", *args]))))
    except CommandError as e:
        raise UserError(str(e)) from None
    finally:
        table.close()
        if scratch is not None:
            scratch.cleanup()
