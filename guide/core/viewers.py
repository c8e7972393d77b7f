"""Who looks at the table, and what they see: the one question a game answers about its
secrets (`Game.view(table, viewer)`, boardgame.io's `playerView`).

- `TV`: the TV page, what every player may see (the core sends it with `schema` and
  `game`: guide.core.view.shown_view);
- `STATE`: `guide state` and the `state` command, the public state as JSON (keep
  `schema` and `game`);
- `seat(name)`: that seat's page (its `view`), and what a bot of that seat reads: what
  everyone may see, plus that seat's own secrets.

The keyboard is the game master's, or also a player's where the game master plays
(`Player.keyboard`, Kaivo's "You"): the terminal then shows that player's private events
(guide.core.story) and its screens are that seat's to see.

The secrets contract (tests/contract/test_secrets_contract.py) renders every viewer's
view for the state and for each of the game's `secret_variants`: a viewer not entitled to
a secret must see the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from guide.core.table import Table


@dataclass(frozen=True)
class Viewer:
    """One who looks: a `kind` ("tv", "state", "seat") and, for a seat, its name."""
    kind: str
    seat: str | None = None


TV = Viewer("tv")
STATE = Viewer("state")


def seat(name: str) -> Viewer:
    """The viewer at that seat."""
    return Viewer("seat", name)


def public_state(table: Table) -> dict[str, Any]:
    """The JSON of `guide state` (and of the `state` command)."""
    return table.game.view(table, STATE)


def seat_view(table: Table, name: str) -> dict[str, Any]:
    """What that seat's page shows (its `view`)."""
    return table.game.view(table, seat(name))


def keyboard_seat(table: Table) -> str | None:
    """The seat of the one at the keyboard (None: the game master's alone)."""
    from guide.core.players import keyboard

    return keyboard(table)
