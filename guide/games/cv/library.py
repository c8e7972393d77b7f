"""The CV box read from YAML (cards/cv/): symbols, card types, decks, the special cards the
seed describes, the stack scoring table and the message catalogue. Names typed by the table
(English or the seed's Ukrainian, any case) are resolved here."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from guide.core.box import Doc, FileKind
from guide.core.box import bundled as boxes
from guide.core.box import read as read_box
from guide.core.errors import DataError, RuleError
from guide.core.names import Ambiguous, Unknown, fold, resolve, suggest
from guide.core.yamlsrc import Problem

FILES = ("symbols", "types", "specials", "scoring", "messages")


@dataclass(frozen=True)
class Named:
    id: str
    en: str
    uk: str
    icon: str = ""

    def name(self, lang: str) -> str:
        return self.uk if lang == "uk" else self.en


@dataclass(frozen=True)
class Special:
    """One special card of the seed (specials.yaml); `number` is the one it was typed as."""

    ids: tuple[int, ...]
    en: str
    uk: str
    text: dict[str, str]
    type: str | None = None
    hand: bool = False
    effect: str | None = None
    tokens: tuple[str, ...] = ()
    choice_token: bool = False
    rerolls: int | None = None
    cost: tuple[str, ...] | None = None
    needs: str | None = None
    symbols: tuple[str, ...] = ()
    dice: int = 0
    change: dict[str, str] | None = None
    goal: dict[str, Any] | None = None

    def name(self, lang: str) -> str:
        return self.uk if lang == "uk" else self.en


@dataclass
class Library:
    symbols: dict[str, Named]
    plain: list[str]
    start_dice: int
    most_dice: int
    rerolls: int
    triple: int
    types: dict[str, Named]
    stacks: list[str]
    slip_under: list[str]
    counted: list[str]
    decks: list[Named]
    track_size: int
    specials: list[Special]
    stack_points: list[int]
    messages: dict[str, dict[str, str]]
    _words: dict[str, dict[str, str]] = field(default_factory=dict)

    # --- names typed by the table -------------------------------------------------------
    def symbol(self, word: str) -> str:
        return self._find("symbol", word)

    def card_type(self, word: str) -> str:
        return self._find("type", word)

    def deck(self, word: str) -> str:
        return self._find("deck", word)

    def _find(self, kind: str, word: str) -> str:
        """A symbol, type or deck by any of its names (English, Ukrainian, aliases), through
        the core's one resolver (guide.core.names.resolve)."""
        words = self._words[kind]
        try:
            return words[resolve(fold(word), list(words), kind)]
        except Ambiguous as e:
            raise RuleError(str(e)) from None
        except Unknown:
            known = {"symbol": self.symbols, "type": self.types, "deck": {d.id: d for d in self.decks}}[kind]
            raise RuleError(f"unknown {kind} {word!r}{suggest(word, words)} (one of: {', '.join(known)})") \
                from None

    def symbol_en(self, sym: str) -> str:
        """The English name of a symbol id (a 43 choice token: 'Choice')."""
        return self.symbols[sym].en if sym in self.symbols else sym.capitalize()

    def symbol_list(self, text: str) -> list[str]:
        """'2money,health' or 'Гроші,Гроші' -> ['money', 'money', 'health']."""
        out: list[str] = []
        for item in re.split(r"[,;]", text):
            item = item.strip()
            if not item:
                continue
            m = re.fullmatch(r"(\d+)\s*[x*×]?\s*(.+)", item)
            count, word = (int(m.group(1)), m.group(2)) if m else (1, item)
            if not 1 <= count <= 7:
                raise RuleError(f"{item!r}: a count is 1 to 7")
            out.extend([self.symbol(word)] * count)
        return out

    def special(self, word: str) -> tuple[int, Special] | None:
        """A special card typed by number or name, with the number it has; None: not one."""
        w = fold(word).lstrip("#")
        if w.isdigit():
            for s in self.specials:
                if int(w) in s.ids:
                    return int(w), s
            return None
        found = self._words["special"].get(w)    # exact: a card the table names may be new
        if found is None:
            return None
        number = int(found)
        return number, next(s for s in self.specials if number in s.ids)

    def special_by_id(self, number: int) -> Special | None:
        return next((s for s in self.specials if number in s.ids), None)

    def goal(self, word: str) -> tuple[int, Special]:
        found = self.special(word)
        if found is None or found[1].goal is None:
            goals = ", ".join(f"{s.ids[0]} {s.en}" for s in self.specials if s.goal)
            raise RuleError(f"{word!r} is not a life goal (one of: {goals})")
        return found

    def die_symbol(self, face: int) -> str:
        """A d6 face 1..6 -> the symbol it stands for (symbols.yaml order)."""
        return list(self.symbols)[face - 1]

    def stack_score(self, cards: int) -> int:
        if cards >= len(self.stack_points):
            raise RuleError(f"the scoring table (scoring.yaml) stops at {len(self.stack_points) - 1} cards")
        return self.stack_points[cards]


@cache
def files() -> tuple[FileKind, ...]:
    """The five files of a CV box, each with its schema (schemas/NAME.schema.json)."""
    folder = resources.files("guide.games.cv").joinpath("schemas")
    return tuple(FileKind(name, name, json.loads(folder.joinpath(f"{name}.schema.json")
                                                 .read_text("utf-8"))) for name in FILES)


