"""Fighters in a confrontation: Kaverit, companions taking a stand, buddies and foes, seen
through one small view so that every rule reads the same for all of them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal, overload

from guide.core.errors import GuideError, RuleError
from guide.core.i18n import domain
from guide.core.names import Ambiguous, resolve
from guide.games.kaverini.model import Card
from guide.games.kaverini.state import Arena, Buddy, Counters, Foe, Sheet, Stand, State, counters

pgettext = domain("kaverini").pgettext

Kind = Literal["kaveri", "stand", "buddy", "foe"]
KAVERI: Final = "kaveri"
STAND: Final = "stand"
BUDDY: Final = "buddy"
FOE: Final = "foe"
PHASE_OF = {KAVERI: "kaverit", STAND: "kaverit", BUDDY: "buddies", FOE: "foes"}
PHASE_INDEX = {KAVERI: 0, STAND: 0, BUDDY: 1, FOE: 2}


class Fighter:
    """One fighter: its record in the state (`data`, the truth for HP and counters) and, for
    buddies and foes, its card. What never changes during a fight is read once."""

    __slots__ = ("kind", "data", "card", "name", "owner", "abilities", "subtypes",
                 "base_emotion", "base_heart", "phase", "sensitive", "insensitive",
                 "_counters", "_sheet")

    @overload
    def __init__(self, kind: Literal["kaveri"], data: Sheet, card: None) -> None: ...
    @overload
    def __init__(self, kind: Literal["stand", "buddy", "foe"], data: Stand | Buddy | Foe,
                 card: Card | None) -> None: ...

    def __init__(self, kind: Kind, data: Any, card: Card | None) -> None:
        self.kind = kind
        self.data: dict[str, Any] = data     # a Sheet, Buddy, Foe or Stand of the state
        self._sheet: Sheet | None = data if kind == KAVERI else None
        self.card = card
        self.name: str = data["name"]
        self.owner: int | None = data.get("owner")   # the Strategy Game player it fights for
        self.phase = PHASE_INDEX[kind]
        self._counters: Counters | None = None
        if kind == KAVERI:
            self.abilities: tuple[str, ...] = (data["ability"],)
            self.base_emotion: int = data["emotion"]
            self.base_heart: int = data["heart"]
        else:
            self.abilities = card.abilities if card else ()
            self.base_emotion = card.emotion if card else 0
            self.base_heart = card.heart if card else 0
        self.subtypes: tuple[str, ...] = card.subtypes if card else ()
        self.sensitive = "Sensitive" in self.abilities          # R-ABIL-1, for R-DMG-3
        self.insensitive = "Insensitive" in self.abilities

    def __repr__(self) -> str:
        return f"Fighter({self.kind}, {self.name!r}, {self.hp}/{self.max_hp})"

    @property
    def hp(self) -> int:
        return self.data["hp"]

    @property
    def max_hp(self) -> int:
        return self.data["max_hp"]

    @property
    def counters(self) -> Counters:
        """R-DMG-6: a buddy gets its counters when a confrontation first needs them."""
        if self._counters is None:
            found = self.data.get("counters")
            if found is None:
                found = self.data["counters"] = counters()
            self._counters = found
        return self._counters

    @property
    def sheet(self) -> Sheet:
        assert self._sheet is not None, "a Kaveri's sheet"
        return self._sheet

    @property
    def level(self) -> int:
        """A Kaveri's level; for a companion taking a stand, the level it fights at."""
        if self.kind == KAVERI:
            xp = self.data["xp"]
            return xp if xp > 1 else 1            # leveling.level, inline: a hot spot
        return self.data.get("lv", 1)

    @property
    def standing(self) -> bool:
        return self.data["hp"] > 0

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    def heal(self, amount: int) -> int:
        """Up to max HP; returns the HP gained."""
        gained = max(0, min(amount, self.data["max_hp"] - self.data["hp"]))
        self.data["hp"] += gained
        return gained


CardLookup = Callable[[str], Card]


def psychic_present(kaverit: list[Sheet]) -> bool:
    """R-CONF-3: with a Psychic Kaveri present, the foes' secrets are open to every player."""
    return any(k["ability"] == "Psychic" for k in kaverit)


def all_fighters(state: State | Arena, card: CardLookup) -> list[Fighter]:
    """Every fighter of the running confrontation, in round order."""
    c = state["confrontation"]
    assert c is not None, "fighters stand only in a confrontation"
    out = [Fighter(KAVERI, k, None) for k in _ordered(state["kaverit"], c["order"])]
    out += [Fighter(STAND, s, None) for s in c["stand"]]
    out += [Fighter(BUDDY, b, card(b.get("card", b["name"]))) for b in state["buddies"]]
    out += [Fighter(FOE, f, card(f["card"])) for f in c["foes"]]
    return out


def _ordered(ks: list[Sheet], order: list[str]) -> list[Sheet]:
    if [k["name"] for k in ks] == order:
        return ks
    rank = {n.casefold(): i for i, n in enumerate(order)}
    return sorted(ks, key=lambda k: rank.get(k["name"].casefold(), len(rank)))


def find(fighters: list[Fighter], name: str, kinds: tuple[str, ...] = ()) -> Fighter | None:
    """A fighter by name as people type it (guide.core.names.resolve: exact, any case, a
    unique beginning or word); None when no fighter has that name. An ambiguous name is a
    RuleError that lists the choices."""
    for f in fighters:                      # the engine's own lookups name fighters exactly
        if f.name == name and (not kinds or f.kind in kinds):
            return f
    by_name = {f.name: f for f in fighters if not kinds or f.kind in kinds}
    standing = {n: f for n, f in by_name.items() if f.data["hp"] > 0}
    for among in (standing, by_name):       # `Spirit`: the one still standing, if one is
        try:
            return among[resolve(name, among, pgettext("what", "fighter"))]
        except Ambiguous as e:
            if among is by_name:
                raise RuleError(str(e)) from None
        except GuideError:
            pass
    return None
