"""Kaverini's campaign state: one JSON-able dict (the store diffs it, undo rebuilds it).

Every record of it has one definition here (a TypedDict) and one constructor; nothing else
builds a sheet, a foe, a buddy, an item in hand, counters or a confrontation by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, Unpack

from guide.core import turns
from guide.core.turns import Turns

if TYPE_CHECKING:
    from guide.games.kaverini.model import Card

SCHEMA = 1          # the `guide state` JSON's schema (docs/table-script.md)
STATE_VERSION = 2   # the stored state's shape (2: a confrontation's round in `turns`; migrate)


class Counters(TypedDict):
    """R-DMG-5 and R-DMG-6: E and H counters change the stat, HP counters absorb Schmerz."""

    E: int
    H: int
    HP: int


class HeldItem(TypedDict):
    """An item card in a Kaveri's hands: uses left (None: no Usage), bonded or not (4.3)."""

    card: str
    uses: int | None
    bonded: bool


class Bank(TypedDict):
    """R-LVL-3: the banked points level by level, oldest first, each level with its own E
    allowance. `held`: levels already drawn on (or a campaign's points from before the rule,
    as one level), each [points left, E allowance left]; `fresh`: how many of the Kaverit's
    latest levels are untouched (level L: L points, L+1 when Focused, and one E)."""

    held: list[list[int]]
    fresh: int


class Sheet(TypedDict):
    """A Kaveri's character sheet (R-SHEET-1); `owner` only in a Strategy Game battle.
    `points` and `e_allowance` are the bank's totals (what is banked, and what E may take
    now); `bank` is there only while points are banked."""

    name: str
    xp: int
    hp: int
    max_hp: int
    emotion: int
    heart: int
    ability: str
    points: int
    e_allowance: int
    ladders: dict[str, int]
    custom: dict[str, int]
    facts: list[str]
    world_points: int
    money: int
    items: list[HeldItem]
    counters: Counters
    owner: NotRequired[int]
    finished: NotRequired[list[str]]     # adventures this Kaveri has seen through (1.4, 7.2)
    bank: NotRequired[Bank]              # R-LVL-3: the points level by level


class Buddy(TypedDict):
    """A buddy with the party (4.5); `card` when its name is not the card's, `counters` only
    while a confrontation runs, `owner` in a Strategy Game battle."""

    name: str
    hp: int
    max_hp: int
    card: NotRequired[str]
    counters: NotRequired[Counters]
    owner: NotRequired[int]


class Foe(TypedDict):
    """A foe in a confrontation (or a Strategy Game player's foe card)."""

    name: str
    card: str
    hp: int
    max_hp: int
    counters: Counters
    owner: NotRequired[int]


class Stand(TypedDict):
    """A companion taking a stand (R-CONF-10): a Kaveri with E 0, H 0, fighting at `lv`."""

    name: str
    hp: int
    max_hp: int
    lv: int
    counters: Counters


EffectKind = Literal["skip", "e", "h", "boost", "frustration", "glad", "love", "intimidate",
                     "nervous"]


class EffectData(TypedDict, total=False):
    """What a running effect may say besides its kind, fighter and reason (see Effect)."""

    owner: str
    ends: int
    round: int
    amount: int
    stat: str
    start: int
    turns: int
    ends_tick: int | None
    lv_owner: int | None
    by: str                          # who caused it (gladness: R-DMG-8, Love blocks a foe's)


class Effect(EffectData):
    """A running effect on a fighter (R-FX-4); its kind's handler (rules/effects.py) says what
    it does. `ends`: the round in which it ends at the end of `owner`'s turn; `round`: the
    round it is about (a skipped turn, a Nervousness boost)."""

    kind: EffectKind
    on: str
    why: str


Phase = Literal["kaverit", "buddies", "foes"]


