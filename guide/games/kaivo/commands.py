"""Kaivo's commands (kaivo.md's command forms): the score sheet, and a round dealt by the
companion against bots. Each command asks the pure rules and tells their events; an event
private to a bot is not told (bots read the state through their own view), so the story,
the log and the screen carry only what the person at the terminal, or the whole table, may
see. The rules' dice are drawn from the table's seeded generator but never recorded in an
event: a shuffle or a glimpse's chance written into the log would give the cards away.
"""

from __future__ import annotations

import time
from typing import Any, cast

import click

from guide.core.errors import CommandError
from guide.core.params import KeyValue, Named
from guide.core.registry import Registry
from guide.core.result import Result

from . import match, sheet
from .model import LEVELS, KaivoState
from .protocol import SeededDice
from .screen import HUMAN, status_lines
from .table import Action, Event, RuleError, clock_limit, play_safe

commands = Registry(families=("sheet", "play"))
now = time.time           # K-CLOCK-1's clock; tests put their own


def _names(t: Any, words: list[str]) -> list[str]:
    return [p["name"] for p in t.state["players"]]


PLAYER = Named("player", _names)
TOTAL = KeyValue(_names, metavar="NAME=TOTAL")


def _state(t: Any) -> KaivoState:
    return cast(KaivoState, t.state)


def _dice(t: Any) -> SeededDice:
    """The rules' dice, from the table's seeded generator, drawn outside the events."""
    return SeededDice(t.dice.rng.getrandbits(64))


def _tell(t: Any, state: KaivoState, events: list[Event]) -> None:
    people = {i for i, p in enumerate(state["players"]) if not p["bot"]}
    for e in events:
        if "to" in e and not people & set(e["to"]):
            continue
        data = {k: v for k, v in e.items() if k != "kind"}
        t.tell(e["kind"], **data)


def _run(fn: Any, *args: Any) -> list[Event]:
    try:
        return cast(list[Event], fn(*args))
    except RuleError as e:
        raise CommandError(str(e)) from None


# --- the score sheet -----------------------------------------------------------------

@commands.command("players", "sheet", changes=True)
@click.argument("names", nargs=-1, required=True)
def players(t: Any, names: tuple[str, ...]) -> Result:
    """A new match on the score sheet, seats in this order; the first deals.
    Example: players Ann Ben Cid"""
    s = _state(t)
    _tell(t, s, _run(sheet.start, t.library.rules, s, list(names)))
    return Result()


