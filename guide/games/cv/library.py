"""The CV box read from YAML (cards/cv/): symbols, card types, decks, the special cards the
seed describes and the stack scoring table (the messages are the cv gettext catalogue,
guide/locale/). Names typed by the table (English or the seed's Ukrainian, any case) are
resolved here."""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from guide.core.box import Doc, FileKind
from guide.core.errors import RuleError
from guide.core.i18n import current, domain
from guide.core.names import Ambiguous, Unknown, closest, fold, resolve, suggest
from guide.core.shipped import schema
from guide.core.yamlsrc import Problem

FILES = ("symbols", "types", "specials", "scoring", "box")
_, ngettext, pgettext = domain("cv").functions()


def resolved(word: str, names: list[str], what: str) -> str | None:
    """The one of `names` that `word` names, as people type it (guide.core.names.resolve: any
    case, a unique beginning or word); None when it names none. A word that names several is
    refused in the core's words (the choices), as a rule's refusal (RuleError)."""
    try:
        return resolve(word, names, what)
    except Ambiguous as e:
        raise RuleError(str(e)) from None
    except Unknown:
        return None


class Bilingual:
    """A thing of the box named in English and in the seed's Ukrainian (`en`, `uk`)."""

    en: str
    uk: str

    def name(self, lang: str) -> str:
        return self.uk if lang == "uk" else self.en

    @property
    def here(self) -> str:
        """The name in the table's language now (guide.core.i18n)."""
        return self.name(current())


@dataclass(frozen=True)
class Named(Bilingual):
    id: str
    en: str
    uk: str
    icon: str = ""
    uk_of: str = ""     # a deck's Ukrainian name as "of the deck" says it (колода Старості)

    @property
    def of_here(self) -> str:
        """The name after "deck" in the table's language now: the genitive in Ukrainian
        ("у колоді Старості"), the name itself in English."""
        return (self.uk_of or self.uk) if current() == "uk" else self.en


@dataclass(frozen=True)
class Special(Bilingual):
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


