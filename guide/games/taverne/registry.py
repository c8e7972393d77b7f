"""Taverne's commands in one registry (guide.core.registry): commands.py declares each one,
and seats.py writes each seat's moves from those declarations (guide.core.moves)."""

from __future__ import annotations

from guide.core.registry import Registry

commands = Registry(families=("setup", "calls", "placements", "counters", "info"))
