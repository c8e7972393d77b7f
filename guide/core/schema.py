"""A small JSON Schema (draft 2020-12) validator that works on YAML nodes, so every problem
has a position.

Each game's JSON Schemas are the one description of its file formats: editors use them as
authors type, and `guide check` validates with them here. The keywords read are SUPPORTED
(held to the official JSON-Schema-Test-Suite, tests/data/JSON-Schema-Test-Suite); a schema
with any other keyword, a `$id` below its root or a `$ref` outside the schema is refused
when it is loaded (SchemaError), never checked more leniently than it says.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable
from typing import Any

import yaml

from guide.core.i18n import N_, _, ngettext, pgettext_any
from guide.core.schemakeys import (
    ANNOTATIONS,
    APPLICATORS,
    SUPPORTED,
    TYPES,
    SchemaError,
    pointer,
    regex,
)
from guide.core.schemaplan import plan
from guide.core.yamlsrc import (
    BOOL,
    FLOAT,
    INT,
    MAP,
    NULL,
    SEQ,
    STR,
    TIMESTAMP,
    Problem,
    Walker,
    problem_at,
    short_tag,
)

_ONE = ("items", "additionalProperties", "not", "if", "then", "else")   # a schema as value
_MANY = ("anyOf", "allOf", "oneOf")                                     # a list of schemas
_BY_NAME = ("properties", "patternProperties", "$defs")                 # schemas by name

_KNOWN_TAGS = {STR, INT, FLOAT, BOOL, NULL, SEQ, MAP, TIMESTAMP}
_TYPE_TAGS = {"string": {STR, TIMESTAMP}, "integer": {INT}, "number": {INT, FLOAT},
              "boolean": {BOOL}, "null": {NULL}}
_NOUNS = {"string": N_("text"), "integer": N_("a whole number"), "number": N_("a number"),
          "boolean": N_("true or false"), "array": N_("a list"), "object": N_("a mapping"),
          "null": N_("empty")}


_checked: dict[int, object] = {}       # id -> schema, for the schemas already checked


def check_schema(root: Any) -> None:
    """Refuse a schema using what this validator does not implement (SchemaError)."""
    if _checked.get(id(root)) is root:
        return
    _check_schema(root, root, "#", top=True)
    _checked[id(root)] = root


def _check_schema(schema: Any, root: Any, where: str, top: bool = False) -> None:
    if isinstance(schema, bool):
        return
    if not isinstance(schema, dict):
        raise SchemaError(f"{where}: a schema is a mapping or true/false")
    for key, value in schema.items():
        at = f"{where}/{key}"
        if key not in SUPPORTED | ANNOTATIONS or (key == "$id" and not top):
            raise SchemaError(f"{at}: the keyword {key!r} is not implemented here")
        check = _KEYWORD_CHECKS.get(key)
        if check is not None:
            check(key, value, root, at)


def _check_one(key: str, value: Any, root: Any, at: str) -> None:
    """A keyword whose value is a schema."""
    _check_schema(value, root, at)


def _check_many(key: str, value: Any, root: Any, at: str) -> None:
    """A keyword whose value is a non-empty list of schemas."""
    if not isinstance(value, list) or not value:
        raise SchemaError(f"{at}: a non-empty list of schemas")
    for i, sub in enumerate(value):
        _check_schema(sub, root, f"{at}/{i}")


def _check_by_name(key: str, value: Any, root: Any, at: str) -> None:
    """A keyword whose value maps names (patterns, for patternProperties) to schemas."""
    if not isinstance(value, dict):
        raise SchemaError(f"{at}: a mapping of schemas")
    for name, sub in value.items():
        if key == "patternProperties":
            _pattern(name, at)
        _check_schema(sub, root, f"{at}/{name}")


def _check_ref(key: str, value: Any, root: Any, at: str) -> None:
    """$ref: a pointer inside this schema, to something it holds."""
    if not isinstance(value, str) or not value.startswith("#"):
        raise SchemaError(f"{at}: only references inside the schema (#/...) are read")
    pointer(root, value)


def _check_pattern(key: str, value: Any, root: Any, at: str) -> None:
    _pattern(value, at)


def _check_type(key: str, value: Any, root: Any, at: str) -> None:
    """type: one of TYPES, or a non-empty list of them."""
    names = value if isinstance(value, list) else [value]
    if not names or any(n not in TYPES for n in names):
        raise SchemaError(f"{at}: types are {', '.join(TYPES)}")


def _check_list(key: str, value: Any, root: Any, at: str) -> None:
    if not isinstance(value, list):
        raise SchemaError(f"{at}: a list")


# How a schema's keyword is checked when the schema is loaded (keywords not here need no
# check); each is told the keyword, its value, the root schema and where it is.
_KEYWORD_CHECKS: dict[str, Callable[[str, Any, Any, str], None]] = {
    **dict.fromkeys(_ONE, _check_one),
    **dict.fromkeys(_MANY, _check_many),
    **dict.fromkeys(_BY_NAME, _check_by_name),
    "$ref": _check_ref,
    "pattern": _check_pattern,
    "type": _check_type,
    "enum": _check_list,
    "required": _check_list,
}


def _pattern(text: Any, where: str) -> None:
    try:
        if r"\p" in text or r"\P" in text:
            raise re.error("Unicode property classes")
        regex(text)
    except (re.error, TypeError) as e:
        raise SchemaError(f"{where}: a pattern this validator cannot read ({e})") from None


def equal(a: Any, b: Any) -> bool:
    """JSON equality: true is not 1 and false is not 0; 1 is 1.0; lists and mappings deep."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(equal(a[k], b[k]) for k in a)
    if isinstance(a, (list, dict)) or isinstance(b, (list, dict)):
        return False
    return bool(a == b)


