"""Tally: a tiny game that lives only in the tests. It proves that the core (table, store,
undo, REPL, view, seats) carries a game it has never heard of: a counter, a die, a few
commands, and players who each guess the next die from their own seat, sealed until every
player has guessed. It is also the smallest complete example of a game (docs/architecture.md)."""

from __future__ import annotations

from typing import TypedDict

import click

from guide.core.errors import CommandError
from guide.core.game import Game
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.sealed import Sealed, all_in, reveal, seal, sealed, shown

commands = Registry(families=("tally",))


class TallyState(TypedDict):
    count: int
    rolls: list[int]
    players: list[str]
    guesses: Sealed


@commands.command("join", "tally")
@click.argument("name")
def join(t, name: str) -> Result:
    """A player sits down (and gets a seat). Example: join Ann"""
    if name in t.state["players"]:
        raise CommandError(f"{name} already plays")
    t.state["players"].append(name)
    t.tell("joined", name=name)
    return Result()


@commands.command("leave", "tally")
@click.argument("name")
def leave(t, name: str) -> Result:
    """A player leaves the table (and their seat with them). Example: leave Ann"""
    if name not in t.state["players"]:
        raise CommandError(f"{name} does not play")
    t.state["players"].remove(name)
    t.state["guesses"]["choices"].pop(name, None)
    t.tell("left", name=name)
    return Result()


@commands.command("guess", "tally")
@click.argument("name")
@click.argument("face", type=click.IntRange(1, 6))
def guess(t, name: str, face: int) -> Result:
    """A player's sealed guess of the next die; revealed when every player has guessed.
    Example: guess Ann 4"""
    if name not in t.state["players"]:
        raise CommandError(f"{name} does not play")
    box = t.state["guesses"]
    if box["revealed"]:
        t.state["guesses"] = box = sealed()
    seal(box, name, face)
    t.tell("guessed", name=name)                 # who, never what
    if all_in(box, t.state["players"]):
        t.tell("revealed", guesses=reveal(box))
    return Result()


@commands.command("add", "tally")
@click.argument("amount", type=int)
def add(t, amount: int) -> Result:
    """Add AMOUNT to the count (negative takes away). Example: add 3"""
    if t.state["count"] + amount < 0:
        raise CommandError(f"the count is {t.state['count']}; it cannot go below 0")
    t.state["count"] += amount
    t.tell("added", amount=amount, count=t.state["count"])
    return Result()


@commands.command("die", "tally")
@click.option("--roll", type=int, default=None, help="The table's own d6 face.")
def die(t, roll: int | None) -> Result:
    """Roll a d6 and add it to the count. Example: die --roll 4"""
    if roll is not None:
        t.dice.give([roll])
    face = t.dice.d(6)
    t.state["count"] += face
    t.state["rolls"].append(face)
    t.tell("rolled", face=face, count=t.state["count"])
    return Result()


@commands.command("total", "tally")
def total(t) -> Result:
    """Show the count."""
    return Result([f"The count is {t.state['count']}."])


class TallyGame(Game):
    id = "tally"
    title = "Tally (a test game)"
    commands = commands

    seat_policy = "apply"

    def new_state(self) -> dict:
        return dict(TallyState(count=0, rolls=[], players=[], guesses=sealed()))

    def public_state(self, table) -> dict:
        return {"schema": 1, "game": self.id, "count": table.state["count"],
                "rolls": list(table.state["rolls"]),
                "guesses": shown(table.state["guesses"], None)}

    def seats(self, table) -> list[str]:
        return list(table.state["players"])

    def seat_view(self, table, seat: str) -> dict:
        return {**self.view(table), "guesses": shown(table.state["guesses"], seat)}

    def seat_moves(self, table, seat: str) -> list[tuple[str, str]]:
        box = table.state["guesses"]
        if seat in box["choices"] and not box["revealed"]:
            return []
        return [(f"guess {face}", f"guess {seat} {face}") for face in range(1, 7)]

    def prompt(self, table) -> str:
        return f"tally ({table.state['count']})> "

    def toolbar(self, table) -> str:
        return f" count {table.state['count']}, {len(table.state['rolls'])} roll(s)"

    def render(self, event: dict, table) -> str | None:
        if event["kind"] == "added":
            return f"Added {event['amount']}: the count is {event['count']}."
        if event["kind"] == "rolled":
            return f"The d6 shows {event['face']}: the count is {event['count']}."
        if event["kind"] == "joined":
            return f"{event['name']} joins."
        if event["kind"] == "left":
            return f"{event['name']} leaves."
        if event["kind"] == "guessed":
            return f"{event['name']} has guessed (sealed)."
        if event["kind"] == "revealed":
            return "Guesses: " + ", ".join(f"{n} {g}" for n, g in event["guesses"].items())
        return super().render(event, table)

    def view(self, table) -> dict:
        return {"game": self.id, "title": self.title, "count": table.state["count"],
                "guesses": shown(table.state["guesses"], None)}
