"""Tally's state: a JSON-able dict whose shape is the game's own (a TypedDict, so commands
and rules read it typed), and the upgrade of a campaign saved at an older version."""

from __future__ import annotations

from typing import TypedDict

from guide.core.errors import GuideError
from guide.core.i18n import domain
from guide.core.sealed import Sealed, sealed

_, ngettext, pgettext = domain("tally", __package__).functions()

VERSION = 2          # bumped when the shape changes; `migrate` upgrades the older ones


class TallyState(TypedDict):
    count: int
    rolls: list[int]
    players: list[str]             # in the order they joined
    guesses: Sealed                # each player's sealed guess of the next die
    alarm: float | None            # when the bell rings (table.now() seconds), state 2
    hands: dict[str, list[int]]    # each player's hidden cards (d6 faces), state 2


def new_state() -> TallyState:
    return TallyState(count=0, rolls=[], players=[], guesses=sealed(), alarm=None, hands={})


def migrate(state: dict, from_version: int) -> dict:
    """State 1 had no alarm and no hands."""
    if from_version != 1:
        raise GuideError(_("the tally game cannot upgrade a campaign of state {version}").format(
            version=from_version))
    return {**state, "alarm": None, "hands": {p: [] for p in state["players"]}}
