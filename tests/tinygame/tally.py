"""Tally: a tiny game that lives only in the tests. It proves that the core (table, store,
undo, REPL, view, seats) carries a game it has never heard of: a counter, a die, a few
commands, and players who each guess the next die from their own seat, sealed until every
player has guessed. It is also the smallest complete example of a game (docs/architecture.md),
and it uses every optional hook of the core so that the contract tests exercise them:

- a timer (`alarm SECONDS`: the bell rings on time, `ring`, also when nobody types);
- hidden draws under the REFUSE_HIDDEN undo policy (`draw NAME`: a card only NAME sees;
  undo does not go past it);
- a private die (`roll 1d6 --for NAME`, the core's) and private events (`draw`);
- a start option of its own (`guide play --game tally --count N`);
- state version 2, with `migrate` from version 1 (before alarms and hands)."""

from __future__ import annotations

import copy
from typing import Any, TypedDict

import click

from guide.core.errors import CommandError, GuideError
from guide.core.events import Events
from guide.core.game import REFUSE_HIDDEN, Clock, Game
from guide.core.line import build
from guide.core.moves import Move
from guide.core.players import Player, named
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.sealed import Sealed, all_in, code, new_key, opened, reveal, seal, sealed, shown
from guide.core.secrets import Secret
from guide.core.settings import Settings, Start
from guide.core.viewers import TV, Viewer

commands = Registry(families=("tally",))
PLAYER = named(lambda: "player")     # a player's name, matched as people type it; Tab offers it

# Each kind of event Tally tells, in words (guide.core.events).
events = Events.of({
    "added": lambda e: f"Added {e['amount']}: the count is {e['count']}.",
    "rolled": lambda e: f"The d6 shows {e['face']}: the count is {e['count']}.",
    "joined": lambda e: f"{e['name']} joins.",
    "left": lambda e: f"{e['name']} leaves.",
    "guessed": lambda e: f"{e['name']} has guessed (sealed).",
    "revealed": lambda e: "Guesses: " + ", ".join(f"{n} {g}" for n, g in e["guesses"].items()),
    "alarm_set": lambda e: f"The bell will ring in {e['seconds']:g} s.",
    "alarm_off": lambda e: "No bell after all.",
    "rang": lambda e: f"The bell rings: the count is {e['count']}.",
    "drew": lambda e: f"{e['name']} draws a {e['face']}.",
    "card_drawn": lambda e: f"{e['name']} draws a card (hidden).",
})


class TallyState(TypedDict):
    count: int
    rolls: list[int]
    players: list[str]
    guesses: Sealed
    alarm: float | None            # when the bell rings (table.now() seconds), state 2
    hands: dict[str, list[int]]    # each player's hidden cards (d6 faces), state 2


@commands.command("join", "tally")
@click.argument("name")
def join(t, name: str) -> Result:
    """A player sits down (and gets a seat). Example: join Ann"""
    if name in t.state["players"]:
        raise CommandError(f"{name} already plays")
    t.state["players"].append(name)
    t.state["hands"][name] = []
    if not t.state["guesses"].get("key"):         # the seats' guesses have codes from now on
        t.state["guesses"]["key"] = new_key()
    t.tell("joined", name=name)
    return Result()


@commands.command("leave", "tally")
@click.argument("name", type=PLAYER)
def leave(t, name: str) -> Result:
    """A player leaves the table (and their seat with them). Example: leave Ann"""
    if name not in t.state["players"]:
        raise CommandError(f"{name} does not play")
    t.state["players"].remove(name)
    t.state["guesses"]["choices"].pop(name, None)
    t.state["hands"].pop(name, None)
    t.tell("left", name=name)
    return Result()


FACES = range(1, 7)


@commands.command("guess", "tally")
@click.argument("name", type=PLAYER)
@click.argument("face")
def guess(t, name: str, face: str) -> Result:
    """A player's sealed guess of the next die (1 to 6, or the code their seat sends:
    guide.core.sealed.code); revealed when every player has guessed.
    Example: guess Ann 4"""
    if name not in t.state["players"]:
        raise CommandError(f"{name} does not play")
    box = t.state["guesses"]
    if box["revealed"]:                  # a new round, with the key made at the reveal
        t.state["guesses"] = box = sealed(box.get("key", ""))
    chosen = int(face) if face.isdigit() and int(face) in FACES else opened(box, name, face, FACES)
    if chosen is None:
        raise CommandError(f"{face!r} is not a face from 1 to 6, nor one of {name}'s codes")
    seal(box, name, chosen)
    t.tell("guessed", name=name)                 # who, never what
    if all_in(box, t.state["players"]):
        t.tell("revealed", guesses=reveal(box))
        box["key"] = new_key()           # the next round's codes: those read now say nothing
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
    """Show the count. Example: total"""
    return Result([f"The count is {t.state['count']}."])


@commands.command("alarm", "tally")
@click.argument("seconds", type=click.FloatRange(0, 3600), required=False)
@click.option("--off", is_flag=True, help="No bell after all.")
def alarm(t, seconds: float | None, off: bool) -> Result:
    """Set the bell to ring in SECONDS (the game's timer: it rings also when nobody types).
    Example: alarm 30"""
    if off or seconds is None:
        if t.state["alarm"] is None:
            raise CommandError("no alarm is set")
        t.state["alarm"] = None
        t.tell("alarm_off")
        return Result()
    t.state["alarm"] = t.now() + seconds
    t.tell("alarm_set", seconds=seconds)
    return Result()


