"""A JSON Schema compiled once into functions: guide.core.schema's fast path (issue 32).

`plan(schema, root)` is a function `(validator, node, what) -> value` made the first time
that schema is met, and kept: the keywords it holds are looked up once, not at every value.
It takes the short road only while nothing is wrong (a value of the right type, in range,
of a known form). At the first sign of a problem, or for a keyword it does not compile, it
hands the node to the Validator's own methods, which report every problem as they always
have: no message is written unless there is a problem, and every message is theirs. The
values are counted as the Validator counts them (yamlsrc.MAX_NODES), in the same order.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import yaml

from guide.core.schemakeys import ANNOTATIONS, APPLICATORS, TYPES, pointer, regex
from guide.core.yamlsrc import (
    BOOL,
    FLOAT,
    INT,
    MAP,
    MAX_NODES,
    MAX_NUMBER,
    NULL,
    SEQ,
    STR,
    TIMESTAMP,
)

Check = Callable[[Any, yaml.Node, str], Any]        # (validator, node, what) -> value

_KNOWN_TAGS = frozenset({STR, INT, FLOAT, BOOL, NULL, SEQ, MAP, TIMESTAMP})
_TYPE_TAGS = {"string": {STR, TIMESTAMP}, "integer": {INT}, "number": {INT, FLOAT},
              "boolean": {BOOL}, "null": {NULL}}
# the keywords compiled here; a schema holding any other is read by the Validator
COMPILED = frozenset({"type", "enum", "pattern", "minimum", "maximum", "minLength",
                      "maxLength", "minItems", "maxItems", "items", "properties", "required",
                      "additionalProperties", "minProperties", "maxProperties", "$ref", "allOf",
                      "anyOf", "if", "then", "else"})
_NUMBERS = ("minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems",
            "minProperties", "maxProperties")
_Scalar, _Sequence, _Mapping = yaml.ScalarNode, yaml.SequenceNode, yaml.MappingNode

_plans: dict[tuple[int, int], tuple[Any, Any, Check]] = {}
MAX_PLANS = 50_000      # schemas kept (a test suite makes thousands); then start again


def plan(schema: Any, root: Any) -> Check:
    """The function checking a node against `schema` (a part of `root`), made once."""
    key = (id(schema), id(root))
    got = _plans.get(key)
    if got is not None and got[0] is schema and got[1] is root:
        return got[2]
    if len(_plans) >= MAX_PLANS:
        _plans.clear()
    made = _compile(schema, root)
    _plans[key] = (schema, root, made)      # holding both: their ids are not reused
    return made


def _interpreted(schema: Any) -> Check:
    def check(v, node: yaml.Node, what: str) -> Any:
        return v.interpret(node, schema, what)
    return check


def _plain_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _compilable(schema: dict) -> bool:
    """Whether every keyword is one compiled here, with a value of the usual form."""
    if not schema.keys() - ANNOTATIONS <= COMPILED:
        return False
    if any(k in schema and not _plain_number(schema[k]) for k in _NUMBERS):
        return False
    if "pattern" in schema and not isinstance(schema["pattern"], str):
        return False
    want = schema.get("type", [])
    if not all(n in TYPES for n in (want if isinstance(want, list) else [want])):
        return False
    if not isinstance(schema.get("properties", {}), dict):
        return False
    required = schema.get("required", [])
    if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
        return False
    for key in ("allOf", "anyOf"):
        if key in schema and not isinstance(schema[key], list):
            return False
    return isinstance(schema.get("enum", []), list) and isinstance(schema.get("$ref", ""), str)


def _compile(schema: Any, root: Any) -> Check:
    if schema is True or schema == {}:
        return _anything
    if not isinstance(schema, dict) or not _compilable(schema):
        return _interpreted(schema)
    own = _own(schema, root) if schema.keys() - APPLICATORS - ANNOTATIONS else None
    steps = _applicators(schema, root)

    if not steps:
        def check(v, node: yaml.Node, what: str) -> Any:
            w = v.walker
            w.visited += 1                              # w.count(), inlined
            if w.visited > MAX_NODES or len(w._found) > w.most:
                w.refuse()
            if node.tag not in _KNOWN_TAGS:
                return v.counted(node, schema, what)    # its problem, reported there
            return own(v, node, what) if own is not None else w.plain(node)
        return check

    def check_all(v, node: yaml.Node, what: str) -> Any:
        w = v.walker
        w.visited += 1
        if w.visited > MAX_NODES or len(w._found) > w.most:
            w.refuse()
        if node.tag not in _KNOWN_TAGS:
            return v.counted(node, schema, what)
        found = [own(v, node, what)] if own is not None else []
        for step in steps:
            step(v, node, what, found)
        return found[0] if found else w.plain(node)
    return check_all


def _anything(v, node: yaml.Node, what: str) -> Any:
    w = v.walker
    w.visited += 1
    if w.visited > MAX_NODES or len(w._found) > w.most:
        w.refuse()
    return w.plain(node)


def _applicators(schema: dict, root: Any) -> list[Callable]:
    """The applicators, in the Validator's order ($ref, allOf, anyOf, if): each adds the
    value it reads to `found`."""
    steps: list[Callable] = []
    if "$ref" in schema:
        ref = schema["$ref"]
        target: list[Check] = []                # found when first used: a schema may recur

        def by_ref(v, node: yaml.Node, what: str, found: list) -> None:
            if not target:
                target.append(plan(pointer(root, ref), root))
            found.append(target[0](v, node, what))
        steps.append(by_ref)
    if "allOf" in schema:
        subs = [plan(sub, root) for sub in schema["allOf"]]

        def all_of(v, node: yaml.Node, what: str, found: list) -> None:
            for sub in subs:
                found.append(sub(v, node, what))
        steps.append(all_of)
    if "anyOf" in schema:
        def any_of(v, node: yaml.Node, what: str, found: list) -> None:
            found += v.some(node, schema, "anyOf", what)
        steps.append(any_of)
    if "if" in schema:
        condition = schema["if"]
        then = plan(schema["then"], root) if "then" in schema else None
        else_ = plan(schema["else"], root) if "else" in schema else None

        def if_(v, node: yaml.Node, what: str, found: list) -> None:
            branch = then if v.valid(node, condition, what) else else_
            if branch is not None:
                found.append(branch(v, node, what))
        steps.append(if_)
    return steps


def _own(schema: dict, root: Any) -> Check:
    """The keywords that read the value itself (`Validator.own`), for a valid value."""
    want = schema.get("type")
    names = None if want is None else (want if isinstance(want, list) else [want])
    scalar_tags = None if names is None else set().union(
        *(_TYPE_TAGS[n] for n in names if n in _TYPE_TAGS))
    whole = names is not None and "integer" in names    # a FLOAT may be one: the Validator's
    lists = names is None or "array" in names
    maps = names is None or "object" in names
    scalar = _scalar(schema)
    sequence = _sequence(schema, root) if "enum" not in schema else None
    mapping = _mapping(schema, root) if "enum" not in schema else None

    def own(v, node: yaml.Node, what: str) -> Any:
        kind = node.__class__
        if kind is _Scalar:
            tag = node.tag
            if scalar_tags is None or (tag in scalar_tags and not (whole and tag == FLOAT)):
                return scalar(v, node, what)
        elif kind is _Mapping:
            if maps and mapping is not None:
                return mapping(v, node, what)
        elif kind is _Sequence:
            if lists and sequence is not None:
                return sequence(v, node, what)
        return v.own(node, schema, what)[0]
    return own


def _scalar(schema: dict) -> Check:
    """Validator.check_scalar for a text, or a whole number written in digits, that breaks
    no keyword; any other value goes to check_scalar."""
    enum = schema.get("enum")
    texts = None if enum is None else {e for e in enum if isinstance(e, str)}
    numbers = None if enum is None else {e for e in enum if _plain_number(e)}
    shortest = schema.get("minLength", 0)
    longest = schema.get("maxLength", math.inf)
    search = regex(schema["pattern"]).search if "pattern" in schema else None
    low = schema.get("minimum", -math.inf)
    high = schema.get("maximum", math.inf)

    def scalar(v, node: yaml.Node, what: str) -> Any:
        tag = node.tag
        text = node.value
        if text.__class__ is str:
            if tag == STR or tag == TIMESTAMP:
                if (texts is None or text in texts) and shortest <= len(text) <= longest and (
                        search is None or search(text)):
                    return text
            elif tag == INT and text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER:
                value = int(text)
                if (numbers is None or value in numbers) and low <= value <= high:
                    return value
        return v.check_scalar(node, schema, what)
    return scalar


def _sequence(schema: dict, root: Any) -> Check:
    """Validator.check_sequence for a list of an allowed length."""
    items = plan(schema.get("items", True), root)
    fewest = schema.get("minItems", 0)
    most = schema.get("maxItems", math.inf)

    def sequence(v, node: yaml.Node, what: str) -> Any:
        values = node.value
        if not fewest <= len(values) <= most:
            return v.check_sequence(node, schema, what)
        return [items(v, item, f"{what}[{i + 1}]") for i, item in enumerate(values)]
    return sequence


def _mapping(schema: dict, root: Any) -> Check:
    """Validator.check_mapping (without patternProperties: not compiled)."""
    props = schema.get("properties", {})
    by_name = {name: plan(sub, root) for name, sub in props.items()}
    extra_schema = schema.get("additionalProperties", True)
    extra = None if extra_schema is True or extra_schema is False else plan(extra_schema, root)
    closed = extra_schema is False
    fewest = schema.get("minProperties", 0)
    most = schema.get("maxProperties", math.inf)
    required = frozenset(schema.get("required", ()))

    def mapping(v, node: yaml.Node, what: str) -> Any:
        w = v.walker
        value = {}
        for key, child, text in w.items(node):
            sub = by_name.get(text)
            if sub is not None:
                value[text] = sub(v, child, f"{what}.{text}" if what else text)
            elif closed:
                v.unknown_key(key, text, props)
            elif extra is None:
                value[text] = w.plain_item(child)
            else:
                value[text] = extra(v, child, f"{what} {text!r}".strip())
        if fewest <= len(value) <= most and required <= value.keys():
            return value
        return v.mapping_tail(node, schema, what, value)
    return mapping