class Confrontation(TypedDict):
    turns: Turns                            # R-CONF-2: the round, its phase (a Phase), who acted
    order: list[str]
    foes: list[Foe]
    stand: list[Stand]
    companions: list[str]
    settings: list[str]
    effects: list[Effect]
    passionate: dict[str, list[str]]        # R-FX-3: ladders each fighter has used
    last_turn: dict[str, str | None]        # R-FX-2: the ladder that triggered last turn
    confidence: list[str]                    # R-ABIL-1: Confidence spent
    chutzpah: list[str]
    practice: bool
    max_hp_boosts: dict[str, int]            # Nervousness on HP, undone at the end
    neutralized: list[str]
    benched: NotRequired[list[Benched]]      # R-CONF-13: buddies out of a practice bout
    answers: NotRequired[dict[str, bool]]    # R-DMG-7: the GM's --matches, "ATTACKER|DEFENCE"
                                             # -> does the free-text Shield/Heel apply
    won_when: NotRequired[list[str]]         # a scene's foe cards whose fall wins it


class Benched(TypedDict):
    """R-CONF-13: a buddy out of HP in a practice bout, off the field until it ends; `at` is
    its place among the party's buddies."""

    at: int
    buddy: Buddy


class StrategyPlayer(TypedDict):
    """A Strategy Game player while teams are built (R-STRAT-1, R-STRAT-2)."""

    name: str
    points_left: int
    world_points: int
    money: int
    kaverit: list[Sheet]
    cards: list[dict[str, Any]]     # {"card", "type", "expense", "usage", "holder"?}
    settings: list[str]


class Versus(TypedDict):
    """The Strategy Game's side of its battle: players in turn order, their world points."""

    players: list[str]
    wp: list[int]
    winner: str | None
    player: int
    fluid: bool
    pool: list[str]
    owners: dict[str, int]
    round: int
    foes: list[Foe]


class Arena(TypedDict):
    """The field of a Strategy Game battle: what the engine reads, and no campaign."""

    kaverit: list[Sheet]
    buddies: list[Buddy]
    companions: list[str]
    confrontation: Confrontation | None
    versus: Versus


class StrategyGame(TypedDict):
    budget: int
    money: int
    settings: str
    fluid: bool
    power_foes: bool
    pool: str
    kaverit_per_player: int
    players: list[StrategyPlayer]
    arena: Arena | None


class State(TypedDict):
    adventure: dict[str, str] | None   # {"id", "title", "currency"} of the running adventure
    kaverit: list[Sheet]               # Kaveri sheets, in the order they joined
    companions: list[str]              # companion card names with the party
    lost_companions: list[str]         # companions that left for the rest of the adventure
    buddies: list[Buddy]
    confrontation: Confrontation | None
    quotes_told: list[int]
    last_quote: NotRequired[int]          # the last quote read (the TV shows it)
    npcs: list[str]                    # friendly characters already engaged (R-QL-2)
    shop_wp: list[str]                 # shops where a world point was spent this visit (R-WP-4)
    house: dict[str, str]              # house rules switched from their defaults
    tweaks: dict[str, dict[str, Any]]  # card key -> {stat: value}, this campaign only (7.3)
    flipped: list[str]                 # double-sided cards showing their back (5.6)
    strategy: StrategyGame | None
    lost_buddies: NotRequired[list[str]]   # buddies out of HP, gone for good (R-CONF-8, 4.5)
    scene: NotRequired[int]            # the current scene of the adventure, 1-based (`scene`,
                                       # `confront --scene`); absent until one is read, as in
                                       # campaigns saved before it (same stored shape: no migrate)


def new_state() -> State:
    return {
        "adventure": None, "kaverit": [], "companions": [], "lost_companions": [],
        "buddies": [], "confrontation": None, "quotes_told": [], "npcs": [], "shop_wp": [],
        "house": {}, "tweaks": {}, "flipped": [], "strategy": None, "lost_buddies": [],
    }


