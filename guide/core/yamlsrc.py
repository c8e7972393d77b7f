"""Safe, bounded YAML reading that keeps every value's position.

Files are composed (never constructed) with PyYAML's C parser when available, so only plain
YAML is read: a `!!python/...` or any other explicit tag is a problem, not a call. Sizes are
bounded (MAX_BYTES per file, MAX_NODES values walked, so an alias bomb is refused) and the
parser's own nesting limit guards against deep nesting.
"""

from __future__ import annotations

import gc
import hashlib
import math
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from guide.core.files import file_kind
from guide.core.i18n import N_, _, current
from guide.core.text import visible

MAX_BYTES = 5 * 1024 * 1024
MAX_NODES = 500_000

_Loader: type[yaml.SafeLoader] | type[yaml.CSafeLoader] = getattr(yaml, "CSafeLoader",
                                                               yaml.SafeLoader)

STR = "tag:yaml.org,2002:str"
INT = "tag:yaml.org,2002:int"
FLOAT = "tag:yaml.org,2002:float"
BOOL = "tag:yaml.org,2002:bool"
NULL = "tag:yaml.org,2002:null"
TIMESTAMP = "tag:yaml.org,2002:timestamp"  # read as text: no field of ours is a date
SEQ = "tag:yaml.org,2002:seq"
MAP = "tag:yaml.org,2002:map"
MERGE = "tag:yaml.org,2002:merge"
_SCALAR_TAGS = {STR, INT, FLOAT, BOOL, NULL}
_IMPLICIT = {first: tuple(found) for first, found in _Loader.yaml_implicit_resolvers.items()}


class _Composer(_Loader):       # type: ignore[valid-type,misc]
    """The loader, with the tag of each plain value resolved by its first character
    alone when no resolver starts with it (most text): PyYAML's own `resolve`, its usual
    case taken first. The tags are the same. A short value's tag is kept for the rest of the
    file (a file repeats its small values: 0, 1, true, foe), a few thousand of them."""

    def __init__(self, stream):
        super().__init__(stream)
        self.tags: dict[str, str] = {}

    def resolve(self, kind, value, implicit):
        if kind is yaml.ScalarNode and implicit[0]:
            found = self.tags.get(value)
            if found is not None:
                return found
            found = self.DEFAULT_SCALAR_TAG
            for tag, regexp in _IMPLICIT.get(value[:1], ()):
                if regexp.match(value):
                    found = tag
                    break
            if len(value) <= 20 and len(self.tags) < 4096:
                self.tags[value] = found
            return found
        return super().resolve(kind, value, implicit)


# a resolver for any value, or by path: PyYAML's own resolve alone
_COMPOSER = _Loader if None in _IMPLICIT or _Loader.yaml_path_resolvers else _Composer
_PATH_RESOLVERS = bool(_Loader.yaml_path_resolvers)


class _NodeLimit(Exception):
    """Raised by the composer at the node past MAX_NODES: (line, column) near it."""


class _Counted(_COMPOSER):      # type: ignore[valid-type,misc]
    """The composer, counting the nodes it makes as it makes them, and stopping at the one
    past MAX_NODES: a dense file (`[0,0,...]`, `{a,a,...}`: a node every two bytes) is
    refused before PyYAML builds millions of nodes (issue 41; 5 MB of them cost 1.9 GB when
    counted after composing). PyYAML's composer, its C one too, calls `descend_resolver`
    once for every node it is about to compose (aliases excepted: they make no node, the
    Walker counts what they point at)."""

    nodes = 0

    def descend_resolver(self, current_node, current_index):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _NodeLimit(*_near(current_node, current_index))
        if _PATH_RESOLVERS:
            super().descend_resolver(current_node, current_index)


