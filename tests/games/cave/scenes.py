"""Cave escape's scenes: the lines that set up its tables for the contract tests
(tests/contract, read through gamelist.scenes), in the command forms docs/table-script.md
documents."""

from __future__ import annotations

from guide.core.line import build

# The table seated with names its rules take (any name), and play started; the seats alone
# move play on.
SEATED_NAMES = ['Zed "the" Rock', "O'Brien", "Zoë’s", '"Quo', "-Mo"]


def seated(names: list[str]) -> list[str]:
    return [*(build(["character", n]) for n in names), "start"]


ADVANCE = None


# A table in play for the contract's random walk (tests/contract/hardening_walk.py), the
# first character named `__delete__` (the state diff's old deletion marker).
IN_PLAY = ["character __delete__", "character Bob", "start"]


# Its table with four long names (the toolbar must still fit 80 columns), playing.
def crowded(names: list[str]) -> list[str]:
    return [*(build(["character", n]) for n in names), "start"]


# Its players seated for the bots (tests/contract/test_bots_contract.py).
BOTS_START = ["character Ann", "character Bob", "start"]
NAMED_BY_RULES = True  # its rules resolve the names they take (find), not a Named parameter

# The lines the campaign saved at 9d1bb13 (tests/data/campaigns) takes next.
PLAY_ON = ["end Ann"]
SAVED_SEATS = True     # that campaign has a seat with moves, read as its page reads it
