"""What a game ships inside its package, read the one way every game reads it: the JSON
Schema of each kind of its data files (`schemas/NAME.schema.json`, for `Game.files`) and a
page of the project's docs the wheel copies in (pyproject.toml's force-include: docs/cave.md
as guide/games/cave/rules.md), read from the repository's docs/ in a source checkout.

Every game's schemas are read through it; Cave escape's and Kaverini's rules pages too."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[2] / "docs"     # the repository's, beside guide/


@cache
def schema(package: str, name: str) -> dict[str, Any]:
    """The JSON Schema `package` ships as schemas/NAME.schema.json (read once)."""
    text = resources.files(package).joinpath("schemas", f"{name}.schema.json")
    return json.loads(text.read_text("utf-8"))


def page(package: str, name: str, doc: str) -> str:
    """The text of a docs page: the copy the wheel installs in `package` as `name`, else the
    repository's docs/`doc` (a source checkout, where no copy is installed)."""
    installed = resources.files(package).joinpath(name)
    if installed.is_file():
        return installed.read_text(encoding="utf-8")
    return (DOCS / doc).read_text(encoding="utf-8")
