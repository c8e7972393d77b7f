"""A game's box: the data files it reads, found, read and validated here for every game.

A game declares the kinds of file it reads (`Game.files`: a name and a JSON Schema each);
the core finds them (the bundled box under `cards/<id>/` and `adventures/<id>/` at the top of
the repository, shipped inside the wheel as `guide/box/cards/<id>/` and so on, then each
`--box`), reads them through `guide.core.yamlsrc` (regular files only, at most 5 MB, UTF-8,
plain tags, node and alias limits) and validates them with `guide.core.schema`, every problem
as FILE:LINE:COL. The game then builds its library from the valid documents (`Game.build`)
and reports, positioned, what a schema cannot say (a sum, a reference). `guide check` and
`load` run the same code, so `check` accepts exactly what `load` accepts.
"""

from __future__ import annotations

import fnmatch
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from guide.core.errors import DataError
from guide.core.i18n import domain
from guide.core.names import suggest
from guide.core.schema import Validator
from guide.core.yamlsrc import (
    Problem,
    TooBig,
    Walker,
    collector_paused,
    compose_file_plain,
    problem_at,
)

if TYPE_CHECKING:
    from guide.core.game import Game

KINDS = ("cards", "adventures")
SHOWN_PER_FILE = 100        # problems shown of one file: the first ones, and how many more
GAME_KEY = "game"           # a top-level `game: ID` says whose file it is (guide check)
_, ngettext, pgettext = domain("core").functions()



def bundled(game_id: str) -> list[Path]:
    """The existing box folders of a game: installed in the package, else the repository's."""
    # the package's folder: what importlib.resources.files("guide") gives for a package on
    # disk, without importing importlib.resources' readers (a start-up's cost)
    import guide

    installed = Path(guide.__file__).parent / "box"
    root = installed if installed.is_dir() else Path(__file__).resolve().parents[2]
    return [root / kind / game_id for kind in KINDS if (root / kind / game_id).is_dir()]


@dataclass(frozen=True)
class FileKind:
    """One kind of data file of a game: `name` (its schema's name, `guide schema NAME`),
    the file names it matches (`pattern`, without .yaml/.yml: "deck", "*") and its schema."""

    name: str
    pattern: str
    schema: dict

    def matches(self, path: Path) -> bool:
        return path.suffix in (".yaml", ".yml") and fnmatch.fnmatchcase(path.stem, self.pattern)


@dataclass
class Doc:
    """One valid data file: its kind, where it is, its YAML node and its plain value."""

    kind: FileKind
    file: str
    node: yaml.Node
    value: Any
    plain: bool = True      # its text holds no control or invisible character (yamlsrc)

    def node_at(self, *path: str | int) -> yaml.Node:
        """The node of a key path (`"tiles", "shapes"`; an int is a list index), as deep as
        it goes (a missing key: its parent's node)."""
        node = self.node
        for part in path:
            if isinstance(node, yaml.MappingNode):
                found = next((v for k, v in node.value if getattr(k, "value", None) == str(part)),
                             None)
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) \
                    and 0 <= part < len(node.value):
                found = node.value[part]
            else:
                found = None
            if found is None:
                break
            node = found
        return node

    def problem(self, path: tuple[str | int, ...], message: str) -> Problem:
        """A problem positioned at that key path (what the schema cannot say: a sum ...)."""
        return problem_at(self.file, self.node_at(*path), message)


def yaml_files(paths: list[Path]) -> tuple[list[Path], list[Problem]]:
    """The YAML files of files and folders (a folder's, sorted, at any depth)."""
    files: list[Path] = []
    problems: list[Problem] = []

    def unread(e: OSError, where: Path) -> None:     # a folder that cannot be listed
        problems.append(Problem(str(e.filename or where), 1, 1, _("cannot read: {why}").format(
            why=e.strerror or e)))

    for path in paths:
        try:
            info = path.stat()
        except (FileNotFoundError, NotADirectoryError):
            if path.is_symlink():             # a link to nothing: read_regular says so
                files.append(path)
            else:
                problems.append(Problem(str(path), 1, 1, _("no such file or folder")))
            continue
        except OSError as e:                  # a folder on its way that cannot be entered
            unread(e, path)
            continue
        if stat.S_ISDIR(info.st_mode):
            files += _walk(path, partial(unread, where=path))
        else:                                 # a device or a pipe: read_regular says which
            files.append(path)
    return files, problems


