"""The box (cards/cave/box.yaml): component counts and the companion's choices, as data.

The core reads the file (guide.core.box) and holds it to the shipped schema
(schemas/box.schema.json, THE check of its shape and bounds); `box_of` adds what a schema
cannot say (the sums, the pairings, the start place), each problem positioned. Nothing here
is a rule: the rules read a Box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from guide.core.box import Doc, FileKind, bundled, read_as, refused
from guide.core.errors import DataError
from guide.core.i18n import N_, domain
from guide.core.shipped import schema
from guide.core.yamlsrc import Problem

from .state import OPPOSITE

SIDES = ("up", "right", "down", "left")
CAVE_SHAPES = ("straight", "four-way", "three-way", "turn", "dead end")
CONTENTS = ("food", "event", "normal", "challenge")
TURNS = (0, 90, 180, 270)
BITS = {"up": 1, "right": 2, "down": 4, "left": 8}
_, ngettext, pgettext = domain("cave").functions()



@dataclass(frozen=True)
class Box:
    width: int
    height: int
    start_at: tuple[int, int]
    energy: int
    mental: int
    shapes: dict[str, int]
    contents: dict[str, int]
    pairing: list[tuple[str, str, int]]          # empty: a seeded shuffle (C-TILE-1)
    exit_in_last: int
    openings: dict[str, tuple[str, ...]]         # at orientation 0 (C-TURN-2)
    events: dict[str, int]
    unprepared: dict[str, int]
    prepared: dict[str, int]
    meal_pairing: list[tuple[str, str]]          # empty: a seeded shuffle (C-DECK-2)
    results: dict[str, tuple[bool, int]]         # result -> (food value counts, bonus)
    food: tuple[int, ...]
    challenge_die: int
    item_bonus: int
    challenge_every_entry: bool                  # C-TURN-3: True, every entry rolls; False: a variant
    sim: dict[str, float]
    rotations: dict[tuple[str, int], tuple[str, ...]]   # (shape, turn) -> open sides
    entries: dict[tuple[str, str], tuple[int, ...]]     # (shape, side moved) -> turns letting in
    masks: dict[str, dict[int, int]]                    # shape -> turn -> open sides as BITS

    def sides(self, shape: str, turn: int) -> tuple[str, ...]:
        """The open sides of a shape turned clockwise by `turn` degrees (C-TURN-2)."""
        return self.rotations[(shape, turn)]


@cache
def kind() -> FileKind:
    """The box file (box.yaml) and its schema (schemas/box.schema.json)."""
    return FileKind("box", "box", schema("guide.games.cave", "box"))


def bundled_box() -> Path:
    """The box shipped with the project: cards/cave/box.yaml (in the repo or the wheel)."""
    found = [p / "box.yaml" for p in bundled("cave") if (p / "box.yaml").is_file()]
    if not found:
        raise DataError(_("the Cave escape box (cards/cave/box.yaml) is missing"))
    return found[0]


def read_box(path: Path) -> tuple[Box | None, list[Problem]]:
    """The box of that file, whatever its name, or its problems (past its schema, the first)."""
    problems: list[Problem] = []
    doc = read_as(path, kind(), "cave", problems)
    return box_of(doc) if doc is not None else (None, problems)


def load_box(path: Path | None = None) -> Box:
    """The box of that file, whatever its name (default: the bundled one); DataError with
    the first problem as FILE:LINE:COLUMN: what."""
    box, problems = read_box(path or bundled_box())
    if box is None:
        raise refused(problems, "cave", [path] if path else [])
    return box


class _Found(Exception):
    """A problem of the box past its schema (the first one stops the reading)."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path


def box_of(doc: Doc) -> tuple[Box | None, list[Problem]]:
    """A valid box document as a Box, or the first problem its schema cannot say."""
    try:
        return _box(doc.value), []
    except _Found as e:
        return None, [doc.problem(e.path, str(e))]


