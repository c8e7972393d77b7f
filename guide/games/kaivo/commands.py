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

from typing import Any

import click

from guide.core.errors import CommandError, GuideError
from guide.core.i18n import NP_, domain
from guide.core.line import build
from guide.core.names import resolve
from guide.core.params import KeyValue, Named, Refused
from guide.core.players import named, names
from guide.core.registry import Registry
from guide.core.result import Result
from guide.core.seats import bot_level, page_opened
from guide.core.viewers import keyboard_seat

from . import match, render, sheet
from .knowledge import public, sight
from .library import KaivoTable
from .model import LEVELS, KaivoState
from .screen import look, over, showing, stamp, status_lines, viewer
from .table import VALUES, Action, Event, clock_limit, play_safe, played, to_act

commands = Registry(families=("sheet", "play"))
NEWS = 12                 # the public events of the round a seat's page and the TV recall
_, ngettext, pgettext = domain("kaivo").functions()
LEVEL_WORDS = (NP_("level", "easy"), NP_("level", "normal"), NP_("level", "hard"))   # LEVELS


PLAYER = named(lambda: pgettext("what", "player"))     # KaivoGame.players: with those joining


class Opponent(Named):
    """The player a power aims at (K-POW-1: Spy, Swap and Mind Read aim at an opponent). It
    reads any player's name, as PLAYER does (the rules refuse one's own: "pick an opponent"),
    but Tab offers only the opponents in the round of the seat acting: the one `--as`
    names, else You at the terminal, else the seat to act."""

    def choices(self, table: Any, words: list[str]) -> list[str]:
        everyone, tbl = names(table), table.state["table"]
        dealt = everyone if tbl is None else tbl["names"]      # not those joining next round
        return [n for n in dealt if n != _actor(table, words, everyone)]


def _actor(t: KaivoTable, words: list[str], everyone: list[str]) -> str | None:
    """Whose move the words typed so far are: `--as NAME`'s, else You's at the terminal,
    else the seat to act's (None: nobody known)."""
    for i, word in enumerate(words):
        typed = word[len("--as="):] if word.startswith("--as=") else \
            words[i + 1] if word == "--as" and i + 1 < len(words) else None
        if typed is not None:
            try:
                return resolve(typed, everyone)
            except GuideError:
                return None
    s = t.state
    seat = viewer(s)
    if seat is None and s["mode"] == "play" and s["table"] is not None:
        seat = to_act(s["table"])
    return None if seat is None else s["players"][seat]["name"]


OPPONENT = Opponent(lambda: pgettext("what", "player"), names)
TOTAL = KeyValue(names, metavar="NAME=TOTAL", named=lambda: pgettext("what", "player"))


def _tell(t: KaivoTable, state: KaivoState, events: list[Event],
          seen: Sights | None = None) -> None:
    """Tell the public events and those private to the terminal's own seat ("You"); a
    friend's private events (and a bot's) are never told: a seat reads them through its own
    view (seats.py). The public ones are also the seats' news. `seen`: what the people at
    the table had seen of the round before the command (`_sights`)."""
    kept = (None, "gm", keyboard_seat(t))        # only "You"'s own private ones
    t.tell_all(e for e in events if e.get("private") in kept)
    drawers = list(dict.fromkeys(_("you") if e["who"] == render.YOU else e["who"]
                                 for e in events if e["kind"] == "drew"))
    if drawers:         # K-TURN-1: no undo past a draw, the drawers named (a bot's turn it set off)
        t.drew_hidden(ngettext("a card from the deck for {who}", "cards from the deck for {who}",
                               len(drawers)).format(who=_(" and ").join(drawers)))
    if _glimpsed_by_people(state, events):      # K-GLIMPSE-1: caught or not, alike
        t.drew_hidden(_("the drawn card to whoever caught the glimpse (K-GLIMPSE-1)"),
                      revealed=True)
    if seen is not None and _revealed(state, seen):     # nor past a card shown to a person
        kinds = {e["kind"] for e in events}
        t.drew_hidden(_("every hand (K-CALL-1)") if "called" in kinds
                      else _("each player's outer cards to them (K-DEAL-1)") if "dealt" in kinds
                      else _("a card to a player who had not seen it"), revealed=True)
    if any(e["kind"] == "dealt" for e in events):
        state["looks"] = []             # a new round: the card ids are dealt anew
    stamp(state, t.now(), t.library.rules.show_seconds, phones(state))   # K-DEAL-1
    _forget_gone(t, events)
    if state["mode"] == "play":
        news = [] if any(e["kind"] in ("match", "dealt") for e in events) else state.get("news", [])
        state["news"] = (news + public(events))[-NEWS:]