def _near(parent: yaml.Node | None, index: object) -> tuple[int, int]:
    """Where the composer stands when it starts a node of `parent` (the key node of a
    mapping's value, else the index): just after the node composed before it."""
    if isinstance(index, yaml.Node):
        mark = index.end_mark
    elif parent is not None and parent.value:
        last = parent.value[-1]
        mark = (last[1] if isinstance(last, tuple) else last).end_mark
    else:
        mark = parent.start_mark if parent is not None else None
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def compose(text: str) -> yaml.Node | None:
    """The node of a YAML text of one document, composed by _Counted (raises _NodeLimit)."""
    loader = _Counted(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()
_constructor = yaml.constructor.SafeConstructor()


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        """FILE:LINE:COLUMN: message, on one line whatever the file's name or the message
        holds (a name with a newline cannot forge another problem's line)."""
        return f"{visible(self.file)}:{self.line}:{self.column}: {visible(self.message)}"


MAX_PROBLEMS = 1000     # a file this broken is not worth reading on


class TooBig(Exception):
    """Raised when a document holds more values than MAX_NODES once aliases are followed, or
    more than MAX_PROBLEMS problems."""


def problem_at(file: str, node: yaml.Node | None, message: str) -> Problem:
    if node is None:
        return Problem(file, 1, 1, message)
    mark = node.start_mark
    return Problem(file, mark.line + 1, mark.column + 1, message)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while one file is read and checked (bounded:
    MAX_BYTES, MAX_NODES), then left as it was. Its passes over a file's many young nodes
    and values, none of them garbage yet, cost a third of `guide check` (issue 32); what
    the file leaves behind is collected once it is resumed."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def compose_file(path: Path, display: str) -> tuple[yaml.Node | None, list[Problem]]:
    """Read and compose one file, refusing what is too big, not UTF-8, or not YAML."""
    node, problems, _ = compose_file_plain(path, display)
    return node, problems


def compose_file_plain(path: Path, display: str) -> tuple[yaml.Node | None, list[Problem], bool]:
    """compose_file, and whether the file's text is plain: no control or invisible
    character and no backslash escape anywhere, so no value of it can hold one (its texts
    need no escaping at the border, guide.core.text)."""
    raw, problem = read_regular(path, display)
    if problem is not None:
        return None, [problem], False
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        col = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        return None, [Problem(display, line, col, _(
            "not UTF-8 text (byte 0x{byte:02x}); save the file as UTF-8").format(
                byte=raw[e.start]))], False
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        return None, [Problem(display, line, 1, _("binary data (a NUL byte) in a YAML file"))], False
    plain = "\\" not in text and text.replace("\n", "").replace("\t", "").isprintable()
    if len(raw) < _REMEMBERED_FROM:
        return (*compose_text(text, display), plain)
    # a big file refused once is refused again without composing it (guide check reads a
    # file's `game:` before checking it: a dense file would be composed twice)
    digest = (display, current(), hashlib.blake2b(raw, digest_size=16).digest())
    if digest in _refused:
        return None, list(_refused[digest]), plain
    node, problems = compose_text(text, display)
    if node is None and problems:
        _refused[digest] = tuple(problems)
        while len(_refused) > 8:
            del _refused[next(iter(_refused))]
    return node, problems, plain


_REMEMBERED_FROM = 256 * 1024      # bytes: a smaller file is composed again in no time
_refused: dict[tuple[str, str, bytes], tuple[Problem, ...]] = {}   # (file, language, hash)


@dataclass
class Snapshot:
    """The bytes of a build's files, read once: what a build reads of them (read_regular,
    within `reading_from`) is those very bytes, so a file saved during the build cannot
    make it read another version than the one hashed (guide.core.boxcache). `missed`: the
    files the build read that are not in it (read from disk)."""

    files: dict[Path, bytes]
    missed: list[Path] = field(default_factory=list)


_SNAPSHOT: ContextVar[Snapshot | None] = ContextVar("guide_yaml_snapshot", default=None)


@contextmanager
def reading_from(snapshot: Snapshot) -> Iterator[Snapshot]:
    """Within the block, read_regular gives the snapshot's bytes for its files."""
    token = _SNAPSHOT.set(snapshot)
    try:
        yield snapshot
    finally:
        _SNAPSHOT.reset(token)


def read_regular(path: Path, display: str) -> tuple[bytes, Problem | None]:
    """The bytes of a regular file, at most MAX_BYTES of them. A pipe, a device (a link to
    /dev/zero named cards.yaml) or a socket is refused before anything is read, and the
    size limit holds before reading, so nothing can hang or fill memory. Within
    `reading_from`, a file of the snapshot is its bytes there."""
    snapshot = _SNAPSHOT.get()
    if snapshot is not None:
        kept = snapshot.files.get(Path(path))
        if kept is not None:
            return kept, None
        snapshot.missed.append(Path(path))
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            return b"", Problem(display, 1, 1, _("{kind}, not a regular file: only regular files"
                                                 " are read").format(kind=file_kind(info.st_mode)))
        if info.st_size > MAX_BYTES:
            return b"", _too_large(display, info.st_size)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)     # a pipe swapped in cannot block
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return b"", Problem(display, 1, 1, _("not a regular file; only regular"
                                                     " files are read"))
            with os.fdopen(fd, "rb", closefd=False) as f:
                raw = f.read(MAX_BYTES + 1)
        finally:
            os.close(fd)
    except OSError as e:
        return b"", Problem(display, 1, 1, _("cannot read: {why}").format(why=e.strerror or e))
    if len(raw) > MAX_BYTES:                               # it grew while being read
        return b"", _too_large(display, len(raw))
    return raw, None