def _walk(top: Path, unread: Callable[[OSError], None]) -> list[Path]:
    """The YAML files under a folder, at any depth, in os.walk's order (a folder's files,
    sorted, then each subfolder's, sorted; a link to a folder is not followed), without
    os.walk's recursion: a box nested 1,500 folders deep exceeded Python's recursion limit
    (issue 41). A folder that cannot be listed is given to `unread`."""
    files: list[Path] = []
    folders = [top]
    while folders:
        folder = folders.pop()
        names: list[str] = []
        subfolders: list[str] = []
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    try:
                        is_dir = entry.is_dir()
                    except OSError:
                        is_dir = False
                    if not is_dir:
                        names.append(entry.name)
                    elif not entry.is_symlink():
                        subfolders.append(entry.name)
        except OSError as e:
            unread(e)
            continue
        files += [folder / n for n in sorted(names) if n.endswith((".yaml", ".yml"))]
        folders += [folder / d for d in sorted(subfolders, reverse=True)]
    return files


def compose(path: Path, display: str, game_id: str, problems: list[Problem],
            empty: str | None = None) -> tuple[yaml.Node | None, bool]:
    """Read one file (bounded, regular, UTF-8, YAML), and take off its `game: ID` (which
    must be this game's). The node (None: nothing to validate) and whether its text is plain."""
    node, found, plain = compose_file_plain(path, display)
    problems += found
    if node is None:
        if not found:
            problems.append(Problem(display, 1, 1, empty or _("empty file")))   # the caller's own words
        return None, plain
    if isinstance(node, yaml.MappingNode):
        kept = []
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.tag.endswith(":str") and k.value == GAME_KEY:
                if not (isinstance(v, yaml.ScalarNode) and v.value == game_id):
                    problems.append(problem_at(display, v, _(
                        "game: this file is read as {game!r}'s, not {other}'s").format(
                            game=game_id, other=_shown(v))))
                continue
            kept.append((k, v))
        node = yaml.MappingNode(node.tag, kept, node.start_mark, node.end_mark, node.flow_style)
    return node, plain


def _shown(node: yaml.Node) -> str:
    return repr(node.value) if isinstance(node, yaml.ScalarNode) else _("a list or mapping")


def validate(node: yaml.Node, schema: dict, display: str,
             problems: list[Problem]) -> tuple[Any, bool]:
    """The plain value of a node checked against a schema, and whether it is valid; the
    problems (at most SHOWN_PER_FILE, then how many more) added to `problems`."""
    start = len(problems)
    walker = Walker(display, problems)
    value = None
    try:
        value = Validator(schema, walker).check(node, schema, "")
    except TooBig as e:
        problems.append(problem_at(display, node, str(e)))
    except RecursionError:
        problems.append(problem_at(display, node, _("nested too deeply; the file is refused")))
    trim(problems, start, display)
    return value, len(problems) == start


def trim(problems: list[Problem], start: int, display: str) -> None:
    """Keep the first SHOWN_PER_FILE problems found since `start`, and say how many more."""
    if len(problems) - start > SHOWN_PER_FILE:
        more = len(problems) - start - SHOWN_PER_FILE
        mine = sorted(problems[start:])
        last = mine[SHOWN_PER_FILE - 1]
        problems[start:] = mine[:SHOWN_PER_FILE] + [
            Problem(display, last.line, last.column + 1,
                    ngettext("... and {count:,} more problem in this file",
                             "... and {count:,} more problems in this file", more).format(count=more))]


def kinds_of(path: Path, kinds: tuple[FileKind, ...]) -> list[FileKind]:
    return [k for k in kinds if k.matches(path)]


def choose(kinds: list[FileKind], node: yaml.Node) -> FileKind:
    """Of the kinds a file's name matches, the first whose required top-level keys it has
    (a Kaverini `*.yaml` holds cards or an adventure), else the first."""
    keys = {k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode)} \
        if isinstance(node, yaml.MappingNode) else set()     # `{[1]: b}`: the walk says it
    return next((k for k in kinds if set(k.schema.get("required", ())) <= keys), kinds[0])


def read(paths: list[Path], kinds: tuple[FileKind, ...],
         game_id: str) -> tuple[list[Doc], list[Problem]]:
    """Every file of those files and folders, each read and validated as its kind: the
    valid documents in order, and the problems. A YAML file of no kind is a problem."""
    files, problems = yaml_files(paths)
    docs = []
    for path in files:
        matching = kinds_of(path, kinds)
        if not matching:
            names = [f"{k.pattern}.yaml" for k in kinds]
            problems.append(Problem(str(path), 1, 1, _(
                "not a file the {game} game reads{hint} (it reads: {names})").format(
                    game=game_id, hint=suggest(path.name, names),
                    names=", ".join(names) or _("no files"))))
            continue
        doc = read_as(path, matching, game_id, problems)
        if doc is not None:
            docs.append(doc)
    return docs, problems


