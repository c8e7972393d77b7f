"""The box: cards/taverne/*.yaml (what the rulebook gives) and the table's own folders
(`--box`), where the Characters' powers and Initial Loot and the Specialties' texts are
typed from the table's cards. Problems carry FILE:LINE:COL."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from guide.core import shipped
from guide.core.box import Doc, FileKind
from guide.core.i18n import current
from guide.core.yamlsrc import Problem


@dataclass
class Character:
    name: str
    beginner: bool = False
    initial_loot: int | None = None
    power: str | None = None          # the table's text, from its own card
    calls: list[int] = field(default_factory=list)   # the calls its power acts at
    tavern: str | None = None
    fr: str | None = None             # its French name where the box's `name` is not French


# what a later file's Character keeps of the same Character before it, where it is empty
FILLED = ("initial_loot", "power", "calls", "tavern", "fr")


@dataclass
class Specialty:
    name: str
    kind: str
    text: str | None = None
    tavern: str | None = None
    count: int = 1                    # copies of the card in the box
    calls: list[int] = field(default_factory=list)   # the calls its text acts at


@dataclass
class Box:
    name: str = ""
    components: dict[str, int] = field(default_factory=dict)
    taverns: dict[str, str | None] = field(default_factory=dict)   # name -> magic formula
    characters: dict[str, Character] = field(default_factory=dict)  # casefolded name ->
    example_names: dict[str, str] = field(default_factory=dict)
    weapons: list[dict[str, Any]] = field(default_factory=list)
    specialties: dict[str, Specialty] = field(default_factory=dict)
    calls: dict[int, str] = field(default_factory=dict)
    french: dict[str, str] = field(default_factory=dict)   # casefolded name -> French name

    def shown(self, name: str) -> str:
        """A Character's or Weapon's name as the table's language says it: its French name
        (`fr` in the box) at a French table; else the name itself. The state keeps `name`."""
        return self.french.get(name.casefold(), name) if current() == "fr" else name

    def shown_event(self, event: dict[str, Any]) -> dict[str, Any]:
        """An event with its Characters and Weapon named as the table's language says them."""
        if not self.french or current() != "fr":
            return event
        out = dict(event)
        for key in ("character", "weapon_name"):
            if isinstance(out.get(key), str):
                out[key] = self.shown(out[key])
        if isinstance(out.get("powers"), list):
            out["powers"] = [{**p, "character": self.shown(p["character"])}
                             if isinstance(p, dict) and isinstance(p.get("character"), str) else p
                             for p in out["powers"]]
        return out

    @property
    def home(self) -> str | None:
        """The box's own Tavern of origin (its first), for Characters that name none."""
        return next(iter(self.taverns), None)

    def character(self, name: str) -> Character | None:
        key = name.casefold()
        alias = {k.casefold(): v for k, v in self.example_names.items()}.get(key)
        alias = alias or next((c.name for c in self.characters.values()
                               if c.fr is not None and c.fr.casefold() == key), None)
        return self.characters.get(alias.casefold() if alias else key)

    def beginner_pool(self) -> list[str]:
        return [c.name for c in self.characters.values() if c.beginner]


def files() -> tuple[FileKind, ...]:
    """Every YAML file of a Taverne box is one box file (schemas/box.schema.json)."""
    return (FileKind("box", "*", shipped.schema("guide.games.taverne", "box")),)


def build(docs: list[Doc]) -> tuple[Box, list[Problem]]:
    """The box of the valid documents, in order (the table's file fills in what the box
    leaves empty); the schema has checked every shape and bound."""
    box = Box()
    for doc in docs:
        data = doc.value
        if "box" in data:
            box.name = box.name or data["box"]
        box.components.update(data.get("components", {}))
        for t in data.get("taverns", ()):
            box.taverns[t["name"]] = t.get("formula")
        for c in data.get("characters", ()):
            _character(c, box)
        box.example_names.update(data.get("example_names", {}))
        weapons = data.get("weapons", ())
        box.weapons += [{"name": w["name"], "value": w.get("value")} for w in weapons]
        box.french.update({w["name"].casefold(): w["fr"] for w in weapons if "fr" in w})
        box.calls.update({int(k): words for k, words in data.get("calls", {}).items()})
        for s in data.get("specialties", ()):
            box.specialties[s["name"].casefold()] = Specialty(
                s["name"], s["kind"], s.get("text"), s.get("tavern"), s.get("count", 1),
                list(s.get("calls", ())))
    return box, []


def _character(c: dict[str, Any], box: Box) -> None:
    old = box.characters.get(c["name"].casefold())
    new = Character(c["name"], bool(c.get("beginner", old.beginner if old else False)),
                    c.get("initial_loot"), c.get("power"), list(c.get("calls", ())),
                    c.get("tavern"), c.get("fr"))
    for kept in FILLED if old is not None else ():    # what the table's file leaves empty
        setattr(new, kept, getattr(new, kept) or getattr(old, kept))
    box.characters[c["name"].casefold()] = new
    if new.fr:
        box.french[new.name.casefold()] = new.fr
