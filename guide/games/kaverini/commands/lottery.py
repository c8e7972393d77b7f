"""The quote lottery (R-QL-1, R-QL-2)."""

from __future__ import annotations

import click

from guide.core.dice import parse_faces
from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.result import Result
from guide.games.kaverini import params
from guide.games.kaverini.registry import command

_, ngettext, pgettext = domain("kaverini").functions()


@command("lottery", "adventure")
@click.option("--npc", default=None, type=params.NPC,
              help="The friendly character engaged (once each, R-QL-2).")
@click.option("--dice", "faces", default=None, metavar="TENS,ONES",
              help="The table's two d10 faces, 1..10 each (R-DICE-3).")
@click.option("--force", is_flag=True, help="Engage the same character again anyway.")
@click.option("--source", "show_source", is_flag=True,
              help="Show the quote's source after it (the booklet's sources:).")
def lottery(t, npc: str | None, faces: str | None, force: bool, show_source: bool):
    """Roll the quote lottery: two d10, tens and ones (R-DICE-2), and read that quote.

    Example: lottery --npc Anouk --dice 4,5"""
    a = t.adventure()
    if a is None:
        raise CommandError(_("no adventure is running: start one with adventure ID"))
    if npc and not force and npc.casefold() in (n.casefold() for n in t.state["npcs"]):
        raise CommandError(_("{npc} has already been engaged (R-QL-2); --force to ask again").format(npc=npc))
    if faces:
        f = parse_faces(faces, "--dice")
        if len(f) != 2:
            raise CommandError(_("lottery --dice takes two faces, tens then ones: --dice 4,5"))
        # R-DICE-2: a d10 printed 0-9 shows 0 where the rulebook's shows 10; both count as 0
        t.dice.give([10 if face == 0 else face for face in f])
    roll = t.dice.percentile()
    quote = a.quotes[roll.value]
    if npc and npc.casefold() not in (n.casefold() for n in t.state["npcs"]):
        t.state["npcs"].append(npc)
    if roll.value not in t.state["quotes_told"]:
        t.state["quotes_told"].append(roll.value)
    t.tell("quote", tens=roll.tens, ones=roll.ones, quote=roll.value, text=quote, npc=npc)
    if show_source:
        source = a.sources.get(roll.value, "").strip()
        return Result([f"Source: {source}" if source else
                       f"Source: none in the booklet for quote {roll.value} (guide check --facts"
                       " lists these)"])
    return Result()
