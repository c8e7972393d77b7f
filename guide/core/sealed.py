"""Sealed choices: each seat chooses in secret; nobody sees another's choice until every
seat has chosen; then all are revealed together. A game keeps the choices in its own state
(so undo and the store treat them like any other change) in a dict made here, and shows
them only through `shown`.

A seat's move is a command line, and the line is what the journal keeps and what `undo` and
`redo` say at the terminal: a move that seals a choice names it by its `code` (an HMAC of
the seat and the choice under the box's own key, kept in the state and never shown), not by
its value, and the command finds the choice again with `opened`. The key is made by a
command (`new_key`, saved with the state: `new_state` must stay the same every time), and
a new round of choosing gets a new one, so a code read on the screen says nothing and is
good for its round only."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable
from typing import Any, NotRequired, TypedDict

CODE_LENGTH = 12


class Sealed(TypedDict):
    choices: dict[str, Any]      # seat -> its choice
    revealed: bool
    key: NotRequired[str]        # the codes' key (never shown); none in a box from before codes


def sealed(key: str = "") -> Sealed:
    """A new round of choosing; with `key` (new_key(), made in a command) its moves have codes."""
    box: Sealed = {"choices": {}, "revealed": False}
    if key:
        box["key"] = key
    return box


def new_key() -> str:
    return secrets.token_hex(16)


def code(box: Sealed, seat: str, choice: Any) -> str | None:
    """The code a seat's move names its choice by (None: the box has no key: then the line
    must say the choice, as before codes)."""
    key = box.get("key") or ""
    if not key:
        return None
    said = json.dumps([seat, choice], sort_keys=True, ensure_ascii=False)
    return hmac.new(key.encode(), said.encode(), hashlib.sha256).hexdigest()[:CODE_LENGTH]


def opened(box: Sealed, seat: str, given: str, choices: Iterable[Any]) -> Any | None:
    """The choice among `choices` whose code for `seat` is `given` (compared in constant
    time), or None: a refusal then says nothing of any choice."""
    typed = given.strip().lower().encode("utf-8")
    found = None
    for choice in choices:
        mine = code(box, seat, choice)
        if mine is not None and hmac.compare_digest(mine.encode(), typed):
            found = choice
    return found


def seal(box: Sealed, seat: str, choice: Any) -> None:
    """A seat's choice, until the reveal (a second one replaces the first)."""
    if box["revealed"]:
        raise ValueError("the choices are revealed: a new round of choosing starts afresh")
    box["choices"][seat] = choice


def reveal(box: Sealed) -> dict[str, Any]:
    box["revealed"] = True
    return dict(box["choices"])


def shown(box: Sealed, viewer: str | None) -> dict[str, Any]:
    """What `viewer` (None: everyone, the TV) may see: every choice once revealed; before
    that, the viewer's own choice and only *who* else has chosen."""
    if box["revealed"]:
        return dict(box["choices"])
    return {seat: (choice if seat == viewer else "sealed") for seat, choice in box["choices"].items()}
