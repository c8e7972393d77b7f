"""Who may see a secret the state holds: `Secret`, what `Game.secret_variants` returns.

A secret variant is the table's state changed ONLY in something hidden (a face-down card's
value, a deck's order, a sealed choice), with the one who may see that something: a seat's
name, "gm" (only the game master's screens), or None (sealed from everyone, the terminal
included, until revealed). The contract (tests/contract/test_secrets_contract.py) renders
every screen for the state and for each variant: every screen not entitled to the secret
must come out the same. Such a test needs no knowledge of what the secret looks like."""

from __future__ import annotations

from dataclasses import dataclass

GM = "gm"         # the audience of a secret only the game master's screens may show
SEALED = None     # ... of one nobody sees until it is revealed


@dataclass(frozen=True)
class Secret:
    audience: str | None     # a seat's name, GM, or SEALED (None)
    state: dict              # the table's state, changed only in the hidden thing
    what: str                # what differs, in a few words (a test's message)


def entitled(audience: str | None, viewer: str) -> bool:
    """May `viewer` (a seat's name, or GM for the game master's terminal) see a secret of
    this audience?"""
    return audience is not None and audience == viewer
