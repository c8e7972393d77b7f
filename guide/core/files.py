"""Files that are not regular files, named for what they are (a campaign or a card file
must be a regular file: a pipe or a device would hang a read or never end), and files
written whole or not at all (a page, a sheet, a box template): a full disk, a file-size
limit or Ctrl-C in the middle leave the file that was there as it was, or no file, never an
empty or cut one under its name."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from guide.core.i18n import N_, _


def file_kind(mode: int) -> str:
    """What a file is, in words, from its st_mode."""
    for test, words in ((stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a disk device")),
                        (stat.S_ISFIFO, N_("a pipe (FIFO)")), (stat.S_ISSOCK, N_("a socket")),
                        (stat.S_ISREG, N_("a file")), (stat.S_ISDIR, N_("a folder"))):
        if test(mode):
            return _(words)
    return _("not a regular file")


def write_whole(target: Path, text: str, new: bool = False) -> None:
    """`text` into `target`: written beside it under a temporary name, synced, then put in
    its place at once (os.replace; with `new`, os.link, which never takes a name already
    there: FileExistsError). An OSError leaves `target` as it was and no temporary file. A
    file written over keeps its permissions; a symbolic link is written through, to the
    file it names."""
    target = target.resolve() if target.is_symlink() else target
    temporary = target.with_name(f".{target.name}.writing-{os.getpid()}")
    try:
        with open(temporary, "x", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if new:
            os.link(temporary, target)
        else:
            if target.exists():
                os.chmod(temporary, target.stat().st_mode & 0o7777)
            os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
