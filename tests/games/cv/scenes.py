"""CV's scenes: the lines that set up its tables for the contract tests (tests/contract,
read through gamelist.scenes), in the command forms docs/table-script.md documents."""

from __future__ import annotations

import sys
from pathlib import Path

from guide.core.line import build

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_cv_box import CARDS  # noqa: E402  (CV's card file test: a box of the table's)

BOX = CARDS            # the scenes' box: CV's decks are the table's own cards

# Lines that reach the secrets random lines seldom reach, by scene name ("" is the game's
# own), with the kinds of secret each must reach (the audience's name as X).
SECRETS: dict[str, tuple[list[str], set[str]]] = {
    "": (["players Ann Bob", "goal Ann 80", "track", 'hand Ann "Zoo trip"',
          "roll Ann --faces money,money,money,health"], {"X's secret goal"}),
}

# The table seated with names its rules take (any name), and play started; the seats alone
# move play on.
SEATED_NAMES = ['Zed "the" Rock', "O'Brien", "-Mo", 'Zed" --roll "20']


def seated(names: list[str]) -> list[str]:
    return [build(["players", *names]), "track youth=20 maturity=20 old_age=20"]


ADVANCE = None


# A table in play for the contract's random walk (tests/contract/hardening_walk.py), the
# first player named `__delete__` (the state diff's old deletion marker).
IN_PLAY = ["players __delete__ Bob Cid"]
# A name spelled like that marker kept through a reopen, and a line that reads the table then.
MARKER = (["players __delete__ Bob Cid"], "status")


# Its table with four long names (the toolbar must still fit 80 columns), playing.
def crowded(names: list[str]) -> list[str]:
    return [build(["players", *names])]


# Its players seated for the bots (tests/contract/test_bots_contract.py), with the table's
# cards a whole game needs (guide bench's box).
BOTS_BOX = Path(__file__).resolve().parents[2] / "data" / "cv-bench"
BOTS_START = ["players Ann Bob", "card Ann Bicycle --points 1", "goal Ann 76", "goal Bob 78",
              "public 80", "track"]

# The lines the campaign saved at 9d1bb13 (tests/data/campaigns) takes next.
PLAY_ON = ["reroll Ann 1", "goal Bob 80"]
