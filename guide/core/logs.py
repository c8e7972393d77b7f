"""The user's folders (platformdirs) and the log file where full tracebacks go."""

from __future__ import annotations

import os
import traceback
from datetime import datetime
from pathlib import Path


def data_dir() -> Path:
    override = os.environ.get("GUIDE_DATA_DIR")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("kaverini-guide", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def log_exception(error: BaseException) -> Path:
    """Append the full traceback to guide.log in the data folder; return its path."""
    try:
        path = data_dir() / "guide.log"
        with path.open("a", encoding="utf-8") as f:
            f.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n")
            f.write("".join(traceback.format_exception(error)))
        return path
    except OSError:
        return Path("(log unavailable)")
