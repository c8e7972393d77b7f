"""What Tally's state hides, as variants of it (guide.core.secrets.Secret): the state changed
only in one secret, and who may see it. The secrets contract renders every screen for each
variant and proves that only that audience's screens change."""

from __future__ import annotations

import copy

from guide.core.secrets import Secret

from .rules import FACES


def variants(table) -> list[Secret]:
    """Each player's last card (theirs to see) and each sealed guess (the guesser's)."""
    out = []
    for name, cards in table.state["hands"].items():
        if cards:
            state = copy.deepcopy(table.state)
            state["hands"][name][-1] = _other(cards[-1])
            out.append(Secret(name, state, f"{name}'s last card"))
    box = table.state["guesses"]
    for name, face in box["choices"].items() if not box["revealed"] else ():
        state = copy.deepcopy(table.state)
        state["guesses"]["choices"][name] = _other(face)
        out.append(Secret(name, state, f"{name}'s sealed guess"))
    return out


def _other(face: int) -> int:
    """Another face of the die than `face`."""
    return face % len(FACES) + 1
