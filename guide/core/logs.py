"""The user's folders (platformdirs) and the log file where full tracebacks go."""

from __future__ import annotations

import errno
import os
from datetime import datetime
from pathlib import Path

from guide.core.errors import GuideError
from guide.core.i18n import _


class DataDirError(GuideError):
    """The data folder (GUIDE_DATA_DIR, or the user's) cannot be made or reached."""


def data_dir() -> Path:
    """The user's data folder (default campaigns, the log, the prompt's history), made if
    need be; a DataDirError, one line naming it, when it cannot be."""
    override = os.environ.get("GUIDE_DATA_DIR")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("kaverini-guide", appauthor=False))
    try:
        path.mkdir(parents=True, exist_ok=True)
        if not path.is_dir():          # a symbolic link to a file: mkdir says nothing
            raise FileExistsError(errno.EEXIST, "File exists", str(path))
    except OSError as e:
        where = f"GUIDE_DATA_DIR={override}" if override else str(path)
        raise DataDirError(_("{where}: no data folder can be made there: {why}").format(
            where=where, why=_folder_words(e))) from None
    return path


def _folder_words(e: OSError) -> str:
    if e.errno in (errno.EEXIST, errno.ENOTDIR):
        return _("a file stands where a folder must be")
    if e.errno in (errno.EACCES, errno.EPERM):
        return _("permission denied")
    if e.errno == errno.EROFS:
        return _("the disk or folder is read-only")
    return e.strerror or str(e)


def log_exception(error: BaseException) -> Path:
    """Append the full traceback to guide.log in the data folder; return its path."""
    import traceback  # here, not at the top: only a crash needs it, not a table's start

    try:
        path = data_dir() / "guide.log"
        with path.open("a", encoding="utf-8") as f:
            f.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n")
            f.write("".join(traceback.format_exception(error)))
        return path
    except (OSError, GuideError):
        return Path("(log unavailable)")
