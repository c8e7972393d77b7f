"""Taverne's scenes: the lines that set up its tables for the contract tests (tests/contract,
read through gamelist.scenes), in the command forms docs/table-script.md documents."""

from __future__ import annotations

from guide.core.line import build

# Lines that reach the secrets random lines seldom reach (an Attack sealed in call 4), by
# scene name ("" is the game's own), with the kinds of secret each must reach (what a
# variant says differs, the audience's name as X).
SECRETS: dict[str, tuple[list[str], set[str]]] = {
    "": ([*(f"player {n} --loot 1" for n in ("Marie", "Pierre", "Cecile", "Jacques")),
          "start", "call", "call", "dodges Pierre 1", "call",
          "attack Marie --on Pierre --weapon 4", "attack Pierre --on Marie --weapon 5",
          "attack Cecile --on Jacques --weapon 3", "attack Jacques --on Marie --weapon 1",
          "call", "dodge Pierre --against Marie 4", "call"],
         {"X's sealed Weapon", "X's sealed target", "X's Dodges against Marie",
          "X's Weapon pile under its top"}),
    "auction": (["player Marie", "player Pierre", "player Cecile",
                 "start --variant auction", "bid Marie 22", "bid Pierre 25",
                 "bid Cecile 20"], {"X's sealed bid"}),
}

# The table seated with names its rules take (one word), and play started; `call` is what
# the game master types to move play on.
SEATED_NAMES = ["O'Brien", 'Zed"the"Rock', '"Quo', "Zoë’s"]


def seated(names: list[str]) -> list[str]:
    return [*(build(["player", n], [("--loot", 2)]) for n in names), "start"]


ADVANCE = "call"


# A table in play for the contract's random walk (tests/contract/hardening_walk.py), the
# first player named `__delete__` (the state diff's old deletion marker).
IN_PLAY = ["player __delete__ --loot 3", "player Bob --loot 2", "player Cid --loot 1", "start"]
# A name spelled like that marker kept through a reopen, and a line that reads the table then.
MARKER = (["player __delete__ --loot 3", "player Bob --loot 2", "start"], "status")


# Its table with four long names (the toolbar must still fit 80 columns), playing.
def crowded(names: list[str]) -> list[str]:
    return [*(build(["player", n], [("--loot", 2)]) for n in names), "start --beginner"]


# Its players seated for the bots (tests/contract/test_bots_contract.py).
BOTS_START = ["player Ann", "player Bob", "player Cid", "start --beginner",
              "player Ann --loot 2", "player Bob --loot 1", "player Cid --loot 3",
              "start --beginner"]

# The lines the campaign saved at 9d1bb13 (tests/data/campaigns) takes next.
PLAY_ON = ["attack Cecile --on Jacques --weapon 3", "attack Jacques --on Marie --weapon 1", "call"]
