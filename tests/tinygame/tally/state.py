"""Tally's state: a JSON-able dict whose shape is the game's own (a TypedDict, so commands
and rules read it typed), and the upgrade of a campaign saved at an older version."""

from __future__ import annotations

from typing import TypedDict

from guide.core import turns
from guide.core.errors import GuideError
from guide.core.i18n import domain
from guide.core.sealed import Sealed, sealed
from guide.core.turns import Turns

_, ngettext, pgettext = domain("tally", __package__).functions()

VERSION = 3          # bumped when the shape changes; `migrate` upgrades the older ones


class TallyState(TypedDict):
    count: int
    rolls: list[int]
    turns: Turns                   # the players in seating order, whose turn (guide.core.turns), state 3
    guesses: Sealed                # each player's sealed guess of the next die
    alarm: float | None            # when the bell rings (table.now() seconds), state 2
    hands: dict[str, list[int]]    # each player's hidden cards (d6 faces), state 2


def new_state() -> TallyState:
    return TallyState(count=0, rolls=[], turns=turns.new(), guesses=sealed(), alarm=None,
                      hands={})


def migrate(state: dict, from_version: int) -> dict:
    """State 1 had no alarm and no hands; states 1 and 2 kept the players as a list of
    their own, in the order they joined, and no turns. What the store gives is today's
    `new_state()` with the campaign's changes applied over it (a file without a snapshot):
    a key the older game never changed is missing or already today's."""
    if from_version not in (1, 2):
        raise GuideError(_("the tally game cannot upgrade a campaign of state {version}").format(
            version=from_version))
    if from_version == 1:
        state = {**state, "alarm": None, "hands": {p: [] for p in state.get("players", [])}}
    return with_turns(state)


def with_turns(state: dict) -> dict:
    """State 3: the list of players becomes the core's turn order, seated in the order they
    joined. A round of guesses under way goes on: it was opened by the first player in
    seating order who has guessed, and the turn is the first one's still to guess."""
    names = list(state.get("players", []))     # never set if nobody joined (see below)
    order = turns.new(names)
    box = state["guesses"]
    guessed = [name for name in names if name in box["choices"]]
    waiting = [name for name in names if name not in box["choices"]]
    if guessed and waiting and not box["revealed"]:
        turns.start(order, guessed[0])
        turns.end_turn(order, to=waiting[0])
    return {**{k: v for k, v in state.items() if k != "players"}, "turns": order}
