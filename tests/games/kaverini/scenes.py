"""Kaverini's scenes: the lines that set up its tables for the contract tests (tests/contract,
read through gamelist.scenes), in the command forms docs/table-script.md documents."""

from __future__ import annotations

from guide.core.line import build

# Lines that reach the secrets random lines seldom reach, by scene name ("" is the game's
# own), with the kinds of secret each must reach (the foe's tweaks a Psychic would see, R-CONF-3).
SECRETS: dict[str, tuple[list[str], set[str]]] = {
    "": (["adventure amsterdam",
          'kaveri Ann --ability Focused --technique Sadness --technique "custom:Bad Hair'
          ' Day" --technique Cheer',
          "kaveri Bob --ability Insensitive --technique Anger --technique Love"
          " --technique Happy",
          "confront --scene 1", "use Ann Sadness --roll 20"],
         {"Runaway Rental Bike's shield", "Runaway Rental Bike's heel"}),
}
SEALS = False          # no seat move of the scene above seals a choice

# The table seated with names its rules take (any name), and play started; `next` is what
# the game master types to move play on.
SEATED_NAMES = ['Zed "the" Rock', "-Mo", "Zoë’s"]


def seated(names: list[str]) -> list[str]:
    return ["adventure amsterdam", *(build(["kaveri", n], [
        ("--ability", "Lagom"), ("--technique", "Cheer"), ("--technique", "Love"),
        ("--technique", "Happy")]) for n in names), "confront Gull 'Bike Bell Bandit'"]


ADVANCE = "next"


# A table in play for the contract's random walk (tests/contract/hardening_walk.py), the
# first Kaveri named `__delete__` (the state diff's old deletion marker).
IN_PLAY = ["adventure amsterdam",
           "kaveri __delete__ --ability Focused --technique Sadness --technique Love"
           " --technique Cheer",
           "kaveri Bob --ability Insensitive --technique Anger --technique Love"
           " --technique Happy", "confront --scene 1"]
# A name spelled like that marker kept through a reopen, and a line that reads the table then.
MARKER = (["adventure amsterdam", "exchange __delete__ 2"], "house")


# Its table with four long names (the toolbar must still fit 80 columns), playing.
def crowded(names: list[str]) -> list[str]:
    return [f"kaveri {n} --ability Focused --technique Cheer --technique Love"
            " --technique custom:Hug" for n in names]


# The lines the campaign saved at 9d1bb13 (tests/data/campaigns) takes next.
PLAY_ON = ["use Ann Anger --roll 10", "next"]
