"""Fighters in a confrontation: Kaverit, companions taking a stand, buddies and foes, seen
through one small view so that every rule reads the same for all of them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from guide.core.errors import GuideError
from guide.core.names import resolve
from guide.games.kaverini.model import Card
from guide.games.kaverini.rules.leveling import RuleError, level

KAVERI, STAND, BUDDY, FOE = "kaveri", "stand", "buddy", "foe"
PHASE_OF = {KAVERI: "kaverit", STAND: "kaverit", BUDDY: "buddies", FOE: "foes"}


@dataclass
class Fighter:
    kind: str
    data: dict                 # the dict in the state: a Kaveri sheet, buddy, foe, stand
    card: Card | None          # the card for buddies and foes

    @property
    def name(self) -> str:
        return self.data["name"]

    @property
    def hp(self) -> int:
        return self.data["hp"]

    @property
    def max_hp(self) -> int:
        return self.data["max_hp"]

    @property
    def counters(self) -> dict:
        return self.data.setdefault("counters", {"E": 0, "H": 0, "HP": 0})

    @property
    def base_emotion(self) -> int:
        if self.kind == KAVERI:
            return self.data["emotion"]
        return self.card.emotion if self.card else 0

    @property
    def base_heart(self) -> int:
        if self.kind == KAVERI:
            return self.data["heart"]
        return self.card.heart if self.card else 0

    @property
    def abilities(self) -> tuple[str, ...]:
        if self.kind == KAVERI:
            return (self.data["ability"],)
        return self.card.abilities if self.card else ()

    @property
    def subtypes(self) -> tuple[str, ...]:
        return self.card.subtypes if self.card else ()

    @property
    def level(self) -> int:
        """A Kaveri's level; for a companion taking a stand, the level it fights at."""
        if self.kind == KAVERI:
            return level(self.data["xp"])
        return self.data.get("lv", 1)

    @property
    def owner(self) -> int | None:
        """In the Strategy Game, the turn-order index of the player it fights for."""
        return self.data.get("owner")

    @property
    def standing(self) -> bool:
        return self.hp > 0

    def has(self, ability: str) -> bool:
        return ability in self.abilities


CardLookup = Callable[[str], Card]


def all_fighters(state: dict, card: CardLookup) -> list[Fighter]:
    """Every fighter of the running confrontation, in round order."""
    c = state["confrontation"]
    out = [Fighter(KAVERI, k, None) for k in _ordered(state)]
    out += [Fighter(STAND, s, None) for s in c["stand"]]
    out += [Fighter(BUDDY, b, card(b.get("card", b["name"]))) for b in state["buddies"]]
    out += [Fighter(FOE, f, card(f["card"])) for f in c["foes"]]
    return out


def _ordered(state: dict) -> list[dict]:
    order = state["confrontation"]["order"]
    ks = state["kaverit"]
    if [k["name"] for k in ks] == order:
        return ks
    rank = {n.casefold(): i for i, n in enumerate(order)}
    return sorted(ks, key=lambda k: rank.get(k["name"].casefold(), len(rank)))


def find(fighters: list[Fighter], name: str, kinds: tuple[str, ...] = ()) -> Fighter | None:
    """A fighter by name as people type it (guide.core.names.resolve: exact, any case, a
    unique beginning or word); None when no fighter has that name. An ambiguous name is a
    RuleError that lists the choices."""
    by_name = {f.name: f for f in fighters if not kinds or f.kind in kinds}
    try:
        return by_name[resolve(name, by_name, "fighter")]
    except GuideError as e:
        if "could be" in str(e):
            raise RuleError(str(e)) from None
        return None
