"""The CV state: TypedDicts over one JSON-able dict (the core diffs, stores and undoes it).

A player's CV is one stack per type, bottom card first: the last card of a stack is its
active card (V-TURN-2). Symbols, types and decks are the ids of the box (library.py).
"""

from __future__ import annotations

from typing import NotRequired, TypeAlias, TypedDict

from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.names import Ambiguous, Unknown, fold, resolve
from guide.core.table import Table

from .library import Library

CHOICE = "choice"      # a token that is any one plain symbol (43 Mnemonics master)
_, ngettext, pgettext = domain("cv").functions()


class Card(TypedDict):
    name: str
    type: str
    number: int | None        # a special card of the seed (specials.yaml), or None
    cost: list[str]
    gives: list[str]          # its tokens every turn while active (CHOICE: any plain symbol)
    upkeep: list[str]         # a crossed-out symbol paid every turn while active (V-UPKEEP-1)
    points: int | None        # printed Property points (V-SCORE-3)
    dice: int                 # extra dice while active (V-DICE-1)
    types: list[str]          # a two-coloured card's two types (V-TWO-1), else []


class Token(TypedDict):
    symbol: str
    card: str
    used: bool


class Player(TypedDict):
    name: str
    cv: dict[str, list[Card]]
    waiting: list[Card]       # two-coloured cards whose stack is not chosen yet (V-TWO-1)
    hand: list[Card]          # events and childhood cards (V-EVENT-1)
    tokens: list[Token]
    goal: int | None          # the secret life goal (V-SCORE-4)
    double: list[str]         # types an active 73/74/75 doubles, typed by the table
    counts: dict[str, int] | None   # a CV typed as counts at the end (`cv`)
    no_more_jobs: bool        # 41 Early retirement


class Owing(TypedDict):
    type: str
    card: str


class Choice(TypedDict):
    card: str                 # a two-coloured card waiting for a stack (V-TWO-1), by its name
    type: str                 # the stack its owner chose for it


class Pending(TypedDict):
    card: Card
    under: str | None         # V-TURN-2: the card of its stack it goes under, or None: on top
    choices: NotRequired[list[Choice]]   # V-TWO-1: the waiting cards' stacks this card brought


class Turn(TypedDict):
    player: int
    round: int
    dice: list[str]
    used: list[bool]
    rolled: bool
    rolls_left: int
    extra: list[Token]        # this turn's symbols of events and of a neighbour's Job
    more_dice: int            # 11 Zoo trip dice still to join the next roll
    zoo: bool
    psycho: bool              # 53 Psychotherapy used this turn
    changed: list[int]        # the change cards (35, 45) used this turn
    borrowed: bool            # 36 Friend from work used this turn
    taken: int
    lost: int
    insured: int
    upkeep: list[Owing]       # the active cards that owe upkeep this turn (V-UPKEEP-1)
    pending: list[Pending]    # cards taken, waiting beside the CV until phase 4 (V-TURN-1)


class Track(TypedDict):
    slots: list[str | None]   # the deck each track card came from, leftmost first
    decks: dict[str, int]     # cards left in each deck
    help: list[str]           # players still to choose social help (V-HELP-1)
    cards: NotRequired[list[Card | None]]      # with a card file: the card at each place
    piles: NotRequired[dict[str, list[Card]]]  # with a card file: each deck face down, in order


class Known(TypedDict):
    """A card the table has typed (`take NAME CARD --type T --cost S ...`), kept by the
    campaign so that `take NAME CARD` finds it the next time, and `guide new box --from`
    writes it into a card file: as typed, never more (the seed lists no cards)."""
    card: Card
    deck: str | None          # the deck its track place came from, when the track is kept
    costed: bool              # its cost was typed (a card taken free may not have said it)


class CvState(TypedDict):
    players: list[Player]
    bicycle: str | None
    turn: Turn | None
    track: Track | None
    public: list[int]
    scored: bool
    over: bool
    lang: str            # "" until the `lang` command chooses: then guide play --lang speaks
    seal_key: str        # the key of the seats' secret goal codes (seats.py); never shown
    known: NotRequired[list[Known]]   # the cards the table has typed, newest typing kept


