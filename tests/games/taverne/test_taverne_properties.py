"""Property test: random legal turns (and some illegal lines) with 3 to 8 players, on the
core's table and store. After every command the caps and invariants hold, a refused line
changes nothing, sealed values never show in the public view, `undo` gives back exactly
the state before the last command and `redo` the state after it, and replaying the log on
a fresh table rebuilds exactly the same brawl."""

import json
import random
import tempfile
from pathlib import Path
from unittest.mock import ANY

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from taverne_table import BOX, GAME, NAMES, Brawl

from guide.core.dice import Dice
from guide.core.errors import CommandError as Refused
from guide.core.store import Store
from guide.core.table import Table
from guide.games.taverne.counters import LADDER
from guide.games.taverne.model import active_names, away, seated
from guide.games.taverne.quarrels import must_attack
from guide.games.taverne.seating import targets
from guide.games.taverne.views import view_for

SHM = Path("/dev/shm")
GARBAGE = ["attack Marie --on Pierre --weapon 2", "dodges Pierre 9", "buy Zed pint",
           "dodge Marie --against Pierre 1 2 3 4", "militia Pierre", "back Marie", "",
           "energy", "pint Marie x", "call --now", "trick Marie Gout", "bid Marie 3"]


def check(b: Brawl) -> None:
    s = b.state
    assert json.loads(json.dumps(s)) == s
    for name in seated(s):
        p = s["players"][name]
        assert 1 <= p["pints"] <= 11 and 0 <= p["energy"] <= 30 and 0 <= p["loot"] <= 9, p
        if p["eliminated"] or p["entering"]:
            continue
        assert sorted(p["hand"] + p["pile"] + p["dodges"]) == list(range(1, 10)), p
        assert all(v >= 6 for v in p["pile"]) and p["hand"] == sorted(p["hand"])
        assert len(p["dodges"]) <= p["dodge_cap"] <= 5
        if s["phase"] == "brawl" and s["call"] in (4, 5):
            assert p["hand"], p
    attackers = [q["attacker"] for q in s["quarrels"]]
    assert len(attackers) == len(set(attackers))
    for q in s["quarrels"]:
        if s["revealed"] < 5:
            assert q["weapon"] in s["players"][q["attacker"]]["hand"]
        if q["dodges"] is not None:
            assert len(q["dodges"]) <= 3 and len(set(q["dodges"])) == len(q["dodges"])
    for name in seated(s):
        committed = sum(len(q["dodges"] or []) for q in s["quarrels"] if q["target"] == name)
        assert s["revealed"] == 5 or committed <= len(s["players"][name]["dodges"])
    public = view_for(s, None)
    for pp in public["players"]:
        assert pp["prestige"] == LADDER[pp["pints"]] and pp["stunned"] == (pp["energy"] < 1)
    if s["revealed"] < 5:
        assert all(a["weapon"] is None and a["dodged"] is None for a in public["attacks"])
    assert set(s["winners"]) <= set(seated(s))
    assert s["phase"] == "over" or not s["winners"]