def _box(raw: dict[str, Any]) -> Box:
    width, height = raw["board"]["width"], raw["board"]["height"]
    at = raw["start"]["at"]
    if not (at[0] < width - 1 and at[1] < height):
        raise _Found(("start", "at"), _("start.at: [X, Y] on the board, with room for the 2x1"
                                        " start tile"))
    tiles = raw["tiles"]
    shapes, contents = tiles["shapes"], tiles["contents"]
    if sum(shapes.values()) != sum(contents.values()):
        raise _Found(("tiles",), _("tiles: {shapes} shapes but {contents} contents").format(
            shapes=sum(shapes.values()), contents=sum(contents.values())))
    pairing = _tile_pairing(tiles.get("pairing", []), shapes, contents)
    openings = {str(shape): tuple(s for s in SIDES if s in sides)
                for shape, sides in raw["openings"].items()}
    meals = raw["meals"]
    unprepared, prepared = meals["unprepared"], meals["prepared"]
    if sum(unprepared.values()) != sum(prepared.values()):
        raise _Found(("meals",), _("meals: as many unprepared as prepared sides are needed"))
    results = {str(name): (spec["food"], spec["bonus"]) for name, spec in raw["results"].items()}
    unknown = [r for r in (*unprepared, *prepared) if r not in results]
    if unknown:
        raise _Found(("meals",), _("meals: {names} has no entry in results").format(
            names=", ".join(unknown)))
    meal_pairing = _meal_pairing(meals.get("pairing", []), unprepared, prepared)
    food = raw["food"]
    if len(food) != contents["food"]:
        raise _Found(("food",), _("food: {count} values 1..4, one per food tile (C-DECK-3)").format(
            count=contents["food"]))
    challenge, sim = raw["challenge"], raw["sim"]
    return Box(
        width=width, height=height, start_at=(at[0], at[1]),
        energy=raw["character"]["energy"], mental=raw["character"]["mental"],
        shapes=dict(shapes), contents=dict(contents), pairing=pairing,
        exit_in_last=tiles["exit_in_last"], openings=openings, events=dict(raw["events"]),
        unprepared=dict(unprepared), prepared=dict(prepared), meal_pairing=meal_pairing,
        results=results, food=tuple(food), challenge_die=challenge["die"],
        item_bonus=challenge["item_bonus"],
        challenge_every_entry=challenge.get("every_entry", True),
        sim={k: float(sim[k]) for k in ("eat_at", "low_mental", "cross_chance")},
        rotations=rotations(openings), entries=entries(openings), masks=masks(openings),
    )


def rotations(openings: dict[str, tuple[str, ...]]) -> dict[tuple[str, int], tuple[str, ...]]:
    """Every shape's open sides at every orientation (C-TURN-2)."""
    return {(shape, turn): rotate(sides, turn) for shape, sides in openings.items()
            for turn in TURNS}


def masks(openings: dict[str, tuple[str, ...]]) -> dict[str, dict[int, int]]:
    """Every shape's open sides at every orientation as one number, a bit per side (BITS): the
    simulator's walks test a side with `&`."""
    return {shape: {turn: sum(BITS[s] for s in rotate(sides, turn)) for turn in TURNS}
            for shape, sides in openings.items()}


def entries(openings: dict[str, tuple[str, ...]]) -> dict[tuple[str, str], tuple[int, ...]]:
    """C-TURN-2: for a shape and the side a mover steps toward, the orientations of a new tile
    of that shape that let the mover in (open on the opposite side), in the order 0..270."""
    turned = rotations(openings)
    return {(shape, side): tuple(t for t in TURNS if OPPOSITE[side] in turned[shape, t])
            for shape in openings for side in SIDES}


def rotate(sides: tuple[str, ...], turn: int) -> tuple[str, ...]:
    """Sides turned clockwise by 0, 90, 180 or 270 degrees, in the order up, right, down, left."""
    steps = turn // 90
    turned = {SIDES[(SIDES.index(s) + steps) % 4] for s in sides}
    return tuple(s for s in SIDES if s in turned)



def _tile_pairing(raw: list[dict[str, Any]], shapes: dict[str, int],
                  contents: dict[str, int]) -> list[tuple[str, str, int]]:
    out = [(e["shape"], e["content"], e["count"]) for e in raw]
    if out:
        for name, table, pos in ((N_("shape"), shapes, 0), (N_("content"), contents, 1)):
            for key, n in table.items():
                got = sum(e[2] for e in out if e[pos] == key)
                if got != n:
                    raise _Found(("tiles", "pairing"), _(
                        "tiles.pairing: {got} tiles of {what} {key}, the box has {n}").format(
                            got=got, what=_(name), key=key, n=n))
    return out


def _meal_pairing(raw: list[list[str]], unprepared: dict[str, int],
                  prepared: dict[str, int]) -> list[tuple[str, str]]:
    for i, pair in enumerate(raw):
        if pair[0] not in unprepared or pair[1] not in prepared:
            raise _Found(("meals", "pairing", i), _(
                "meals.pairing: {pair!r} is not [unprepared, prepared]").format(pair=pair))
    out = [(p[0], p[1]) for p in raw]
    if out:
        for side, table in ((0, unprepared), (1, prepared)):
            for key, n in table.items():
                if sum(p[side] == key for p in out) != n:
                    raise _Found(("meals", "pairing"), _(
                        "meals.pairing: the box has {n} sides {key}").format(n=n, key=key))
    return out