def _canon(v: Any) -> Any:
    """A hashable form in which two values are equal exactly when `equal` says so."""
    if isinstance(v, bool):
        return ("b", v)
    if isinstance(v, (int, float)):
        return ("n", int(v) if isinstance(v, float) and v.is_integer() else v)
    if isinstance(v, list):
        return ("l", tuple(_canon(x) for x in v))
    if isinstance(v, dict):
        return ("d", frozenset((k, _canon(x)) for k, x in v.items()))
    return ("s", v)


class Validator:
    """Validates nodes against one root schema. Each (sub)schema is compiled once into a
    function (guide.core.schemaplan) that reads a valid value without looking its keywords
    up again, and hands anything else to the methods below, which report every problem;
    `fast=False` reads every schema keyword by keyword (`interpret`), the reference the
    compiled functions are held to (tests/core/test_schema_plan.py)."""

    def __init__(self, root: Any, walker: Walker, fast: bool = True):
        check_schema(root)
        self.root = root
        self.walker = walker
        self.fast = fast
        self.probing = 0        # inside errors(): problems only counted, never shown

    @property
    def file(self) -> str:
        return self.walker.file

    def errors(self, node: yaml.Node, schema: Any, what: str) -> tuple[list[Problem], Any]:
        """Problems of `node` against `schema` without recording them, and its value."""
        saved = self.walker.problems
        self.walker.problems = []
        self.probing += 1
        try:
            value = self.check(node, schema, what)
            return self.walker.problems, value
        finally:
            self.walker.problems = saved
            self.probing -= 1

    def valid(self, node: yaml.Node, schema: Any, what: str) -> bool:
        return not self.errors(node, schema, what)[0]

    def report(self, node: yaml.Node, message: str) -> None:
        self.walker.problems.append(problem_at(self.file, node, message))

    def check(self, node: yaml.Node, schema: Any, what: str) -> Any:
        """Validate `node` and return its plain value (meaningful only when no problem)."""
        if self.fast:
            return plan(schema, self.root)(self, node, what)
        return self.interpret(node, schema, what)

    def interpret(self, node: yaml.Node, schema: Any, what: str) -> Any:
        """check, reading the schema keyword by keyword."""
        self.walker.count()
        return self.counted(node, schema, what)

    def counted(self, node: yaml.Node, schema: Any, what: str) -> Any:
        """interpret, the node already counted."""
        if schema is True or schema == {}:
            return self.walker.plain(node)
        if schema is False:
            self.report(node, _("{what}: nothing is allowed here").format(what=what or _("this")))
            return None
        if node.tag not in _KNOWN_TAGS:
            self.report(node, _("{what}: tag {tag} is not allowed: only plain YAML values are"
                                " read").format(what=what, tag=short_tag(node.tag)))
            return None
        value, typed = self.own(node, schema, what)
        found = [value] if typed else []
        if "$ref" in schema:
            found.append(self.check(node, pointer(self.root, schema["$ref"]), what))
        for sub in schema.get("allOf", ()):
            found.append(self.check(node, sub, what))
        for key in ("anyOf", "oneOf"):
            if key in schema:
                found += self.some(node, schema, key, what)
        if "not" in schema and self.valid(node, schema["not"], what):
            self.report(node, _("{what}: {value} is not allowed here").format(
                what=what or _("this"), value=_show(node)))
        if "if" in schema:
            branch = "then" if self.valid(node, schema["if"], what) else "else"
            if branch in schema:
                found.append(self.check(node, schema[branch], what))
        return found[0] if found else self.walker.plain(node)

    def some(self, node: yaml.Node, schema: dict, key: str, what: str) -> list[Any]:
        """anyOf (at least one) or oneOf (exactly one) of the schemas; the first match's value."""
        matches = []
        for sub in schema[key]:
            problems, value = self.errors(node, sub, what)
            if not problems:
                matches.append(value)
                if key == "anyOf":
                    break
        if not matches:
            self.report(node, _("{what}: {value} is not valid; expected {form}").format(
                what=what, value=_show(node),
                form=_describe(schema, _("a value of another kind"))))
        elif key == "oneOf" and len(matches) > 1:
            self.report(node, _("{what}: {value} fits more than one of the forms allowed").format(
                what=what, value=_show(node)))
        return matches[:1]

    def own(self, node: yaml.Node, schema: dict, what: str) -> tuple[Any, bool]:
        """The keywords of this schema that are not applicators; the value, and whether they
        made it (False: none of them reads the value, an applicator will)."""
        if not schema.keys() - APPLICATORS - ANNOTATIONS:
            return None, False
        if not self.check_type(node, schema, what):
            return None, True
        if isinstance(node, yaml.ScalarNode):
            value = self.check_scalar(node, schema, what)
        elif isinstance(node, yaml.SequenceNode):
            value = self.check_sequence(node, schema, what)
        else:
            assert isinstance(node, yaml.MappingNode)
            value = self.check_mapping(node, schema, what)
        if not isinstance(node, yaml.ScalarNode):      # a list or mapping where a value is named
            if "enum" in schema and not any(equal(value, e) for e in schema["enum"]):
                self.report(node, _("{what}: {value} is not allowed here; expected one of:"
                                    " {choices}").format(what=what, value=_show(node),
                                                         choices=", ".join(map(str, schema["enum"]))))
            if "const" in schema and not equal(value, schema["const"]):
                self.report(node, _("{what} must be {want!r}, not {value}").format(
                    what=what, want=schema["const"], value=_show(node)))
        return value, True

    def check_type(self, node: yaml.Node, schema: dict, what: str) -> bool:
        want = schema.get("type")
        if want is None:
            return True
        names = want if isinstance(want, list) else [want]
        if any(self._is(node, name) for name in names):
            return True
        self.report(node, _("{what} must be {want}, not {value}").format(
            what=what or _("the file"), want=_(" or ").join(_(_NOUNS[n]) for n in names), value=_show(node)))
        return False

    def _is(self, node: yaml.Node, want: str) -> bool:
        if want == "array":
            return isinstance(node, yaml.SequenceNode)
        if want == "object":
            return isinstance(node, yaml.MappingNode)
        return isinstance(node, yaml.ScalarNode) and (
            node.tag in _TYPE_TAGS[want] or (want == "integer" and self._whole(node)))

    def _whole(self, node: yaml.ScalarNode) -> bool:
        """A float with nothing after the point (3.0, 1e3) is an integer, as JSON Schema has it."""
        if node.tag != FLOAT:
            return False
        value = self.walker.scalar(node)
        return isinstance(value, float) and value.is_integer()

    def check_scalar(self, node: yaml.ScalarNode, schema: dict, what: str) -> Any:
        value = self.walker.scalar(node)
        if value is None and node.tag != NULL:
            return None
        want = schema.get("type")
        if isinstance(value, float) and value.is_integer() and want is not None and \
                "integer" in want and "number" not in want:
            value = int(value)                     # 3.0 is read as 3 (check_type let it in)
        self.check_choice(node, value, schema, what)
        if isinstance(value, str):
            self.check_string(node, value, schema, what)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            self.check_number(node, value, schema, what)
        return value

    def check_choice(self, node: yaml.ScalarNode, value: Any, schema: dict, what: str) -> None:
        """const and enum on a scalar: the one value allowed, or one of those allowed (with
        the nearest as a hint)."""
        if "const" in schema and not equal(value, schema["const"]):
            self.report(node, _("{what} must be {want!r}").format(what=what, want=schema["const"]))
        if "enum" in schema and not any(equal(value, e) for e in schema["enum"]):
            hint = "" if self.probing else (_suggest(str(value), schema["enum"])
                                            or _allowed(schema["enum"]))
            self.report(node, _("{what}: unknown {value!r}{hint}").format(what=what, value=value,
                                                                           hint=hint))

    def check_string(self, node: yaml.ScalarNode, value: str, schema: dict, what: str) -> None:
        """minLength, maxLength and pattern on a text."""
        if len(value) < schema.get("minLength", 0):
            self.report(node, _("{what} must not be empty").format(what=what)
                        if schema["minLength"] == 1 else
                        ngettext("{what} is too short (at least {count} character)",
                                 "{what} is too short (at least {count} characters)",
                                 schema["minLength"]).format(what=what,
                                                             count=schema["minLength"]))
        if len(value) > schema.get("maxLength", math.inf):
            self.report(node, ngettext("{what} is too long (at most {count} character)",
                                       "{what} is too long (at most {count} characters)",
                                       schema["maxLength"]).format(
                                           what=what, count=schema["maxLength"]))
        if "pattern" in schema and not regex(schema["pattern"]).search(value):
            self.report(node, _("{what}: {value} is not valid; expected {form}").format(
                what=what, value=repr(value), form=_describe(schema, _("another form"))))

    def check_number(self, node: yaml.Node, value: float, schema: dict, what: str) -> None:
        if value < schema.get("minimum", -math.inf):
            self.report(node, _("{what} must be at least {limit}, not {value}").format(
                what=what, limit=schema["minimum"], value=value))
        if value > schema.get("maximum", math.inf):
            self.report(node, _("{what} must be at most {limit}, not {value}").format(
                what=what, limit=schema["maximum"], value=value))
        if value <= schema.get("exclusiveMinimum", -math.inf):
            self.report(node, _("{what} must be more than {limit}, not {value}").format(
                what=what, limit=schema["exclusiveMinimum"], value=value))
        if value >= schema.get("exclusiveMaximum", math.inf):
            self.report(node, _("{what} must be less than {limit}, not {value}").format(
                what=what, limit=schema["exclusiveMaximum"], value=value))

    def check_sequence(self, node: yaml.SequenceNode, schema: dict, what: str) -> list:
        n = len(node.value)
        if n < schema.get("minItems", 0):
            self.report(node, ngettext("{what}: needs at least {count} entry",
                                        "{what}: needs at least {count} entries",
                                        schema["minItems"]).format(what=what,
                                                                   count=schema["minItems"]))
        if n > schema.get("maxItems", math.inf):
            self.report(node, ngettext("{what}: at most {count} entry, not {n}",
                                        "{what}: at most {count} entries, not {n}",
                                        schema["maxItems"]).format(
                                            what=what, count=schema["maxItems"], n=n))
        items = schema.get("items", True)
        value = [self.check(item, items, f"{what}[{i + 1}]") for i, item in enumerate(node.value)]
        if schema.get("uniqueItems") is True:
            seen: dict[Any, int] = {}
            for i, v in enumerate(value):
                first = seen.setdefault(_canon(v), i)
                if first != i:
                    self.report(node.value[i], _("{what}[{i}] repeats entry {first}").format(
                        what=what, i=i + 1, first=first + 1))
        return value

    def check_mapping(self, node: yaml.MappingNode, schema: dict, what: str) -> dict:
        props = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        extra = schema.get("additionalProperties", True)
        value = {}
        for key, child, text in self.walker.items(node):
            matched = [sub for p, sub in patterns.items() if regex(p).search(text)]
            if text in props:
                value[text] = self.check(child, props[text], f"{what}.{text}" if what else text)
            for sub in matched:
                value[text] = self.check(child, sub, f"{what} {text}".strip())
            if text in props or matched:
                continue
            if extra is False:
                self.unknown_key(key, text, props)
            elif extra is True:
                value[text] = self.walker.plain(child)
            else:
                value[text] = self.check(child, extra, f"{what} {text!r}".strip())
        return self.mapping_tail(node, schema, what, value)

    def unknown_key(self, key: yaml.Node, text: str, props: dict) -> None:
        self.report(key, _("unknown key {key!r}{hint}").format(
            key=text, hint=_suggest(text, list(props)) or _allowed(list(props))))

    def mapping_tail(self, node: yaml.MappingNode, schema: dict, what: str,
                     value: dict) -> dict:
        """The checks of a mapping's keys once they are read: how many, which required."""
        n = len(value)
        if n < schema.get("minProperties", 0):
            self.report(node, ngettext("{what}: needs at least {count} key",
                                        "{what}: needs at least {count} keys",
                                        schema["minProperties"]).format(
                                            what=what or _("file"), count=schema["minProperties"]))
        if n > schema.get("maxProperties", math.inf):
            self.report(node, ngettext("{what}: at most {count} key, not {n}",
                                        "{what}: at most {count} keys, not {n}",
                                        schema["maxProperties"]).format(
                                            what=what or _("file"), count=schema["maxProperties"],
                                            n=n))
        for name in schema.get("required", ()):
            if name not in value:
                self.report(node, _("{what}: missing required key {key!r}").format(
                    what=what or _("file"), key=name))
        return value


def _show(node: yaml.Node) -> str:
    if isinstance(node, yaml.SequenceNode):
        return _("a list")
    if isinstance(node, yaml.MappingNode):
        return _("a mapping")
    text = str(node.value)
    return repr(text if len(text) <= 30 else text[:27] + "...")


def _suggest(word: str, choices: list) -> str:
    close = difflib.get_close_matches(word, [str(c) for c in choices], n=1, cutoff=0.6)
    if not close:
        folded = {str(c).casefold(): str(c) for c in choices}
        if word.casefold() in folded:
            close = [folded[word.casefold()]]
    return _("; did you mean {name!r}?").format(name=close[0]) if close else ""


def _allowed(names: list) -> str:
    if names and len(names) <= 30:
        return _("; expected one of: {choices}").format(choices=", ".join(map(str, names)))
    return ""


def _describe(schema: dict, default: str) -> str:
    """The form a value must have, as its schema describes it (in the table's language: a
    game's catalogue holds its schemas' descriptions, context "schema")."""
    said = schema.get("description")
    desc = (pgettext_any("schema", str(said)) if said else default).rstrip(".")
    return desc[0].lower() + desc[1:] if desc else default