@dataclass(frozen=True)
class BoxCard(Bilingual):
    """One card of the table's card file (box.yaml), as printed: `special` is the seed's
    appendix card of its number, whose rule it brings (V-... of docs/cv.md)."""

    number: int
    en: str
    uk: str
    deck: str
    types: tuple[str, ...]
    cost: tuple[str, ...] | None
    tokens: tuple[str, ...] = ()
    dice: int = 0
    upkeep: tuple[str, ...] = ()
    points: int | None = None
    aliases: tuple[str, ...] = ()
    special: Special | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """Every name a person may type for it."""
        return (self.en, self.uk, *self.aliases)


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
    box_decks: list[Named] = field(default_factory=list)
    box: dict[int, BoxCard] = field(default_factory=dict)     # the table's card file, by number
    card_files: list[str] = field(default_factory=list)       # the card files read (box.yaml)
    _words: dict[str, dict[str, str]] = field(default_factory=dict)

    # --- the table's card file (box.yaml) --------------------------------------------
    def dealt(self) -> bool:
        """Does the card file hold the track's decks (then the track deals real cards)?"""
        return any(c.deck == d.id for c in self.box.values() for d in self.decks)

    def all_decks(self) -> list[Named]:
        """The track's decks and the card file's others (Childhood, the goals)."""
        return self.decks + self.box_decks

    def deck_named(self, deck: str) -> Named | None:
        return next((d for d in self.all_decks() if d.id == deck), None)

    def deck_cards(self, deck: str) -> list[int]:
        return sorted(n for n, c in self.box.items() if c.deck == deck)

    def box_card(self, word: str) -> BoxCard | None:
        """A card of the card file by its number or one of its names, exactly (any case)."""
        w = fold(word).lstrip("#")
        if w.isascii() and w.isdigit():      # "²" and "①" are digits int() refuses
            return self.box.get(int(w))
        return next((c for c in self.box.values() if w in {fold(n) for n in c.names}), None)

    def shown(self, card: Mapping[str, Any], lang: str | None = None) -> str:
        """A card as the players read it, on every screen alike: its name in `lang` (the
        table's language now by default) from the card file, else the seed's special
        card's, else as the table typed it."""
        return self.card_name(card.get("number"), lang or current()) or str(card["name"])

    def card_name(self, number: int | None, lang: str) -> str | None:
        """The name of card `number` in a language: the card file's, else the seed's."""
        if number is None:
            return None
        named = self.box.get(number) or self.special_by_id(number)
        return named.name(lang) if named else None

    # --- names typed by the table -------------------------------------------------------
    def symbol(self, word: str) -> str:
        return self.find("symbol", word)

    def card_type(self, word: str) -> str:
        return self.find("type", word)

    def find(self, kind: str, word: str) -> str:
        """A symbol, type or deck by any of its names (English, Ukrainian, aliases), through
        the core's one resolver (guide.core.names.resolve)."""
        words = self._words[kind]
        known, what, said = {        # its things by id, and what they are in two ways of saying
            "symbol": (self.symbols, pgettext("what", "symbol"), pgettext("cv what", "symbol")),
            "type": (self.types, pgettext("what", "type"), pgettext("cv what", "type")),
            "deck": ({d.id: d for d in self.decks}, pgettext("what", "deck"), pgettext("cv what", "deck")),
        }[kind]
        found = resolved(fold(word), list(words), what)
        if found is not None:
            return words[found]
        raise RuleError(_("unknown {kind} {word!r}{value} (one of: {value2})").format(
            kind=said, word=word, value=self._did_you_mean(word, words, known),
            value2=", ".join(x.here for x in known.values())))

    @staticmethod
    def _did_you_mean(word: str, words: dict[str, str], known: dict[str, Any]) -> str:
        """`; did you mean 'X'?` with X in the table's language (its `here` name), whichever
        of its names (English, Ukrainian, an alias) the typed word is closest to: `helth` at
        a Ukrainian table suggests Здоров'я, not health."""
        near = closest(word, list(words))
        if near is None:
            return ""
        found = known.get(words[near])
        return _("; did you mean {name!r}?").format(name=found.here if found else near)

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
        # by name exactly: a card the table names may be a new one
        number = w if w.isascii() and w.isdigit() else self._words["special"].get(w)
        if number is None or (sp := self.special_by_id(int(number))) is None:
            return None
        return int(number), sp

    def special_by_id(self, number: int | None) -> Special | None:
        """The seed's special card of this number; None for another card (or no number)."""
        return next((s for s in self.specials if number in s.ids), None)

    def goal(self, word: str) -> tuple[int, Special]:
        """A life goal by number or name, or (the one resolver) a unique beginning or word of
        its name in either language: `healthy` is 80 Healthy body."""
        found = self.special(word)
        if found is None:
            named = resolved(word, [n for s in self.specials if s.goal for n in (s.en, s.uk)],
                             pgettext("what", "goal"))
            found = None if named is None else self.special(named)
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


@cache
def files() -> tuple[FileKind, ...]:
    """The files of a CV box, each with its schema (schemas/NAME.schema.json)."""
    return tuple(FileKind(name, name, schema("guide.games.cv", name)) for name in FILES)


# The numbering's reading (docs/cv.md, "The table's own cards"): the seed counts 87 cards
# (12 Childhood, 26 Youth, 20 Maturity, 17 Old age, 8 life goals, 4 summaries) and its
# appendix numbers fit them in that order (12 Bicycle the last Childhood card, 76-83 the
# goals). The template says so beside every deck; the table checks each card's back.
NUMBERING = (("childhood", 1, 12), ("youth", 13, 38), ("maturity", 39, 58), ("old_age", 59, 75),
             ("goals", 76, 83))


def template(lib: Library, typed: list[dict[str, Any]] | None = None, lang: str = "en") -> str:
    """box.yaml to fill from the table's own cards (`guide new box --game cv DIR`): valid as
    it stands (no card yet: the bundled box), with every card of the box by its number as a
    commented entry, the seed's appendix cards with what the seed gives. A card is filled by
    taking the `#` off its lines and writing over each `~`; `guide check` shows, positioned,
    every `~` left in a card taken out of the comments.

    `typed` (`--from CAMPAIGN`: the cards a campaign's table typed, model.Known): each goes
    into the file as typed, never more. An appendix card typed whole (its number, the seed's
    names, its type, its cost) is written as a card; any other stays a commented entry under
    its deck (or under "deck not known"), `~` where the typing did not say (its number, its
    name in the other language), for the table to finish from the printed card. `lang`: the
    language the table typed its names in."""
    lines = _template_head(typed is not None) + ["game: cv", "cards:"]
    track = {d.id for d in lib.decks}
    by_number = {k["card"]["number"]: k for k in typed or [] if k["card"]["number"] is not None}
    unnumbered = [k for k in typed or [] if k["card"]["number"] is None]
    for deck, first, last in NUMBERING:
        named = lib.deck_named(deck)
        lines.append(f"  ## {named.here if named else deck}: {first}-{last}")
        for number in range(first, last + 1):
            lines += _numbered_entry(lib, number, deck, deck in track, by_number.get(number), lang)
        if deck in track:
            lines += _typed_section([k for k in unnumbered if k["deck"] == deck], lib, deck, lang)
    lines += _typed_section([k for k in unnumbered if k["deck"] is None], lib, None, lang)
    return "\n".join(lines) + "\n"


