"""A page or sheet Kaverini writes for the table (`guide print --to`, `export --to`): whole
or not at all. A full disk, a file-size limit or Ctrl-C in the middle leave the file that was
there as it was (or no file), never an empty or cut page under its name."""

from __future__ import annotations

import os
from pathlib import Path


def write_whole(target: Path, text: str) -> None:
    """`text` into `target`: written beside it under a temporary name, then put in its place
    at once (os.replace); an OSError leaves `target` untouched and no temporary file. A
    symbolic link is written through, to the file it names."""
    target = target.resolve() if target.is_symlink() else target
    temporary = target.with_name(f".{target.name}.writing-{os.getpid()}")
    try:
        with open(temporary, "x", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if target.exists():             # the page written before keeps its permissions
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