def _totals(pairs: tuple[tuple[str, int], ...]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for name, value in pairs:
        if any(n.lower() == name.lower() for n in totals):
            raise CommandError(f"round: two totals for {name}")
        totals[name] = value
    return totals


@commands.command("round", "sheet", changes=True)
@click.argument("totals", nargs=-1, required=True, type=TOTAL)
@click.option("--caller", required=True, type=PLAYER, help="Who called KAIVO!")
def round_(t: Any, totals: tuple[tuple[str, int], ...], caller: str) -> Result:
    """One round's hand totals and the caller: K-SCORE-1..3 applied, the deal moves on.
    Example: round Ann=5 Ben=7 Cid=20 --caller Ben"""
    s = _state(t)
    if s["mode"] == "play":
        raise CommandError("the companion scores a dealt round itself; round is for the score sheet")
    _tell(t, s, _run(sheet.enter, t.library.rules, s, sheet.round_entry(_totals(totals), caller)))
    return Result()


@commands.command("drop", "sheet", changes=True)
@click.argument("number", type=int)
def drop(t: Any, number: int) -> Result:
    """Take back round NUMBER of the score sheet and score the rounds after it again.
    Example: drop 2"""
    s = _state(t)
    _tell(t, s, _run(sheet.drop_round, t.library.rules, s, number))
    return _scores(s)


@commands.command("join", "sheet", changes=True)
@click.argument("name")
def join(t: Any, name: str) -> Result:
    """A player joins between rounds with the table's average score (K-JOIN-1).
    Example: join Dee"""
    s = _state(t)
    if s["mode"] == "play":
        raise CommandError("a friend joins a dealt match from their own seat (phone page), "
                           "which this companion does not have yet")
    _tell(t, s, _run(sheet.enter, t.library.rules, s, {"kind": "join", "name": name}))
    return Result()


@commands.command("leave", "sheet", changes=True)
@click.argument("name", type=PLAYER)
def leave(t: Any, name: str) -> Result:
    """A player leaves (K-JOIN-1): off the sheet; in a dealt round, safe moves to its end,
    then a bot. Example: leave Ben"""
    s = _state(t)
    if s["mode"] == "play":
        lib = t.library
        events = _run(match.leave, lib.bots, s, name)
        if match.acting(s) is None and s["table"] is not None and s["table"]["phase"] != "over":
            events += _run(match.run_bots, lib.rules, lib.bots, s, _dice(t))
        _tell(t, s, events)
        return Result(status_lines(s))
    _tell(t, s, _run(sheet.enter, t.library.rules, s, {"kind": "leave", "name": name}))
    return Result()


def _scores(s: KaivoState) -> Result:
    if not s["players"]:
        raise CommandError("no match yet: players NAME NAME, or deal --bots N")
    low = min(p["score"] for p in s["players"])
    rows = []
    for i, p in enumerate(s["players"]):
        marks = []
        if i == s["dealer"] and not s["winners"]:
            marks.append("deals next")
        if p["name"] in s["winners"]:
            marks.append("wins")
        elif p["score"] == low and not s["winners"]:
            marks.append("leads")
        if p["bot"]:
            marks.append(f"bot, {p['level']}")
        rows.append([p["name"], p["score"], ", ".join(marks)])
    r = Result(headers=["player", "score", ""], rows=rows, title=f"Scores after round {s['round'] - 1}:")
    if s["winners"]:
        r.notes.append(f"The match is over: {' and '.join(s['winners'])} won.")
    return r


@commands.command("scores", "sheet")
def scores(t: Any) -> Result:
    """The table of scores, the dealer, the leader, and the winner once the match ends."""
    return _scores(_state(t))


# --- playing against bots -----------------------------------------------------------

@commands.command("deal", "play", changes=True)
@click.option("--bots", "n_bots", type=int, default=None, help="A new match: you plus N bots (1..3).")
@click.option("--level", type=click.Choice(LEVELS), default="normal", help="The bots' level.")
@click.option("--clock", is_flag=True, help="The turn clock (K-CLOCK-1): 20 s a turn, 10 for a target.")
def deal(t: Any, n_bots: int | None, level: str, clock: bool) -> Result:
    """Deal a round: with --bots N a new match (you are seat 1, the last bot deals, so you
    play first); without, the next round of the match. Example: deal --bots 2 --level hard"""
    s, lib = _state(t), t.library
    if n_bots is not None:
        events = _run(match.start_play, lib.rules, lib.bots, s, _dice(t), n_bots, level, "You", clock)
    else:
        if s["mode"] != "play":
            raise CommandError("deal --bots N starts a match against bots")
        events = _run(match.next_round, lib.rules, lib.bots, s, _dice(t))
    _tell(t, s, events)
    _restart_clock(s)
    return Result(status_lines(s))


def _restart_clock(s: KaivoState) -> None:
    tbl = s["table"]
    if s["clock"] and tbl is not None and tbl["phase"] in ("turn", "power"):
        s["clock_at"] = now()


def _act(t: Any, action: Action) -> Result:
    s, lib = _state(t), t.library
    tbl = s["table"]
    if s["mode"] != "play" or tbl is None:
        raise CommandError("no round dealt: deal --bots N")
    seat = match.acting(s)
    if seat is None:
        raise CommandError("the match is over" if s["winners"] else "the round is over: deal")
    if seat != HUMAN:
        raise CommandError(f"it is {tbl['names'][seat]}'s turn")
    dice = _dice(t)
    limit = clock_limit(lib.rules, tbl["phase"])
    if s["clock"] and s["clock_at"] is not None and limit is not None and now() - s["clock_at"] > limit:
        # K-CLOCK-1: time ran out; the safe move is played instead (no penalty)
        events = [{"kind": "clock_ran_out", "seat": seat, "who": tbl["names"][seat], "limit": limit}]
        events += play_safe(tbl, lib.rules, dice) + _run(match.run_bots, lib.rules, lib.bots, s, dice)
    else:
        events = _run(match.act_as, lib.rules, lib.bots, s, dice, seat, action)
    _tell(t, s, events)
    _restart_clock(s)
    return Result(status_lines(s) if tbl["turn"] == HUMAN or tbl["phase"] == "over" else [])


def _player(t: Any, name: str) -> int:
    try:
        return sheet.seat_of(_state(t), name)
    except RuleError as e:
        raise CommandError(str(e)) from None


POS = click.IntRange(1, 4)


@commands.command("draw", "play", changes=True)
def draw(t: Any) -> Result:
    """Draw from the deck; only you see the card (K-TURN-1)."""
    return _act(t, ("draw",))


@commands.command("take", "play", changes=True)
def take(t: Any) -> Result:
    """Take the top of the discard pile; it must go into your row, or back (K-TURN-2)."""
    return _act(t, ("take",))


@commands.command("swap", "play", changes=True)
@click.argument("pos", type=POS)
def swap(t: Any, pos: int) -> Result:
    """Put the held card at position POS (1..4); the old card goes face up. Example: swap 2"""
    return _act(t, ("swap", pos - 1))


@commands.command("discard", "play", changes=True)
def discard(t: Any) -> Result:
    """Discard the drawn card; a power card then waits for its power, or skip."""
    return _act(t, ("discard",))


@commands.command("putback", "play", changes=True)
def putback(t: Any) -> Result:
    """Put a taken discard back: nothing revealed, your turn goes on (K-TURN-2)."""
    return _act(t, ("putback",))


@commands.command("peek", "play", changes=True)
@click.argument("pos", type=POS)
def peek(t: Any, pos: int) -> Result:
    """Peek: look at your own card at POS (K-POW-1). Example: peek 2"""
    return _act(t, ("peek", pos - 1))


@commands.command("spy", "play", changes=True)
@click.argument("player", type=PLAYER)
@click.argument("pos", type=POS)
def spy(t: Any, player: str, pos: int) -> Result:
    """Spy: look at one card of an opponent (K-POW-1). Example: spy Aino 3"""
    return _act(t, ("spy", _player(t, player), pos - 1))


@commands.command("swapwith", "play", changes=True)
@click.argument("pos", type=POS)
@click.argument("player", type=PLAYER)
@click.argument("their_pos", type=POS)
def swapwith(t: Any, pos: int, player: str, their_pos: int) -> Result:
    """Swap: your card at POS for an opponent's; each sees what they get. Example: swapwith 1 Aino 4"""
    return _act(t, ("swapwith", pos - 1, _player(t, player), their_pos - 1))


@commands.command("mindread", "play", changes=True)
@click.argument("player", type=PLAYER)
@click.argument("pos", type=POS)
def mindread(t: Any, player: str, pos: int) -> Result:
    """Mind Read: turn an opponent's card face up for everyone, for the round. Example: mindread Aino 2"""
    return _act(t, ("mindread", _player(t, player), pos - 1))


@commands.command("skip", "play", changes=True)
def skip(t: Any) -> Result:
    """Skip the power of the card you discarded."""
    return _act(t, ("skip",))


@commands.command("glimpse", "play", changes=True)
def glimpse(t: Any) -> Result:
    """Let the table glimpse your drawn card: each opponent may catch it, 1 in 3 (K-GLIMPSE-1)."""
    return _act(t, ("glimpse",))


@commands.command("kaivo", "play", changes=True)
def kaivo(t: Any) -> Result:
    """Call KAIVO! at the start of your turn: the round ends at once (K-TURN-3, K-CALL-1)."""
    return _act(t, ("kaivo",))


@commands.command("status", "play")
def status(t: Any) -> Result:
    """The table as you know it: your row, the opponents', the pile and the deck; or the scores."""
    s = _state(t)
    lines = status_lines(s)
    if lines:
        return Result(lines)
    return _scores(s)
