"""Kaverini's command registry: every module of `commands/` registers into it."""

from __future__ import annotations

from guide.core.registry import Registry

FAMILIES = ("party", "adventure", "confrontation", "strategy game", "dice", "history",
            "settings", "table")
commands = Registry(FAMILIES)
command = commands.command
