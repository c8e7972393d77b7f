"""Kaivo's commands (kaivo.md's command forms): the score sheet, and a round dealt by the
companion against bots, or among friends who each play from their own seat (a phone page,
seats.py) with bots in the empty seats. Each command asks the pure rules and tells their
events; an event private to a bot or to a friend's seat is not told (bots and seats read the
state through their own view), so the story, the log and the terminal carry only what the
person at the terminal ("You"), or the whole table, may see. The rules' dice are drawn from
the table's seeded generator but never recorded in an event: a shuffle or a glimpse's chance
written into the log would give the cards away.
"""

from __future__ import annotations

import time
from typing import Any, cast

import click

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.params import KeyValue, Named
from guide.core.registry import Registry
from guide.core.result import Result

from . import match, sheet
from .knowledge import public
from .model import LEVELS, KaivoState
from .protocol import SeededDice
from .screen import status_lines, viewer
from .table import Action, Event, RuleError, clock_limit, play_safe

commands = Registry(families=("sheet", "play"))
NEWS = 12                 # the public events of the round a seat's page and the TV recall
now = time.time           # K-CLOCK-1's clock; tests put their own
_, ngettext, pgettext = domain("kaivo").functions()


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
    """Tell the public events and those private to the terminal's own seat ("You"); a
    friend's private events (and a bot's) are never told: a seat reads them through its own
    view (seats.py). The public ones are also the seats' news."""
    mine = viewer(state)
    for e in events:
        if "to" in e and mine not in e["to"]:
            continue
        data = {k: v for k, v in e.items() if k != "kind"}
        t.tell(e["kind"], **data)
    _forget_gone(t, events)
    if state["mode"] == "play":
        news = [] if any(e["kind"] in ("match", "dealt") for e in events) else state.get("news", [])
        state["news"] = (news + public(events))[-NEWS:]


def _forget_gone(t: Any, events: list[Event]) -> None:
    """K-JOIN-1: a seat gone to a bot (its player left) loses its page at once, if the view
    is being served (the core's desk would only stop taking its moves)."""
    server, desk = t.services.get("view"), t.services.get("desk")
    if server is None or desk is None:
        return
    for e in events:
        if e["kind"] in ("bot_seat", "join_dropped") and e["name"] in desk.tokens:
            server.forget_seat(desk.tokens[e["name"]])


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
            raise CommandError(_("round: two totals for {name}").format(name=name))
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
        raise CommandError(_("the companion scores a dealt round itself; round is for the score sheet"))
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
    """A player joins between rounds with the table's average score (K-JOIN-1); in a dealt
    match, they get a seat at once and take a bot's seat at the next deal. Example: join Dee"""
    s = _state(t)
    if s["mode"] == "play":
        _tell(t, s, _run(match.join, s, name))
        return Result([f"{name} has a seat now (seats shows the link); at the next deal"
                       " they take a bot's seat with the table's average score."])
    _tell(t, s, _run(sheet.enter, t.library.rules, s, {"kind": "join", "name": name}))
    return Result()


@commands.command("leave", "sheet", changes=True)
@click.argument("name", type=Named("player", lambda t, w: _names(t, w) + list(t.state["joining"])))
def leave(t: Any, name: str) -> Result:
    """A player leaves (K-JOIN-1): off the sheet; in a dealt round, safe moves to its end,
    then a bot; a friend still waiting to join stays out. Example: leave Ben"""
    s = _state(t)
    if s["mode"] == "play" and name in s["joining"]:
        s["joining"].remove(name)
        _tell(t, s, [{"kind": "join_dropped", "name": name}])
        return Result()
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
        raise CommandError(_("no match yet: players NAME NAME, or deal --bots N"))
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
@click.option("--friends", default=None, metavar="NAME,NAME",
              help="A new match of friends, each at their own seat; bots fill the empty seats.")
@click.option("--level", type=click.Choice(LEVELS), default="normal", help="The bots' level.")
@click.option("--clock", is_flag=True, help="The turn clock (K-CLOCK-1): 20 s a turn, 10 for a target.")
def deal(t: Any, n_bots: int | None, friends: str | None, level: str, clock: bool) -> Result:
    """Deal a round: with --bots N a new match (you are seat 1, the last bot deals, so you
    play first); with --friends A,B a new match of friends, each playing from their own seat
    (seats shows the links), bots filling the table to four unless --bots says how many;
    without either, the next round of the match. Example: deal --friends Ann,Ben --bots 1"""
    s, lib = _state(t), t.library
    if friends is not None:
        people = [n.strip() for n in friends.split(",")]
        events = _run(match.start_play, lib.rules, lib.bots, s, _dice(t), n_bots, level, "You",
                      clock, people)
    elif n_bots is not None:
        events = _run(match.start_play, lib.rules, lib.bots, s, _dice(t), n_bots, level, "You", clock)
    else:
        if s["mode"] != "play":
            raise CommandError(_("deal --bots N starts a match against bots"))
        events = _run(match.next_round, lib.rules, lib.bots, s, _dice(t))
    _tell(t, s, events)
    _restart_clock(s)
    return Result(status_lines(s))


def _restart_clock(s: KaivoState) -> None:
    tbl = s["table"]
    if s["clock"] and tbl is not None and tbl["phase"] in ("turn", "power"):
        s["clock_at"] = now()


