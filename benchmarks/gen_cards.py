"""Write N generated cards (valid, of every type) into files of 100 cards each."""

from __future__ import annotations

import random
from pathlib import Path

TYPES = ["foe", "power-foe", "buddy", "companion", "item", "setting"]
LADDERS = ["Sadness", "Cheer", "Love", "Anger", "Happy", "Comic Wit"]


def card(i: int, rng: random.Random) -> str:
    kind = TYPES[i % len(TYPES)]
    lines = [f"  - name: Generated Card {i}", f"    type: {kind}",
             f"    subtypes: [thing{i % 7}, kind{i % 3}]", "    flags: [NL, world]",
             f"    expense: {rng.randint(1, 20)}"]
    if kind in ("foe", "power-foe", "buddy"):
        lines += [f"    hp: {rng.randint(3, 60)}", f"    emotion: {rng.randint(0, 3)}",
                  f"    heart: {rng.randint(0, 2)}", "    abilities: [Confidence]",
                  f"    shield: {rng.choice(LADDERS)}", f"    heel: {rng.choice(LADDERS)}",
                  "    techniques:",
                  f"      - {{name: Move A{i}, schmerz: {rng.randint(1, 5)}, emotion: Anger}}",
                  f"      - {{name: Move B{i}, schmerz: 2+Lv}}"]
    if kind == "item":
        lines += ["    usage: 2", "    bond: The bonded Kaveri has +1 H.",
                  "    effects:", "      - {do: heal, target: self, amount: 3}"]
    if kind in ("setting", "companion"):
        lines += ["    effects:", "      - {do: heal, when: round, target: kaverit, amount: 1,"
                  " text: A breather.}"]
    lines.append(f"    text: Generated card number {i}, with a little text to read.")
    return "\n".join(lines)


def write(folder: Path, count: int, per_file: int = 100, seed: int = 1) -> list[Path]:
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for start in range(0, count, per_file):
        path = folder / f"cards-{start // per_file:03d}.yaml"
        body = "\n".join(card(i, rng) for i in range(start, min(count, start + per_file)))
        path.write_text("cards:\n" + body + "\n", encoding="utf-8")
        paths.append(path)
    return paths
