"""The Kaverini engine's results, hashed, to show that a change to the engine keeps them
(issue 32): run it on two trees and compare the lines.

    python benchmarks/engine_same.py [RUNS]                   # this tree
    PYTHONPATH=OLD python benchmarks/engine_same.py [RUNS]    # another (git archive)

Each line is one setup: the hash of every run's outcome (result, rounds, cowering) over
RUNS seeds, the hash of every event told and of the state left over a tenth of them (when
the engine records its events), and the tally. The setups are the benchmark's fight, the
bundled box with every ability, buddies, companions, items, settings and house rules, and
the balance of the Amsterdam adventure.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import sys
import tempfile
from pathlib import Path

from guide.core.repl.run import open_table
from guide.games.kaverini.commands.balance import build_evening
from guide.games.kaverini.commands.odds import build_setup
from guide.games.kaverini.rules import simulate
from guide.games.kaverini.rules.evening import run_evenings

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 2000


def table(lines: list[str], boxes: list[Path]):
    tmp = Path(tempfile.mkdtemp())
    os.environ["GUIDE_DATA_DIR"] = str(tmp / "data")
    t = open_table(tmp / "c.sqlite", boxes, 1)
    for line in lines:
        t.execute(line)
    return t


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


def recorded(setup, seed: int):
    """A run with its events told (the table's path), whatever the engine's signature."""
    if "record" in inspect.signature(simulate.play).parameters:
        return simulate.play(setup, seed, record=True)
    return simulate.play(setup, seed)


def fights(name: str, t, foes: tuple[str, ...], scale: float = 1.0,
           settings: tuple[str, ...] = ()) -> None:
    setup = build_setup(t, foes, None, None, settings)
    setup.hp_scale = scale
    outcomes = simulate.run_seeds(setup, list(range(RUNS)))
    runs = digest([(o.result, o.rounds, o.cowering) for o in outcomes])
    told = []
    for seed in range(0, RUNS, 10):
        fight = recorded(setup, seed)
        told.append([fight.events, fight.s])
    odds = simulate.tally(outcomes, [k["name"] for k in setup.state["kaverit"]])
    print(f"{name:24} runs {runs} events {digest(told)}  won {odds.won} ran {odds.ran_away}"
          f" lost {odds.lost} undecided {odds.undecided} rounds {sum(odds.rounds)}")


PARTY = ["adventure amsterdam",
         "kaveri Ann --ability Sensitive --technique Cheer --technique Love --technique Anger",
         "kaveri Bob --ability Chutzpah --technique Sadness --technique Happy"
         " --technique Innocence",
         "kaveri Cy --ability Passionate --technique Frustration --technique Intimidate"
         " --technique Nervousness",
         "kaveri Dee --ability Confidence --technique Hopelessness --technique 'Comic Wit'"
         " --technique custom:Hug",
         "kaveri Eve --ability Insensitive --technique Cheer --technique custom:Pinch"
         " --technique 'Comic Slapstick'",
         "xp Ann 2", "xp Bob 3", "xp Cy 6", "xp Dee 1",
         "item Ann Wooden Clogs", "bond Ann Wooden Clogs", "item Bob Orange Scarf",
         "bond Bob Orange Scarf", "item Cy Canal Boat Ticket", "bond Cy Canal Boat Ticket",
         "item Dee Carillon Baton",
         "buddy Hondje", "buddy Tess", "companion Joop", "companion Anouk",
         "companion Mevrouw"]


def main() -> None:
    old_cards = os.environ.get("ENGINE_SAME_CARDS")       # the benchmark's (5f4aff8's) cards
    if old_cards:
        t = table(["adventure amsterdam"] + [
            f"kaveri {n} --ability Focused " + " ".join(f"--technique {x}" for x in chosen.split())
            for n, chosen in (("Ann", "Cheer Love Anger"), ("Bob", "Sadness Happy Love"),
                              ("Cy", "Cheer Innocence Anger"))] + [
            f"xp {n} 2" for n in ("Ann", "Bob", "Cy")], [Path(old_cards)])
        fights("benchmark", t, ("Tulip Bulb Speculator", "Grumpy Bridge Keeper"))
        fights("benchmark x0.92", t, ("Tulip Bulb Speculator", "Grumpy Bridge Keeper"), 0.92)
        t.store.close()
    t = table(PARTY, [])
    fights("box captain", t, ("Captain Van der Decken", "Bike Bell Bandit"), 1.7,
           ("The IJ at Night",))
    fights("box musketeer", t, ("Painted Musketeer", "Drowned Bell Spirit", "Rogue Herring Gull"),
           2.0, ("Westertoren",))
    fights("box smuggler x1.5", t, ("Stroopwafel Smuggler", "Tulip Bulb Speculator",
                                    "Runaway Rental Bike"), 1.5, ("Albert Cuyp Market",))
    for rule in ("house gladness round", "house companions_before_foes on",
                 "house lv_default lowest"):
        t.execute(rule)
    fights("box house rules", t, ("Captain Van der Decken", "Grumpy Bridge Keeper"), 2.2,
           ("The Rijksmuseum",))
    t.store.close()
    t = table(["house ladders_at_start on", "adventure amsterdam"], [])
    for size in (3, 5):
        evening, _ = build_evening(t, "amsterdam", size)
        arrivals = run_evenings(evening, list(range(RUNS // 10)))
        won = sum(a.result == "won" for e in arrivals for a in e)
        print(f"balance, {size} Kaverit        evenings {digest(arrivals)}  won {won}"
              f" of {sum(len(e) for e in arrivals)} scenes")
    t.store.close()


if __name__ == "__main__":
    main()
