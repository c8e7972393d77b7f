"""The deck file (cards/kaivo/deck.yaml): the cards (K-DECK-1) and the numbers of the rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from guide.core.box import Doc, FileKind, refused
from guide.core.box import read as read_box
from guide.core.errors import DataError
from guide.core.i18n import domain
from guide.core.shipped import schema
from guide.core.yamlsrc import Problem

_, ngettext, pgettext = domain("kaivo").functions()


def bundled() -> Path:
    """The bundled box folder, cards/kaivo/ (in the wheel: guide/box/cards/kaivo/)."""
    from guide.core.box import bundled as boxes

    return next(p for p in boxes("kaivo") if p.parent.name == "cards")


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
    show_seconds: int = 5                 # K-DEAL-1: a seen card is shown this long, then hidden
    hints: bool = False                   # house rule: seen cards stay shown (off by default)
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


@cache
def files() -> tuple[FileKind, ...]:
    """The two files of a Kaivo box, each with its schema (schemas/*.schema.json)."""
    return tuple(FileKind(name, name, schema("guide.games.kaivo", name)) for name in ("deck", "bots"))


def rules_of(doc: Doc) -> tuple[Rules | None, list[Problem]]:
    """A valid deck document as Rules, and what the schema cannot say, positioned."""
    data = doc.value
    names: dict[int, str] = {}
    counts: dict[int, int] = {}
    powers: dict[int, str] = {}
    problems = []
    for n, card in enumerate(data["cards"]):
        points = card["points"]
        if points in names:
            problems.append(doc.problem(("cards", n, "points"), _("cards[{n}]: two cards"
                                                                   " worth {points} points").format(
                n=n + 1, points=points)))
        names[points] = card["name"]
        counts[points] = card["count"]
        if card.get("power") is not None:
            powers[points] = card["power"]
    table, match = data.get("table", {}), data.get("match", {})
    players, glimpse = table.get("players", {}), table.get("glimpse", {})
    clock, total = table.get("clock", {}), match.get("hand_total", {})
    hand = table.get("hand", 4)
    outer = tuple(p - 1 for p in table.get("outer", [1, hand]))
    if any(not 0 <= p < hand for p in outer):
        problems.append(doc.problem(("table", "outer"), _("table.outer: the outer positions must"
                                                          " lie in the hand (1 to {hand})").format(
                                                            hand=hand)))
    rules = Rules(
        names=names, counts=counts, powers=powers,
        min_players=players.get("min", 2), max_players=players.get("max", 4), hand=hand,
        outer=outer, glimpse_chance=glimpse.get("chance", 1), glimpse_in=glimpse.get("in", 3),
        clock_turn=clock.get("turn", 20), clock_target=clock.get("target", 10),
        show_seconds=table.get("show", 5), hints=table.get("hints", False),
        early_call=match.get("early_call", 10), lands_on=match.get("lands_on", 100),
        drops_to=match.get("drops_to", 50), ends_above=match.get("ends_above", 100),
        total_min=total.get("min", 0), total_max=total.get("max", 52),
        values=[v for v, c in sorted(counts.items()) for _ in range(c)],
    )
    if rules.min_players > rules.max_players:
        problems.append(doc.problem(("table", "players"), _("table.players: min is more than max")))
    if len(rules.values) < rules.max_players * rules.hand + 2:
        problems.append(doc.problem(("cards",), _("cards: {count} cards cannot deal"
                                                  " {hands} hands").format(count=len(rules.values),
                                                                           hands=rules.max_players)))
    if not 1 <= rules.glimpse_chance <= rules.glimpse_in:
        problems.append(doc.problem(("table", "glimpse"), _("table.glimpse: chance must be"
                                                            " 1..{most}").format(most=rules.glimpse_in)))
    return (None if problems else rules), problems


def only(folder: Path | None, name: str) -> Doc:
    """The one valid document `name`.yaml of a box folder (default: the bundled one), read
    through the core's data path; DataError with its first problem, positioned."""
    docs, problems = read_box([(folder or bundled()) / f"{name}.yaml"], files(), "kaivo")
    if problems:
        raise refused(problems, "kaivo", [folder] if folder else [])
    if not docs:
        raise DataError(f"{folder}: no {name}.yaml")
    return docs[0]


def load(folder: Path | None = None) -> Rules:
    """The deck file of a box folder (default: the bundled cards/kaivo/); DataError."""
    doc = only(folder, "deck")
    rules, problems = rules_of(doc)
    if rules is None:
        raise refused(problems, "kaivo", [folder] if folder else [])
    return rules
