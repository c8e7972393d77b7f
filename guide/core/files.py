"""Files that are not regular files, named for what they are (a campaign or a card file
must be a regular file: a pipe or a device would hang a read or never end)."""

from __future__ import annotations

import stat


def file_kind(mode: int) -> str:
    """What a file is, in words, from its st_mode."""
    for test, words in ((stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a disk device"),
                        (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISSOCK, "a socket"),
                        (stat.S_ISREG, "a file"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return words
    return "not a regular file"
