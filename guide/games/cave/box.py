"""The box (cards/cave/box.yaml): component counts and the companion's choices, as data.

`load_box(path)` reads and checks the file; a problem raises BoxError with one line naming
the file and the entry. Nothing here is a rule: the rules read a Box.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

SIDES = ("up", "right", "down", "left")
CAVE_SHAPES = ("straight", "four-way", "three-way", "turn", "dead end")
CONTENTS = ("food", "event", "normal", "challenge")
EVENT_CARDS = ("fire", "item", "paranoia")
TURNS = (0, 90, 180, 270)


class BoxError(ValueError):
    """A bad box file; the message is one line for the user, `FILE:LINE:COLUMN: ...` once
    load_box has found where."""

    def __init__(self, message: str, line: int = 1, column: int = 1, detail: str | None = None) -> None:
        super().__init__(message)
        self.line, self.column = line, column
        self.message = detail or message          # without FILE:LINE:COLUMN


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

    def sides(self, shape: str, turn: int) -> tuple[str, ...]:
        """The open sides of a shape turned clockwise by `turn` degrees (C-TURN-2)."""
        return self.rotations[(shape, turn)]


def bundled_box() -> Path:
    """The box shipped with the project: cards/cave/box.yaml (in the repo or the wheel)."""
    here = Path(__file__).resolve()
    for candidate in (here.parents[3] / "cards" / "cave" / "box.yaml",
                      here.parents[2] / "box" / "cards" / "cave" / "box.yaml"):
        if candidate.is_file():
            return candidate
    raise BoxError("the Cave escape box (cards/cave/box.yaml) is missing")


def load_box(path: Path | None = None) -> Box:
    """The box of that file (default: the bundled one); a BoxError names file, line, column."""
    path = path or bundled_box()
    try:
        text = path.read_text(encoding="utf-8")
        raw = yaml.safe_load(text)
    except OSError as e:
        raise BoxError(f"{path}:1:1: {e.strerror or e}", detail=str(e.strerror or e)) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise BoxError(f"{path}:{line}:{column}: {what}", line, column, what) from None
    try:
        return parse_box(raw)
    except BoxError as e:
        line, column = locate(text, e.message.split(":")[0])
        raise BoxError(f"{path}:{line}:{column}: {e.message}", line, column, e.message) from None


def locate(text: str, entry: str) -> tuple[int, int]:
    """Line and column of a dotted entry (`tiles.shapes`) in the YAML text, as deep as found."""
    node = yaml.compose(text)
    where = node
    for part in entry.split("."):
        if not isinstance(node, yaml.MappingNode):
            break
        found = next((v for k, v in node.value if getattr(k, "value", None) == part), None)
        if found is None:
            break
        where = node = found
    if where is None:
        return 1, 1
    return where.start_mark.line + 1, where.start_mark.column + 1


def _map(raw: Any, key: str) -> dict[str, Any]:
    value = raw.get(key) if isinstance(raw, dict) else None
    if not isinstance(value, dict):
        raise BoxError(f"{key}: a mapping is needed")
    return value


def _count(value: Any, where: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise BoxError(f"{where}: a whole number of at least {low} is needed, not {value!r}")
    return value


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise BoxError(f"{where}: true or false, not {value!r}")
    return value


def _counts(raw: dict[str, Any], key: str, names: tuple[str, ...] | None = None) -> dict[str, int]:
    table = _map(raw, key)
    if names is not None and set(table) != set(names):
        raise BoxError(f"{key}: needs exactly {', '.join(names)}")
    return {str(k): _count(v, f"{key}.{k}") for k, v in table.items()}


def parse_box(raw: Any) -> Box:
    if not isinstance(raw, dict):
        raise BoxError("the box is a mapping")
    board = _map(raw, "board")
    width = _count(board.get("width"), "board.width", 2)
    height = _count(board.get("height"), "board.height", 1)
    at = _map(raw, "start").get("at")
    if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at)
            and 0 <= at[0] < width - 1 and 0 <= at[1] < height):
        raise BoxError("start.at: [X, Y] on the board, with room for the 2x1 start tile")
    character = _map(raw, "character")
    tiles = _map(raw, "tiles")
    shapes = _counts(tiles, "shapes", CAVE_SHAPES)
    contents = _counts(tiles, "contents", CONTENTS)
    if sum(shapes.values()) != sum(contents.values()):
        raise BoxError(f"tiles: {sum(shapes.values())} shapes but {sum(contents.values())} contents")
    pairing = _tile_pairing(tiles.get("pairing") or [], shapes, contents)
    openings: dict[str, tuple[str, ...]] = {}
    for shape, sides in _map(raw, "openings").items():
        if not (isinstance(sides, list) and sides and all(s in SIDES for s in sides)):
            raise BoxError(f"openings.{shape}: a list of up, right, down, left")
        openings[str(shape)] = tuple(s for s in SIDES if s in sides)
    missing = [s for s in (*CAVE_SHAPES, "exit", "start") if s not in openings]
    if missing:
        raise BoxError(f"openings: {', '.join(missing)} missing")
    meals = _map(raw, "meals")
    unprepared, prepared = _counts(meals, "unprepared"), _counts(meals, "prepared")
    if sum(unprepared.values()) != sum(prepared.values()):
        raise BoxError("meals: as many unprepared as prepared sides are needed")
    results: dict[str, tuple[bool, int]] = {}
    for name, spec in _map(raw, "results").items():
        if not (isinstance(spec, dict) and isinstance(spec.get("food"), bool)
                and isinstance(spec.get("bonus"), int)):
            raise BoxError(f"results.{name}: {{food: true|false, bonus: N}}")
        results[str(name)] = (spec["food"], spec["bonus"])
    unknown = [r for r in (*unprepared, *prepared) if r not in results]
    if unknown:
        raise BoxError(f"meals: {', '.join(unknown)} has no entry in results")
    meal_pairing = _meal_pairing(meals.get("pairing") or [], unprepared, prepared)
    food = raw.get("food")
    if not (isinstance(food, list) and len(food) == contents["food"]
            and all(isinstance(v, int) and 1 <= v <= 4 for v in food)):
        raise BoxError(f"food: {contents['food']} values 1..4, one per food tile (C-DECK-3)")
    challenge = _map(raw, "challenge")
    sim = _map(raw, "sim")
    for key in ("eat_at", "low_mental", "cross_chance"):
        if not isinstance(sim.get(key), int | float):
            raise BoxError(f"sim.{key}: a number is needed")
    return Box(
        width=width, height=height, start_at=(at[0], at[1]),
        energy=_count(character.get("energy"), "character.energy", 1),
        mental=_count(character.get("mental"), "character.mental", 1),
        shapes=shapes, contents=contents, pairing=pairing,
        exit_in_last=_count(tiles.get("exit_in_last"), "tiles.exit_in_last"),
        openings=openings, events=_counts(raw, "events", EVENT_CARDS),
        unprepared=unprepared, prepared=prepared, meal_pairing=meal_pairing, results=results,
        food=tuple(food), challenge_die=_count(challenge.get("die"), "challenge.die", 1),
        item_bonus=_count(challenge.get("item_bonus"), "challenge.item_bonus"),
        challenge_every_entry=_flag(challenge.get("every_entry", True), "challenge.every_entry"),
        sim={k: float(sim[k]) for k in ("eat_at", "low_mental", "cross_chance")},
        rotations={(shape, turn): rotate(sides, turn) for shape, sides in openings.items() for turn in TURNS},
    )


def rotate(sides: tuple[str, ...], turn: int) -> tuple[str, ...]:
    """Sides turned clockwise by 0, 90, 180 or 270 degrees, in the order up, right, down, left."""
    steps = turn // 90
    turned = {SIDES[(SIDES.index(s) + steps) % 4] for s in sides}
    return tuple(s for s in SIDES if s in turned)


def _tile_pairing(raw: Any, shapes: dict[str, int], contents: dict[str, int]) -> list[tuple[str, str, int]]:
    if not isinstance(raw, list):
        raise BoxError("tiles.pairing: a list of {shape, content, count}")
    out: list[tuple[str, str, int]] = []
    for entry in raw:
        if not (isinstance(entry, dict) and entry.get("shape") in shapes
                and entry.get("content") in contents):
            raise BoxError(f"tiles.pairing: {entry!r} is not {{shape, content, count}}")
        out.append((entry["shape"], entry["content"], _count(entry.get("count"), "tiles.pairing.count", 1)))
    if out:
        for name, table, pos in (("shape", shapes, 0), ("content", contents, 1)):
            for key, n in table.items():
                got = sum(e[2] for e in out if e[pos] == key)
                if got != n:
                    raise BoxError(f"tiles.pairing: {got} tiles of {name} {key}, the box has {n}")
    return out


def _meal_pairing(raw: Any, unprepared: dict[str, int], prepared: dict[str, int]) -> list[tuple[str, str]]:
    if not isinstance(raw, list):
        raise BoxError("meals.pairing: a list of [unprepared, prepared]")
    out: list[tuple[str, str]] = []
    for pair in raw:
        if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in unprepared and pair[1] in prepared):
            raise BoxError(f"meals.pairing: {pair!r} is not [unprepared, prepared]")
        out.append((pair[0], pair[1]))
    if out:
        for side, table in ((0, unprepared), (1, prepared)):
            for key, n in table.items():
                if sum(p[side] == key for p in out) != n:
                    raise BoxError(f"meals.pairing: the box has {n} sides {key}")
    return out
