"""What each player knows: `view(table, seat)` is the only way a card's value leaves a round.

A seat sees a value where the rules let it (K-DEAL-1 the outer peek, K-TURN-1 its drawn
card, K-TURN-2 the public discard, K-POW-1 Peek, Spy, a Swap received, Mind Read, K-GLIMPSE-1
a glimpse caught, K-CALL-1 everything once the round is called), and only while the card is
where the seat can follow it (a card shuffled back into the deck is gone from everyone's
knowledge). Events go to a seat through `events_for`, which keeps the private ones of others out.
"""

from __future__ import annotations

from typing import TypedDict

from .model import Table
from .table import Event, played, starter, to_act


class SeatView(TypedDict):
    me: int                              # the seat, or -1 for the table's view (the TV)
    names: list[str]
    letters: list[str]
    turn: int
    phase: str
    turns: int
    deck_left: int
    discard: list[int]                   # the whole pile, face up, the top last
    held: int | None                     # the card in play, if this seat may know it
    held_from: str | None                # "deck" or "discard" while a card is held
    power: str | None                    # a discarded power waiting for its target
    glimpsed: bool                       # the held card was glimpsed this turn
    hands: list[list[int | None]]        # per seat, per position: the value or None
    badges: list[list[str]]              # K-POW-2 letters per position
    face_up: list[list[bool]]            # K-POW-1 Mind Read
    knows: list[list[list[int]]]         # the seats the table knows have seen each card
    placed: list[list[bool]]             # a card its owner drew and put there (public)
    passed: list[bool]                   # the seat has begun a turn this round without calling
    caller: int | None
    scores: list[int]                    # the match's scores at the deal


def known(t: Table, seat: int | None) -> set[int]:
    """The card ids whose value a seat knows (remembers); for None, the cards face up for the
    whole table (Mind Read): the TV learns nothing else, not even a glimpse every opponent
    caught (K-GLIMPSE-1)."""
    if seat is None:
        return set(t["face_up"])
    return set(t["seen"][seat]) | set(t["caught"][seat]) | set(t["face_up"])


def sight(t: Table, seat: int | None) -> set[int]:
    """The card ids whose value a seat's player has seen, before them or in mind (None: the
    whole table's, the TV's): what they know (`known`), the discard pile, a card taken from
    it (K-TURN-2), and every hand once the round is called (K-CALL-1)."""
    cards = known(t, seat) | set(t["discard"])
    if t["phase"] == "taken" and t["held"] is not None:
        cards.add(t["held"])
    if t["phase"] == "over":
        cards.update(c for hand in t["hands"] for c in hand)
    return cards


def view(t: Table, seat: int | None, showing: set[int] | None = None) -> SeatView:
    """What one seat may know of the round (None: what the whole table may know). `showing`:
    the cards a person's screen shows now (K-DEAL-1: a seen card is shown for the box's
    seconds, then hidden again; the player remembers); None: all the seat knows (a bot's
    memory, the "hints" house rule). A card face up, and the card one holds, stay shown."""
    cards = t["cards"]
    mine = _shown(t, seat, showing)
    seats = range(len(t["hands"]))
    who = _seers(t)
    face = set(t["face_up"])
    placed = set(t["placed"])
    n, first, done = len(t["hands"]), starter(t), played(t)
    return SeatView(
        me=-1 if seat is None else seat, names=list(t["names"]), letters=list(t["letters"]), turn=to_act(t),
        phase=t["phase"], turns=done, deck_left=len(t["deck"]),
        discard=[cards[c] for c in t["discard"]], held=_held_value(t, mine),
        held_from=_held_from(t),
        power=t["power"], glimpsed=t["glimpsed"], hands=_hands(t, mine),
        badges=[[t["badges"][c] for c in h] for h in t["hands"]],
        face_up=[[c in face for c in h] for h in t["hands"]],
        knows=[[list(who.get(c, ())) for c in h] for h in t["hands"]],
        placed=[[c in placed for c in h] for h in t["hands"]],
        passed=[done > (o - first) % n for o in seats],
        caller=t["caller"], scores=list(t["scores"]))


def _shown(t: Table, seat: int | None, showing: set[int] | None) -> set[int]:
    """The cards whose value the seat's view holds: all it knows, or (`showing`) those of
    them its screen shows now, the cards face up and the card it holds (K-DEAL-1)."""
    mine = known(t, seat)
    if showing is None or seat is None:
        return mine
    holds = t["held"] if to_act(t) == seat and t["held"] is not None else None
    return (mine & showing) | set(t["face_up"]) | ({holds} & mine if holds is not None else set())


def _seers(t: Table) -> dict[int, list[int]]:
    """Card id -> the seats that have seen it, in seat order (public: who looked)."""
    who: dict[int, list[int]] = {}
    for o in range(len(t["hands"])):
        for c in t["seen"][o]:
            seers = who.setdefault(c, [])
            if not seers or seers[-1] != o:
                seers.append(o)
    return who


def _hands(t: Table, mine: set[int]) -> list[list[int | None]]:
    """Per seat, per position: the value where the view knows it, every one once the round
    is over (K-CALL-1); None elsewhere."""
    cards = t["cards"]
    over = t["phase"] == "over"
    return [[cards[c] if over or c in mine else None for c in h] for h in t["hands"]]


def _held_value(t: Table, mine: set[int]) -> int | None:
    """The card in play: its value when the view knows it or it was taken from the discard
    (K-TURN-2, public)."""
    held = t["held"]
    if held is not None and (held in mine or t["phase"] == "taken"):
        return t["cards"][held]
    return None


def _held_from(t: Table) -> str | None:
    """Where the card in play came from: "discard" (taken) or "deck"; None: no card held."""
    if t["held"] is None:
        return None
    return "discard" if t["phase"] == "taken" else "deck"


def events_for(events: list[Event], name: str) -> list[Event]:
    """The events a player receives: the public ones and their own private ones."""
    return [e for e in events if e.get("private", name) == name]


def public(events: list[Event]) -> list[Event]:
    """What the whole table (the TV page) may see."""
    return [e for e in events if "private" not in e]
