"""The box's knobs on the command line: `--set tiles.straight=12`, `--sweep energy=6..10`.

Every value of the box file is a knob, named by its path (`tiles.shapes.straight`), by its
first and last parts (`tiles.straight`) or by its last part alone (`energy`, `exit_in_last`)
where that names one value only; a space may be typed `_` (`tiles.dead_end`). The name is
found by the core's resolver (any case, a unique beginning). A value is read as the entry it
replaces: a whole number, a number, true/false, or a list with commas (`food=1,2,2,3`).

The box with its knobs turned is written out and read back by the same loader as any box
file, so it is held to the same schema and sums. One adjustment is made, and said: when the
tile shapes and contents no longer add up to the same number and `tiles.contents.normal` was
not given, the normal tiles (those with no content) make up the difference.
"""

from __future__ import annotations

import copy
import re
import tempfile
from collections.abc import Iterator, Sequence
from functools import reduce
from operator import getitem
from pathlib import Path
from typing import Any

import yaml

from guide.core.errors import GuideError
from guide.core.i18n import N_, domain
from guide.core.names import resolve
from guide.core.text import visible

from .box import Box, bundled_box, load_box, read_box

_, ngettext, pgettext = domain("cave").functions()
# what a knob's value must be, by the kind of the value it replaces
KINDS = {bool: N_("true or false"), int: N_("a whole number"), float: N_("a number")}

NORMAL = "tiles.contents.normal"
MAX_SWEEP = 50


class KnobError(GuideError):
    """A knob or value the box cannot take; one line naming the option."""


def leaves(raw: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The paths of the box's values a knob may set (mappings walked, lists of mappings and
    of lists, the pairings, left whole to the file)."""
    if isinstance(raw, dict):
        for k, v in raw.items():
            yield from leaves(v, (*path, str(k)))
    elif isinstance(raw, list) and any(isinstance(v, dict | list) for v in raw):
        return
    elif path:
        yield path


def names(raw: Any) -> dict[str, tuple[str, ...]]:
    """Every name a knob answers to, and its path."""
    paths = list(leaves(raw))
    offered: dict[str, list[tuple[str, ...]]] = {}
    for p in paths:
        forms = {".".join(p), p[-1]} | ({f"{p[0]}.{p[-1]}"} if len(p) > 2 else set())
        for form in sorted(forms | {f.replace(" ", "_") for f in forms}):   # the same order each run
            offered.setdefault(form, []).append(p)
    full = {".".join(p): p for p in paths}
    return {n: full.get(n, ps[0]) for n, ps in offered.items() if len(ps) == 1 or n in full}


def find(raw: Any, typed: str, option: str) -> tuple[str, ...]:
    """The path of the knob `typed` names."""
    table = names(raw)
    try:
        return table[resolve(typed.strip(), list(table), pgettext("what", "knob of the box"))]
    except GuideError as e:
        raise KnobError(f"{option} {typed}: {e}") from None


def get(raw: Any, path: tuple[str, ...]) -> Any:
    """The box's value at a knob's path."""
    return reduce(getitem, path, raw)


def value_like(old: Any, text: str, where: str) -> Any:
    """`text` read as the kind of value `old` is."""
    text = text.strip()
    try:
        if isinstance(old, bool):
            folded = text.casefold()
            if folded not in ("true", "false", "yes", "no"):
                raise ValueError
            return folded in ("true", "yes")
        if isinstance(old, int):
            return int(text)
        if isinstance(old, float):
            return float(text)
        if isinstance(old, list):
            items = [t.strip() for t in text.split(",") if t.strip()]
            numbers = not old or all(isinstance(v, int) and not isinstance(v, bool) for v in old)
            return [int(t) for t in items] if numbers else items
    except ValueError:
        kind = _(KINDS[type(old)]) if type(old) in KINDS else _("a value")
        raise KnobError(_("{where}: {text!r} is not {kind}").format(
            where=where, text=text, kind=kind)) from None
    return text


def sweep_values(old: Any, text: str, where: str) -> list[Any]:
    """`6..10` (whole numbers, both ends in) or `a,b,c`: the values a sweep takes."""
    span = re.fullmatch(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*", text)
    if span and isinstance(old, int) and not isinstance(old, bool):
        low, high = int(span.group(1)), int(span.group(2))
        if high < low:
            raise KnobError(_("{where}: {text!r} runs downward; write LOW..HIGH").format(
                where=where, text=text))
        values: list[Any] = list(range(low, high + 1))
    elif isinstance(old, list):
        raise KnobError(_("{where}: a list cannot be swept (--set it)").format(where=where))
    else:
        values = [value_like(old, t, where) for t in text.split(",") if t.strip()]
    if not values or len(values) > MAX_SWEEP:
        raise KnobError(_("{where}: 1 to {most} values, not {count}").format(
            where=where, most=MAX_SWEEP, count=len(values)))
    return values


def turned(raw: Any, settings: Sequence[tuple[tuple[str, ...], Any]]) -> tuple[Any, list[str]]:
    """A copy of the raw box with the settings applied, and the adjustments made to match."""
    out = copy.deepcopy(raw)
    for path, value in settings:
        get(out, path[:-1])[path[-1]] = value
    notes: list[str] = []
    # the raw box passed its schema (raw_box), and a knob keeps its value's kind (value_like)
    shapes, contents = out["tiles"]["shapes"], out["tiles"]["contents"]
    given = {".".join(p) for p, _ in settings}
    if NORMAL not in given:
        total, others = sum(shapes.values()), sum(v for k, v in contents.items() if k != "normal")
        if total != others + contents["normal"] and total - others >= 0:
            contents["normal"] = total - others
            notes.append(ngettext(
                "tiles.normal={normal}, so that the contents match the {total} tile",
                "tiles.normal={normal}, so that the contents match the {total} tiles", total)
                .format(normal=total - others, total=total))
    return out, notes


def box_with(raw: Any, settings: Sequence[tuple[tuple[str, ...], Any]], shown: str) -> tuple[Box, list[str]]:
    """The Box of the raw box with the settings applied, read by the box loader itself;
    a problem is one line naming the options (`shown`)."""
    changed, notes = turned(raw, settings)
    with tempfile.TemporaryDirectory(prefix="guide-cave-") as folder:
        path = Path(folder) / "box.yaml"
        path.write_text(yaml.safe_dump(changed, sort_keys=False), encoding="utf-8")
        box, problems = read_box(path)
    if box is None:                 # the first problem's words, without the temporary file
        raise KnobError(_("{shown}: the box refuses it: {why}").format(
            shown=shown, why=visible(problems[0].message)))
    return box, notes


def raw_box(path: Path | None) -> Any:
    """A box file's data (checked first by the loader, so that it is a valid box)."""
    load_box(path)
    return yaml.safe_load((path or bundled_box()).read_text(encoding="utf-8"))
