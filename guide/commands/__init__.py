"""The table's commands, one module per family, registered with guide.commands.registry."""

import importlib

FAMILIES = ("party", "sheets", "lottery", "shop", "dice", "history", "settings", "confront", "odds",
            "strategy", "view")


def load_all() -> None:
    for name in FAMILIES:
        importlib.import_module(f"guide.commands.{name}")