def _template_head(from_campaign: bool) -> list[str]:
    """The card file's opening comment: how to fill a card and what each field is, wrapped at
    79 columns (and, `--from CAMPAIGN`, what the typed cards are)."""
    lines = [
        "# " + _("CV: the table's own cards, one entry a card (docs/cv.md, \"The table's own cards\")."),
        "# " + _("To fill a card, take the # off its lines and write over every ~ what the printed"
                 " card says; then: guide check --game cv THIS_FOLDER"),
        "# " + _("and play with it: guide play --game cv --campaign FILE --box THIS_FOLDER"),
        "# " + _("The track deals the Youth, Maturity and Old age cards written here: fill them all."),
        "#   en, uk: " + _("the card's name in English and in Ukrainian"),
        "#   type: " + _("health, knowledge, relationships, job, property or event;"
                         " a two-coloured card: [health, job]"),
        "#   cost: " + _("the symbols it costs, one a symbol: [money, money]; [] if it costs nothing"),
        "#   effect: {tokens: [health], dice: 1}: " + _("its tokens every turn (an event: its"
                                                     " symbols once) and the dice it adds"),
        "#   upkeep: " + _("[money]: a symbol crossed out in red, paid every turn"),
        "#   points: " + _("a Property card's points (0 if none)"),
        "# " + _("Symbols and types may be written in Ukrainian too (Гроші, Робота)."),
        "# " + _("The decks follow the numbering (1-12 Childhood, 13-38 Youth, 39-58 Maturity,"
                 " 59-75 Old age, 76-83 life goals): check each card's back. The 4 summary cards"
                 " are not listed."),
    ]
    if from_campaign:
        lines.append("# " + _("Written from the cards a campaign's table typed: each as typed, under"
                              " its deck; write each one's number and its other name from the"
                              " printed card, then take the # off."))
    return [w for line in lines for w in textwrap.wrap(
        line, 79, break_on_hyphens=False, subsequent_indent="#     " if line.startswith("#  ") else "# ")]


def _numbered_entry(lib: Library, number: int, deck: str, on_track: bool, typed: dict[str, Any] | None,
                    lang: str) -> list[str]:
    """Card `number`'s entry: what the seed's appendix gives of it, `~` elsewhere, with what
    the table `typed` of it over that (the seed's names kept); written as a card (not
    commented) when typed whole, no `~` left."""
    sp = lib.special_by_id(number)
    kind = _appendix_kind(deck, sp)
    entry: dict[str, str] = {"number": str(number), "deck": deck, "en": _q(sp.en) if sp else "~",
                             "uk": _q(sp.uk) if sp else "~", "type": kind or "~"}
    if on_track:
        entry["cost"] = "~" if sp is None or sp.cost is None else _flow(list(sp.cost))
    if kind == "property":
        entry["points"] = "~"
    if typed is None:
        return _entry(entry)
    entry = {**entry, **_typed_entry(typed, on_track, lang)}
    if sp is not None:
        entry["en"], entry["uk"] = _q(sp.en), _q(sp.uk)
    return _entry(entry, written="~" not in entry.values())


def _appendix_kind(deck: str, sp: Special | None) -> str | None:
    """The type the seed gives a numbered card: a goal in the goals deck, an appendix card's
    type, an event for a card played from the hand; None: the seed does not say."""
    if deck == "goals":
        return "goal"
    return None if sp is None else sp.type or ("event" if sp.hand else None)


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _flow(items: list[str]) -> str:
    return f"[{', '.join(items)}]"


