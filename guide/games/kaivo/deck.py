"""The deck file (cards/kaivo/deck.yaml): the cards (K-DECK-1) and the numbers of the rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

POWERS = ("peek", "spy", "swap", "mindread")   # K-POW-1: the four powers the rules resolve


def bundled() -> Path:
    """The bundled box folder, cards/kaivo/ (in the wheel: guide/box/cards/kaivo/)."""
    from guide.core.box import bundled as boxes

    return next(p for p in boxes("kaivo") if p.parent.name == "cards")


class DeckError(ValueError):
    """A deck file the rules cannot use; the message is one line naming the file."""


@dataclass(frozen=True)
class Rules:
    """Everything the rules read from the deck file."""

    names: dict[int, str]                 # points -> card name
    counts: dict[int, int]                # points -> copies in the deck
    powers: dict[int, str]                # points -> power (peek, spy, swap, mindread)
    min_players: int = 2
    max_players: int = 4
    hand: int = 4
    outer: tuple[int, ...] = (0, 3)       # 0-based positions of the opening peek
    glimpse_chance: int = 1
    glimpse_in: int = 3
    clock_turn: int = 20
    clock_target: int = 10
    early_call: int = 10
    lands_on: int = 100
    drops_to: int = 50
    ends_above: int = 100
    total_min: int = 0
    total_max: int = 52
    values: list[int] = field(default_factory=list)   # the whole deck, one value a card

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values)

    def name(self, value: int) -> str:
        return self.names.get(value, str(value))


def _int(data: dict[str, Any], key: str, file: str, where: str, low: int = 0) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise DeckError(f"{file}: {where}: '{key}' must be a whole number of at least {low}")
    return value


def parse(data: Any, file: str = "deck.yaml") -> Rules:
    """A deck file's content, checked, as Rules."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list) or not data["cards"]:
        raise DeckError(f"{file}: needs a list 'cards'")
    names: dict[int, str] = {}
    counts: dict[int, int] = {}
    powers: dict[int, str] = {}
    for n, card in enumerate(data["cards"], 1):
        where = f"card {n}"
        if not isinstance(card, dict) or not isinstance(card.get("name"), str):
            raise DeckError(f"{file}: {where}: needs a name")
        points = _int(card, "points", file, where)
        if points in names:
            raise DeckError(f"{file}: {where}: two cards worth {points} points")
        names[points] = card["name"]
        counts[points] = _int(card, "count", file, where)
        power = card.get("power")
        if power is not None:
            if power not in POWERS:
                raise DeckError(f"{file}: {where}: power must be one of {', '.join(POWERS)}")
            powers[points] = power
    table = data.get("table") or {}
    match = data.get("match") or {}
    players = table.get("players") or {}
    glimpse = table.get("glimpse") or {}
    clock = table.get("clock") or {}
    total = match.get("hand_total") or {}
    hand = table.get("hand", 4)
    outer = tuple(int(p) - 1 for p in table.get("outer", [1, hand]))
    if not isinstance(hand, int) or hand < 1 or any(not 0 <= p < hand for p in outer):
        raise DeckError(f"{file}: table: the outer positions must lie in the hand")
    rules = Rules(
        names=names, counts=counts, powers=powers,
        min_players=players.get("min", 2), max_players=players.get("max", 4), hand=hand,
        outer=outer, glimpse_chance=glimpse.get("chance", 1), glimpse_in=glimpse.get("in", 3),
        clock_turn=clock.get("turn", 20), clock_target=clock.get("target", 10),
        early_call=match.get("early_call", 10), lands_on=match.get("lands_on", 100),
        drops_to=match.get("drops_to", 50), ends_above=match.get("ends_above", 100),
        total_min=total.get("min", 0), total_max=total.get("max", 52),
        values=[v for v, c in sorted(counts.items()) for _ in range(c)],
    )
    if len(rules.values) < rules.max_players * rules.hand + 2:
        raise DeckError(f"{file}: {len(rules.values)} cards cannot deal {rules.max_players} hands")
    if not 1 <= rules.glimpse_chance <= rules.glimpse_in:
        raise DeckError(f"{file}: table: glimpse chance must be 1..{rules.glimpse_in}")
    return rules


def load(folder: Path | None = None) -> Rules:
    """The deck file of a box folder (default: the bundled cards/kaivo/)."""
    path = (folder or bundled()) / "deck.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise DeckError(f"{path}: {str(e).splitlines()[0]}") from None
    return parse(data, str(path))
