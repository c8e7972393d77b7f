"""Dataclasses for the cards and adventure booklets of rulebook section 4 (no I/O).

The loader (guide.games.kaverini.data.loader) builds these from validated YAML; everything else reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace

from guide.core.errors import GuideError
from guide.core.i18n import domain
from guide.core.names import resolve

pgettext = domain("kaverini").pgettext

CARD_TYPES = ("foe", "power-foe", "buddy", "companion", "item", "setting")

_SCHMERZ = re.compile(r"^\s*(?:(\d+)\s*\+\s*)?Lv\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Amount:
    """A card amount: a number, `Lv`, or `N+Lv` (rulebook 5.10, R-DMG-1)."""

    base: int
    plus_lv: bool = False

    @classmethod
    def parse(cls, value: int | str) -> Amount:
        if isinstance(value, int) and not isinstance(value, bool):
            return cls(value)
        text = str(value).strip()
        if text.isdigit():
            return cls(int(text))
        m = _SCHMERZ.match(text)
        if not m:
            raise ValueError(f"{value!r} is not a number, 'Lv' or 'N+Lv'")
        return cls(int(m.group(1) or 0), True)

    def value(self, lv: int) -> int:
        return self.base + (lv if self.plus_lv else 0)

    def __str__(self) -> str:
        if not self.plus_lv:
            return str(self.base)
        return f"{self.base}+Lv" if self.base else "Lv"


@dataclass(frozen=True)
class Technique:
    name: str
    schmerz: Amount
    emotion: str | None = None       # for Shields and Heels, and the ladder's special effect
    roll: tuple[int, ...] = ()       # faces of the move die that pick this technique
    text: str = ""


@dataclass(frozen=True)
class Effect:
    """One declarative round or static effect (see the `effects:` schema)."""

    do: str                          # heal | schmerz | counters | emotion | heart | skip
    when: str = "round"              # round | static | start
    target: str = "kaverit"          # kaverit | foes | buddies | party | bonded | self | all
    amount: Amount = Amount(1)
    counter: str | None = None       # +E -E +H -H HP, for do: counters
    text: str = ""


@dataclass(frozen=True)
class Face:
    """What a side of a card prints (rulebook section 4): the front of every card (Card) and
    the back of a double-sided one (Side, 5.6) alike."""

    name: str
    type: str
    subtypes: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()      # country codes, `world` or `black` (5.7)
    hp: int | None = None
    emotion: int = 0
    heart: int = 0
    abilities: tuple[str, ...] = ()
    shield: str | None = None
    heel: str | None = None
    techniques: tuple[Technique, ...] = ()
    move_die: int | None = None      # sides of the die icon (4.6), if any
    text: str = ""
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Side(Face):
    """The back of a double-sided card (5.6)."""

    flip: str = ""                   # the condition under which the card flips


@dataclass(frozen=True)
class Card(Face):
    """A card's front, with what only a front has: its price, Usage and bond, its tokens, its
    back, and where it was defined."""

    expense: int | None = None       # Strategy Game price
    usage: int | None = None         # items: uses before discard (R-CONF-12)
    bond: str | None = None          # items: the bond text, if the item bonds
    token: bool = False              # created by other cards (4.7)
    creates: tuple[str, ...] = ()    # token cards this card creates
    back: Side | None = None
    source: str = ""                 # FILE:LINE where it was defined
    tweaked: tuple[str, ...] = ()    # stats changed by `tweak` for this campaign

    @property
    def key(self) -> str:
        return self.name.casefold()

    @property
    def is_foe(self) -> bool:
        return self.type in ("foe", "power-foe")

    def technique(self, name: str) -> Technique | None:
        """A technique by name, case-insensitively; a unique beginning of its name also does."""
        wanted = name.casefold()
        for t in self.techniques:
            if t.name.casefold() == wanted:
                return t
        starts = [t for t in self.techniques if t.name.casefold().startswith(wanted)]
        if len(starts) == 1:
            return starts[0]
        try:                                # a word of it, as people say it: `salute`
            named = resolve(name, [t.name for t in self.techniques], pgettext("what", "technique"))
        except GuideError:
            return None
        return next(t for t in self.techniques if t.name == named)

    def flipped(self) -> Card:
        """The card as its back side shows it (5.6): every printed field the back's, its flags
        the front's when the back prints none."""
        if self.back is None:
            return self
        printed = {f.name: getattr(self.back, f.name) for f in fields(Face)}
        return replace(self, **{**printed, "flags": self.back.flags or self.flags}, back=None)


@dataclass(frozen=True)
class Scene:
    name: str
    text: str = ""
    setting: str | None = None
    foes: tuple[str, ...] = ()
    after_win: str = ""               # the booklet's words for the GM once the scene is won
    joins: tuple[str, ...] = ()       # buddy and companion cards that join the party then
    won_when: tuple[str, ...] = ()    # foes whose fall wins the scene though others stand


@dataclass(frozen=True)
class Shop:
    name: str
    prices: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Adventure:
    id: str
    title: str
    currency: str
    starting_money: int
    place: str = ""
    intro: str = ""
    scenes: tuple[Scene, ...] = ()
    xp: dict[str, int] = field(default_factory=dict)
    shops: tuple[Shop, ...] = ()
    pronunciation: tuple[tuple[str, str, str], ...] = ()
    quotes: dict[int, str] = field(default_factory=dict)
    sources: dict[int, str] = field(default_factory=dict)   # quote number -> a reference
    good_ending: str = ""
    bad_ending: str = ""
    source: str = ""
    series: tuple[str, int] | None = None     # rulebook 1.4: (series name, part 1, 2, ...)

    def xp_for(self, foe_name: str) -> int:
        """The XP table's figure for a foe (R-CONF-7), its name in any case; 0 for one not in it."""
        wanted = foe_name.casefold()
        return next((xp for name, xp in self.xp.items() if name.casefold() == wanted), 0)