def _typed_entry(k: dict[str, Any], on_track: bool, lang: str) -> dict[str, str]:
    """A typed card's fields as the card file writes them; `~` where the typing said nothing."""
    c = k["card"]
    name = _q(c["name"])
    out: dict[str, str] = {"en": name if lang != "uk" else "~", "uk": name if lang == "uk" else "~",
                           "type": _flow(c["types"]) if c["types"] else c["type"]}
    if on_track or k["costed"]:
        out["cost"] = _flow(c["cost"]) if k["costed"] else "~"
    effect = {"tokens": _flow(c["gives"]) if c["gives"] else "", "dice": str(c["dice"] or "")}
    if any(effect.values()):
        out["effect"] = "{" + ", ".join(f"{key}: {v}" for key, v in effect.items() if v) + "}"
    if c["upkeep"]:
        out["upkeep"] = _flow(c["upkeep"])
    if "property" in (c["type"], *c["types"]):
        out["points"] = "~" if c["points"] is None else str(c["points"])
    return out


def _entry(entry: dict[str, str], written: bool = False) -> list[str]:
    """One card's lines: commented (`#`) unless `written` (a card typed whole)."""
    mark = "" if written else "#"
    return [f"  {mark}{'- ' if i == 0 else '  '}{key}: {value}"
            for i, (key, value) in enumerate(entry.items())]


def _typed_section(known: list[dict[str, Any]], lib: Library, deck: str | None, lang: str) -> list[str]:
    """The typed cards of one deck (None: a card taken with no track kept, its deck not
    known), each a commented entry, its number to write from the card."""
    if not known:
        return []
    head = (_("cards the table typed, deck not known: write each one's deck and number")
            if deck is None else _("cards the table typed from this deck: write each one's number"))
    lines = [f"  ## {head}"]
    for k in known:
        entry = {"number": "~", "deck": deck or "~", **_typed_entry(k, True, lang)}
        lines += _entry(entry)
    return lines


NEEDED = ("symbols", "plain", "dice", "types", "stacks", "slip_under", "counted", "decks",
          "track", "cards", "stack_points")


def build(docs: list[Doc]) -> tuple[Library | None, list[Problem]]:
    """The library of the valid documents, later keys replacing earlier ones (the special
    cards merge by name: a later entry replaces only the keys it gives, so a table's
    specials.yaml never drops a card or its dice); the card file (box.yaml) is read last,
    over the whole box. What the schemas cannot say (a reference to an unknown symbol or
    type, a card contradicting the seed's appendix) positioned."""
    merged = _Merged(docs)
    missing = [k for k in NEEDED if k not in merged.raw]
    if missing:
        file = docs[0].file if docs else _("CV box")
        return None, [Problem(file, 1, 1, _("the CV box has no {keys}").format(keys=", ".join(missing)))]
    problems = merged.repeated_ids() + merged.unknown_references() + merged.unknown_in_specials()
    if problems:
        return None, problems
    lib = _build(merged.raw)
    for doc in merged.boxes:
        problems += _read_cards(lib, doc)
        lib.card_files.append(doc.file)
    return (None, problems) if problems else (lib, [])


