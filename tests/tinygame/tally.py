"""Tally: a tiny game that lives only in the tests. It proves that the core (table, store,
undo, REPL, view) carries a game it has never heard of: a counter, a die and three commands.
It is also the smallest complete example of a game (see docs/architecture.md)."""

from __future__ import annotations

from typing import TypedDict

import click

from guide.core.errors import CommandError
from guide.core.game import Game
from guide.core.registry import Registry
from guide.core.result import Result

commands = Registry(families=("tally",))


class TallyState(TypedDict):
    count: int
    rolls: list[int]


@commands.command("add", "tally", changes=True)
@click.argument("amount", type=int)
def add(t, amount: int) -> Result:
    """Add AMOUNT to the count (negative takes away). Example: add 3"""
    if t.state["count"] + amount < 0:
        raise CommandError(f"the count is {t.state['count']}; it cannot go below 0")
    t.state["count"] += amount
    t.tell("added", amount=amount, count=t.state["count"])
    return Result()


@commands.command("die", "tally", changes=True)
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

    def new_state(self) -> dict:
        return dict(TallyState(count=0, rolls=[]))

    def public_state(self, table) -> dict:
        return {"schema": 1, "game": self.id, "count": table.state["count"],
                "rolls": list(table.state["rolls"])}

    def prompt(self, table) -> str:
        return f"tally ({table.state['count']})> "

    def toolbar(self, table) -> str:
        return f" count {table.state['count']}, {len(table.state['rolls'])} roll(s)"

    def render(self, event: dict, table) -> str | None:
        if event["kind"] == "added":
            return f"Added {event['amount']}: the count is {event['count']}."
        if event["kind"] == "rolled":
            return f"The d6 shows {event['face']}: the count is {event['count']}."
        return super().render(event, table)

    def view(self, table) -> dict:
        return {"game": self.id, "title": self.title, "count": table.state["count"]}
