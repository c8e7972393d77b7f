"""The shape of a Taverne brawl: TypedDicts over one JSON-able dict, so the core can diff,
store and undo it, and the small Protocols the rules are written against.

Sealed choices (the Attacks of call 4, the Dodges of call 5, the bids of Auction
Characters) live inside this state; `views.view_for` is the only way they leave it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypeAlias, TypedDict

from guide.core import turns
from guide.core.errors import GuideError
from guide.core.i18n import domain
from guide.core.names import resolve, resolve_or_refuse
from guide.core.table import Table
from guide.core.turns import Turns

pgettext = domain("taverne").pgettext

if TYPE_CHECKING:
    from .box import Box

SCHEMA = 1                         # the shape `guide state` writes (views.public_state)
STATE_VERSION = 2                  # the campaign's state; `migrate` upgrades the older ones
SMALL = (1, 2, 3, 4, 5)            # T-WPN-1: start in hand, return to hand after use
LARGE = (6, 7, 8, 9)               # T-WPN-1: the Weapon pile, 6 on top down to 9
VARIANTS = ("double-tavern", "long-range", "auction")
UNNAMED_TRICK = "Dirty Trick"      # a Trick sent from a seat: the card is named once served
UNNAMED_ASSET = "Asset"            # an Asset a seat puts into play that the box does not name

Range = Literal["melee", "ranged"]
Phase = Literal["setup", "auction", "brawl", "over"]


Event = dict[str, Any]


class Player(TypedDict):
    name: str
    character: str | None
    tavern: str | None
    initial_loot: int | None
    eliminated: bool         # shown the door (T-CALL-6) and not yet back
    entering: bool           # a new arrival or a return after elimination, in at next call 1
    returning: bool          # `back` typed outside call 1: present again at next call 1
    pints: int
    energy: int
    loot: int
    hand: list[int]          # ascending; a sealed Attack's Weapon stays here until call 5
    pile: list[int]          # top first; only the top is public
    dodges: list[int]        # set aside in call 3, ascending
    dodge_cap: int           # the Prestige when the Dodges were prepared (T-CALL-3)
    assets: list[str]
    trick: str | None        # the Dirty Trick suffered
    specialties: dict[str, int]   # Tavern of origin -> cards in hand (public count)
    spells: int              # Spells cast this turn (T-SPELL-1)
    stunned_by: list[str] | None  # attackers whose hits stunned them; [] by a card
    ko: list[str]            # Characters this player put in the KO pile (T-CHRONO-1)
    bid: int | None          # sealed initial Energy (Auction Characters)
    joined_turn: int


class Quarrel(TypedDict):
    attacker: str
    target: str
    weapon: int
    range: Range
    trick: str | None
    dodges: list[int] | None      # None: the defender has not divided their Dodges yet
    void: bool                    # someone left the table: nothing happens (T-LEAVE-1)
    result: dict[str, Any] | None


class State(TypedDict):
    schema: int
    phase: Phase
    variants: list[str]
    beginner: bool
    turn: int                    # the turns begun: each "Start of turn!" (T-CALL-1)
    call: int
    turns: Turns                 # the seats clockwise, the Pillar, who is out (state 2)
    militia: list[str]           # who called the Militia this turn, in order
    winners: list[str]
    players: dict[str, Player]
    quarrels: list[Quarrel]      # this turn's Attacks; sealed until revealed
    revealed: int                # 0: sealed; 4: placements shown; 5: resolved
    ready: list[str]             # who has acted in this call (dodges set, attacked)
    served: dict[str, list[str]]  # Dirty Tricks offered to each victim this turn
    ko_pile: list[str]
    arrivals: list[str]          # entered at the last call 1 (their bonus was paid)
    auction_revealed: bool
    seal_key: str                # the seats' codes of sealed choices (seats.py); never shown
    chrono: NotRequired[dict[str, Any] | None]   # the Chrono Tournament (chrono.py)
    piles: NotRequired[dict[str, list[str]]]     # the box's named Specialties (cards.py)
    hands: NotRequired[dict[str, list[str]]]     # named Specialties held; each owner's only


TaverneTable: TypeAlias = Table[State, "Box"]   # the core's table, as Taverne's commands see it


def new_state() -> State:
    return State(schema=SCHEMA, phase="setup", variants=[], beginner=False, turn=0, call=0,
                 turns=turns.new(), militia=[], winners=[], players={}, quarrels=[],
                 revealed=0, ready=[], served={}, ko_pile=[], arrivals=[],
                 auction_revealed=False, seal_key="")


def migrate(state: dict, from_version: int) -> dict:
    """State 1 kept the seats as a list of its own (`seating`), the Pillar (`pillar`) and
    whether each player was `present`. State 2 keeps them in the core's turn order
    (guide.core.turns): the seats in order, the Pillar its current player, and out of it
    who was not present or was shown the door, but the Pillar (who keeps it until the turn
    ends: T-CALL-9). A campaign without a snapshot is today's `new_state()` with its
    changes over it: a key it never changed is missing, or already today's."""
    old = {k: v for k, v in state.items() if k not in ("seating", "pillar")}
    seating, head = list(state.get("seating", [])), state.get("pillar")
    players = {n: {k: v for k, v in p.items() if k != "present"}
               for n, p in state.get("players", {}).items()}
    order = turns.new(seating)
    if head in seating:                 # rounds start at the first seat, as `start` has it
        turns.start(order, seating[0])
        if head != seating[0]:
            turns.end_turn(order, to=head)
    for n in seating:                   # an away Pillar passes it on (T-LEAVE-1)
        p = state["players"][n]
        if not p.get("present", True) or (p["eliminated"] and n != head):
            turns.leave(order, n)
    return {**old, "players": players, "turns": order}