CvTable: TypeAlias = Table[CvState, Library]   # the core's table, as CV's commands see it


def new_state() -> CvState:
    return {"players": [], "bicycle": None, "turn": None, "track": None, "public": [],
            "scored": False, "over": False, "lang": "",
            "seal_key": ""}


def new_player(name: str, lib: Library) -> Player:
    return {"name": name, "cv": {t: [] for t in lib.stacks}, "waiting": [], "hand": [], "tokens": [],
            "goal": None, "double": [], "counts": None, "no_more_jobs": False}


def new_card(name: str, type_: str) -> Card:
    return {"name": name, "type": type_, "number": None, "cost": [], "gives": [], "upkeep": [],
            "points": None, "dice": 0, "types": []}


def new_turn(state: CvState, index: int, round_: int) -> Turn:
    p = state["players"][index]
    return {"player": index, "round": round_, "dice": [], "used": [], "rolled": False, "rolls_left": 0,
            "extra": [], "more_dice": 0, "zoo": False, "psycho": False, "changed": [], "borrowed": False,
            "taken": 0, "lost": 0, "insured": 0, "pending": [],
            "upkeep": [{"type": t, "card": c["name"]} for t, c in active(p).items() if c["upkeep"]]}


def pending(turn: Turn) -> list[Pending]:
    """V-TURN-1: the cards taken this turn, not yet recorded (a turn saved before they
    waited apart has none)."""
    return turn.setdefault("pending", [])


def player(state: CvState, name: str) -> Player:
    """The player a typed name names, through the one resolver (guide.core.names.resolve:
    the same name in any case, or a unique beginning), and its refusal."""
    names = [p["name"] for p in state["players"]]
    try:
        found = resolve(name, names, pgettext("what", "player"))
    except (Ambiguous, Unknown) as e:
        raise RuleError(str(e)) from None
    return state["players"][names.index(found)]


def index_of(state: CvState, p: Player) -> int:
    return state["players"].index(p)


def active(p: Player) -> dict[str, Card]:
    """V-TURN-2: the top card of each stack."""
    return {t: cards[-1] for t, cards in p["cv"].items() if cards}


def active_number(p: Player, number: int) -> Card | None:
    """The active card that is special card `number`, if any."""
    return next((c for c in active(p).values() if c["number"] == number), None)


def active_effect(p: Player, lib: Library, effect: str) -> Card | None:
    for c in active(p).values():
        if c["number"] is not None:
            sp = lib.special_by_id(c["number"])
            if sp is not None and sp.effect == effect:
                return c
    return None


def cv_cards(p: Player) -> int:
    """Cards laid out in the CV (stacks and two-coloured cards waiting)."""
    return sum(len(c) for c in p["cv"].values()) + len(p["waiting"])


def current(state: CvState) -> tuple[Turn, Player]:
    turn = state["turn"]
    if turn is None:
        raise RuleError(_("no game yet: players NAME NAME [NAME NAME]"))
    return turn, state["players"][turn["player"]]


def own_turn(state: CvState, name: str) -> tuple[Turn, Player]:
    if state["over"]:
        raise RuleError(_("the game is over (V-END-1): score"))
    turn, p = current(state)
    if state["track"] is not None and state["track"]["help"]:
        raise RuleError(_("social help first (V-HELP-1): {state} takes a card or passes").format(
            state=state['track']['help'][0]))
    if fold(p["name"]) != fold(name):
        player(state, name)
        raise RuleError(_("it is {player}'s turn, not {name}'s").format(player=p['name'], name=name))
    return turn, p


def find_card(cards: list[Card], name: str, lib: Library, loose: bool = True) -> int | None:
    """Index of the card typed as `name` (its name, or its special number / names); `loose`:
    also any case, a unique beginning or word (guide.core.names.resolve)."""
    sp = lib.special(name)
    for i, c in enumerate(cards):
        if fold(c["name"]) == fold(name) or (sp is not None and c["number"] in sp[1].ids):
            return i
    if not loose:
        return None
    names = [c["name"] for c in cards]
    try:
        return names.index(resolve(name, names, pgettext("what", "card")))
    except Ambiguous as e:
        raise RuleError(str(e)) from None
    except Unknown:
        return None
