"""Files that are not regular files, named for what they are (a campaign or a card file
must be a regular file: a pipe or a device would hang a read or never end)."""

from __future__ import annotations

import stat

from guide.core.i18n import N_, _


def file_kind(mode: int) -> str:
    """What a file is, in words, from its st_mode."""
    for test, words in ((stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a disk device")),
                        (stat.S_ISFIFO, N_("a pipe (FIFO)")), (stat.S_ISSOCK, N_("a socket")),
                        (stat.S_ISREG, N_("a file")), (stat.S_ISDIR, N_("a folder"))):
        if test(mode):
            return _(words)
    return _("not a regular file")
