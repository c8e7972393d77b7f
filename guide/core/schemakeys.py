"""The JSON Schema words the validator (guide.core.schema) and its compiled plan
(guide.core.schemaplan) both read: the keywords, the types, a `$ref`'s pointer and a
pattern's compiled regex, and the one error for a schema they cannot hold a file to."""

from __future__ import annotations

import re
from functools import cache
from typing import Any
from urllib.parse import unquote

from guide.core.errors import GuideError

APPLICATORS = frozenset({"$ref", "anyOf", "allOf", "oneOf", "not", "if", "then", "else"})
SUPPORTED = frozenset({"type", "enum", "const", "pattern", "minimum", "maximum",
                       "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
                       "minItems", "maxItems", "uniqueItems", "items", "properties", "required",
                       "additionalProperties", "patternProperties", "minProperties",
                       "maxProperties"} | APPLICATORS)
ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "title", "description", "default",
                         "examples", "$comment", "deprecated", "readOnly", "writeOnly"})
TYPES = ("string", "integer", "number", "boolean", "null", "array", "object")


class SchemaError(GuideError):
    """A schema this validator cannot hold a file to (a keyword it does not implement)."""


@cache
def regex(pattern: str) -> re.Pattern:
    return re.compile(pattern)


def pointer(root: Any, ref: str) -> Any:
    """The schema a `#/...` JSON pointer names (~0 ~1 and %-escapes undone)."""
    target = root
    text = unquote(ref[1:])
    for part in text.split("/")[1:] if text else ():
        part = part.replace("~1", "/").replace("~0", "~")
        try:
            target = target[int(part)] if isinstance(target, list) else target[part]
        except (KeyError, IndexError, ValueError, TypeError):
            raise SchemaError(f"$ref {ref!r}: no such place in the schema") from None
    return target
