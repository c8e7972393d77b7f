"""The box: cards/taverne/*.yaml (what the rulebook gives) and the table's own folders
(`--box`), where the Characters' powers and Initial Loot and the Specialties' texts are
typed from the table's cards. Problems carry FILE:LINE:COL."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from guide.core.errors import DataError
from guide.core.i18n import domain
from guide.core.yamlsrc import Problem

KINDS = ("asset", "dirty trick", "spell")
MAX_BYTES = 1024 * 1024
_, ngettext, pgettext = domain("taverne").functions()


@dataclass
class Character:
    name: str
    beginner: bool = False
    initial_loot: int | None = None
    power: str | None = None          # the table's text, from its own card
    calls: list[int] = field(default_factory=list)   # the calls its power acts at
    tavern: str | None = None


@dataclass
class Specialty:
    name: str
    kind: str
    text: str | None = None
    tavern: str | None = None


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

    @property
    def home(self) -> str | None:
        """The box's own Tavern of origin (its first), for Characters that name none."""
        return next(iter(self.taverns), None)

    def character(self, name: str) -> Character | None:
        key = name.casefold()
        alias = {k.casefold(): v for k, v in self.example_names.items()}.get(key)
        return self.characters.get(alias.casefold() if alias else key)

    def beginner_pool(self) -> list[str]:
        return [c.name for c in self.characters.values() if c.beginner]


class _Reader:
    """YAML composed into plain values, remembering where each mapping value sits."""

    def __init__(self, display: str):
        self.display = display
        self.marks: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.problems: list[Problem] = []

    def value(self, node: yaml.Node, path: tuple[Any, ...]) -> Any:
        self.marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for k, v in node.value:
                if not isinstance(k, yaml.ScalarNode):
                    self.problem(path, "a key must be plain text")
                    continue
                key = _scalar(k)
                out[key] = self.value(v, (*path, key))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.value(v, (*path, i)) for i, v in enumerate(node.value)]
        return _scalar(node)

    def problem(self, path: tuple[Any, ...], message: str) -> None:
        line, col = self.marks.get(path, (1, 1))
        where = ".".join(str(p) for p in path)
        self.problems.append(Problem(self.display, line, col,
                                     f"{where}: {message}" if where else message))


def _scalar(node: yaml.Node) -> Any:
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node)
    finally:
        loader.dispose()


def read(path: Path, box: Box, display: str | None = None) -> list[Problem]:
    """Add one YAML file to the box; the problems found (nothing added from a bad entry)."""
    r = _Reader(display or str(path))
    try:
        raw = path.read_bytes()
        if len(raw) > MAX_BYTES:
            return [Problem(r.display, 1, 1, "file is too large (the limit is 1 MB)")]
        node = yaml.compose(raw.decode("utf-8-sig"), Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
        mark = getattr(e, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return [Problem(r.display, line, col, f"cannot read: {str(e).splitlines()[0]}")]
    if node is None:
        return []
    try:
        data = r.value(node, ())
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return [Problem(r.display, line, col, f"not plain YAML: {str(e).splitlines()[0]}")]
    if not isinstance(data, dict):
        r.problem((), "a Taverne box file is a mapping (box:, characters:, ...)")
        return r.problems
    _fill(r, data, box)
    return r.problems


def _fill(r: _Reader, data: dict[Any, Any], box: Box) -> None:
    if isinstance(data.get("box"), str):
        box.name = box.name or data["box"]
    for key, n in (data.get("components") or {}).items():
        if isinstance(n, int) and n >= 0:
            box.components[str(key)] = n
        else:
            r.problem(("components", key), "a count is a whole number, 0 or more")
    for i, t in enumerate(data.get("taverns") or []):
        if not isinstance(t, dict) or not isinstance(t.get("name"), str):
            r.problem(("taverns", i), "a Tavern has a name")
            continue
        box.taverns[t["name"]] = t.get("formula")
    for i, c in enumerate(data.get("characters") or []):
        _character(r, i, c, box)
    for k, v in (data.get("example_names") or {}).items():
        box.example_names[str(k)] = str(v)
    for i, w in enumerate(data.get("weapons") or []):
        if isinstance(w, dict) and isinstance(w.get("name"), str) and \
                (w.get("value") is None or w.get("value") in range(1, 10)):
            box.weapons.append({"name": w["name"], "value": w.get("value")})
        else:
            r.problem(("weapons", i), "a Weapon has a name and a value 1 to 9 (or none)")
    for k, words in (data.get("calls") or {}).items():
        if isinstance(k, int) and 1 <= k <= 9 and isinstance(words, str):
            box.calls[k] = words
        else:
            r.problem(("calls", k), "a call is numbered 1 to 9 and has its words")
    for i, s in enumerate(data.get("specialties") or []):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or \
                s.get("kind") not in KINDS:
            r.problem(("specialties", i), "a Specialty has a name and a kind: "
                      + ", ".join(KINDS))
            continue
        box.specialties[s["name"].casefold()] = Specialty(s["name"], s["kind"], s.get("text"),
                                                          s.get("tavern"))


def _character(r: _Reader, i: int, c: Any, box: Box) -> None:
    path = ("characters", i)
    if not isinstance(c, dict) or not isinstance(c.get("name"), str) or not c["name"].strip():
        r.problem(path, "a Character has a name")
        return
    loot = c.get("initial_loot")
    if loot is not None and loot not in (1, 2, 3):
        r.problem((*path, "initial_loot"), "an Initial Loot is 1 to 3")
        return
    calls = c.get("calls") or []
    if not isinstance(calls, list) or any(x not in range(1, 10) for x in calls):
        r.problem((*path, "calls"), "calls are numbers 1 to 9")
        return
    old = box.characters.get(c["name"].casefold())
    new = Character(c["name"], bool(c.get("beginner", old.beginner if old else False)),
                    loot, c.get("power"), list(calls), c.get("tavern"))
    if old is not None:         # the table's file fills in what the box leaves empty
        new.initial_loot = new.initial_loot or old.initial_loot
        new.power = new.power or old.power
        new.calls = new.calls or old.calls
        new.tavern = new.tavern or old.tavern
    box.characters[c["name"].casefold()] = new


def load(folders: list[Path]) -> Box:
    """The bundled box and the table's folders, in order; DataError (FILE:LINE:COL: what)
    on the first problem."""
    box = Box()
    problems: list[Problem] = []
    for folder in folders:
        files = sorted(folder.glob("*.yaml")) if folder.is_dir() else [folder]
        for f in files:
            problems += read(f, box)
    if problems:
        raise DataError(_("{value} ({count} problem(s); run guide check --game taverne)").format(
            value=min(problems), count=len(problems)))
    return box


def check(paths: list[Path]) -> list[Problem]:
    problems: list[Problem] = []
    for p in paths:
        files = sorted(p.glob("*.yaml")) if p.is_dir() else [p]
        for f in files:
            problems += read(f, Box())
    return sorted(problems)
