"""The rulebook's tables shipped as data: the Emotion Table, the abilities, the house rules."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read(name: str) -> dict:
    text = resources.files("guide.games.kaverini.data").joinpath(name).read_text("utf-8")
    return yaml.load(text, Loader=_Loader)


SCHEMA_NAMES = ("cards", "adventure")


@cache
def load_schema(name: str) -> dict:
    """The shipped JSON Schema of a kind of data file (the single description of the format)."""
    text = resources.files("guide.games.kaverini.data").joinpath(f"schemas/{name}.schema.json")
    return json.loads(text.read_text("utf-8"))


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
    out = {}
    for d in _read("emotions.yaml")["ladders"]:
        out[d["name"].casefold()] = Ladder(d["name"], d["effect"], d["says"], d["text"].strip(),
                                           tuple(str(t) for t in d["techniques"]))
    return out


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
    return tuple(_read("emotions.yaml")["comic_d10"])


@cache
def abilities() -> dict[str, str]:
    """Ability name -> its text (rulebook 5.4, R-ABIL-1)."""
    return {d["name"]: d["text"].strip() for d in _read("abilities.yaml")["abilities"]}


def ability(name: str) -> str | None:
    for known in abilities():
        if known.casefold() == name.casefold():
            return known
    return None


@cache
def house_rules() -> dict[str, dict]:
    return {d["name"]: d for d in _read("house_rules.yaml")["house_rules"]}


@cache
def limits() -> dict:
    """The bounds of a Kaveri's numbers (data/limits.yaml; docs/limits.md)."""
    return _read("limits.yaml")
