"""Wrote the saved campaigns of tests/contract/test_saved_campaigns.py: one per game, each
set up and a few moves played, saved by the code of the commit that added them (2cccf08,
before the game model moved into the core), so that a campaign saved then keeps opening
and playing on. Beside each campaign, the JSON of what it held (its state and `guide
state`), which the test compares with what a table opened on it holds.

Do not run it to refresh the files: they are the old campaigns the test is about. For a
new game, or to add a campaign saved by today's code beside them, give it that game's lines
in LINES and its seat moves in SEAT_MOVES, then run it with that game's id (`python
tests/data/campaigns/make.py ID`, from the repository's root)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "tests" / "tinygame"))

from guide.core import games, settings  # noqa: E402
from guide.core.dice import Dice  # noqa: E402
from guide.core.players import seats as seats_of  # noqa: E402
from guide.core.store import Store  # noqa: E402
from guide.core.table import Table  # noqa: E402
from guide.core.viewers import STATE  # noqa: E402

SEED = 7

# The lines of each campaign (its setup and a few moves), as a table would type them.
LINES: dict[str, list[str]] = {
    "kaverini": ["adventure amsterdam",
                 "kaveri Ann --ability Focused --technique Sadness --technique Anger"
                 " --technique Cheer",
                 "kaveri Bob --ability Insensitive --technique Anger --technique Love"
                 " --technique Happy",
                 "confront --scene 1", "use Ann Sadness --roll 20", "use Bob Anger --roll 12"],
    "taverne": [*(f"player {n} --loot 1" for n in ("Marie", "Pierre", "Cecile", "Jacques")),
                "start", "call", "call", "dodges Pierre 1", "call",
                "attack Marie --on Pierre --weapon 4", "attack Pierre --on Marie --weapon 5"],
    "kaivo": ["deal --friends Ann,Ben --bots 1", "draw --as Ann", "swap 2 --as Ann",
              "draw --as Ben", "discard --as Ben"],
    "cave": ["character Ann", "character Bob", "start"],
    "cv": ["players Ann Bob", "goal Ann 80", "track",
           "roll Ann --faces money,money,money,health"],
    "tally": ["join Ann", "join Bob", "add 3", "guess Ann 4", "die", "guess Bob 2"],
}
# Moves from the seats after the lines (the first move of the first seat that has one),
# where the game has seats: how a campaign goes on from the phones.
SEAT_MOVES = {"cave": 4, "taverne": 0, "kaivo": 0, "cv": 0, "kaverini": 0, "tally": 0}


def game_of(game_id: str):
    if game_id == "tally":
        from tally import TallyGame

        return TallyGame()
    return games.load(game_id)


def make(game_id: str) -> None:

    game = game_of(game_id)
    path = HERE / f"{game_id}.sqlite"
    path.unlink(missing_ok=True)
    store = Store(path, game=game.id, state_version=game.settings.state_version)
    table = (game.settings.table_class or Table)(game, store, settings.load(game, []), Dice(SEED))
    for line in LINES[game_id]:
        table.execute(line)
    for _ in range(SEAT_MOVES[game_id]):
        seat, move = next((s, m) for s in seats_of(table)
                          for m in game.seat_moves(table, s)[:1])
        table.execute(move.line, seat=seat)
    held = {"state_version": game.settings.state_version, "state": table.state,
            "public": game.view(table, STATE)}
    (HERE / f"{game_id}.json").write_text(
        json.dumps(held, indent=1, sort_keys=True, ensure_ascii=False) + "\n", "utf-8")
    table.close()


if __name__ == "__main__":
    for name in sys.argv[1:] or list(LINES):
        make(name)
        print("wrote", name)
