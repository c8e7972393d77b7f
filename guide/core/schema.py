"""A small JSON Schema validator that works on YAML nodes, so every problem has a position.

The JSON Schemas in guide/data/schemas are the one description of the file formats: editors
use them as authors type, and `guide check` validates with them here. Supported keywords:
type, enum, const, pattern, minimum, maximum, minLength, maxLength, minItems, items,
properties, required, additionalProperties, patternProperties, anyOf, allOf, $ref, and
if/then where `if` tests properties by enum or const and `then` requires keys.
"""

from __future__ import annotations

import difflib
import re
from functools import cache

import yaml

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

# Every keyword this validator reads, and the annotations it may skip; a shipped schema that
# used any other would be checked more leniently here than by a JSON Schema validator (a test
# holds the shipped schemas to this list).
SUPPORTED = frozenset({"type", "enum", "const", "pattern", "minimum", "maximum", "minLength",
                       "maxLength", "minItems", "items", "properties", "required",
                       "additionalProperties", "patternProperties", "anyOf", "allOf", "$ref",
                       "if", "then"})
ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "title", "description", "default",
                         "examples", "$comment"})

_KNOWN_TAGS = {STR, INT, FLOAT, BOOL, NULL, SEQ, MAP, TIMESTAMP}
_TYPE_TAGS = {"string": {STR, TIMESTAMP}, "integer": {INT}, "number": {INT, FLOAT},
              "boolean": {BOOL}, "null": {NULL}}
_NOUNS = {"string": "text", "integer": "a whole number", "number": "a number",
          "boolean": "true or false", "array": "a list", "object": "a mapping", "null": "empty"}


@cache
def _regex(pattern: str) -> re.Pattern:
    return re.compile(pattern)