Sights = dict[int | None, set[int]]


def _sights(state: KaivoState) -> Sights:
    """What each person at the table has seen of the round in play (knowledge.sight), by
    seat; in a match of friends also the table's view (the terminal and the TV show it). A
    bot's memory is in the state and goes back with it on undo; a person's does not: a card
    shown to a person and then undone would be K-TURN-1's free peek (a peek, a spy, a swap
    received, a glimpse caught, a discard or a card swapped out face up, a mind read, the
    call's reveal of every hand, K-CALL-1)."""
    tbl = state["table"]
    if state["mode"] != "play" or tbl is None:
        return {}
    seats: list[int | None] = [i for i, p in enumerate(state["players"]) if not p["bot"]]
    if viewer(state) is None:
        seats.append(None)
    return {seat: sight(tbl, seat) for seat in seats}


def _revealed(state: KaivoState, seen: Sights) -> bool:
    """A person (or the table's view) sees a card now that they had not seen (`_sights`)."""
    tbl = state["table"]
    return tbl is not None and any(sight(tbl, seat) - cards for seat, cards in seen.items())


def _glimpsed_by_people(state: KaivoState, events: list[Event]) -> bool:
    """A glimpse that a person other than the drawer watched (K-GLIMPSE-1): whether one
    caught it is theirs alone, so undo is refused past it caught or not (refused only when
    caught, the refusal told the terminal who had). Only bots watching: their memory goes
    back with the state, and it may be undone."""
    drawer = next((e["seat"] for e in events if e["kind"] == "glimpse"), None)
    return drawer is not None and any(not p["bot"] and i != drawer
                                      for i, p in enumerate(state["players"]))


def phones(state: KaivoState) -> set[int]:
    """The seats of friends at their phones: people, but the terminal's own "You"."""
    you = viewer(state)
    return {i for i, p in enumerate(state["players"]) if not p["bot"] and i != you}


def _status(t: KaivoTable) -> list[str]:
    """The table as you know it, printed: at a terminal a card you saw is not printed into
    the scrollback (K-DEAL-1; the toolbar shows it for the box's seconds); in a script, only
    while the box's seconds last."""
    s, hints = t.state, t.library.rules.hints
    shown = set() if at_terminal(t) and not hints else showing(s, viewer(s), t.now(), hints)
    return status_lines(s, shown, t.library.rules.powers)


def at_terminal(t: KaivoTable) -> bool:
    """A person reads the output at the prompt (K-DEAL-1: a seen card is not printed into the
    scrollback), also while the clock plays their safe move with no one to ask."""
    return t.ask is not None or getattr(t, "interactive", False)


def _forget_gone(t: KaivoTable, events: list[Event]) -> None:
    """K-JOIN-1: a seat gone to a bot (its player left) loses its page at once, if the view
    is being served (the core's desk would only stop taking its moves)."""
    server, desk = t.services.get("view"), t.services.get("desk")
    if server is None or desk is None:
        return
    for e in events:
        if e["kind"] in ("bot_seat", "join_dropped") and e["name"] in desk.tokens:
            server.forget_seat(desk.tokens[e["name"]])


# --- the score sheet -----------------------------------------------------------------

@commands.command("players", "sheet")
@click.argument("names", nargs=-1, required=True)
def players(t: KaivoTable, names: tuple[str, ...]) -> Result:
    """A new match on the score sheet, seats in this order; the first deals.
    Example: players Ann Ben Cid"""
    s = t.state
    _tell(t, s, sheet.start(t.library.rules, s, list(names)))
    return Result()


