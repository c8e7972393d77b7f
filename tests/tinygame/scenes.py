"""Tally's scenes: the lines that set up its tables for the contract tests (tests/contract,
read through gamelist.scenes). A new game's tests/games/<game>/scenes.py gives the same
names: SECRETS (when random lines seldom reach its secrets), SEATED_NAMES, seated and
ADVANCE, PLAY_ON; BOX when its decks are the table's own cards."""

from __future__ import annotations

from guide.core.line import build

# A seat's sealed choice: the guesses (sealed until every player has guessed).
SEALING = ["join Ann", "join Bob", "join Cid", "guess Cid 2", "guess Ann 1", "guess Bob 3",
           "guess Ann 4"]

# The table seated with names that need quoting, and play started; the seats alone move
# play on.
SEATED_NAMES = ['Zed "the" Rock', "O'Brien", "Zoë’s", '"Quo', "-Mo", 'Zed" --roll "20']


def seated(names: list[str]) -> list[str]:
    return [build(["join", n]) for n in names]


ADVANCE = None

# The lines the campaign saved at 9d1bb13 (tests/data/campaigns) takes next.
PLAY_ON = ["guess Ann 1", "guess Bob 3", "die"]
