"""Tally's commands: each a click-decorated function `(t, **params) -> Result` in the game's
Registry, its help ending with `Example: LINE` (the contract plays those lines). A command
parses what was typed, asks the pure rules (rules.py), and tells their events; the table
runs it on a copy of the state and keeps nothing if it refuses."""

from __future__ import annotations

import click

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.players import named
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.sealed import opened

from . import rules
from .rules import FACES

_, ngettext, pgettext = domain("tally", __package__).functions()

commands = Registry(families=("tally",))
# a player's name, matched as people type it (any case, a unique beginning); Tab offers it
PLAYER = named(lambda: pgettext("what", "player"))


@commands.command("join", "tally")
@click.argument("name")
def join(t, name: str) -> Result:
    """A player sits down at the end of the table (and gets a seat), or one who left comes
    back to their seat. Example: join Ann"""
    t.tell_all(rules.join(t.state, name))         # a new name: typed as it is, not matched
    return Result()


@commands.command("leave", "tally")
@click.argument("name", type=PLAYER)
def leave(t, name: str) -> Result:
    """A player leaves the table (their page with them; their place in the turn order waits
    for them to join again). Example: leave Ann"""
    t.tell_all(rules.leave(t.state, name))
    return Result()


@commands.command("guess", "tally")
@click.argument("name", type=PLAYER)
@click.argument("face")
def guess(t, name: str, face: str) -> Result:
    """A player's sealed guess of the next die (1 to 6, or the code their seat sends:
    guide.core.sealed.code), in turn: whoever guesses first opens the round and the others
    follow in seating order; revealed when every player has guessed.
    Example: guess Ann 4"""
    box = t.state["guesses"]
    chosen = int(face) if face.isdigit() and int(face) in FACES else opened(box, name, face, FACES)
    if chosen is None:
        raise CommandError(_("{face!r} is not a face from 1 to 6, nor one of {name}'s codes")
                           .format(face=face, name=name))
    t.tell_all(rules.guess(t.state, name, chosen))
    return Result()


@commands.command("add", "tally")
@click.argument("amount", type=int)
def add(t, amount: int) -> Result:
    """Add AMOUNT to the count (negative takes away). Example: add 3"""
    t.tell_all(rules.add(t.state, amount))
    return Result()


@commands.command("die", "tally")
@click.option("--roll", type=int, default=None, help="The table's own d6 face.")
def die(t, roll: int | None) -> Result:
    """Roll a d6 and add it to the count. Example: die --roll 4"""
    if roll is not None:
        t.dice.give([roll])
    t.tell_all(rules.roll(t.state, t.dice))
    return Result()


@commands.command("total", "tally")
def total(t) -> Result:
    """Show the count. Example: total"""
    return Result([_("The count is {count}.").format(count=t.state["count"])])


@commands.command("alarm", "tally")
@click.argument("seconds", type=click.FloatRange(0, 3600), required=False)
@click.option("--off", is_flag=True, help="No bell after all.")
def alarm(t, seconds: float | None, off: bool) -> Result:
    """Set the bell to ring in SECONDS (the game's timer: it rings also when nobody types).
    Example: alarm 30"""
    if off or seconds is None:
        if t.state["alarm"] is None:
            raise CommandError(_("no alarm is set"))
        t.state["alarm"] = None
        t.tell("alarm_off")
    else:
        t.state["alarm"] = t.now() + seconds
        t.tell("alarm_set", seconds=seconds)
    return Result()


@commands.command("ring", "tally")
def ring(t) -> Result:
    """The bell rings: the count grows by 1 (what the alarm runs on time). Example: ring"""
    t.tell_all(rules.ring(t.state))
    return Result()


@commands.command("draw", "tally")
@click.argument("name", type=PLAYER)
@click.option("--roll", type=int, default=None, help="The table's own d6 face.")
def draw(t, name: str, roll: int | None) -> Result:
    """NAME draws a hidden card (a d6 face) that only NAME sees, on their own page; undo
    does not go past it (the game's undo policy). Example: draw Ann"""
    if roll is not None:
        t.dice.give([roll])
    t.tell_all(rules.draw(t.state, name, t.dice))
    t.drew_hidden(_("a card"))
    return Result()