class Validator:
    def __init__(self, root: dict, walker: Walker):
        self.root = root
        self.walker = walker

    @property
    def file(self) -> str:
        return self.walker.file

    def resolve(self, schema: dict) -> dict:
        while "$ref" in schema:
            path = schema["$ref"].removeprefix("#/").split("/")
            target = self.root
            for part in path:
                target = target[part]
            schema = target
        return schema

    def errors(self, node: yaml.Node, schema: dict, what: str) -> list[Problem]:
        """Problems of `node` against `schema` without recording them (for anyOf)."""
        saved = self.walker.problems
        self.walker.problems = []
        try:
            self.check(node, schema, what)
            return self.walker.problems
        finally:
            self.walker.problems = saved

    def report(self, node: yaml.Node, message: str) -> None:
        self.walker.problems.append(problem_at(self.file, node, message))

    def check(self, node: yaml.Node, schema: dict, what: str):
        """Validate `node` and return its plain value (meaningful only when no problem)."""
        self.walker.count()
        schema = self.resolve(schema)
        if node.tag not in _KNOWN_TAGS:
            self.report(node, f"{what}: tag {short_tag(node.tag)} is not allowed: only plain"
                              " YAML values are read")
            return None
        if "anyOf" in schema:
            for sub in schema["anyOf"]:
                if not self.errors(node, sub, what):
                    return self.check(node, sub, what)
            self.report(node, f"{what}: {_show(node)} is not valid; expected"
                              f" {_describe(schema, 'a value of another kind')}")
            return None
        if not self.check_type(node, schema, what):
            return None
        if isinstance(node, yaml.ScalarNode):
            value = self.check_scalar(node, schema, what)
        elif isinstance(node, yaml.SequenceNode):
            if len(node.value) < schema.get("minItems", 0):
                self.report(node, f"{what}: needs at least {schema['minItems']} entries")
            items = schema.get("items")
            value = [self.check(item, items, f"{what}[{i + 1}]") if items else
                     self.walker.plain(item) for i, item in enumerate(node.value)]
        else:
            assert isinstance(node, yaml.MappingNode)
            value = self.check_mapping(node, schema, what)
        if not isinstance(node, yaml.ScalarNode):      # a list or mapping where a value is named
            if "enum" in schema and value not in schema["enum"]:
                self.report(node, f"{what}: {_show(node)} is not allowed here; expected one of:"
                                  f" {', '.join(map(str, schema['enum']))}")
            if "const" in schema and value != schema["const"]:
                self.report(node, f"{what} must be {schema['const']!r}, not {_show(node)}")
        for sub in schema.get("allOf", ()):
            if "if" in sub:
                if isinstance(value, dict) and _plain_matches(value, sub["if"]):
                    self.check_required(node, value, sub["then"], what)
            else:
                self.check(node, sub, what)
        return value

    def check_type(self, node: yaml.Node, schema: dict, what: str) -> bool:
        want = schema.get("type")
        if want is None:
            return True
        if want == "array":
            ok = isinstance(node, yaml.SequenceNode)
        elif want == "object":
            ok = isinstance(node, yaml.MappingNode)
        else:
            ok = isinstance(node, yaml.ScalarNode) and (
                node.tag in _TYPE_TAGS[want] or (want == "integer" and self._whole(node)))
        if not ok:
            self.report(node, f"{what} must be {_NOUNS[want]}, not {_show(node)}")
        return ok

    def _whole(self, node: yaml.ScalarNode) -> bool:
        """A float with nothing after the point (3.0, 1e3) is an integer, as JSON Schema has it."""
        if node.tag != FLOAT:
            return False
        value = self.walker.scalar(node)
        return isinstance(value, float) and value.is_integer()

    def check_scalar(self, node: yaml.ScalarNode, schema: dict, what: str):
        value = self.walker.scalar(node)
        if value is None and node.tag != NULL:
            return None
        if schema.get("type") == "integer" and isinstance(value, float):
            value = int(value)                     # 3.0 is read as 3 (check_type let it in)
        if "const" in schema and value != schema["const"]:
            self.report(node, f"{what} must be {schema['const']!r}")
        if "enum" in schema and value not in schema["enum"]:
            hint = _suggest(str(value), schema["enum"]) or _allowed(schema["enum"])
            self.report(node, f"{what}: unknown {value!r}{hint}")
        if isinstance(value, str):
            if len(value) < schema.get("minLength", 0):
                self.report(node, f"{what} must not be empty")
            if len(value) > schema.get("maxLength", 10**9):
                self.report(node, f"{what} is too long (at most {schema['maxLength']} characters)")
            if "pattern" in schema and not _regex(schema["pattern"]).search(value):
                self.report(node, f"{what}: {value!r} is not valid; expected"
                                  f" {_describe(schema, 'another form')}")
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            if value < schema.get("minimum", float("-inf")):
                self.report(node, f"{what} must be at least {schema['minimum']}, not {value}")
            if value > schema.get("maximum", float("inf")):
                self.report(node, f"{what} must be at most {schema['maximum']}, not {value}")
        return value

    def check_mapping(self, node: yaml.MappingNode, schema: dict, what: str) -> dict:
        props = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        extra = schema.get("additionalProperties", True)
        value = {}
        for key, child, text in self.walker.items(node):
            if text in props:
                value[text] = self.check(child, props[text], f"{what}.{text}" if what else text)
                continue
            matched = [sub for p, sub in patterns.items() if _regex(p).search(text)]
            for sub in matched:
                value[text] = self.check(child, sub, f"{what} {text}".strip())
            if matched:
                continue
            if extra is False:
                self.report(key, f"unknown key {text!r}"
                                 f"{_suggest(text, list(props)) or _allowed(list(props))}")
            elif isinstance(extra, dict):
                value[text] = self.check(child, extra, f"{what} {text!r}".strip())
            else:
                value[text] = self.walker.plain(child)
        self.check_required(node, value, schema, what)
        return value

    def check_required(self, node: yaml.Node, value: dict, schema: dict, what: str) -> None:
        for name in schema.get("required", ()):
            if name not in value:
                self.report(node, f"{what or 'file'}: missing required key {name!r}")


def _plain_matches(value: dict, schema: dict) -> bool:
    """An `if` of the schemas: properties with enum or const, read on the plain value. A
    missing property does not match (its own `required` problem says enough)."""
    for name, sub in schema.get("properties", {}).items():
        if name not in value:
            return False
        if "enum" in sub and value[name] not in sub["enum"]:
            return False
        if "const" in sub and value[name] != sub["const"]:
            return False
    return True


def _show(node: yaml.Node) -> str:
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    text = str(node.value)
    return repr(text if len(text) <= 30 else text[:27] + "...")


def _suggest(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, [str(c) for c in choices], n=1, cutoff=0.6)
    if not close:
        folded = {str(c).casefold(): str(c) for c in choices}
        if word.casefold() in folded:
            close = [folded[word.casefold()]]
    return f"; did you mean {close[0]!r}?" if close else ""


def _allowed(names: list) -> str:
    if names and len(names) <= 30:
        return "; expected one of: " + ", ".join(map(str, names))
    return ""


def _describe(schema: dict, default: str) -> str:
    desc = schema.get("description", default).rstrip(".")
    return desc[0].lower() + desc[1:]
