"""The CV box read from YAML (cards/cv/): symbols, card types, decks, the special cards the
seed describes and the stack scoring table (the messages are the cv gettext catalogue,
guide/locale/). Names typed by the table (English or the seed's Ukrainian, any case) are
resolved here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from guide.core.i18n import current, domain

from .protocol import RuleError

FILES = ("symbols.yaml", "types.yaml", "specials.yaml", "scoring.yaml")
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "`": "'", "‘": "'"})
_, ngettext, pgettext = domain("cv").functions()


class DataError(ValueError):
    """A problem in a box file: 'FILE: message'."""


def fold(word: str) -> str:
    """The form names are compared in: case and apostrophe variants do not matter."""
    return " ".join(word.translate(_APOSTROPHES).casefold().split())


@dataclass(frozen=True)
class Named:
    id: str
    en: str
    uk: str
    icon: str = ""

    def name(self, lang: str) -> str:
        return self.uk if lang == "uk" else self.en

    @property
    def here(self) -> str:
        """The name in the table's language now (guide.core.i18n)."""
        return self.name(current())


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

    @property
    def here(self) -> str:
        """The name in the table's language now (guide.core.i18n)."""
        return self.name(current())


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
    _words: dict[str, dict[str, str]] = field(default_factory=dict)

    # --- names typed by the table -------------------------------------------------------
    def symbol(self, word: str) -> str:
        return self._find("symbol", word)

    def card_type(self, word: str) -> str:
        return self._find("type", word)

    def deck(self, word: str) -> str:
        return self._find("deck", word)

    def _find(self, kind: str, word: str) -> str:
        found = self._words[kind].get(fold(word))
        if found is None:
            known = {"symbol": self.symbols, "type": self.types, "deck": {d.id: d for d in self.decks}}[kind]
            kinds = {"symbol": pgettext("cv what", "symbol"), "type": pgettext("cv what", "type"),
                     "deck": pgettext("cv what", "deck")}
            raise RuleError(_("unknown {kind} {word!r} (one of: {value})").format(
                kind=kinds[kind], word=word, value=", ".join(x.here for x in known.values())))
        return found

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
                raise RuleError(_("{item!r}: a count is 1 to 7").format(item=item))
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
        found = self._words["special"].get(w)
        if found is None:
            return None
        number = int(found)
        return number, next(s for s in self.specials if number in s.ids)

    def special_by_id(self, number: int) -> Special | None:
        return next((s for s in self.specials if number in s.ids), None)

    def goal(self, word: str) -> tuple[int, Special]:
        found = self.special(word)
        if found is None or found[1].goal is None:
            goals = ", ".join(f"{s.ids[0]} {s.here}" for s in self.specials if s.goal)
            raise RuleError(_("{word!r} is not a life goal (one of: {goals})").format(word=word, goals=goals))
        return found

    def die_symbol(self, face: int) -> str:
        """A d6 face 1..6 -> the symbol it stands for (symbols.yaml order)."""
        return list(self.symbols)[face - 1]

    def stack_score(self, cards: int) -> int:
        if cards >= len(self.stack_points):
            raise RuleError(_("the scoring table (scoring.yaml) stops at {value} cards").format(
                value=len(self.stack_points) - 1))
        return self.stack_points[cards]


def bundled() -> Path:
    """cards/cv in the repository, or guide/box/cards/cv in an installed wheel."""
    here = Path(__file__).resolve()
    for candidate in (here.parents[3] / "cards" / "cv", here.parents[2] / "box" / "cards" / "cv"):
        if (candidate / "symbols.yaml").is_file():
            return candidate
    raise DataError(_("the CV box (cards/cv) is not installed"))


def load(folders: list[Path] | None = None) -> Library:
    """Read the box: the bundled folder, then each folder given; a later file replaces the
    keys it holds (so a table can bring its own scoring.yaml)."""
    raw: dict[str, Any] = {}
    for folder in folders or [bundled()]:
        for name in FILES:
            path = Path(folder) / name
            if not path.is_file():
                continue
            try:
                doc = yaml.safe_load(path.read_text(encoding="utf-8"))
            except yaml.YAMLError as e:
                raise DataError(_("{path}: {value}").format(
                    path=path, value=str(e).splitlines()[0])) from None
            if not isinstance(doc, dict):
                raise DataError(_("{path}: a mapping is expected").format(path=path))
            raw.update(doc)
    try:
        return _build(raw)
    except (KeyError, TypeError, ValueError) as e:
        raise DataError(_("CV box: bad or missing entry {e}").format(e=e)) from None


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
    if len(symbols) != 6:
        raise DataError(_("symbols.yaml: a CV die has six faces"))
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
        for sym in (*s.tokens, *(s.cost or ()), *s.symbols):
            if sym not in symbols:
                raise DataError(_("specials.yaml: card {value}: unknown symbol {sym!r}").format(
                    value=s.ids[0], sym=sym))
        if s.type is not None and s.type not in types:
            raise DataError(_("specials.yaml: card {value}: unknown type {type!r}").format(
                value=s.ids[0], type=s.type))
        specials.append(s)
        for w in [s.en, s.uk, *e.get("aliases", [])]:
            words["special"][fold(str(w))] = str(s.ids[0])
    dice = raw["dice"]
    lib = Library(
        symbols=symbols, plain=list(raw["plain"]), start_dice=int(dice["start"]), most_dice=int(dice["most"]),
        rerolls=int(dice["rerolls"]), triple=int(dice["triple"]), types=types, stacks=list(raw["stacks"]),
        slip_under=list(raw["slip_under"]), counted=list(raw["counted"]), decks=decks,
        track_size=int(raw["track"]), specials=specials, stack_points=[int(x) for x in raw["stack_points"]],
    )
    lib._words = words
    return lib
