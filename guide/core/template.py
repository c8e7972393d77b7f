"""`guide new box --game ID [FOLDER]`: the files a table fills from its real box (a game's
`Game.box_template`), written so that nothing is ever overwritten or half-written: each file
goes to a temporary name first, then is linked under its own name only if that name is free.
"""

from __future__ import annotations

import os
from pathlib import Path

from guide.core.errors import GuideError
from guide.core.i18n import _


def write_box(files: dict[str, str], folder: Path) -> list[Path]:
    """Write `files` (name: text) into `folder` (made if missing): the paths written. A
    GuideError, with nothing written, if a file is already there or the folder cannot hold
    them."""
    if folder.exists() and not folder.is_dir():
        raise GuideError(_("{path}: not a folder").format(path=folder))
    targets = [folder / name for name in files]
    for target in targets:
        if target.exists() or target.is_symlink():
            raise GuideError(_("{path}: already there; nothing was written (choose another"
                               " folder, or move that file away)").format(path=target))
    written: list[Path] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for target, text in zip(targets, files.values(), strict=True):
            _write_new(target, text)
            written.append(target)
    except OSError as e:
        for path in written:
            path.unlink(missing_ok=True)
        raise GuideError(_("{path}: cannot write: {reason}").format(
            path=e.filename or folder, reason=e.strerror or e)) from None
    return written


def _write_new(target: Path, text: str) -> None:
    """`text` at `target`, whole or not at all, never over an existing file."""
    temporary = target.with_name(f".{target.name}.writing-{os.getpid()}")
    try:
        with open(temporary, "x", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.link(temporary, target)          # fails if the name was taken meanwhile
    finally:
        temporary.unlink(missing_ok=True)