def _too_large(display: str, size: int) -> Problem:
    return Problem(display, 1, 1, _("file is too large ({size:.1f} MB; the limit is {limit} MB)")
                   .format(size=size / 1048576, limit=MAX_BYTES // 1048576))


def compose_text(text: str, display: str) -> tuple[yaml.Node | None, list[Problem]]:
    try:
        node = compose(text)
        loop = _loop(node) if "&" in text else None      # no anchor, no alias to loop back
        if loop is not None:
            return None, [problem_at(display, loop, _("an alias inside its own anchor (a value"
                                                      " that holds itself); the file is"
                                                      " refused"))]
        return node, []
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        from guide.core.yamlwords import problem_words  # the cold path: a broken file

        what = problem_words(e)
        return None, [Problem(display, where[0], where[1],
                              _("YAML syntax error: {what}").format(what=what))]
    except yaml.YAMLError as e:
        from guide.core.yamlwords import other_problem

        line, column, what = other_problem(e, text)
        return None, [Problem(display, line, column, _("YAML error: {what}").format(what=what))]
    except RecursionError:
        return None, [Problem(display, 1, 1, _("YAML nested too deeply"))]
    except _NodeLimit as e:
        line, column = e.args
        return None, [Problem(display, line, column, _(
            "more than {limit:,} values; the file is refused (docs/limits.md)").format(
                limit=MAX_NODES))]


def _loop(root: yaml.Node | None) -> yaml.Node | None:
    """A node that holds itself (`a: &x [*x]`), found once per node (not per alias)."""
    done: set[int] = set()
    open_: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)] if root is not None else []
    while stack:
        node, leaving = stack.pop()
        if leaving:
            open_.discard(id(node))
            done.add(id(node))
            continue
        if id(node) in done:
            continue
        if id(node) in open_:
            return node
        open_.add(id(node))
        stack.append((node, True))
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        else:
            children = []
        for child in children:
            if id(child) in open_:
                return child
            if id(child) not in done:
                stack.append((child, False))
    return None


MAX_NUMBER = 100     # characters of a number: none of ours needs more (docs/limits.md)
_TAG_NOUNS = {INT: N_("whole number"), FLOAT: N_("number"), BOOL: N_("true or false"),
              NULL: N_("empty value")}


def _show_text(text: str) -> str:
    return repr(text if len(text) <= 30 else text[:27] + "...")


