"""Ctrl-C that lands while a command is being saved: held back until the save is over.

A command is either saved and reported as saved, or not saved and reported as not saved,
whatever moment the signal lands: `held_interrupts` keeps a SIGINT from cutting a save (or
an undo and the reload after it) in half, and tells afterwards whether one came.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Held:
    """Whether a Ctrl-C came while it was held back."""

    def __init__(self) -> None:
        self.came = False


@contextmanager
def held_interrupts() -> Iterator[Held]:
    """Hold SIGINT back for the block (main thread only; elsewhere no signal arrives)."""
    held = Held()
    if threading.current_thread() is not threading.main_thread():
        yield held
        return

    def hold(signum: int, frame: FrameType | None) -> None:
        held.came = True

    previous = signal.signal(signal.SIGINT, hold)
    try:
        yield held
    finally:
        signal.signal(signal.SIGINT, previous)
