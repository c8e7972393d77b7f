"""The table's commands for Cave escape (the forms of cave-escape.md). Each one asks the pure
rules what happens and tells their events; a RuleError becomes a one-line refusal."""

from __future__ import annotations

from typing import TypeAlias

import click

from guide.core.errors import CommandError
from guide.core.i18n import NP_, domain
from guide.core.params import Named
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.ruling import run
from guide.core.table import Table

from . import flow, meals, setup, turn
from .board import distinct_turns, neighbour
from .box import TURNS, Box
from .mapview import render_map
from .public import headline
from .state import CaveState, Character, key

CaveTable: TypeAlias = Table[CaveState, Box]   # the core's table, as Cave's commands see it
commands = Registry(families=("setup", "turn", "board"))
# a side in any case; click gives it back as written here (`move Ann UP` moves up)
SIDES = click.Choice(["up", "down", "left", "right"], case_sensitive=False)
_, ngettext, pgettext = domain("cave").functions()


def _characters(t: CaveTable, words: list[str]) -> list[str]:
    """Every character, the ones still in the cave first (Tab offers them first; a name typed
    for one out or dead finds it, so the rules can say why it may not act)."""
    return [c["name"] for c in sorted(t.state["characters"], key=lambda c: c["state"] != "in")]


def _describe(t: CaveTable, name: str) -> str:
    c = next((c for c in t.state["characters"] if c["name"] == name), None)
    return f"Energy {c['energy']}, mental {c['mental']}" if c else ""


# a character's name, as people type it: any case, a unique beginning (the core's resolver)
CHARACTER = Named(lambda: pgettext("what", "character"), _characters, describe=_describe)