def new_player(name: str, loot: int | None, character: str | None, tavern: str | None,
               turn: int) -> Player:
    return Player(name=name, character=character, tavern=tavern, initial_loot=loot,
                  eliminated=False, entering=False, returning=False, pints=1,
                  energy=30, loot=loot or 0, hand=list(SMALL), pile=list(LARGE), dodges=[],
                  dodge_cap=0, assets=[], trick=None, specialties={}, spells=0,
                  stunned_by=None, ko=[], bid=None, joined_turn=turn)


def new_quarrel(attacker: str, target: str, weapon: int, reach: Range,
                trick: str | None = None) -> Quarrel:
    """An Attack placed (T-CALL-4): not yet answered with Dodges, nor void, nor settled."""
    return Quarrel(attacker=attacker, target=target, weapon=weapon, range=reach, trick=trick,
                   dodges=None, void=False, result=None)


def find(state: State, name: str) -> Player:
    """The player named, the way people type names (the core's resolver: any case, a unique
    beginning), or a refusal listing who is seated."""
    return state["players"][resolve_or_refuse(name, seated(state), pgettext("what", "player"))]


# --- the seats and the Pillar: the core's turn order (guide.core.turns) ----------------------
# The players sit clockwise in its `order`; its `current` is the Pillar; who is away
# (T-LEAVE-1), not yet entered (T-NEW-1) or shown the door (T-CALL-6) is `out`, so the
# Pillar passes over them (T-CALL-9). The Pillar shown the door keeps the Pillar until the
# turn ends, and only then leaves the turn order: `eliminated` says they are out of the
# brawl meanwhile.
def seated(state: State) -> list[str]:
    """Every seated player, clockwise, in the order they sat down (T-WPN-2)."""
    return turns.seated(state["turns"])


def pillar(state: State) -> str | None:
    """The Pillar (None before `start`)."""
    return turns.current(state["turns"])


def active(state: State, name: str) -> bool:
    """In the brawl right now: present and not eliminated (T-WPN-2, T-LEAVE-1)."""
    return name in turns.playing(state["turns"]) and not state["players"][name]["eliminated"]


def away(state: State, name: str) -> bool:
    """Left the table (T-LEAVE-1), back at a call 1 or not: out of the turn order, though
    neither shown the door nor a new arrival."""
    p = state["players"][name]
    return name not in turns.playing(state["turns"]) and not p["eliminated"] and not p["entering"]


def present(state: State, name: str) -> bool:
    """At the table, as the Counters say: neither away nor a new arrival not yet entered
    (one shown the door is present: out of the brawl, but not away)."""
    return name in turns.playing(state["turns"]) or state["players"][name]["eliminated"]


def sealed_tricks(state: State, name: str) -> int:
    """Specialties `name` has placed face down as a Dirty Trick with this turn's Attack and
    not yet spent (they leave the hand's count at the reveal, so that the public count does
    not tell a sealed Trick): "a card that is placed is a card that is played"."""
    if state["revealed"] >= 4:
        return 0
    return sum(1 for q in state["quarrels"] if q["attacker"] == name and q["trick"] is not None)


def free_specialties(state: State, p: Player) -> int:
    """The Specialties in `p`'s hand that are not already placed as a sealed Dirty Trick."""
    return sum(p["specialties"].values()) - sealed_tricks(state, p["name"])


def among(typed: str, names: list[str], what: str) -> str | None:
    """The one of `names` that `typed` names (the core's resolver), or None: none, or
    several (the caller says no more than that no such card is there)."""
    try:
        return resolve(typed, names, what)
    except GuideError:
        return None


def take_specialty(p: Player) -> None:
    """One Specialty leaves `p`'s hand: from their own Tavern's count if they hold one, else
    from another; nothing changes if they hold none."""
    held = p["specialties"]
    own = p["tavern"] or "?"
    tavern = own if held.get(own) else next((t for t, n in held.items() if n > 0), None)
    if tavern is not None:
        held[tavern] -= 1


def active_names(state: State) -> list[str]:
    return [n for n in turns.playing(state["turns"]) if not state["players"][n]["eliminated"]]
