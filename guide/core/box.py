"""Where a game's bundled box lives: `cards/<id>/` and `adventures/<id>/` at the top of the
repository, shipped inside the wheel as `guide/box/cards/<id>/` and so on."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

KINDS = ("cards", "adventures")


def bundled(game_id: str) -> list[Path]:
    """The existing box folders of a game: installed in the package, else the repository's."""
    installed = Path(str(resources.files("guide").joinpath("box")))
    root = installed if installed.is_dir() else Path(__file__).resolve().parents[2]
    return [root / kind / game_id for kind in KINDS if (root / kind / game_id).is_dir()]
