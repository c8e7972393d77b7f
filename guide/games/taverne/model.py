"""The shape of a Taverne brawl: TypedDicts over one JSON-able dict, so the core can diff,
store and undo it, and the small Protocols the rules are written against.

Sealed choices (the Attacks of call 4, the Dodges of call 5, the bids of Auction
Characters) live inside this state; `views.view_for` is the only way they leave it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypeAlias, TypedDict

from guide.core.errors import GuideError, RuleError
from guide.core.i18n import domain
from guide.core.names import resolve
from guide.core.table import Table

pgettext = domain("taverne").pgettext

if TYPE_CHECKING:
    from .box import Box

SCHEMA = 1
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
    present: bool            # at the table (T-LEAVE-1); False while away or not yet entered
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
    turn: int
    call: int
    pillar: str | None
    militia: list[str]           # who called the Militia this turn, in order
    winners: list[str]
    seating: list[str]           # clockwise, in the order players sat down
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
                 pillar=None, militia=[], winners=[], seating=[], players={}, quarrels=[],
                 revealed=0, ready=[], served={}, ko_pile=[], arrivals=[],
                 auction_revealed=False, seal_key="")


def new_player(name: str, loot: int | None, character: str | None, tavern: str | None,
               turn: int) -> Player:
    return Player(name=name, character=character, tavern=tavern, initial_loot=loot,
                  present=True, eliminated=False, entering=False, returning=False, pints=1,
                  energy=30, loot=loot or 0, hand=list(SMALL), pile=list(LARGE), dodges=[],
                  dodge_cap=0, assets=[], trick=None, specialties={}, spells=0,
                  stunned_by=None, ko=[], bid=None, joined_turn=turn)


def find(state: State, name: str) -> Player:
    """The player named, the way people type names (the core's resolver: any case, a unique
    beginning), or a refusal listing who is seated."""
    try:
        return state["players"][resolve(name, state["seating"], pgettext("what", "player"))]
    except GuideError as e:
        raise RuleError(str(e)) from None


def active(p: Player) -> bool:
    """In the brawl right now: present and not eliminated (T-WPN-2, T-LEAVE-1)."""
    return p["present"] and not p["eliminated"]


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


def take_specialty(p: Player) -> str | None:
    """One Specialty leaves `p`'s hand: from their own Tavern's count if they hold one, else
    from another; None (and nothing changes) if they hold none."""
    held = p["specialties"]
    own = p["tavern"] or "?"
    tavern = own if held.get(own) else next((t for t, n in held.items() if n > 0), None)
    if tavern is not None:
        held[tavern] -= 1
    return tavern


def active_names(state: State) -> list[str]:
    return [n for n in state["seating"] if active(state["players"][n])]