class _Merged:
    """The box's documents merged, each key where it was (last) given, and what the schemas
    cannot say of them: an id given twice, a reference to an unknown symbol or type."""

    def __init__(self, docs: list[Doc]) -> None:
        self.raw: dict[str, Any] = {}
        self.where: dict[str, Doc] = {}
        cards: list[dict[str, Any]] = []
        self.card_at: list[tuple[Doc, int]] = []       # where each special card was (last) given
        self.boxes: list[Doc] = []                      # the card files, read over the whole box
        for doc in docs:
            if doc.kind.name == "box":
                self.boxes.append(doc)
                continue
            for key, value in doc.value.items():
                if key == "cards":
                    _merge_specials(cards, self.card_at, doc, value)
                else:
                    self.raw[key] = value
                    self.where[key] = doc
        if self.card_at:
            self.raw["cards"] = cards

    def ids(self, key: str) -> list[str]:
        return [e["id"] for e in self.raw[key]]

    def repeated_ids(self) -> list[Problem]:
        """A symbol, type or deck id given twice (six faces: V-DICE-1)."""
        problems: list[Problem] = []
        for key in ("symbols", "types", "decks"):
            ids = self.ids(key)
            for i, one in enumerate(ids):
                if one in ids[:i]:
                    problems.append(self.where[key].problem((key, i, "id"), (
                        _("{key}[{n}].id: {one!r} is already used (V-DICE-1: six faces)") if key == "symbols"
                        else _("{key}[{n}].id: {one!r} is already used")).format(key=key, n=i + 1, one=one)))
        return problems

    def unknown_references(self) -> list[Problem]:
        """The plain symbols and the stacked, slipped-under and counted types, each known."""
        checks = [("plain", "symbol", self.ids("symbols"))] + [
            (key, "type", self.ids("types")) for key in ("stacks", "slip_under", "counted")]
        return [_unknown(self.where[key], (key, i), kind, word, known)
                for key, kind, known in checks
                for i, word in enumerate(self.raw[key]) if word not in known]

    def unknown_in_specials(self) -> list[Problem]:
        """Each special card's symbols (tokens, cost, symbols) and type, known."""
        problems: list[Problem] = []
        symbols, types = self.ids("symbols"), self.ids("types")
        for (doc, n), e in zip(self.card_at, self.raw["cards"], strict=True):
            for key in ("tokens", "cost", "symbols"):
                problems += [_unknown(doc, ("cards", n, key, i), "symbol", sym, symbols)
                             for i, sym in enumerate(e.get(key, ())) if sym not in symbols]
            if "type" in e and e["type"] not in types:
                problems.append(_unknown(doc, ("cards", n, "type"), "type", e["type"], types))
        return problems


def _unknown(doc: Doc, path: tuple[str | int, ...], kind: str, word: str, known: list[str]) -> Problem:
    """`path: unknown symbol 'gold'; did you mean ...`, where `path` is in `doc`."""
    return doc.problem(path, _("{path}: unknown {kind} {word!r}{suggest}").format(
        path=_at(path), kind=pgettext("cv what", kind), word=word, suggest=suggest(word, known)))


def _at(path: tuple[str | int, ...]) -> str:
    """A place in a file as the schema's problems name it: `cards[6].cost[1]`, entries
    counted from 1 (the schema's `cards[4].points`), where `cards.5.cost.0` counted from 0."""
    return "".join(f"[{p + 1}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _merge_specials(cards: list[dict[str, Any]], card_at: list[tuple[Doc, int]], doc: Doc,
                    entries: list[dict[str, Any]]) -> None:
    """A later file's special cards over the earlier ones, by name (English or Ukrainian) or
    number: the keys it gives replace, the others stay; a new name is a new card."""
    for n, e in enumerate(entries):
        names = {fold(str(e["en"])), fold(str(e["uk"]))}
        i = next((i for i, c in enumerate(cards)
                  if names & {fold(str(c["en"])), fold(str(c["uk"]))} or set(e["ids"]) & set(c["ids"])), None)
        if i is None:
            cards.append(dict(e))
            card_at.append((doc, n))
        else:
            cards[i] = {**cards[i], **e}
            card_at[i] = (doc, n)


def _read_cards(lib: Library, doc: Doc) -> list[Problem]:
    """The table's card file (box.yaml) into `lib.box`: every name resolved as the table
    types it (guide.core.names), and what contradicts the seed's appendix refused where it
    stands. A card numbered as an appendix card brings its rule (the seed: the number
    "helps find their description in the rules")."""
    reader = _CardReader(lib, doc)
    seen: dict[int, int] = {}
    dealt: dict[str, list[int]] = {}       # each deck's entries, to hold the seed's counts
    for n, e in enumerate(doc.value.get("cards") or []):
        number = int(e["number"])
        if number in seen:
            reader.bad((n, "number"), _("number {number} is already card {n}'s").format(
                number=number, n=seen[number] + 1))
            continue
        seen[number] = n
        card = reader.card(n, e, number)
        if card is None:
            continue
        if _against_seed(lib, card, n, reader.bad):
            lib.box[number] = card
        dealt.setdefault(card.deck, []).append(n)
    _hold_seed_counts(lib, dealt, reader.bad)
    if not reader.problems:
        _name_appendix_cards(lib)
    return reader.problems


