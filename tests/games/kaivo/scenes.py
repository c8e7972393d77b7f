"""Kaivo's scenes: the lines that set up its tables for the contract tests (tests/contract,
read through gamelist.scenes), in the command forms docs/table-script.md documents."""

from __future__ import annotations

from guide.core.line import build

# Lines that reach the secrets random lines seldom reach, by scene name ("" is the game's
# own), with the kinds of secret each must reach (the audience's name as X).
SECRETS: dict[str, tuple[list[str], set[str]]] = {
    "": (["deal --friends Ann,Ben --bots 1", "draw --as Ann", "swap 2 --as Ann",
          "draw --as Ben", "discard --as Ben", "draw --as Ann"],
         {"X's held card", "X's face-down card", "the deck's order"}),
}
SEALS = False          # no seat move of the scene above seals a choice

# The table seated with names its rules take (one word, not starting with `-`), and play
# started; the seats alone move play on.
SEATED_NAMES = ["O'Brien", 'Zed"the"Rock', '"Quo']


def seated(names: list[str]) -> list[str]:
    return [build(["deal"], [("--friends", ",".join(names)), ("--bots", 1)])]


ADVANCE = None


# A table in play for the contract's random walk (tests/contract/hardening_walk.py), the
# first player named `__delete__` (the state diff's old deletion marker).
IN_PLAY = ["players __delete__ Bob Cid", "deal"]


# Its table with four long names (the toolbar must still fit 80 columns), playing.
def crowded(names: list[str]) -> list[str]:
    return [build(["players", *names])]


# Its players seated for the bots (tests/contract/test_bots_contract.py).
BOTS_START = ["deal --friends Ann,Bob --bots 0"]

# The lines the campaign saved at 9d1bb13 (tests/data/campaigns) takes next.
PLAY_ON = ["draw --as Ann", "discard --as Ann"]
SAVED_SEATS = True     # that campaign has a seat with moves, read as its page reads it