@commands.command("ring", "tally")
def ring(t) -> Result:
    """The bell rings: the count grows by 1 (what the alarm runs on time). Example: ring"""
    t.state["alarm"] = None
    t.state["count"] += 1
    t.tell("rang", count=t.state["count"])
    return Result()


@commands.command("draw", "tally")
@click.argument("name", type=PLAYER)
@click.option("--roll", type=int, default=None, help="The table's own d6 face.")
def draw(t, name: str, roll: int | None) -> Result:
    """NAME draws a hidden card (a d6 face) that only NAME sees, on their own page; undo
    does not go past it (the game's undo policy). Example: draw Ann"""
    if name not in t.state["players"]:
        raise CommandError(f"{name} does not play")
    if roll is not None:
        t.dice.give([roll])
    face = t.dice.d(6)
    t.state["hands"][name].append(face)
    t.tell_private(name, "drew", name=name, face=face)
    t.tell("card_drawn", name=name)              # who, never what
    t.drew_hidden("a card")
    return Result()


COUNT_START = click.Option(["--count", "start_count"], type=click.IntRange(0, 1000),
                           default=None, metavar="N", help="A new tally starts at N.")


def migrate(state: dict, from_version: int) -> dict:
    """State 1 had no alarm and no hands."""
    if from_version != 1:
        raise GuideError(f"the tally game cannot upgrade a campaign of state {from_version}")
    return {**state, "alarm": None, "hands": {p: [] for p in state["players"]}}


def start_lines(table, options: dict[str, Any]) -> list[str]:
    """guide play --count N: the count starts at N."""
    count = options.get("start_count")
    return [f"add {count}"] if count and table.state["count"] == 0 else []


class TallyGame(Game):
    id = "tally"
    title = "Tally (a test game)"
    commands = commands
    events = events

    settings = Settings(state_version=2, migrate=migrate, undo_policy=REFUSE_HIDDEN,
                        seat_policy="apply", start=Start(lambda: [COUNT_START], start_lines))

    def new_state(self) -> dict:
        return dict(TallyState(count=0, rolls=[], players=[], guesses=sealed(), alarm=None,
                               hands={}))

    def players(self, table) -> list[Player]:
        return [Player(name) for name in table.state["players"]]

    # the clock: the bell rings on time
    def clock(self, table) -> Clock | None:
        alarm = table.state["alarm"]
        return None if alarm is None else Clock(alarm - table.now(), "ring")

    def seat_moves(self, table, seat: str) -> list[Move]:
        box = table.state["guesses"]
        if seat in box["choices"] and not box["revealed"]:
            return []
        # a seat names its guess by its code: the line (undo, redo) tells the terminal nothing
        return [Move.of(f"guess {face}", ["guess", seat, code(box, seat, face) or face])
                for face in FACES]

    def prompt(self, table) -> str:
        return f"tally ({table.state['count']})> "

    def toolbar(self, table) -> str:
        return f" count {table.state['count']}, {len(table.state['rolls'])} roll(s)"

    def secret_variants(self, table) -> list[Secret]:
        """Each player's hand (a card's face: theirs), each sealed guess (the guesser's)."""
        out = []
        for name, cards in table.state["hands"].items():
            if cards:
                state = copy.deepcopy(table.state)
                state["hands"][name][-1] = cards[-1] % 6 + 1
                out.append(Secret(name, state, f"{name}'s last card"))
        box = table.state["guesses"]
        for name, face in box["choices"].items() if not box["revealed"] else ():
            state = copy.deepcopy(table.state)
            state["guesses"]["choices"][name] = face % 6 + 1
            out.append(Secret(name, state, f"{name}'s sealed guess"))
        return out

    def view(self, table, viewer: Viewer = TV) -> dict:
        """The count, the guesses sealed until all are in, how many cards each holds; a
        seat also sees its own guess and its own hand; `guide state` adds the rolls."""
        if viewer.kind == "terminal":
            return super().view(table, viewer)         # the game master's keyboard
        s = table.state
        shown_to = viewer.seat if viewer.kind == "seat" else None
        out = {"game": self.id, "title": self.title, "count": s["count"],
               "guesses": shown(s["guesses"], shown_to), "hands": _sizes(s["hands"])}
        if viewer.kind == "state":
            del out["title"]
            return {"schema": 1, **out, "rolls": list(s["rolls"])}
        if viewer.kind == "seat":
            out["hand"] = list(s["hands"].get(shown_to, []))
        return out


def _sizes(hands: dict[str, list[int]]) -> dict[str, int]:
    """How many cards each player holds: all that others may know of a hand."""
    return {name: len(cards) for name, cards in hands.items()}


def guess_line(table, seat: str, face: int) -> str:
    """The line a seat's page sends for that guess now (its code, not its face)."""
    return build(["guess", seat, code(table.state["guesses"], seat, face) or face])