def migrate(state: dict, from_version: int) -> dict:
    """State 1 kept a confrontation's round, phase and who had acted as keys of its own
    (`round`, `phase`, `acted`); state 2 keeps them in the core's turn order (`turns`), in a
    campaign's confrontation and in a Strategy Game's battle. The store gives only older
    versions than today's, so `from_version` is 1."""
    out = {**state, "confrontation": _turns_kept(state.get("confrontation"))}
    arena = (state.get("strategy") or {}).get("arena")
    if arena:
        kept = {**arena, "confrontation": _turns_kept(arena.get("confrontation"))}
        out["strategy"] = {**state["strategy"], "arena": kept}
    return out


def _turns_kept(c: dict | None) -> dict | None:
    """A confrontation of state 1 (or None), its round, phase and who acted in `turns`."""
    if c is None:
        return None
    now = {**turns.new(phase=c.get("phase", "kaverit")), "round": c.get("round", 1),
           "acted": list(c.get("acted", []))}
    kept = {k: v for k, v in c.items() if k not in ("round", "phase", "acted")}
    return {**kept, "turns": now}


# --- the constructors -----------------------------------------------------------------------

def counters() -> Counters:
    return {"E": 0, "H": 0, "HP": 0}


def held_item(card: str, uses: int | None) -> HeldItem:
    """An item card as a Kaveri gets it: its Usage (R-CONF-12), not bonded."""
    return {"card": card, "uses": uses, "bonded": False}


def sheet(name: str, ability: str, ladders: dict[str, int], custom: dict[str, int],
          facts: Sequence[str], money: int) -> Sheet:
    """R-SHEET-1: level 1 (1 XP), 20 HP, E 0, H 0."""
    return {
        "name": name, "xp": 1, "hp": 20, "max_hp": 20, "emotion": 0, "heart": 0,
        "ability": ability, "points": 0, "e_allowance": 0, "ladders": ladders,
        "custom": custom, "facts": list(facts), "world_points": 0, "money": money,
        "items": [], "counters": counters(),
    }


def buddy(card: Card, owner: int | None = None, name: str | None = None) -> Buddy:
    """A buddy at full HP (4.5); named apart from its card in a Strategy Game battle."""
    b: Buddy = {"name": name or card.name, "hp": card.hp or 0, "max_hp": card.hp or 0}
    if owner is not None or (name is not None and name != card.name):
        b["card"] = card.name
    if owner is not None:
        b["owner"] = owner
    return b


def foe(card: Card, name: str, extra_hp: int = 0, owner: int | None = None) -> Foe:
    """A foe at full HP; R-CONF-4's extra HP for a bigger party is `extra_hp`."""
    hp = (card.hp or 0) + extra_hp
    f: Foe = {"name": name, "card": card.name, "hp": hp, "max_hp": hp, "counters": counters()}
    if owner is not None:
        f["owner"] = owner
    return f


def numbered(name: str, already: int) -> str:
    """The second fighter of a card is "NAME 2", the third "NAME 3"."""
    return name if already == 0 else f"{name} {already + 1}"


def strategy_player(name: str, budget: int, money: int) -> StrategyPlayer:
    """R-STRAT-1: a player with the whole budget and the setup's money, no team yet."""
    return {"name": name, "points_left": budget, "world_points": 0, "money": money,
            "kaverit": [], "cards": [], "settings": []}


def stand(name: str, hp: int, lv: int) -> Stand:
    return {"name": name, "hp": hp, "max_hp": hp, "lv": lv, "counters": counters()}


def effect(kind: EffectKind, on: str, why: str, **data: Unpack[EffectData]) -> Effect:
    return {"kind": kind, "on": on, "why": why, **data}


def confrontation(foes: list[Foe], order: list[str], settings: list[str],
                  companions: list[str], practice: bool = False) -> Confrontation:
    """The `confrontation` part of a state: round 1, the Kaverit's phase."""
    return {
        "turns": turns.new(phase="kaverit"), "order": order, "foes": foes,
        "stand": [], "companions": companions, "settings": settings, "effects": [],
        "passionate": {}, "last_turn": {}, "confidence": [], "chutzpah": [],
        "practice": practice, "max_hp_boosts": {}, "neutralized": [],
    }