class Player:
    """Chooses lines for the current call, mostly legal."""

    def __init__(self, b: Brawl, rng: random.Random):
        self.b, self.rng = b, rng

    def live(self) -> list[str]:
        s = self.b.state
        return active_names(s)

    def lines(self) -> list[str]:
        s, rng = self.b.state, self.rng
        c = s["call"]
        out: list[str] = []
        if rng.random() < 0.1:
            out.append(rng.choice(GARBAGE))
        for n in self.live():
            p = s["players"][n]
            pres = LADDER[p["pints"]]
            if c == 1 and rng.random() < 0.05 and len(self.live()) > 3:
                out.append(f"leave {n}")
            elif c == 2:
                for _ in range(rng.randint(0, p["loot"])):
                    out.append(f"buy {n} {rng.choice(['pint', 'pint', 'weapon', 'specialty'])}")
                if rng.random() < 0.15:
                    out.append(f"energy {n} -{rng.randint(1, 30)}")
                if rng.random() < 0.15:
                    out.insert(0, f"pint {n} {rng.randint(1, 6)}")
                if pres == 5 or rng.random() < 0.2:
                    out.append(f"militia {n}")
            elif c == 3 and rng.random() < 0.8:
                k = rng.randint(0, min(pres, len(p["hand"]) - 1))
                out.append(f"dodges {n} " + " ".join(map(str, rng.sample(p["hand"], k))))
            elif c == 5:
                mine = [q for q in s["quarrels"] if q["target"] == n and not q["void"]]
                left = len(p["dodges"])
                for q in mine:
                    k = rng.randint(0, min(3, left))
                    left -= k
                    vals = " ".join(map(str, rng.sample(range(1, 10), k)))
                    out.append(f"dodge {n} --against {q['attacker']} {vals}")
            elif c == 6 and rng.random() < 0.1:
                out.append(f"mistake {n}")
        if c == 4:
            for n in must_attack(s):
                p = s["players"][n]
                reach = targets(s, n)
                target = rng.choice(sorted(reach))
                hand = [v for v in p["hand"] if reach[target] == "melee" or v % 2]
                weapon = rng.choice(hand or p["hand"])
                trick = " --trick Gout" if sum(p["specialties"].values()) and \
                    rng.random() < 0.3 else ""
                out.append(f"attack {n} --on {target} --weapon {weapon}{trick}")
        if c == 1:
            gone = [n for n in seated(s) if away(s, n)]
            out += [f"back {n}" for n in gone if rng.random() < 0.5]
            out += [f"player {n} --loot {rng.randint(1, 3)}" for n in seated(s)
                    if s["players"][n]["eliminated"] and rng.random() < 0.5]
            if len(seated(s)) < (8 if "double-tavern" in s["variants"] else 5) and \
                    rng.random() < 0.1:
                out.append(f"player {NAMES[len(seated(s))]} --loot 2")
        return out + ["call"]


def replay(seed: int, lines: list[str]) -> dict:
    b = Brawl(seed)
    for line in lines:
        b.do(line)
    return b.state


class Stored(Brawl):
    """A Brawl on the core's store, so `undo` and `redo` are the core's own."""

    def __init__(self, seed: int, path: Path):
        self.table = Table(GAME, Store(path, game="taverne"), BOX, Dice(seed))
        self.events, self.history = [], []


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 8), seed=st.integers(0, 10**6),
       variants=st.lists(st.sampled_from(["long-range", "double-tavern"]), max_size=2))
def test_random_legal_turns_keep_caps_and_invariants_and_undo_is_exact(n, seed, variants):
    # a memory-backed folder when there is one: the store syncs every command to disk
    with tempfile.TemporaryDirectory(dir=SHM if SHM.is_dir() else None) as folder:
        b = Stored(seed, Path(folder) / "brawl.sqlite")
        try:
            play(b, n, seed, variants)
        finally:
            b.table.close()


def play(b: Brawl, n: int, seed: int, variants: list[str]) -> None:
    rng = random.Random(seed)
    log: list[str] = []
    for name in NAMES[:n]:
        log.append(f"player {name} --loot {rng.randint(1, 3)}")
    if n > 5:                       # 6 or more: two boxes' Weapon sets (T-VAR-DT-3)
        variants = sorted(set(variants) | {"double-tavern"})
    log.append("start" + "".join(f" --variant {v}" for v in variants))
    for line in log:
        b.do(line)
    check(b)
    steps = 0
    while b.state["phase"] == "brawl" and b.state["turn"] <= 6 and steps < 600:
        for line in Player(b, rng).lines():
            steps += 1
            before = json.dumps(b.state, sort_keys=True)
            try:
                b.do(line)
            except Refused:
                assert json.dumps(b.state, sort_keys=True) == before
                continue
            log.append(line)
            check(b)
            after = json.dumps(b.state, sort_keys=True)
            tried = after != before and rng.random() < 0.05
            if tried and line == "call" and json.loads(before)["call"] in (4, 5):
                assert "T-UNDO-1" in b.fails("undo")         # never back past a reveal
                assert json.dumps(b.state, sort_keys=True) == after
            elif tried:                                      # exact undo and redo (the store's)
                b.do("undo")
                assert json.dumps(b.state, sort_keys=True) == before
                b.do("redo")
                assert json.dumps(b.state, sort_keys=True) == after
            if b.state["phase"] != "brawl":
                break
    assert replay(seed, log) == {**b.state, "seal_key": ANY}     # the key: a new one each brawl
