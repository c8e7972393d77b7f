"""The secrets contract for bots at one point of a game, shared by the games' bot tests:
every variant of the state that a seat may not see (the game's `secret_variants`, read by
tests only) gives that seat's bot the same choice."""

from __future__ import annotations

from collections.abc import Callable

from guide.core.bots import choose
from guide.core.dice import Dice
from guide.core.moves import Move
from guide.core.secrets import entitled
from guide.core.table import Table


def _line(move: Move) -> str:
    return move.line


def same_in_every_variant(t: Table, seat: str, level: str, seed: int, step: int,
                          said: Callable[[Move], str] = _line) -> tuple[Move | None, int]:
    """The bot's choice at this point, and how many variants gave the same (`said` reads a
    choice: its line, or its label where a line holds a code of the table's own key)."""
    real = choose(t, seat, level, seed, step)
    checked = 0
    for secret in t.game.secret_variants(t):
        if entitled(secret.audience, seat):
            continue
        other = (t.game.settings.table_class or Table)(t.game, None, t.library, Dice(1))
        other.state = secret.state
        again = choose(other, seat, level, seed, step)
        assert (again and said(again)) == (real and said(real)), (seat, secret.what)
        checked += 1
    return real, checked
