"""The rulebook's tables shipped as data: the Emotion Table, the abilities, the house rules."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from guide.core import shipped
from guide.core.i18n import N_, domain

_, ngettext, pgettext = domain("kaverini").functions()

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read(name: str) -> dict:
    """One of the game's shipped YAML tables (data/NAME)."""
    text = resources.files("guide.games.kaverini.data").joinpath(name).read_text("utf-8")
    return yaml.load(text, Loader=_Loader)


SCHEMA_NAMES = ("cards", "adventure")


def load_schema(name: str) -> dict:
    """The shipped JSON Schema of a kind of data file (the single description of the format)."""
    return shipped.schema("guide.games.kaverini.data", name)


@dataclass(frozen=True)
class Ladder:
    name: str
    effect: str
    says: str
    text: str
    techniques: tuple[str, ...]

    def technique_name(self, level: int) -> str:
        return self.techniques[min(max(level, 1), 10) - 1]


@cache
def ladders() -> dict[str, Ladder]:
    """The 13 emotion ladders by case-folded name (R-FX-5)."""
    return {d["name"].casefold(): Ladder(d["name"], d["effect"], d["says"], d["text"].strip(),
                                         tuple(str(t) for t in d["techniques"]))
            for d in read("emotions.yaml")["ladders"]}


@cache
def ladder(name: str) -> Ladder | None:
    """An emotion ladder by name: "Comic Wit", "comic (wit)" and "COMIC WIT" alike."""
    return ladders().get(" ".join(name.replace("(", " ").replace(")", " ").split()).casefold())


def ladder_of_technique(name: str) -> Ladder | None:
    """The ladder of a technique named as in the Emotion Table ("Cryface" -> Sadness); for a
    name on two ladders, the first (see ladders_of_technique)."""
    found = ladders_of_technique(name)
    return found[0] if found else None


@cache
def _ladders_by_technique() -> dict[str, tuple[Ladder, ...]]:
    out: dict[str, list[Ladder]] = {}
    for lad in ladders().values():
        for t in lad.techniques:
            if lad not in out.setdefault(t.casefold(), []):
                out[t.casefold()].append(lad)
    return {k: tuple(v) for k, v in out.items()}


def ladders_of_technique(name: str) -> list[Ladder]:
    """Every ladder with a technique of this name (Grin is Cheer 1 and Happy 2)."""
    return list(_ladders_by_technique().get(name.casefold(), ()))


@cache
def comic_d10() -> tuple[str, ...]:
    return tuple(read("emotions.yaml")["comic_d10"])


@cache
def abilities() -> dict[str, str]:
    """Ability name -> its text (rulebook 5.4, R-ABIL-1)."""
    return {d["name"]: d["text"].strip() for d in read("abilities.yaml")["abilities"]}


def ability(name: str) -> str | None:
    """An ability's name as the rulebook spells it, whatever its case ("lagom" -> Lagom)."""
    return next((known for known in abilities() if known.casefold() == name.casefold()), None)


@cache
def house_rules() -> dict[str, dict]:
    return {d["name"]: d for d in read("house_rules.yaml")["house_rules"]}


# What each house rule of data/house_rules.yaml does, in words (the catalogue's, so said in
# the table's language: house_rule_text).
HOUSE_RULE_TEXTS = {
    "lv_default": N_("Lv for a card when the GM does not choose (R-SHEET-4)."),
    "gladness": N_("How long Cheer's gladness lasts (R-FX-4)."),
    "companions_before_foes": N_("Companion round effects before the foes' phase (rulebook 4.4,"
                                 " R-CONF-2)."),
    "strategy_by_player": N_("In the Strategy Game each player runs phases 2 to 4 in one go"
                             " (R-STRAT-3)."),
    "ladders_at_start": N_("A new Kaveri's three techniques are emotion ladders, not custom ones"
                           " (3.1, R-SHEET-1)."),
}


def house_rule_text(name: str) -> str:
    """What a house rule does, in the table's language."""
    return _(HOUSE_RULE_TEXTS[name])


@cache
def limits() -> dict:
    """The bounds of a Kaveri's numbers (data/limits.yaml; docs/limits.md)."""
    return read("limits.yaml")
