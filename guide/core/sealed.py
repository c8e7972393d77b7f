"""Sealed choices: each seat chooses in secret; nobody sees another's choice until every
seat has chosen; then all are revealed together. A game keeps the choices in its own state
(so undo and the store treat them like any other change) in a dict made here, and shows
them only through `shown`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypedDict


class Sealed(TypedDict):
    choices: dict[str, Any]      # seat -> its choice
    revealed: bool


def sealed() -> Sealed:
    return {"choices": {}, "revealed": False}


def seal(box: Sealed, seat: str, choice: Any) -> None:
    """A seat's choice, until the reveal (a second one replaces the first)."""
    if box["revealed"]:
        raise ValueError("the choices are revealed: a new round of choosing starts afresh")
    box["choices"][seat] = choice


def all_in(box: Sealed, seats: Iterable[str]) -> bool:
    return all(seat in box["choices"] for seat in seats)


def reveal(box: Sealed) -> dict[str, Any]:
    box["revealed"] = True
    return dict(box["choices"])


def shown(box: Sealed, viewer: str | None) -> dict[str, Any]:
    """What `viewer` (None: everyone, the TV) may see: every choice once revealed; before
    that, the viewer's own choice and only *who* else has chosen."""
    if box["revealed"]:
        return dict(box["choices"])
    return {seat: (choice if seat == viewer else "sealed") for seat, choice in box["choices"].items()}