class Walker:
    """Turns nodes into plain Python values, counting every value visited (MAX_NODES)."""

    def __init__(self, file: str, problems: list[Problem]):
        self.file = file
        self.problems = problems
        self._found = problems            # the file's real list (`problems` is swapped by anyOf)
        self._start = len(problems)
        self.most = self._start + MAX_PROBLEMS   # more problems than this: refuse()
        self.visited = 0

    def count(self) -> None:
        self.visited += 1
        if self.visited > MAX_NODES or len(self._found) > self.most:
            self.refuse()

    def refuse(self) -> None:
        """Raise TooBig: more than MAX_NODES values visited, or too many problems."""
        if self.visited > MAX_NODES:
            raise TooBig(_("too many values (an alias bomb?); the file is refused"))
        if len(self._found) - self._start > MAX_PROBLEMS:
            raise TooBig(_("more than {count:,} problems; checking stopped here").format(
                count=MAX_PROBLEMS))

    def scalar(self, node: yaml.Node):
        """The value of a scalar node, or a problem (and None) for an unsafe tag."""
        tag = node.tag
        if tag == STR or tag == TIMESTAMP:
            return node.value
        value = node.value
        if tag == INT and value.isascii() and value.isdigit() and len(value) <= MAX_NUMBER:
            return int(value)                  # the usual number: 3, 40 (not "²", not 5,000 digits)
        if tag not in _SCALAR_TAGS:
            self.problems.append(problem_at(self.file, node, _(
                "tag {tag} is not allowed: only plain YAML values are read").format(
                    tag=short_tag(node.tag))))
            return None
        if tag in (INT, FLOAT) and len(node.value) > MAX_NUMBER:
            self.problems.append(problem_at(self.file, node, _(
                "a number of {count:,} characters; at most {limit} are read").format(
                    count=len(node.value), limit=MAX_NUMBER)))
            return None
        try:
            value = _constructor.yaml_constructors[node.tag](_constructor, node)
            if isinstance(value, float) and not math.isfinite(value):
                self.problems.append(problem_at(self.file, node, _(
                    "{value}: only finite numbers are read").format(
                        value=_show_text(node.value))))
                return None
            return value
        except (ValueError, KeyError, TypeError, OverflowError, yaml.YAMLError):
            # an explicit tag on a value that is not one: !!int "²", !!bool "maybe"
            self.problems.append(problem_at(self.file, node, _(
                "{value} is not a valid {noun}").format(value=_show_text(node.value),
                                                        noun=_(_TAG_NOUNS[tag]))))
            return None

    def items(self, node: yaml.MappingNode) -> list[tuple[yaml.Node, yaml.Node, str]]:
        """(key node, value node, key text) of a mapping, reporting duplicates."""
        seen: dict[str, yaml.Node] = {}
        out: list[tuple[yaml.Node, yaml.Node, str]] = []
        pairs = node.value
        if self.visited + len(pairs) <= MAX_NODES and len(self._found) <= self.most:
            for k, v in pairs:          # the usual mapping: plain text keys, each once
                text = k.value
                if k.__class__ is not yaml.ScalarNode or text.__class__ is not str \
                        or text in seen or k.tag == MERGE:
                    break
                seen[text] = k
                out.append((k, v, text))
            else:                       # no count() below could have refused it
                self.visited += len(pairs)
                return out
            seen, out = {}, []
        for k, v in pairs:
            self.count()
            if not isinstance(k, yaml.ScalarNode):
                self.problems.append(problem_at(self.file, k, _("a key must be a plain value")))
                continue
            if k.tag == MERGE:
                self.problems.append(problem_at(self.file, k, _("merge keys (<<) are not supported;"
                                                  " write the fields out")))
                continue
            text = str(k.value)
            if text in seen:
                first = seen[text].start_mark.line + 1
                self.problems.append(problem_at(self.file, k, _(
                    "duplicate key {key!r} (first at line {line})").format(key=text, line=first)))
                continue
            seen[text] = k
            out.append((k, v, text))
        return out

    def plain(self, node: yaml.Node):
        """The whole plain value of a node (after validation)."""
        self.visited += 1                       # self.count(), inlined
        if self.visited > MAX_NODES or len(self._found) > self.most:
            self.refuse()
        if node.__class__ is yaml.ScalarNode and node.tag == STR:
            return node.value                   # self.scalar's first case, the usual one
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.plain_item(n) for n in node.value]
        assert isinstance(node, yaml.MappingNode)
        return {text: self.plain_item(v) for _, v, text in self.items(node)}

    def plain_item(self, node: yaml.Node):
        """plain, a text's case without a call more: the common value of a list or mapping."""
        if node.__class__ is yaml.ScalarNode and node.tag == STR:
            self.visited += 1                   # self.count(), inlined
            if self.visited > MAX_NODES or len(self._found) > self.most:
                self.refuse()
            return node.value
        return self.plain(node)


def short_tag(tag: str) -> str:
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix):] if tag.startswith(prefix) else tag