def _totals(pairs: tuple[tuple[str, int], ...]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for name, value in pairs:
        if any(n.lower() == name.lower() for n in totals):
            raise CommandError(_("round: two totals for {name}").format(name=name))
        totals[name] = value
    return totals


@commands.command("round", "sheet")
@click.argument("totals", nargs=-1, required=True, type=TOTAL)
@click.option("--caller", required=True, type=PLAYER, help="Who called KAIVO!")
def round_(t: KaivoTable, totals: tuple[tuple[str, int], ...], caller: str) -> Result:
    """One round's hand totals and the caller: K-SCORE-1..3 applied, the deal moves on.
    Example: round Ann=5 Ben=7 Cid=20 --caller Ben"""
    s = t.state
    if s["mode"] == "play":
        raise CommandError(_("the companion scores a dealt round itself; round is for the score sheet"))
    _not_won(s)
    _tell(t, s, sheet.enter(t.library.rules, s, sheet.round_entry(_totals(totals), caller)))
    return Result()


@commands.command("drop", "sheet")
@click.argument("number", type=int)
def drop(t: KaivoTable, number: int) -> Result:
    """Take back round NUMBER of the score sheet and score the rounds after it again.
    Example: drop 2"""
    s = t.state
    _tell(t, s, sheet.drop_round(t.library.rules, s, number))
    return _scores(s)


@commands.command("join", "sheet")
@click.argument("name")
def join(t: KaivoTable, name: str) -> Result:
    """A player joins between rounds with the table's average score (K-JOIN-1); in a dealt
    match, they get a seat at once and take a bot's seat at the next deal. Example: join Dee"""
    s = t.state
    if s["mode"] == "play":
        events = match.join(s, name)
        _tell(t, s, events)
        said = _still_a_bot(t, events[0]["name"])
        if events[0]["kind"] == "stays":        # back before the round's end: the seat is kept
            return Result(said)
        return Result([_("{name} has a seat now (seats shows the link); at the next deal"
                       " they take a bot's seat with the table's average score.").format(name=name),
                       *said])
    _tell(t, s, sheet.enter(t.library.rules, s, {"kind": "join", "name": name}))
    return Result()


@commands.command("leave", "sheet")
@click.argument("name", type=PLAYER)
def leave(t: KaivoTable, name: str) -> Result:
    """A player leaves (K-JOIN-1): off the sheet; in a dealt round, safe moves to its end,
    then a bot; a friend still waiting to join stays out. Example: leave Ben"""
    s = t.state
    if s["mode"] == "play" and name in s["joining"]:
        s["joining"].remove(name)
        _tell(t, s, [{"kind": "join_dropped", "name": name}])
        return Result()
    if s["mode"] == "play":
        lib = t.library
        seen = _sights(s)
        events = match.leave(lib.bots, s, name)
        if match.acting(s) is None and s["table"] is not None and s["table"]["phase"] != "over":
            events += match.run_bots(lib.rules, lib.bots, s, t.dice.split())
        _tell(t, s, events, seen)
        return Result(_way_back(s, events[0]["name"]) + _status(t))
    _tell(t, s, sheet.enter(t.library.rules, s, {"kind": "leave", "name": name}))
    return Result()


def _way_back(s: KaivoState, name: str) -> list[str]:
    """K-JOIN-1: what brings a player who left a dealt match back, said as they leave."""
    found = match.away(s, name)
    if found is None:
        return []
    who, leaving = found
    line = build(["join", who])
    if leaving and who == render.YOU:       # the terminal's own player (only before the round ends)
        return [_("{line} before the round ends brings you back to your seat.").format(line=line)]
    if leaving:
        return [_("{line} before the round ends brings {name} back to their seat.").format(
            line=line, name=who)]
    return [_("{line} brings {name} back, to a bot's seat at the next deal.").format(
        line=line, name=who)]


def _scores(s: KaivoState) -> Result:
    if not s["players"]:
        raise CommandError(_("no match yet: players NAME NAME, or deal --bots N"))
    low = min(p["score"] for p in s["players"])
    rows = []
    for i, p in enumerate(s["players"]):
        marks = []
        if i == s["dealer"] and not s["winners"]:
            marks.append(_("deals next"))
        if p["name"] in s["winners"]:
            marks.append(_("wins"))
        elif p["score"] == low and not s["winners"]:
            marks.append(_("leads"))
        if p["bot"]:
            marks.append(_("bot, {level}").format(level=pgettext("level", str(p["level"]))))
        rows.append([p["name"], p["score"], ", ".join(marks)])
    r = Result(headers=[pgettext("what", "player"), _("score"), _("note")], rows=rows,
               title=_("Scores after round {round}:").format(round=s["round"] - 1))
    if s["winners"]:
        r.notes.append(_("The match is over: {names} won.").format(
            names=pgettext("joined", " and ").join(s["winners"])))
    return r


@commands.command("scores", "sheet")
def scores(t: KaivoTable) -> Result:
    """The table of scores, the dealer, the leader, and the winner once the match ends.

    Example: scores"""
    return _scores(t.state)


# --- playing against bots -----------------------------------------------------------

@commands.command("deal", "play")
@click.option("--bots", "n_bots", type=int, default=None, help="A new match: you plus N bots (1..3).")
@click.option("--friends", default=None, metavar="NAME,NAME",
              help="A new match of friends, each at their own seat; bots fill the empty seats.")
@click.option("--level", type=click.Choice(LEVELS), default="normal", help="The bots' level.")
@click.option("--clock", is_flag=True, help="The turn clock (K-CLOCK-1): 20 s a turn, 10 for a target.")
def deal(t: KaivoTable, n_bots: int | None, friends: str | None, level: str, clock: bool) -> Result:
    """Deal a round: with --bots N a new match (you are seat 1, the last bot deals, so you
    play first); with --friends A,B a new match of friends, each playing from their own seat
    (seats shows the links), bots filling the table to four unless --bots says how many;
    without either, the next round of the match. Example: deal --friends Ann,Ben --bots 1"""
    s, lib = t.state, t.library
    new_match = friends is not None or n_bots is not None
    replaced = new_match and _under_way(s)
    people = None if friends is None else [n.strip() for n in friends.split(",")]
    if new_match:
        events = match.start_play(lib.rules, lib.bots, s, t.dice.split(), n_bots, level, clock, people)
    else:
        if s["mode"] != "play":
            raise CommandError(_("deal --bots N starts a match against bots"))
        _not_won(s)
        events = match.next_round(lib.rules, lib.bots, s, t.dice.split())
    # K-DEAL-1: every card of a new round is new to everyone, and the deal shows each person
    # their outer cards, so undo does not go back past it (a free redeal); but a new match
    # dealt over one under way may be undone, so that a mistyped `deal --bots` never costs
    # the match it replaced
    _tell(t, s, events, None if replaced else {seat: set() for seat in _sights(s)})
    _restart_clock(t)
    said = [line for p in people or () for line in _still_a_bot(t, p)]
    if replaced:        # said, so that a mistyped deal never costs a match unnoticed
        said.insert(0, _("The match under way is set aside for this one (undo brings it back)."))
    return Result(said + _status(t))


def _still_a_bot(t: KaivoTable, name: str) -> list[str]:
    """A person back at the table (a new match, `join NAME`) whose seat a bot still plays:
    `bot NAME` outlives a match and a leave, so the table says how the seat is given back."""
    level = bot_level(t, name)
    if level is None:
        return []
    return [_("A bot ({level}) still plays {seat}'s seat; {line} gives it back.").format(
        level=level, seat=name, line=build(["bot", name], [("--off", None)]))]


def _not_won(state: KaivoState) -> None:
    """K-SCORE-3: a won match plays and scores no more; the refusal says what starts the next."""
    if state["winners"]:
        raise CommandError(over(state))


def _under_way(state: KaivoState) -> bool:
    """A match is being played, not yet won: a score sheet with rounds or a round dealt."""
    return bool(state["mode"]) and not state["winners"] and bool(
        state["entries"] or state["table"] is not None)


def clock_start(t: KaivoTable) -> float | None:
    """K-CLOCK-1: when the clock of the seat to act started, or None where none runs. It runs
    only while the player can act: at the terminal from the turn's start; for a friend at a
    phone only once their page is open (from the turn's start, or from when the page first
    read the table, whichever is later: a page opened after the deal, or never opened because
    the view is not served, has no turn run out before its player could tap)."""
    s = t.state
    tbl, seat = s["table"], match.acting(s)
    if not s["clock"] or s["clock_at"] is None or tbl is None or seat is None:
        return None
    if seat == viewer(s):
        return s["clock_at"]
    opened = page_opened(t, s["players"][seat]["name"])
    if opened is None:
        return None
    return max(s["clock_at"], min(opened, t.now()))


def page_waits(t: KaivoTable) -> bool:
    """K-CLOCK-1: the clock of the seat to act waits for its page to open (clock_start)."""
    s = t.state
    seat = match.acting(s)
    return (s["clock"] and s["clock_at"] is not None and seat is not None
            and seat != viewer(s) and page_opened(t, s["players"][seat]["name"]) is None)


def _restart_clock(t: KaivoTable) -> None:
    s = t.state
    tbl = s["table"]
    if s["clock"] and tbl is not None and tbl["phase"] in ("turn", "power"):
        s["clock_at"] = t.now()


def _act(t: KaivoTable, action: Action, who: str | None) -> Result:
    """A move of the seat `who` (by default the terminal's own, "You"), then the bots."""
    s, lib = t.state, t.library
    tbl = s["table"]
    if s["mode"] != "play" or tbl is None:
        raise CommandError(_("no round dealt: deal --bots N"))
    acting = match.acting(s)
    if acting is None:
        if tbl["phase"] != "over":
            raise CommandError(render.whose_turn(tbl["names"][to_act(tbl)]))
        _not_won(s)
        raise CommandError(_("the round is over: deal"))
    seat = viewer(s) if who is None else sheet.seat_of(s, who)
    if seat is None:
        raise CommandError(_("each friend moves from their own seat (seats shows the links); for one of them"
                             " here, say who: --as {tbl}").format(
            tbl=tbl['names'][acting]))
    if seat != acting:
        raise CommandError(render.whose_turn(tbl["names"][acting]))
    dice = t.dice.split()
    seen = _sights(s)
    began = (played(tbl), tbl["phase"] == "power")
    limit = clock_limit(lib.rules, tbl["phase"])
    start = clock_start(t)
    if start is not None and limit is not None and t.now() - start > limit:
        # K-CLOCK-1: time ran out; the safe move is played instead (no penalty)
        events = [{"kind": "clock_ran_out", "seat": seat, "who": tbl["names"][seat], "limit": limit}]
        events += play_safe(tbl, lib.rules, dice) + match.run_bots(lib.rules, lib.bots, s, dice)
    else:
        events = match.act_as(lib.rules, lib.bots, s, dice, seat, action)
    _tell(t, s, events, seen)
    if (played(tbl), tbl["phase"] == "power") != began:
        _restart_clock(t)       # K-CLOCK-1: a new turn, or a power's 10 s; not a put-back discard
    mine = viewer(s)
    return Result(_status(t) if mine is None or to_act(tbl) == mine or tbl["phase"] == "over"
                  else [])


class Position(click.IntRange):
    """A position in a row, 1..4 (K-DEAL-1: four cards a row); anything else, a word or a
    number out of range, is refused as the rules refuse a position (table.py)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            raise Refused(_("a position is 1 to {hand}, not {value}").format(
                hand=self.max, value=value), ctx, param) from None


POS = Position(1, 4)
AS = click.option("--as", "who", type=PLAYER, default=None,
                  help="Whose move: a friend's seat sends its own (default: You, at the terminal).")
ARGUMENTS = {"pos": click.argument("pos", type=POS), "player": click.argument("player", type=OPPONENT),
             "their_pos": click.argument("their_pos", type=POS)}


def _move(kind: str, doc: str) -> None:
    """The command of the rules move `kind` (`draw`, `swap POS`, `spy PLAYER POS` ...), `doc`
    its help: its values as table.VALUES names them (a player by name, a position 1..4), the
    move of the seat `--as` names (by default You)."""
    names = VALUES.get(kind, ())

    def command(t: KaivoTable, who: str | None, **values: Any) -> Result:
        return _act(t, (kind, *(sheet.seat_of(t.state, values[name]) if name == "player"
                                else values[name] - 1 for name in names)), who)

    command.__name__ = command.__qualname__ = kind
    command.__doc__ = doc
    for name in reversed(names):          # the arguments in order, as stacked decorators give them
        command = ARGUMENTS[name](command)
    commands.command(kind, "play")(AS(command))


_move("draw", """Draw from the deck; only you see the card (K-TURN-1).

    Example: draw""")


_move("take", """Take the top of the discard pile; it must go into your row, or back (K-TURN-2).

    Example: take""")


_move("swap", """Put the held card at position POS (1..4); the old card goes face up. Example: swap 2""")


_move("discard", """Discard the drawn card; a power card then waits for its power, or skip.

    Example: discard""")


_move("putback", """Put a taken discard back: nothing revealed, your turn goes on (K-TURN-2).

    Example: putback""")


_move("peek", """Peek: look at your own card at POS (K-POW-1). Example: peek 2""")


@commands.command("look", "play")
@AS
@click.argument("pos", type=POS)
@click.option("--of", "of", type=PLAYER, default=None, help="Whose card (default: your own).")
def look_command(t: KaivoTable, pos: int, of: str | None, who: str | None) -> Result:
    """A friend looks at a card their phone offers (K-DEAL-1: the outer cards, a card
    peeked, spied or handed): shown from now for the box's seconds, then hidden again.
    Sent by the seat's page when its player taps. Example: look 1 --as Ann"""
    s, tbl = t.state, t.state["table"]
    if tbl is None:
        raise CommandError(_("no round dealt: deal --bots N"))
    seat = viewer(s) if who is None else sheet.seat_of(s, who)
    whose = seat if of is None else sheet.seat_of(s, of)
    if seat is None or whose is None or whose >= len(tbl["hands"]) or \
            not look(s, seat, tbl["hands"][whose][pos - 1], t.now(), t.library.rules.show_seconds):
        raise CommandError(_("nothing waits to be looked at there"))
    return Result()


_move("spy", """Spy: look at one card of an opponent (K-POW-1). Example: spy Aino 3""")


_move("swapwith",
      """Swap: your card at POS for an opponent's; each sees what they get. Example: swapwith 1 Aino 4""")


_move("mindread",
      """Mind Read: turn an opponent's card face up for everyone, for the round. Example: mindread Aino 2""")


_move("skip", """Skip the power of the card you discarded.

    Example: skip""")


_move("glimpse", """Let the table glimpse your drawn card: each opponent may catch it, 1 in 3 (K-GLIMPSE-1).

    Example: glimpse""")


_move("kaivo", """Call KAIVO! at the start of your turn: the round ends at once (K-TURN-3, K-CALL-1).

    Example: kaivo""")


@commands.command("status", "play")
def status(t: KaivoTable) -> Result:
    """The table as you know it: your row, the opponents', the pile and the deck; or the scores.

    Example: status"""
    lines = _status(t)
    return Result(lines) if lines else _scores(t.state)


def said(event: Event, t: KaivoTable) -> str | None:
    """One of Kaivo's events in words (render.py). Only the terminal's own private events
    were kept (_tell); at a terminal they are not printed into the scrollback (K-DEAL-1:
    the toolbar shows the card for the box's seconds); a script or pipe prints them."""
    if "private" in event and at_terminal(t) and not t.library.rules.hints:
        return None
    return render.render(event, event.get("private"))
