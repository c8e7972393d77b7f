"""Tally's scenes: the lines that set up its tables for the contract tests (tests/contract,
read through gamelist.scenes). A new game writes its own tests/games/<game>/scenes.py with
these names (those marked optional where they apply):

- SEATED_NAMES, seated(names), ADVANCE: its table seated with names that need quoting, and
  the line the game master types to move play on (None: the seats alone);
- PLAY_ON: the lines its campaign saved in tests/data/campaigns takes next; SAVED_SEATS =
  True (optional) when that campaign has a seat with moves;
- SECRETS (optional): scenes that reach the secrets random lines seldom reach, each with the
  kinds of secret it must reach; SEALING (optional): lines after which a seat's move seals
  a choice; SEALS = False when its scenes seal none;
- IN_PLAY (optional): lines that bring its table into play before the random walk, the
  first player named `__delete__`; MARKER (optional): such a name's lines and a check;
- crowded(names) (optional for Tally alone: every installed game gives it): its table with
  four long names, playing (lines that change the game); NAMED_BY_RULES = True
  (optional) when its rules resolve the names they take rather than a Named parameter;
- BOTS_START, BOTS_BOX (optional, a game with bots): its players seated for the bots, and
  the box a whole game needs; BOX (optional): the box its scenes need."""

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
SAVED_SEATS = True     # that campaign has a seat with moves, read as its page reads it
