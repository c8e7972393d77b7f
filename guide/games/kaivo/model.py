"""The state of Kaivo: TypedDicts over plain JSON-able dicts (the core diffs, stores, undoes).

Cards in a dealt round are named by an id (an index into `cards`, the values of the deck);
ids never leave the state: `knowledge.view` is the only way a value is read out.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from guide.core import turns
from guide.core.turns import Turns

VERSION = 2          # the state's shape (Settings.state_version); `migrate` upgrades older ones

Phase = Literal["turn", "drawn", "taken", "power", "over"]
Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")


class Player(TypedDict):
    name: str
    bot: bool
    level: str | None        # a bot's level, None for a person
    score: int
    leaving: bool            # K-JOIN-1: played safe to the round's end, then a bot


class Table(TypedDict):
    """A dealt round (K-DEAL-1 .. K-CALL-1). Seats are indices into the match's players."""

    cards: list[int]               # value of each card id
    deck: list[int]                # card ids, the top is last
    discard: list[int]             # card ids face up, the top is last
    hands: list[list[int]]         # per seat, the card id at each position
    seen: list[list[int]]          # per seat: ids it has seen, which the table knows it has
    caught: list[list[int]]        # per seat: ids it knows only from a glimpse (K-GLIMPSE-1)
    badges: list[str]              # per card id: letters of who looked at it (K-POW-2)
    face_up: list[int]             # ids turned by Mind Read, public for the round
    placed: list[int]              # ids an owner drew and put into its own row (public)
    order: Turns                   # the seats' names in turn (guide.core.turns): `first` started
                                   # the round, `current` is to act (None once called), `turn`
                                   # counts the turns begun; state 2 (state 1: starter, turn, turns)
    phase: Phase
    held: int | None               # the card id in hand after draw / take
    power: str | None              # a discarded power waiting for its target
    glimpsed: bool                 # a glimpse was already given this turn
    caller: int | None
    names: list[str]               # each seat's player, for the events
    letters: list[str]             # each seat's badge letter
    scores: list[int]              # the match's scores at the deal (public)
    fresh: NotRequired[list[list[int]]]   # [seat, id] just seen, timed by the commands (K-DEAL-1)


class Entry(TypedDict, total=False):
    """One line of the score sheet, replayed to give the scores (so any round can go)."""

    kind: Literal["round", "join", "leave"]
    totals: dict[str, int]
    caller: str
    name: str


class KaivoState(TypedDict):
    schema: int
    mode: Literal["", "sheet", "play"]
    start: list[str]               # the sheet's opening seats, for replay
    entries: list[Entry]
    players: list[Player]
    dealer: int
    round: int                     # the round in play or next
    winners: list[str]
    table: Table | None
    joining: list[str]             # K-JOIN-1: people waiting for a bot's seat
    clock: bool
    clock_at: float | None         # K-CLOCK-1: when the person to act could start (seconds)
    last: list[dict[str, Any]]     # the last round's scoring, as data
    news: list[dict[str, Any]]     # the round's last public events, for the seats and the TV
    looks: NotRequired[list[list[float]]]  # K-DEAL-1: [seat, id, until, seen at] a seen card is shown
    left: NotRequired[list[str]]   # K-JOIN-1: who left the dealt match and is not back (`join NAME`)


def new_state() -> KaivoState:
    return KaivoState(schema=1, mode="", start=[], entries=[], players=[], dealer=0, round=1,
                      winners=[], table=None, joining=[], clock=False, clock_at=None, last=[],
                      news=[])


def new_player(name: str, bot: bool = False, level: str | None = None, score: int = 0) -> Player:
    return Player(name=name, bot=bot, level=level, score=score, leaving=False)


def begin_match(state: KaivoState, mode: Literal["sheet", "play"], players: list[Player],
                dealer: int, clock: bool = False) -> None:
    """A new match on the state: these seats, this dealer, round 1, no table yet."""
    state.update(new_state())
    state.pop("left", None)             # those who left the match before are not away from this one
    state.update({"mode": mode, "start": [p["name"] for p in players], "players": players,
                  "dealer": dealer, "clock": clock})


def migrate(state: dict, from_version: int) -> dict:
    """State 1 (the only older one: the store never gives a newer one) kept a dealt round's
    turn as the seats' indices and a count (`starter`, `turn`, `turns`); state 2 keeps the
    core's turn order (`order`). What the store gives may be today's `new_state()` with the
    campaign's changes over it: no round dealt (None), or one whose order is already there."""
    t = state.get("table")
    if t is None or "order" in t:
        return state
    return {**state, "table": with_order(t)}


def with_order(t: dict) -> dict:
    """A state 1 round with its turn order: started at `starter` (after the dealer), its
    `turns` played round the table in seat order (K-TURN-1), stopped once called."""
    names = t["names"]
    order = turns.new(names)
    turns.start(order, names[t["starter"]])
    for _turn in range(t["turns"]):
        turns.end_turn(order)
    if t["phase"] == "over":
        turns.stop(order)
    old = ("starter", "turn", "turns")
    return {**{k: v for k, v in t.items() if k not in old}, "order": order}
