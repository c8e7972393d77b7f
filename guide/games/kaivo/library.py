"""What Kaivo's table holds besides its state: the deck's rules and the bots (settings.load), and
the core's table as Kaivo's commands and hooks see it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from guide.core.table import Table

from . import bots, deck
from .model import KaivoState


@dataclass(frozen=True)
class Library:
    rules: deck.Rules
    bots: bots.Bots


KaivoTable: TypeAlias = Table[KaivoState, Library]
