"""The quote lottery (R-QL-1, R-QL-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from guide.core.dice import parse_faces
from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.result import Result
from guide.games.kaverini import params
from guide.games.kaverini.registry import command

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable
_, ngettext, pgettext = domain("kaverini").functions()


@command("lottery", "adventure")
@click.option("--npc", default=None, type=params.NPC,
              help="The friendly character engaged (once each, R-QL-2).")
@click.option("--dice", "faces", default=None, metavar="TENS,ONES",
              help="The table's two d10 faces, 0..10 each (R-DICE-2, R-DICE-3).")
@click.option("--roll", type=int, default=None, help="The percentile read at the table, 1..100.")
@click.option("--force", is_flag=True, help="Engage the same character again anyway.")
@click.option("--source", "show_source", is_flag=True,
              help="Show the quote's source after it (the booklet's sources:).")
def lottery(t: KaveriniTable, npc: str | None, faces: str | None, roll: int | None, force: bool,
            show_source: bool) -> Result:
    """Roll the quote lottery: two d10, tens and ones (R-DICE-2), and read that quote.

    Example: lottery --npc Anouk --dice 4,5"""
    a = t.adventure()
    if a is None:
        raise CommandError(_("no adventure is running: start one with adventure ID"))
    if npc and not force and npc.casefold() in (n.casefold() for n in t.state["npcs"]):
        raise CommandError(_("{npc} has already been engaged (R-QL-2); --force to ask again").format(npc=npc))
    typed = give_percentile(t, faces, roll, "lottery")
    drawn = t.dice.percentile()
    if npc and npc.casefold() not in (n.casefold() for n in t.state["npcs"]):
        t.state["npcs"].append(npc)
    if drawn.value not in t.state["quotes_told"]:
        t.state["quotes_told"].append(drawn.value)
    t.state["last_quote"] = drawn.value          # the TV's "Last quote", however long ago
    t.tell("quote", tens=drawn.tens, ones=drawn.ones, quote=drawn.value,
           text=a.quotes[drawn.value], npc=npc, **({"shown": typed} if typed else {}))
    if show_source:
        source = a.sources.get(drawn.value, "").strip()
        return Result([_("Source: {source}").format(source=source) if source else
                       _("Source: none in the booklet for quote {n} ({command} lists"
                         " these)").format(n=drawn.value, command="guide check --facts")])
    return Result()


def give_percentile(t: KaveriniTable, faces: str | None, roll: int | None, command: str
                    ) -> list[int] | None:
    """R-DICE-2, R-DICE-3: the percentile the table rolled, typed the same way everywhere:
    `--dice TENS,ONES` (a d10 printed 0-9 shows 0 where the rulebook's shows 10; both count
    as 0) or `--roll N` (1..100, 100 being 0 and 0). Returns the faces as typed, for the
    echo to show the table's own dice (a 0 stays 0)."""
    if faces and roll is not None:
        raise CommandError(_("{command}: give --dice TENS,ONES or --roll N, not both").format(
            command=command))
    if faces:
        f = parse_faces(faces, "--dice")
        if len(f) != 2:
            raise CommandError(_("{command} --dice takes two faces, tens then ones: --dice 4,5").format(
                command=command))
        for face in f:
            if not 0 <= face <= 10:
                raise CommandError(_("a d10 shows 1 to 10, not {face} (a 0-9 die's 0 counts as 10)").format(
                    face=face))
        t.dice.give([10 if face == 0 else face for face in f])
        return f
    elif roll is not None:
        if not 1 <= roll <= 100:
            raise CommandError(_("a percentile roll is 1 to 100, not {roll}").format(roll=roll))
        t.dice.give([(roll // 10) % 10 or 10, roll % 10 or 10])
    return None