def bundled() -> Path:
    """cards/cv in the repository, or guide/box/cards/cv in an installed wheel."""
    found = [p for p in boxes("cv") if (p / "symbols.yaml").is_file()]
    if not found:
        raise DataError("the CV box (cards/cv) is not installed")
    return found[0]


def load(folders: list[Path] | None = None) -> Library:
    """The box of these folders (default: the bundled one), through the core's data path;
    a later file replaces the keys it holds (a table brings its own scoring.yaml)."""
    docs, problems = read_box(folders or [bundled()], files(), "cv")
    lib, more = build(docs)
    problems = sorted(problems + more)
    if problems or lib is None:
        first = problems[0] if problems else "CV box: no files"
        raise DataError(f"{first} ({len(problems)} problem(s); run guide check --game cv)")
    return lib


NEEDED = ("symbols", "plain", "dice", "types", "stacks", "slip_under", "counted", "decks",
          "track", "cards", "stack_points", "messages")


def build(docs: list[Doc]) -> tuple[Library | None, list[Problem]]:
    """The library of the valid documents, later keys replacing earlier ones; what the
    schemas cannot say (a reference to an unknown symbol or type) positioned."""
    raw: dict[str, Any] = {}
    where: dict[str, Doc] = {}
    for doc in docs:
        raw.update(doc.value)
        where.update(dict.fromkeys(doc.value, doc))
    missing = [k for k in NEEDED if k not in raw]
    if missing:
        file = docs[0].file if docs else "CV box"
        return None, [Problem(file, 1, 1, f"the CV box has no {', '.join(missing)}")]
    problems: list[Problem] = []

    def unknown(key: str, path: tuple[str | int, ...], kind: str, word: str, known: Any) -> None:
        if word not in known:
            problems.append(where[key].problem(path, f"{'.'.join(map(str, path))}: unknown"
                                                     f" {kind} {word!r}{suggest(word, known)}"))

    symbols = [e["id"] for e in raw["symbols"]]
    types = [e["id"] for e in raw["types"]]
    for key, ids in (("symbols", symbols), ("types", types),
                     ("decks", [e["id"] for e in raw["decks"]])):
        for i, one in enumerate(ids):
            if one in ids[:i]:
                problems.append(where[key].problem((key, i, "id"), f"{key}[{i + 1}].id: {one!r}"
                                                   " is already used (V-DICE-1: six faces)"
                                                   if key == "symbols" else
                                                   f"{key}[{i + 1}].id: {one!r} is already used"))
    for i, sym in enumerate(raw["plain"]):
        unknown("plain", ("plain", i), "symbol", sym, symbols)
    for key in ("stacks", "slip_under", "counted"):
        for i, t in enumerate(raw[key]):
            unknown(key, (key, i), "type", t, types)
    for n, e in enumerate(raw["cards"]):
        for key in ("tokens", "cost", "symbols"):
            for i, sym in enumerate(e.get(key, ())):
                unknown("cards", ("cards", n, key, i), "symbol", sym, symbols)
        if "type" in e:
            unknown("cards", ("cards", n, "type"), "type", e["type"], types)
    return (None, problems) if problems else (_build(raw), [])
def _named(entries: list[dict[str, Any]], words: dict[str, str]) -> dict[str, Named]:
    out: dict[str, Named] = {}
    for e in entries:
        n = Named(str(e["id"]), str(e["en"]), str(e["uk"]), str(e.get("icon", "")))
        out[n.id] = n
        for w in [n.id, n.en, n.uk, n.icon, *e.get("aliases", [])]:
            if w:
                words[fold(str(w))] = n.id
    return out


def _build(raw: dict[str, Any]) -> Library:
    words: dict[str, dict[str, str]] = {"symbol": {}, "type": {}, "deck": {}, "special": {}}
    symbols = _named(raw["symbols"], words["symbol"])
    types = _named(raw["types"], words["type"])
    decks = list(_named(raw["decks"], words["deck"]).values())
    specials = []
    for e in raw["cards"]:
        s = Special(
            ids=tuple(int(i) for i in e["ids"]), en=str(e["en"]), uk=str(e["uk"]), text=dict(e["text"]),
            type=e.get("type"), hand=bool(e.get("hand", False)), effect=e.get("effect"),
            tokens=tuple(e.get("tokens", ())), choice_token=bool(e.get("choice_token", False)),
            rerolls=e.get("rerolls"), cost=None if "cost" not in e else tuple(e["cost"]),
            needs=e.get("needs"), symbols=tuple(e.get("symbols", ())), dice=int(e.get("dice", 0)),
            change=e.get("change"), goal=e.get("goal"),
        )
        specials.append(s)
        for w in [s.en, s.uk, *e.get("aliases", [])]:
            words["special"][fold(str(w))] = str(s.ids[0])
    dice = raw["dice"]
    lib = Library(
        symbols=symbols, plain=list(raw["plain"]), start_dice=int(dice["start"]), most_dice=int(dice["most"]),
        rerolls=int(dice["rerolls"]), triple=int(dice["triple"]), types=types, stacks=list(raw["stacks"]),
        slip_under=list(raw["slip_under"]), counted=list(raw["counted"]), decks=decks,
        track_size=int(raw["track"]), specials=specials, stack_points=[int(x) for x in raw["stack_points"]],
        messages={str(k): dict(v) for k, v in raw["messages"].items()},
    )
    lib._words = words
    return lib