def read_as(path: Path, kinds: FileKind | list[FileKind], game_id: str,
            problems: list[Problem]) -> Doc | None:
    """One file read and validated as that kind (or the one of those it fits, `choose`)
    whatever its name; None if it is not valid."""
    display = str(path)
    with collector_paused():
        node, plain = compose(path, display, game_id, problems)
        if node is None:
            return None
        kind = choose(kinds, node) if isinstance(kinds, list) else kinds
        value, ok = validate(node, kind.schema, display, problems)
    return Doc(kind, display, node, value, plain) if ok else None


def build(game: Game, paths: list[Path]) -> tuple[Any, list[Problem]]:
    """The game's library of those files and folders, and every problem, sorted."""
    docs, problems = read(paths, game.files(), game.id)
    library, more = game.build(docs)
    return library, sorted(set(problems + more))


def load(game: Game, boxes: list[Path]) -> Any:
    """The bundled box plus each `--box` (later files win where the game says so); a
    DataError with the first problem, positioned."""
    from guide.core import boxcache

    paths = bundled(game.id) + list(boxes)
    library, problems = boxcache.cached(
        game.id, paths, lambda: yaml_files(paths)[0], _code_of(game), lambda: build(game, paths))
    if problems:
        raise refused(problems, game.id, boxes)
    return library


def refused(problems: list[Any], game_id: str, boxes: list[Path] | tuple[Path, ...] = ()
            ) -> DataError:
    """A box that has problems: the first, positioned, how many, and the line that lists
    them all (`guide check mybox --game taverne`, the --box folders named)."""
    from guide.core.line import build
    from guide.core.text import shown_path

    line = build(["guide", "check", *map(shown_path, boxes)], [("--game", game_id)])
    return DataError(ngettext("{first} ({count} problem; run {line})",
                              "{first} ({count} problems; run {line})", len(problems)).format(
        first=problems[0], count=len(problems), line=line))


def _code_of(game: Game) -> list[Path]:
    """The folders of the code that builds a game's library: the core's and the game's."""
    import sys

    from guide.core.boxcache import core_code

    package = type(game).__module__.rsplit(".", 1)[0]
    found = getattr(sys.modules.get(package), "__file__", None)
    return core_code() + ([Path(found).parent] if found else [])


def check(game: Game, paths: list[Path]) -> list[Problem]:
    """The problems of those files and folders as `--box` of a table (`guide check`):
    what `load` refuses, and nothing else."""
    _, problems = build(game, bundled(game.id) + list(paths))
    return problems


def game_of(path: Path, installed: list[str]) -> str | None:
    """Whose file this is by where it lies: under `cards/<game>/` or `adventures/<game>/`
    (the innermost such folder), else None."""
    parts = path.absolute().parts
    for i in range(len(parts) - 2, -1, -1):
        if parts[i] in KINDS and parts[i + 1] in installed:
            return parts[i + 1]
    return None


def declared_game(path: Path) -> str | None:
    """A file's top-level `game: ID`, read bounded (None: none, or not readable)."""
    if path.suffix not in (".yaml", ".yml"):
        return None
    node, problems, _ = compose_file_plain(path, str(path))
    if problems or not isinstance(node, yaml.MappingNode):
        return None
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value == GAME_KEY and isinstance(v, yaml.ScalarNode):
            return str(v.value)
    return None


def by_game(paths: list[Path], installed: list[str], default: str) -> dict[str, list[Path]]:
    """The files of those paths (a folder's YAML files, at any depth) by the game each
    belongs to (`guide check` with no --game): its folder under cards/ or adventures/, else
    its `game: ID`, else `default`. A folder with no YAML file goes as it is."""
    out: dict[str, list[Path]] = {}
    for path in paths:
        files = yaml_files([path])[0] if _is(path, stat.S_ISDIR) else [path]
        for file in files or [path]:
            game = game_of(file, installed)
            if game is None and _is(file, stat.S_ISREG):
                declared = declared_game(file)
                game = declared if declared in installed else None
            out.setdefault(game or default, []).append(file)
    return out


def _is(path: Path, kind: Callable[[int], bool]) -> bool:
    """Whether the path is of that kind; False where it cannot be reached (a folder on its
    way that cannot be entered: reading it says so, positioned)."""
    try:
        return kind(path.stat().st_mode)
    except OSError:
        return False