class _CardReader:
    """One card file (box.yaml) read entry by entry: each entry's names resolved as the table
    types them, and each problem told where it stands (`problems`, in the file's order)."""

    def __init__(self, lib: Library, doc: Doc) -> None:
        self.lib = lib
        self.doc = doc
        self.problems: list[Problem] = []
        self.decks = {fold(w): d.id for d in lib.all_decks()
                      for w in (d.id, d.en, d.uk, d.id.replace("_", " "))}

    def bad(self, path: tuple[str | int, ...], message: str) -> None:
        self.problems.append(self.doc.problem(("cards", *path), f"{_at(('cards', *path))}: {message}"))

    def word(self, kind: str, text: str, path: tuple[str | int, ...]) -> str | None:
        """A symbol, type or deck by any of its names; None (told) when it is none."""
        try:
            return self.lib.find(kind, text)
        except RuleError as e:
            self.bad(path, str(e))
            return None

    def symbols(self, n: int, e: dict[str, Any], *path: str) -> tuple[str, ...]:
        """The symbols listed at `path` in entry `n` (none if it is absent), the unknown ones told."""
        value: Any = e
        for p in path:
            value = value.get(p, {}) if isinstance(value, dict) else {}
        out = [self.word("symbol", str(w), (n, *path, i)) for i, w in enumerate(value or [])]
        return tuple(x for x in out if x is not None)

    def card(self, n: int, e: dict[str, Any], number: int) -> BoxCard | None:
        """Entry `n` as a card; None (told) when its deck, its types or its fields are wrong."""
        deck = self.deck(n, e)
        if deck is None:
            return None
        kinds = self.types(n, e)
        if kinds is None or not self.fields_fit(n, e, deck, kinds):
            return None
        card = BoxCard(number=number, en=str(e["en"]), uk=str(e["uk"]), deck=deck, types=kinds,
                       cost=self.symbols(n, e, "cost") if "cost" in e else None,
                       tokens=self.symbols(n, e, "effect", "tokens"),
                       dice=int(e.get("effect", {}).get("dice", 0)), upkeep=self.symbols(n, e, "upkeep"),
                       points=None if "points" not in e else int(e["points"]),
                       aliases=tuple(str(a) for a in e.get("aliases", ())),
                       special=self.lib.special_by_id(number))
        if card.special is not None:          # the seed's names stay names of the card
            seed = [w for w in (card.special.en, card.special.uk) if fold(w) not in map(fold, card.names)]
            card = replace(card, aliases=card.aliases + tuple(seed))
        return card

    def deck(self, n: int, e: dict[str, Any]) -> str | None:
        """The deck entry `n` names (its id, a name or the id with spaces); None (told): none."""
        deck = self.decks.get(fold(str(e["deck"])))
        if deck is None:
            known = [d.id for d in self.lib.all_decks()]
            self.bad((n, "deck"), _("unknown deck {deck!r}{suggest} (one of: {known})").format(
                deck=e["deck"], suggest=suggest(str(e["deck"]), known), known=", ".join(known)))
        return deck

    def types(self, n: int, e: dict[str, Any]) -> tuple[str, ...] | None:
        """The type of entry `n`, or the two of a two-coloured card (V-TWO-1); None (told): wrong."""
        typed = e["type"] if isinstance(e["type"], list) else [e["type"]]
        types = [self.word("type", str(t), (n, "type") if len(typed) == 1 else (n, "type", i))
                 for i, t in enumerate(typed)]
        if None in types:
            return None
        kinds = tuple(t for t in types if t is not None)
        if len(kinds) == 2 and (kinds[0] == kinds[1] or any(t not in self.lib.stacks for t in kinds)):
            self.bad((n, "type"), _("a two-coloured card has two different CV types (V-TWO-1)"))
            return None
        return kinds

    def fields_fit(self, n: int, e: dict[str, Any], deck: str, kinds: tuple[str, ...]) -> bool:
        """A track card gives its cost, and a Property card (only) its points (V-SCORE-3);
        False when `bad` was told."""
        on_track = deck in {d.id for d in self.lib.decks}
        if on_track and "cost" not in e:
            self.bad((n,), _("a track card's cost is missing (cost: [] for a card that costs nothing)"))
        elif "points" in e and "property" not in kinds:
            self.bad((n, "points"), _("points are printed on Property cards (V-SCORE-3)"))
        elif "points" not in e and "property" in kinds:
            self.bad((n,), _("a Property card's points are missing (points: 0 if none; V-SCORE-3)"))
        else:
            return True
        return False


