"""Property tests (hypothesis): random sequences of valid, invalid and garbage lines against
the command layer. After every step: no exception escapes, the invariants hold, and `undo`
of a changing step gives back exactly the previous state."""

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT, Play
from guide.core.registry import CommandError
from guide.core.result import text

LADDERS = ["Sadness", "Innocence", "Cheer", "Hopelessness", "Happy", "Love", "Anger",
           "Frustration", "Intimidate", "Nervousness", "Comic Wit", "Kick"]  # Ann, Bob, stand
FOES = ["'Big Bully'", "'Dumb Turkey'", "'Confident Cat'", "'Chutzpah Goat'", "'Dice Dog'"]


def q(name: str) -> str:
    return f"'{name}'"


FOE_MOVES = [("'Big Bully'", "Shove"), ("'Big Bully'", "Roar"), ("'Dumb Turkey'", "'Dumb Down'"),
             ("'Confident Cat'", "Scratch"), ("'Chutzpah Goat'", "Butt"), ("'Dice Dog'", "")]
ACTORS = ["Ann", "Ann", "Bob", "Bob", "Pelican", "'Friendly Dog'", "'Friendly Cat'"]

use_line = st.builds(
    lambda a, t, r, o, wp: f"use {a} {q(t)} --roll {r} --on {o}" + (f" --world-point {wp}" if wp
                                                                    else ""),
    st.sampled_from(ACTORS), st.sampled_from(LADDERS + ["Peck"]), st.integers(1, 20),
    st.sampled_from(FOES), st.sampled_from([None, None, None, "all-foes", "effect"]))
foe_line = st.builds(
    lambda fm, o, r: f"foe {fm[0]} {fm[1]} --roll {r} --on {o}",
    st.sampled_from(FOE_MOVES), st.sampled_from(["Ann", "Bob", "Pelican", "'Friendly Dog'"]),
    st.integers(1, 4))
other_line = st.sampled_from([
    "next", "end", "runaway", "runaway --roll 1", "status", "party", "wp Ann 1", "heal Ann full",
    "confront 'Big Bully' 'Dumb Turkey'", "confront 'Confident Cat' 'Dice Dog'",
    "play Ann 'Lucky Coin'", "item Ann 'Lucky Coin'", "xp Bob 1", "spend Bob hp=1", "lottery",
    "roll 2d6", "undo", "redo", "token Bully Token", "stand 'Friendly Dog=10' 'Friendly Cat=5'"])
line = st.one_of(use_line, use_line, foe_line, foe_line, other_line, st.text(max_size=30))


def check_invariants(state: dict) -> None:
    for k in state["kaverit"]:
        assert 0 <= k["hp"] <= k["max_hp"], k
        assert k["world_points"] >= 0 and k["points"] >= 0 and k["money"] >= 0
        assert all(1 <= v <= 10 for v in list(k["ladders"].values()) + list(k["custom"].values()))
    for b in state["buddies"]:
        assert 0 < b["hp"] <= b["max_hp"]
    c = state["confrontation"]
    if c:
        for f in c["foes"] + c["stand"]:
            assert 0 <= f["hp"] <= f["max_hp"], f     # a foe's Schmerz never exceeds its HP


def check_characters(state: dict) -> None:
    for player in state["strategy"]["players"]:
        for c in player["characters"]:
            assert 0 <= c["hp"] <= c["max_hp"], c


def step_and_undo(p: Play, raw: str, invariants) -> None:
    """Run one line: a refusal changes nothing; after a change the invariants hold, and
    undo gives back exactly the state before it (and redo the state after)."""
    before = p.table.state
    count = p.table.store.count()
    try:
        text(p.table.execute(raw))
    except CommandError:
        assert p.table.state == before
        return
    invariants(p.state)
    if raw.split()[:1] not in (["undo"], ["redo"]) and p.table.store.count() > count:
        after = p.table.state
        p.table.execute("undo")
        assert p.table.state == before
        p.table.execute("redo")
        assert p.table.state == after


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(line, min_size=1, max_size=25))
def test_random_commands_keep_invariants_and_undo_is_exact(lines):
    with tempfile.TemporaryDirectory() as tmp:
        p = Play(Path(tmp) / "c.sqlite", seed=3, boxes=[ROOT / "tests" / "data" / "box"])
        try:
            p.do("adventure test-town",
                 "kaveri Ann --ability Lagom --technique Sadness --technique custom:Kick"
                 " --technique Anger",
                 "kaveri Bob --ability Chutzpah --technique Love --technique Cheer"
                 " --technique Happy",
                 "buddy Pelican", "companion 'Friendly Dog'", "companion 'Friendly Cat'",
                 "confront 'Big Bully' 'Dumb Turkey' 'Confident Cat' 'Chutzpah Goat' 'Dice Dog'")
            for raw in lines:
                step_and_undo(p, raw, check_invariants)
        finally:
            p.close()


STRATEGY_LINE = st.one_of(
    st.builds(lambda a, t, r, o: f"use {a} {q(t)} --roll {r} --on {o}",
              st.sampled_from(["Ann", "Bob", "Pelican"]), st.sampled_from(LADDERS + ["Peck"]),
              st.integers(1, 20), st.sampled_from(["Ann", "Bob", "Pelican", "'Big Bully'",
                                                   "'Dice Dog'"])),
    st.builds(lambda f, o, r: f"foe {f} --roll {r} --on {o}",
              st.sampled_from(["'Big Bully' Shove", "'Dice Dog'"]),
              st.sampled_from(["Ann", "Bob", "Pelican", "'Big Bully'", "'Dice Dog'"]),
              st.integers(1, 4)),
    st.sampled_from(["next", "status", "undo", "redo", "strategy teams", "end"]),
    st.text(max_size=20),
)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(STRATEGY_LINE, min_size=1, max_size=25))
def test_random_strategy_battles_keep_invariants_and_undo_is_exact(lines):
    with tempfile.TemporaryDirectory() as tmp:
        p = Play(Path(tmp) / "c.sqlite", seed=4, boxes=[ROOT / "tests" / "data" / "box"])
        try:
            p.do("kaveri Ann --ability Lagom --technique Sadness --technique custom:Kick"
                 " --technique Anger",
                 "kaveri Bob --ability Chutzpah --technique Love --technique Cheer"
                 " --technique Happy",
                 "tweak 'Big Bully' expense=5", "tweak 'Dice Dog' expense=5",
                 "tweak Pelican expense=5",
                 "strategy new --player Pia --player Quin --budget 20 --settings random --fluid",
                 "strategy kaveri Pia Ann", "strategy kaveri Quin Bob",
                 "strategy buy Pia 'Big Bully'", "strategy buy Quin 'Dice Dog'",
                 "strategy buy Quin Pelican", "strategy start")
            for raw in lines:
                step_and_undo(p, raw, check_characters)
        finally:
            p.close()
