"""`guide new box [NAME] [--to DIR] --game ID`: the files a table fills from its real box (a
game's `Game.box_template`), written so that nothing is ever overwritten or half-written:
the folder must be new or empty, each file goes to a temporary name first and is linked under
its own name only if that name is free, and a failure takes back what was written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from guide.core.errors import GuideError
from guide.core.files import write_whole
from guide.core.i18n import _
from guide.core.text import shown_path


@dataclass(frozen=True)
class BoxTemplate:
    """What `guide new box` writes: the files (path inside the folder: text), the folder's
    name when `--to` is not given, and the lines said after writing (`{folder}` is filled)."""

    files: dict[str, str]
    folder: str
    said: list[str] = field(default_factory=list)


def slug(name: str) -> str:
    """A folder or id from a box's name: lower-case letters, digits and dashes."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")


def write_box(files: dict[str, str], folder: Path) -> list[Path]:
    """Write `files` into `folder` (made if missing; it must be new or empty): the paths
    written. A GuideError naming --to, with nothing written, otherwise."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise GuideError(_("--to: {folder} already exists and is not an empty folder; nothing"
                           " was written").format(folder=shown_path(folder)))
    written: list[Path] = []
    try:
        for name, text in files.items():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            write_whole(target, text, new=True)     # never over a file there
            written.append(target)
    except OSError as e:
        for path in written:
            path.unlink(missing_ok=True)
        raise GuideError(_("--to: cannot write {folder}: {reason}").format(
            folder=shown_path(folder), reason=e.strerror or e)) from None
    return written