def _hold_seed_counts(lib: Library, dealt: dict[str, list[int]], bad: Callable[..., None]) -> None:
    """The seed counts each deck's cards (26/20/17 ...): an entry past its deck's count is told."""
    for deck, first, last in NUMBERING:
        entries = dealt.get(deck, [])
        if len(entries) > last - first + 1:
            named = lib.deck_named(deck)
            bad((entries[last - first + 1], "deck"), _(
                "the {deck} deck holds {count} cards in the seed, and this is card {n} of it: a"
                " card file holds no more").format(deck=named.here if named else deck,
                                                  count=last - first + 1, n=last - first + 2))


def _name_appendix_cards(lib: Library) -> None:
    """The table's printed names find the appendix card too (`special`, by name)."""
    for card in lib.box.values():
        if card.special is not None:
            for w in card.names:
                lib._words["special"].setdefault(fold(w), str(card.number))


def _against_seed(lib: Library, card: BoxCard, n: int, bad: Callable[..., None]) -> bool:
    """What a card file may not say of an appendix card (never silently: the seed wins);
    False when `bad` was told."""
    sp = card.special
    named = lib.special(card.en) or lib.special(card.uk)
    track = {d.id for d in lib.decks}
    if named is not None and (sp is None or named[1] is not sp):
        bad((n, "number"), _("{card!r} is card {seed} of the seed's appendix, not {number}").format(
            card=card.en, seed=named[0], number=card.number))
    elif sp is None:
        return True
    elif sp.type is not None and sp.type not in card.types:
        bad((n, "type"), _("card {number} {name} is a {type} card (the seed)").format(
            number=card.number, name=sp.here, type=lib.types[sp.type].here))
    elif sp.cost is not None and card.cost is not None and sorted(card.cost) != sorted(sp.cost):
        bad((n, "cost"), _("card {number} {name} costs {cost} (the seed)").format(
            number=card.number, name=sp.here, cost=", ".join(sp.cost) or _("no symbols")))
    elif sp.hand and card.deck in track and card.types != ("event",):
        bad((n, "type"), _("card {number} {name} is played from the hand: type event (the seed)").format(
            number=card.number, name=sp.here))
    elif sp.hand and card.dice:
        bad((n, "effect", "dice"), _("card {number} {name}: its dice are the seed's rule"
                                     " (effect.dice is for a card in a stack)").format(
            number=card.number, name=sp.here))
    else:
        return True
    return False


def _named(entries: list[dict[str, Any]], words: dict[str, str]) -> dict[str, Named]:
    out: dict[str, Named] = {}
    for e in entries:
        n = Named(str(e["id"]), str(e["en"]), str(e["uk"]), str(e.get("icon", "")), str(e.get("uk_of", "")))
        out[n.id] = n
        for w in [n.id, n.en, n.uk, n.uk_of, n.icon, *e.get("aliases", [])]:
            if w:
                words[fold(str(w))] = n.id
    return out


def _build(raw: dict[str, Any]) -> Library:
    words: dict[str, dict[str, str]] = {"symbol": {}, "type": {}, "deck": {}, "special": {}}
    symbols = _named(raw["symbols"], words["symbol"])
    types = _named(raw["types"], words["type"])
    decks = list(_named(raw["decks"], words["deck"]).values())
    box_decks = list(_named(raw.get("box_decks", []), {}).values())
    # a special card's keys are Special's fields (specials.schema.json types them), its lists tuples
    fields: list[dict[str, Any]] = [{k: tuple(v) if isinstance(v, list) else v for k, v in e.items()
                                     if k != "aliases"} for e in raw["cards"]]
    specials = [Special(**f) for f in fields]
    for s, e in zip(specials, raw["cards"], strict=True):
        for w in [s.en, s.uk, *e.get("aliases", [])]:
            words["special"][fold(str(w))] = str(s.ids[0])
    dice = raw["dice"]
    lib = Library(
        symbols=symbols, plain=list(raw["plain"]), start_dice=int(dice["start"]), most_dice=int(dice["most"]),
        rerolls=int(dice["rerolls"]), triple=int(dice["triple"]), types=types, stacks=list(raw["stacks"]),
        slip_under=list(raw["slip_under"]), counted=list(raw["counted"]), decks=decks,
        track_size=int(raw["track"]), specials=specials, stack_points=[int(x) for x in raw["stack_points"]],
        box_decks=box_decks,
    )
    lib._words = words
    return lib
