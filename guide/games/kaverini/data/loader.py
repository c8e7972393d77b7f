"""Load card and adventure files into a Library, reporting every problem with its position."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from guide.core.box import bundled, compose, trim, yaml_files
from guide.core.i18n import domain
from guide.core.names import suggest
from guide.core.schema import Validator
from guide.core.text import escaped, name_problem, skeleton
from guide.core.yamlsrc import Problem, TooBig, Walker, collector_paused, problem_at
from guide.games.kaverini.cards_text import not_of_type
from guide.games.kaverini.data.tables import load_schema
from guide.games.kaverini.model import (
    Adventure,
    Amount,
    Card,
    Effect,
    Scene,
    Shop,
    Side,
    Technique,
)

_, ngettext, pgettext = domain("kaverini").functions()

# Fields that only make sense on some card types (rulebook section 4).
_ONLY_FOR = {
    "hp": ("foe", "power-foe", "buddy"),
    "techniques": ("foe", "power-foe", "buddy"),
    "move_die": ("foe", "power-foe"),
    "usage": ("item",),
    "bond": ("item",),
}


@dataclass
class Library:
    """Every loaded card (by case-folded name) and adventure (by id)."""

    cards: dict[str, Card] = field(default_factory=dict)
    adventures: dict[str, Adventure] = field(default_factory=dict)
    replaced: list[str] = field(default_factory=list)   # bundled names a --box redefines

    def card(self, name: str) -> Card | None:
        """A card by name; the back of a double-sided card by its own name, flipped (5.6)."""
        found = self.cards.get(name.casefold())
        if found is None:
            for c in self.cards.values():
                if c.back is not None and c.back.name.casefold() == name.casefold():
                    return c.flipped()
        return found


def load(paths: list[Path], known: Library | None = None) -> tuple[Library, list[Problem]]:
    """Load files and folders. `known` supplies cards that references may name besides these."""
    files, problems = yaml_files(paths)
    lib = Library()
    sources: dict[str, tuple] = {}
    for card in (known.cards.values() if known else ()):   # a --box card may not pass for one
        sources[_LOOKS + skeleton(card.name)] = (card.name, card.source)
    booklets: list[tuple[str, yaml.Node, dict]] = []
    for path in files:
        with collector_paused():
            _load_file(path, problems, lib, sources, booklets)
    refs = Library({**(known.cards if known else {}), **lib.cards})
    for display, node, plain in booklets:
        adventure = _build_adventure(plain, display, node, refs, problems)
        if adventure:
            lib.adventures[adventure.id] = adventure
    return lib, sorted(set(problems))


def _load_file(path: Path, problems: list[Problem], lib: Library, sources: dict,
               booklets: list) -> None:
    display = str(path)
    node, plain_text = compose(path, display, "kaverini", problems,
                               _("empty file: expected 'cards:' or 'adventure:'"))
    if node is None:
        return
    walker = Walker(display, problems)
    start = len(problems)
    try:
        _load_document(node, walker, lib, sources, booklets, plain_text)
    except TooBig as e:
        problems.append(problem_at(display, node, str(e)))
    except RecursionError:
        problems.append(problem_at(display, node, _("nested too deeply; the file is refused")))
    trim(problems, start, display)


def _load_document(node, walker: Walker, lib: Library, sources: dict, booklets: list,
                   plain_text: bool = False) -> None:
    display = walker.file
    if not isinstance(node, yaml.MappingNode):
        walker.problems.append(problem_at(display, node, _("expected a mapping with 'cards:' or"
                                                           " 'adventure:' at the top")))
        return
    keys = {text for _, _, text in walker.items(node)}
    kind = "adventure" if "adventure" in keys and "cards" not in keys else "cards"
    if not keys & {"cards", "adventure"}:
        walker.problems.append(problem_at(display, node, _("file: missing required key 'cards'"
                                                           " (or 'adventure')")))
    schema = load_schema(kind)
    validator = Validator(schema, walker)
    if kind == "adventure":
        before = len(walker.problems)
        plain = validator.check(node, schema, "")
        if len(walker.problems) == before:
            booklets.append((display, node, plain if plain_text else _escaped(plain)))
        return
    for key, value, text in walker.items(node):
        if text == "adventure":          # beside cards: one file holds one or the other
            validator.report(key, _("a file holds 'cards:' or 'adventure:', not both: move the"
                                    " adventure to a file of its own"))
            continue
        if text != "cards":
            validator.report(key, _("unknown key {key!r}{hint}; a data file holds 'cards:' or"
                                    " 'adventure:'").format(key=text,
                                                            hint=suggest(text, ["cards", "adventure"])))
            continue
        if not isinstance(value, yaml.SequenceNode):
            validator.report(value, _("cards must be a list"))
            continue
        for i, card_node in enumerate(value.value):
            before = len(walker.problems)
            plain = validator.check(card_node, schema["$defs"]["card"], f"cards[{i + 1}]")
            if len(walker.problems) != before:
                continue
            _check_card(plain, card_node, validator)
            _check_names(plain, card_node, validator)
            if len(walker.problems) == before:      # text that acts on a terminal shows as text
                plain = plain if plain_text else _escaped(plain)
                card = _build_card(plain, f"{display}:{card_node.start_mark.line + 1}")
                _add_card(lib, sources, card, plain, card_node, validator)


def _check_card(plain: dict, node: yaml.MappingNode, validator: Validator) -> None:
    keys = {text: k for k, _, text in validator.walker.items(node)}
    name = plain["name"]
    for key, types in _ONLY_FOR.items():
        if key in plain and plain["type"] not in types:
            validator.report(keys[key], _("card {name!r}: {key} is not used on a {type} card")
                             .format(name=name, key=key, type=plain["type"]))
    die = plain.get("move_die")
    techniques = plain.get("techniques", [])
    if die:
        faces = [f for t in techniques for f in t.get("roll", [])]
        missing = sorted(set(range(1, die + 1)) - set(faces))
        if missing or len(faces) != len(set(faces)) or max(faces, default=0) > die:
            validator.report(keys["move_die"], _(
                "card {name!r}: the d{die} faces must each pick exactly one technique").format(
                    name=name, die=die)
                + (_(" (missing {faces})").format(faces=", ".join(map(str, missing))) if missing
                   else ""))
    for effect in plain.get("effects", []):
        if effect["do"] == "counters" and "counter" not in effect:
            validator.report(keys["effects"], _("card {name!r}: an effect with do: counters"
                                                " needs counter: +E, -E, +H, -H or HP").format(
                                                    name=name))


def _check_names(plain: dict, node: yaml.MappingNode, validator: Validator) -> None:
    """Names are refused, not escaped: a card's, its back's and its techniques' names must
    not be blank or hold control or invisible characters."""
    sides = [plain] + ([plain["back"]] if "back" in plain else [])
    names = [s["name"] for s in sides] + [t["name"] for s in sides for t in s.get("techniques", ())]
    for name in names:
        problem = name_problem(name)
        if problem:
            validator.report(node, f"name '{escaped(name)}': {problem}")


def _escaped(value):
    """Every text of a plain value with its control and invisible characters written out
    (not needed for a file whose text is plain, the usual case: compose_file_plain)."""
    if isinstance(value, str):
        return escaped(value)
    if isinstance(value, list):
        return [_escaped(v) for v in value]
    if isinstance(value, dict):
        return {k: _escaped(v) for k, v in value.items()}
    return value


_LOOKS = "\x00"    # sources[_LOOKS + skeleton] = (name, where): the names seen, as they look


def _add_card(lib: Library, sources: dict, card: Card, plain: dict, node,
              validator: Validator) -> None:
    other = lib.cards.get(card.key)
    if other is None:
        looks = _LOOKS + skeleton(card.name)
        similar = sources.get(looks)
        if similar and similar[0].casefold() != card.key:
            validator.report(node, _(
                "card {name!r} looks like {other!r} (at {where}): look-alike names are refused;"
                " name it so it reads differently").format(name=card.name, other=similar[0],
                                                           where=similar[1]))
            return
        sources[looks] = (card.name, card.source)
        lib.cards[card.key] = card
        sources[card.key] = (plain, card.source)
        return
    first_plain, first_where = sources[card.key]
    same = {k: v for k, v in plain.items() if k != "flags"} == \
           {k: v for k, v in first_plain.items() if k != "flags"}
    if same:  # multiple card versions (rulebook 5.11): one card, both flags
        flags = tuple(dict.fromkeys(other.flags + card.flags))
        lib.cards[card.key] = replace(other, flags=flags)
        return
    validator.report(node, _("card {name!r} is defined twice: here and at {where}").format(
        name=card.name, where=first_where))


def _common(d: dict) -> dict:
    """What both sides of a card print (model.Face), from the card's or its back's mapping."""
    return dict(
        hp=d.get("hp"), emotion=d.get("emotion", 0), heart=d.get("heart", 0),
        subtypes=tuple(d.get("subtypes", ())), flags=tuple(d.get("flags", ())),
        abilities=tuple(d.get("abilities", ())), shield=d.get("shield"), heel=d.get("heel"),
        techniques=tuple(Technique(t["name"], Amount.parse(t["schmerz"]), t.get("emotion"),
                                   tuple(t.get("roll", ())), t.get("text", ""))
                         for t in d.get("techniques", ())),
        move_die=d.get("move_die"), text=d.get("text", ""),
        effects=tuple(Effect(e["do"], e.get("when", "round"), e.get("target", "kaverit"),
                             Amount.parse(e.get("amount", 1)), e.get("counter"), e.get("text", ""))
                      for e in d.get("effects", ())))


def _build_card(d: dict, where: str) -> Card:
    b = d.get("back")
    back = Side(name=b["name"], type=b["type"], flip=b["flip"], **_common(b)) if b else None
    return Card(name=d["name"], type=d["type"], expense=d.get("expense"), usage=d.get("usage"),
                bond=d.get("bond"), token=d.get("token", False),
                creates=tuple(d.get("creates", ())), back=back, source=where, **_common(d))


def _build_adventure(d: dict, display: str, node, refs: Library,
                     problems: list[Problem]) -> Adventure | None:
    """A valid booklet's adventure once its quote lottery and the cards it names are checked
    (None when they are not right: the problems say why)."""
    a = d["adventure"]
    anode = dict((text, (k, v)) for k, v, text in Walker(display, []).items(node))["adventure"][1]
    keys = {k.value: (k, v) for k, v in anode.value}
    before = len(problems)
    quotes = {int(k): v for k, v in a["quotes"].items()}
    _check_quote_lottery(quotes, keys["quotes"][0], display, problems)
    _check_references(keys, display, refs, problems)
    if len(problems) != before:
        return None
    return Adventure(
        id=a["id"], title=a["title"], currency=a["currency"], starting_money=a["starting_money"],
        place=a.get("place", ""), intro=a.get("intro", ""),
        scenes=tuple(Scene(s["name"], s.get("text", ""), s.get("setting"), tuple(s.get("foes", ())),
                           s.get("after_win", ""), tuple(s.get("joins", ())),
                           tuple(s.get("won_when", ())))
                     for s in a.get("scenes", ())),
        xp=dict(a.get("xp", {})),
        shops=tuple(Shop(s["name"], dict(s["items"])) for s in a.get("shops", ())),
        pronunciation=tuple((p["word"], p["say"], p.get("means", ""))
                            for p in a.get("pronunciation", ())),
        quotes=quotes, sources={int(k): v for k, v in a.get("sources", {}).items()},
        good_ending=a.get("good_ending", ""), bad_ending=a.get("bad_ending", ""),
        source=f"{display}:{node.start_mark.line + 1}",
        series=(a["series"]["name"], a["series"]["part"]) if "series" in a else None)


def _check_quote_lottery(quotes: dict[int, str], node, display: str,
                         problems: list[Problem]) -> None:
    """The quote lottery draws a d100: every number 1 to 100 needs its quote."""
    missing = [n for n in range(1, 101) if n not in quotes]
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        problems.append(problem_at(display, node, _(
            "the quote lottery needs quotes 1 to 100: missing {numbers}").format(numbers=shown)))


_FOE_TYPES = ("foe", "power-foe")
_NO_NODES = yaml.SequenceNode("", [])


def _check_references(keys: dict, display: str, refs: Library,
                      problems: list[Problem]) -> None:
    """Every card the adventure names (XP table, scenes, shops) is in the box, of its type."""
    def need(kind: str, name: str, node, types: tuple[str, ...]) -> None:
        card = refs.card(name)
        if card is None:
            problems.append(problem_at(display, node, f"unknown {kind} card {name!r}"))
        elif card.type not in types:
            problems.append(problem_at(display, node, not_of_type(name, card.type, kind)))

    if "xp" in keys:
        for k, _v in keys["xp"][1].value:
            need("foe", k.value, k, _FOE_TYPES)
    for scene_node in keys["scenes"][1].value if "scenes" in keys else ():
        _check_scene({k.value: v for k, v in scene_node.value}, need, display, problems)
    for shop_node in keys["shops"][1].value if "shops" in keys else ():
        fields = {k.value: v for k, v in shop_node.value}
        for k, _v in fields["items"].value:
            need("item", k.value, k, ("item",))


def _check_scene(fields: dict, need: Callable[[str, str, Any, tuple[str, ...]], None],
                 display: str, problems: list[Problem]) -> None:
    """A scene's foes, setting and friends who join are cards of their types; the foes whose
    fall wins it (won_when) are among its foes."""
    for foe in fields.get("foes", _NO_NODES).value:
        need("foe", foe.value, foe, _FOE_TYPES)
    if "setting" in fields:
        need("setting", fields["setting"].value, fields["setting"], ("setting",))
    for friend in fields.get("joins", _NO_NODES).value:
        need("buddy or companion", friend.value, friend, ("buddy", "companion"))
    scene_foes = [f.value for f in fields.get("foes", _NO_NODES).value]
    for decisive in fields.get("won_when", _NO_NODES).value:
        if decisive.value not in scene_foes:
            problems.append(problem_at(display, decisive, _(
                "won_when: {name!r} is not one of the scene's foes").format(
                    name=decisive.value)))


_bundled: Library | None = None


def bundled_library() -> Library:
    """The bundled box, loaded once per process. Problems in it are a packaging bug."""
    global _bundled
    if _bundled is None:
        from guide.core import boxcache

        paths = bundled("kaverini")      # cards/kaverini/ and adventures/kaverini/
        code = [*boxcache.core_code(), Path(__file__).resolve().parents[1]]
        _bundled, problems = boxcache.cached("kaverini", paths, lambda: yaml_files(paths)[0],
                                             code, lambda: load(paths))
        if problems:
            raise RuntimeError("the bundled box has problems: " + str(problems[0]))
    return _bundled


def library_with(boxes: list[Path]) -> tuple[Library, list[Problem]]:
    """The bundled box plus extra --box folders (later definitions of a name win)."""
    base = bundled_library()
    if not boxes:
        return base, []
    extra, problems = load(boxes, known=base)
    replaced = [f"card {base.cards[k].name}" for k in extra.cards if k in base.cards] + [
        f"adventure {k}" for k in extra.adventures if k in base.adventures]
    return Library({**base.cards, **extra.cards}, {**base.adventures, **extra.adventures},
                   replaced), problems
