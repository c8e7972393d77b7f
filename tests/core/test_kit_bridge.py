"""The bridge from every game's rules to the table (issue 23, item 2): one dice protocol and
shuffle, one refusal, one tell, one width rule and ellipsis. Their checks over every game
are the contract's (tests/contract/test_kit_contract.py)."""

from __future__ import annotations

import pytest
from tally import TallyGame

from guide.core.dice import Dice, DiceError, DiceLike, pick, shuffle
from guide.core.errors import CommandError
from guide.core.players import Player
from guide.core.table import Table


# --- one dice protocol and one shuffle (R-DICE-1, R-DICE-3) -----------------------------------
def test_the_table_dice_seeded_and_own_faces_fit_the_one_protocol_R_DICE_3():
    table: DiceLike = Dice(faces=[2, 6])
    assert [table.d(6), table.d(6)] == [2, 6]
    seeded = [Dice(5).d(20) for _ in range(3)]
    assert len(set(seeded)) == 1                  # one seed, one face


def test_a_shuffle_is_drawn_from_the_dice_so_the_table_faces_decide_it():
    # Fisher-Yates from the end: a d3 picks place 3's card, then a d2 place 2's
    assert shuffle(["a", "b", "c"], Dice(faces=[1, 1])) == ["b", "c", "a"]
    assert shuffle(["a", "b", "c"], Dice(faces=[3, 2])) == ["a", "b", "c"]
    deck = list(range(20))
    assert shuffle(deck, Dice(9)) == shuffle(deck, Dice(9)) != deck
    assert deck == list(range(20))                # a new list: the deck itself is untouched


def test_a_pick_is_one_die_of_as_many_faces():
    assert pick(["x", "y", "z"], Dice(faces=[2])) == "y"
    with pytest.raises(DiceError):
        pick([], Dice(1))
    with pytest.raises(DiceError, match="a d3 shows 1 to 3, not 4"):
        pick(["x", "y", "z"], Dice(faces=[4]))


def test_split_dice_are_reproducible_take_no_table_faces_and_record_nothing():
    a, b = Dice(3, faces=[1]), Dice(3, faces=[1])
    left, right = a.split(), b.split()
    assert [left.d(100) for _ in range(5)] == [right.d(100) for _ in range(5)]
    assert left.drawn == [] and a.drawn == [] and a.unused() == [1]


def test_a_simulator_dice_keeps_no_record():
    dice = Dice(1, record=False)
    for _ in range(100):
        dice.d(6)
    assert dice.drawn == []


# --- one refusal for rules ----------------------------------------------------------------
def test_every_game_refuses_with_the_core_rule_error_and_defines_none_of_its_own():
    import re
    from pathlib import Path

    import guide.games
    from guide.core.errors import CommandError, GuideError, RuleError

    assert issubclass(RuleError, CommandError) and issubclass(RuleError, GuideError)
    own = re.compile(r"^class (RuleError|Refused|\w*Refusal)\b", re.M)
    root = Path(guide.games.__file__).parent
    found = [str(p.relative_to(root)) for p in root.rglob("*.py") if own.search(p.read_text("utf-8"))]
    assert found == []


# --- tell: a list of events, each private to one or to no one --------------------------------
def test_tell_all_tells_private_events_as_tell_private_does_and_the_gm_ones_are_gm_only(monkeypatch):
    table = Table(TallyGame(), None, None, Dice(1))
    monkeypatch.setattr(table.game, "players", lambda t: [Player("Ann")])
    table.story = []
    table.tell_all([{"kind": "roll", "expression": "1d6", "breakdown": "1d6 (3) = 3", "total": 3},
                    {"kind": "roll", "expression": "1d6", "breakdown": "x", "total": 1,
                     "private": "gm"},
                    {"kind": "roll", "expression": "1d6", "breakdown": "y", "total": 2,
                     "private": "Ann"}])
    assert [e.get("private") for e in table.story] == [None, "gm", "Ann"]
    gm_only = [table.game.events.gm_only(e, table) for e in table.story]
    assert gm_only == [False, False, False]                                   # log: private
    with pytest.raises(CommandError, match="no seat 'Bob'"):      # the one check, as tell_private's
        table.tell_all([{"kind": "roll", "total": 1, "private": "Bob"}])


# --- one toolbar fitting: one width rule, one ellipsis ----------------------------------------
def test_the_one_width_rule_and_the_one_ellipsis(monkeypatch):
    from guide.core.text import ELLIPSIS, clip, fit, length, short_name, toolbar_width

    monkeypatch.setenv("COLUMNS", "80")
    assert toolbar_width() == 79
    monkeypatch.setenv("COLUMNS", "20")
    assert toolbar_width() == 40                      # never narrower
    assert clip("x" * 100, 10) == "x" * 9 + ELLIPSIS
    assert clip("short", 10) == "short"
    assert short_name("Tess the Bell-Ringer", 8) == "Tess"
    assert short_name("Rogue Herring Gull 2", 8) == "Gull 2"
    assert short_name("Konstantinopolitanische Ente", 8) == "Ente"
    assert short_name("Featherstonehaugh", 8) == "Feather" + ELLIPSIS
    entries = [(f"Rogue Herring Gull {i}", [("", " 10/10")], [("", " 10")]) for i in range(30)]
    line = fit(entries, 79)
    assert length(line) <= 79 and line[-1][1].endswith("more")


# Over every game: tests/contract/test_kit_contract.py (a rule's refusal, the toolbar fitting
# 80 columns, the one name resolver, the core's wording); a game's own: its tests/games folder.