def _act(t: Any, action: Action, who: str | None) -> Result:
    """A move of the seat `who` (by default the terminal's own, "You"), then the bots."""
    s, lib = _state(t), t.library
    tbl = s["table"]
    if s["mode"] != "play" or tbl is None:
        raise CommandError(_("no round dealt: deal --bots N"))
    acting = match.acting(s)
    if acting is None:
        if tbl["phase"] != "over":
            raise CommandError(_("it is {tbl}'s turn").format(tbl=tbl['names'][tbl['turn']]))
        raise CommandError("the match is over" if s["winners"] else "the round is over: deal")
    seat = viewer(s) if who is None else _player(t, who)
    if seat is None:
        raise CommandError(_("each friend moves from their own seat (seats shows the links); for one of them"
                             " here, say who: --as {tbl}").format(
            tbl=tbl['names'][acting]))
    if seat != acting:
        raise CommandError(_("it is {tbl}'s turn").format(tbl=tbl['names'][acting]))
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
    mine = viewer(s)
    return Result(status_lines(s) if mine is None or tbl["turn"] == mine or tbl["phase"] == "over"
                  else [])


def _player(t: Any, name: str) -> int:
    try:
        return sheet.seat_of(_state(t), name)
    except RuleError as e:
        raise CommandError(str(e)) from None


POS = click.IntRange(1, 4)
AS = click.option("--as", "who", type=PLAYER, default=None,
                  help="Whose move: a friend's seat sends its own (default: You, at the terminal).")


@commands.command("draw", "play", changes=True)
@AS
def draw(t: Any, who: str | None) -> Result:
    """Draw from the deck; only you see the card (K-TURN-1)."""
    return _act(t, ("draw",), who)


@commands.command("take", "play", changes=True)
@AS
def take(t: Any, who: str | None) -> Result:
    """Take the top of the discard pile; it must go into your row, or back (K-TURN-2)."""
    return _act(t, ("take",), who)


@commands.command("swap", "play", changes=True)
@AS
@click.argument("pos", type=POS)
def swap(t: Any, pos: int, who: str | None) -> Result:
    """Put the held card at position POS (1..4); the old card goes face up. Example: swap 2"""
    return _act(t, ("swap", pos - 1), who)


@commands.command("discard", "play", changes=True)
@AS
def discard(t: Any, who: str | None) -> Result:
    """Discard the drawn card; a power card then waits for its power, or skip."""
    return _act(t, ("discard",), who)


@commands.command("putback", "play", changes=True)
@AS
def putback(t: Any, who: str | None) -> Result:
    """Put a taken discard back: nothing revealed, your turn goes on (K-TURN-2)."""
    return _act(t, ("putback",), who)


@commands.command("peek", "play", changes=True)
@AS
@click.argument("pos", type=POS)
def peek(t: Any, pos: int, who: str | None) -> Result:
    """Peek: look at your own card at POS (K-POW-1). Example: peek 2"""
    return _act(t, ("peek", pos - 1), who)


@commands.command("spy", "play", changes=True)
@AS
@click.argument("player", type=PLAYER)
@click.argument("pos", type=POS)
def spy(t: Any, player: str, pos: int, who: str | None) -> Result:
    """Spy: look at one card of an opponent (K-POW-1). Example: spy Aino 3"""
    return _act(t, ("spy", _player(t, player), pos - 1), who)


@commands.command("swapwith", "play", changes=True)
@AS
@click.argument("pos", type=POS)
@click.argument("player", type=PLAYER)
@click.argument("their_pos", type=POS)
def swapwith(t: Any, pos: int, player: str, their_pos: int, who: str | None) -> Result:
    """Swap: your card at POS for an opponent's; each sees what they get. Example: swapwith 1 Aino 4"""
    return _act(t, ("swapwith", pos - 1, _player(t, player), their_pos - 1), who)


@commands.command("mindread", "play", changes=True)
@AS
@click.argument("player", type=PLAYER)
@click.argument("pos", type=POS)
def mindread(t: Any, player: str, pos: int, who: str | None) -> Result:
    """Mind Read: turn an opponent's card face up for everyone, for the round. Example: mindread Aino 2"""
    return _act(t, ("mindread", _player(t, player), pos - 1), who)


@commands.command("skip", "play", changes=True)
@AS
def skip(t: Any, who: str | None) -> Result:
    """Skip the power of the card you discarded."""
    return _act(t, ("skip",), who)


@commands.command("glimpse", "play", changes=True)
@AS
def glimpse(t: Any, who: str | None) -> Result:
    """Let the table glimpse your drawn card: each opponent may catch it, 1 in 3 (K-GLIMPSE-1)."""
    return _act(t, ("glimpse",), who)


@commands.command("kaivo", "play", changes=True)
@AS
def kaivo(t: Any, who: str | None) -> Result:
    """Call KAIVO! at the start of your turn: the round ends at once (K-TURN-3, K-CALL-1)."""
    return _act(t, ("kaivo",), who)


@commands.command("status", "play")
def status(t: Any) -> Result:
    """The table as you know it: your row, the opponents', the pile and the deck; or the scores."""
    s = _state(t)
    lines = status_lines(s)
    if lines:
        return Result(lines)
    return _scores(s)