def parse_at(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise CommandError(_("--at: X,Y such as 5,3, not {text!r}").format(text=text)) from None
    return x, y


@commands.command("character", "setup")
@click.argument("name", nargs=-1, required=True)
def character(t: CaveTable, name: tuple[str, ...]) -> Result:
    """Add a character before start: Energy 8, mental 4 (C-SET-3). A name of several words
    needs no quotes. Example: character Ann"""
    return run(t, setup.add_character, t.library, " ".join(name))


@commands.command("start", "setup")
@click.option("--at", "at", default=None, metavar="X,Y", help="Where the 2x1 start tile lies (default 5,3).")
@click.option("--upright", is_flag=True, help="Place the start tile upright: on X,Y and X,Y+1.")
def start(t: CaveTable, at: str | None, upright: bool) -> Result:
    """Place the start tile and shuffle the decks (C-SET-1, C-SET-2). The start tile lies on
    X,Y and X+1,Y (upright: X,Y and X,Y+1); everybody starts on X,Y; the exit is shuffled
    into the last ten cave tiles. Example: start --at 5,3 --upright"""
    return run(t, setup.start, t.library, t.dice, parse_at(at), upright)


def ask_turn(t: CaveTable, state: CaveState, box: Box, name: str, side: str) -> int | None:
    """In a terminal, the orientation of a new tile, among those that let the mover in."""
    if t.ask is None:
        return None
    ch = turn.check_move(state, box, name, side)
    if key(*neighbour(ch["x"], ch["y"], side)) in state["board"]:
        return None
    shape, fits, events = turn.next_tile(state, box, t.dice, side)
    t.tell_all(events)
    distinct = distinct_turns(box, shape, side)
    if len(distinct) == 1:
        return fits[0]
    offer = ", ".join(f"{f} ({' '.join(pgettext('side', s) for s in sides)})"
                      for sides, f in distinct.items())
    default = str(fits[0])          # what a script without --turn gets (C-TURN-2)
    question = _("turn the {shape} tile: {offer} (Enter: {default})").format(
        shape=pgettext("shape", shape), offer=offer, default=default)
    said = question
    while True:             # Enter takes the default; a wrong answer asks again, the move kept
        answer = t.ask(said, [str(f) for f in distinct.values()], default).strip() or default
        if answer in {str(f) for f in fits}:
            return int(answer)
        said = "  ! " + _("turn the tile {value}, not {answer!r}").format(
            value=' or '.join(map(str, distinct.values())), answer=answer) + "\n" + question


@commands.command("move", "turn", aliases=("m",))
@click.argument("name", type=CHARACTER.or_turn())
@click.argument("side", type=SIDES, metavar="SIDE")
@click.option("--turn", "angle", type=click.Choice([str(a) for a in TURNS]), default=None,
              help="A new tile's orientation, clockwise (asked in a terminal).")
def move(t: CaveTable, name: str, side: str, angle: str | None) -> Result:
    """Move a character one square up, down, left or right (C-TURN-1..3). Onto an empty
    square the next cave tile is placed, turned so that the character can enter; the name
    may be left out on the character's own turn. Example: move Ann up --turn 90"""
    chosen = int(angle) if angle is not None else ask_turn(t, t.state, t.library, name, side)
    return run(t, turn.move, t.library, t.dice, name, side, chosen)


@commands.command("roll", "turn")
@click.argument("name", type=CHARACTER.or_turn())
@click.option("--roll", "face", type=click.IntRange(1, 20), default=None, help="The table's own d20.")
def roll(t: CaveTable, name: str, face: int | None) -> Result:
    """Roll a d20 to cross a challenge (C-TURN-3). At or under Energy + 2 per challenge item
    crosses (C-EV-3); the name may be left out on the character's own turn. Example: roll
    Ann --roll 7"""
    if face is not None:
        t.dice.give([face])
    return run(t, turn.roll, t.library, t.dice, name)


@commands.command("eat", "turn")
@click.argument("name", type=CHARACTER)
@click.option("--cooked", is_flag=True, help="Prepare the meal with a fire card at hand (C-EV-2).")
@click.option("--food", "values", type=click.IntRange(1, 4), multiple=True,
              help="The value of a food card to eat (again for more; default: every card held).")
def eat(t: CaveTable, name: str, cooked: bool, values: tuple[int, ...]) -> Result:
    """Eat food cards, raw or cooked (C-TURN-4). One meal card each; cooked needs a fire card at
    hand and spends it. Example: eat Ann --cooked --food 3"""
    return run(t, meals.eat, t.library, t.dice, name, cooked, list(values) or None)


@commands.command("give", "turn")
@click.argument("name", type=CHARACTER)
@click.argument("other", type=CHARACTER)
@click.option("--food", "value", type=click.IntRange(1, 4), default=None,
              help="The value of the food card to give (default: the first held).")
def give(t: CaveTable, name: str, other: str, value: int | None) -> Result:
    """Give a food card to a character on the same tile (C-TURN-4). Example: give Ann Bob"""
    return run(t, meals.give, name, other, value)


@commands.command("end", "turn")
@click.argument("name", type=CHARACTER.or_turn())
def end(t: CaveTable, name: str) -> Result:
    """End a character's turn (C-TURN-5..7). Out-of-sight tiles are removed, 1 Energy is spent,
    and company gives mental strength; the name may be left out on the character's own turn.
    Example: end Ann"""
    return run(t, flow.end_turn, t.library, name)


@commands.command("map", "board")
def map_(t: CaveTable) -> Result:
    """The whole board: tiles, openings, contents, characters, the exit.

    Example: map"""
    return Result(render_map(t.state, t.library).splitlines())


@commands.command("status", "board")
def status(t: CaveTable) -> Result:
    """Whose turn, the draw pile, and every character's meters and cards.

    Example: status"""
    state = t.state
    placed = state["phase"] != "setup"
    rows = [[c["name"], pgettext("state", c["state"]), f"{c['x']},{c['y']}" if placed else "-",
             c["energy"], c["mental"], " ".join(map(str, c["food"])) or "-", c["fire"], c["items"],
             _held(c)]
            for c in state["characters"]]
    draw = len(state["tiles"]["draw"])
    pile = ngettext("Draw pile: {count} tile, discards: {discards}",
                    "Draw pile: {count} tiles, discards: {discards}", draw).format(
                        count=draw, discards=len(state["tiles"]["discard"]))
    return Result([headline(state), pile],
                  headers=[_("name"), _("state"), _("at"), _("energy"), _("mental"), _("food"),
                           _("fire"), _("items"), _("held by")], rows=rows)


STATES = (NP_("state", "in"), NP_("state", "out"), NP_("state", "dead"))   # a character's


def _held(c: Character) -> str:
    if c["stuck"]:
        return _("stuck")
    return _("challenge") if c["challenge"] and not c["challenge"]["crossed"] else ""
