"""The CV state: TypedDicts over one JSON-able dict (the core diffs, stores and undoes it).

A player's CV is one stack per type, bottom card first: the last card of a stack is its
active card (V-TURN-2). Symbols, types and decks are the ids of the box (library.py).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypeAlias, TypedDict, cast

from guide.core import turns
from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.names import fold, resolve_or_refuse
from guide.core.table import Table
from guide.core.turns import Turns

from .library import Library, resolved

CHOICE = "choice"      # a token that is any one plain symbol (43 Mnemonics master)
VERSION = 2            # the state's shape (Settings.state_version); `migrate` upgrades older ones
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
    """What the turn under way holds besides whose it is and the round (`CvState.order`)."""
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
    order: Turns         # the turn order (guide.core.turns): whose turn, the round; state 2
    bicycle: str | None
    turn: Turn | None    # the turn under way, whoever's `order` says (None: no game yet)
    track: Track | None
    public: list[int]
    scored: bool
    over: bool
    lang: str            # "" until the `lang` command chooses: then guide play --lang speaks
    seal_key: str        # the key of the seats' secret goal codes (seats.py); never shown
    known: NotRequired[list[Known]]   # the cards the table has typed, newest typing kept


CvTable: TypeAlias = Table[CvState, Library]   # the core's table, as CV's commands see it


def new_state() -> CvState:
    return {"players": [], "order": turns.new(), "bicycle": None, "turn": None, "track": None, "public": [],
            "scored": False, "over": False, "lang": "", "seal_key": ""}


def new_player(name: str, lib: Library) -> Player:
    """A player with an empty CV, named as typed but the spaces around; a name that is blank
    or a number (a goal, a die's place) is refused."""
    if not name.strip() or name.strip().isdigit():
        raise RuleError(_("{name!r} is not a player's name").format(name=name))
    return {"name": name.strip(), "cv": {t: [] for t in lib.stacks}, "waiting": [], "hand": [], "tokens": [],
            "goal": None, "double": [], "counts": None, "no_more_jobs": False}


def new_card(name: str, type_: str, **fields: Any) -> Card:
    """A card named and typed, blank but for `fields` (a Card's keys)."""
    card: Card = {"name": name, "type": type_, "number": None, "cost": [], "gives": [], "upkeep": [],
                  "points": None, "dice": 0, "types": []}
    return cast(Card, {**card, **fields})


def new_turn(p: Player) -> Turn:
    """The turn of `p` beginning: no dice yet, the upkeep its active cards owe (V-UPKEEP-1)."""
    return {"dice": [], "used": [], "rolled": False, "rolls_left": 0,
            "extra": [], "more_dice": 0, "zoo": False, "psycho": False, "changed": [], "borrowed": False,
            "taken": 0, "lost": 0, "insured": 0, "pending": [],
            "upkeep": [{"type": t, "card": c["name"]} for t, c in active(p).items() if c["upkeep"]]}


def pending(turn: Turn) -> list[Pending]:
    """V-TURN-1: the cards taken this turn, not yet recorded (a turn saved before they
    waited apart has none)."""
    return turn.setdefault("pending", [])


def taken_now(state: CvState, p: Player) -> list[Card]:
    """V-TURN-1: the cards `p` took this turn, waiting beside the CV for phase 4 (none when
    the turn under way is another player's)."""
    turn = state["turn"]
    return [w["card"] for w in pending(turn)] if turn is not None and turn_player(state) is p else []


def player(state: CvState, name: str) -> Player:
    """The player a typed name names, through the one resolver (guide.core.names.resolve:
    the same name in any case, or a unique beginning), and its refusal."""
    names = [p["name"] for p in state["players"]]
    return state["players"][names.index(resolve_or_refuse(name, names, pgettext("what", "player")))]


def active(p: Player) -> dict[str, Card]:
    """V-TURN-2: the top card of each stack."""
    return {t: cards[-1] for t, cards in p["cv"].items() if cards}


def active_effect(p: Player, lib: Library, effect: str) -> Card | None:
    """The player's active special card with this effect (specials.yaml), if any."""
    return next((c for c in active(p).values()
                 if (sp := lib.special_by_id(c["number"])) is not None and sp.effect == effect), None)


def cv_cards(p: Player) -> int:
    """Cards laid out in the CV (stacks and two-coloured cards waiting)."""
    return sum(len(c) for c in p["cv"].values()) + len(p["waiting"])


def turn_player(state: CvState) -> Player | None:
    """The player the turn under way is (guide.core.turns); once the game is over (V-END-1),
    the one whose turn ended it, the last of the round: the seat before the first. None
    before the players are set."""
    order = state["order"]
    name = turns.current(order)
    if name is None and state["over"] and order["first"] is not None:
        name = turns.after(order, order["first"])[-1]
    return next((p for p in state["players"] if p["name"] == name), None)


def current(state: CvState) -> tuple[Turn, Player]:
    turn, p = state["turn"], turn_player(state)
    if turn is None or p is None:
        raise RuleError(_("no game yet: players NAME NAME [NAME NAME]"))
    return turn, p


def own_turn(state: CvState, name: str) -> tuple[Turn, Player]:
    """The turn under way and its player, if it is `name`'s (any case, a unique beginning:
    `player`) and play is not stopped for social help (V-HELP-1); else refused in one line."""
    if state["over"]:
        raise RuleError(_("the game is over (V-END-1): score"))
    turn, p = current(state)
    if state["track"] is not None and state["track"]["help"]:
        raise RuleError(_("social help first (V-HELP-1): {state} takes a card or passes").format(
            state=state['track']['help'][0]))
    turns.check(state["order"], player(state, name)["name"])
    return turn, p


def last_of_round(state: CvState) -> bool:
    """The turn under way is the round's last: the next seat is the first's, the Bicycle
    holder's (V-SET-1), where rounds start."""
    order = state["order"]
    return turns.after(order)[:1] == [order["first"]]


def order_at(names: list[str], name: str | None, round_: int, over: bool = False) -> Turns:
    """The turn order of `names` (seated in turn order, the Bicycle holder first: V-SET-1)
    with `name`'s turn under way in round `round_` (None: not started); `over`: stopped."""
    order = turns.new(names)
    if name is not None:
        turns.start(order)
        for _turn in range((round_ - 1) * len(names) + names.index(name)):
            turns.end_turn(order)
        if over:
            turns.stop(order)
    return order


def migrate(state: dict, from_version: int) -> dict:
    """State 1 kept whose turn it was and the round in the turn (`turn["player"]`, an index
    into the players, and `turn["round"]`); state 2 keeps them in the core's turn order
    (`order`). A campaign without a snapshot comes as today's `new_state()` with its changes
    over it: `order` may be there already, not started, and `turn` is the old one. (The
    store refuses a campaign newer than the game: state 1 is the only older one.)"""
    turn = state.get("turn")
    if turn is None or "player" not in turn:    # no game (a sheet typed on paper has no turns)
        return {"order": turns.new(), **state}
    names = [p["name"] for p in state["players"]]
    rest = {k: v for k, v in turn.items() if k not in ("player", "round")}
    order = order_at(names, names[turn["player"]], turn["round"], over=bool(state.get("over")))
    return {**state, "order": order, "turn": rest}


def find_card(cards: list[Card], name: str, lib: Library, loose: bool = True) -> int | None:
    """Index of the card typed as `name` (its name, its special number / names, or the card
    file's number / names, as `hand` and `take` find it); `loose`: also any case, a unique
    beginning or word (guide.core.names.resolve)."""
    sp = lib.special(name)
    printed = lib.box_card(name)
    for i, c in enumerate(cards):
        if fold(c["name"]) == fold(name) or (sp is not None and c["number"] in sp[1].ids) \
                or (printed is not None and c["number"] == printed.number):
            return i
    if not loose:
        return None
    names = [c["name"] for c in cards]
    found = resolved(name, names, pgettext("what", "card"))
    return None if found is None else names.index(found)
