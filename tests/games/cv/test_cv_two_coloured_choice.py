"""V-TWO-1: a two-coloured card with no stack of either colour waits; when the next card of
one of its colours comes, its owner chooses its stack then: asked at the terminal and on the
seat's page; in a script the take that brings the choice names it (`--waiting T`), and one
without it is refused."""

from __future__ import annotations

import pytest
from cv_support import cv_table, refused

from guide.core.result import text
from guide.core.table import Table
from guide.games.cv.game import CvGame

GAME = CvGame()
COACH = 'take Ann Coach --type health --also relationships --cost health'


@pytest.fixture
def t(tmp_path):
    table = cv_table(tmp_path / "c.sqlite")
    table.execute("players Ann Bob")
    for line in ("roll Ann --faces money,money,health,knowledge", COACH, "end", "roll Bob", "end",
                 "roll Ann --faces money,money,health,knowledge"):
        table.execute(line)
    yield table
    table.close()



def stacks(t: Table) -> dict[str, list[str]]:
    return {k: [c["name"] for c in v] for k, v in t.state["players"][0]["cv"].items() if v}


def test_V_TWO_1_a_script_names_the_choice_with_the_take_that_brings_it(t):
    said = refused(t, "take Ann Friend --type relationships --cost knowledge")
    assert said.endswith("Ann chooses it now (V-TWO-1): --waiting health|relationships")
    out = text(t.execute("take Ann Friend --type relationships --cost knowledge --waiting \"Здоров'я\""))
    assert out.endswith("Coach goes into Health (Здоров'я) (V-TWO-1)")
    t.execute("end")
    assert stacks(t) == {"health": ["Coach"], "relationships": ["Friend"], "property": ["Bicycle"]}


def test_V_TWO_1_the_terminal_asks_the_owner_and_a_wrong_answer_asks_again(t):
    asked: list[str] = []
    answers = ["job", "rel"]
    t.ask = lambda question, choices, default="", meta=None: asked.append(question) or answers.pop(0)
    t.execute("take Ann Friend --type relationships --cost knowledge")
    assert asked[0] == "Ann's Coach waits for a stack (V-TWO-1): Health / Relationships"
    assert asked[1].startswith("  ! 'job' is not one of them\n")
    t.execute("end")
    assert stacks(t)["relationships"] == ["Coach", "Friend"]


def test_V_TWO_1_the_seat_offers_each_choice_with_the_take(t):
    tr = t.state["track"]
    assert tr is None          # no kept track: a known card on the track, as a card file deals it
    t.execute("undo")          # back before the roll, to keep a track of known cards
    t.execute("track youth=20 maturity=20 old_age=20")
    t.state["track"]["cards"] = [None] * 5
    t.state["track"]["cards"][0] = {"name": "Friend", "type": "relationships", "number": None,
                                   "cost": ["knowledge"], "gives": [], "upkeep": [], "points": None,
                                   "dice": 0, "types": []}
    t.execute("roll Ann --faces money,money,health,knowledge")
    moves = {m.line: m.label for m in t.game.seat_moves(t, "Ann")}
    takes = {line: label for line, label in moves.items() if line.startswith("take Ann Friend")}
    assert takes == {
        "take Ann Friend --type relationships --cost knowledge --slot 1 --waiting health":
            "Into Relationships; Coach into Health",
        "take Ann Friend --type relationships --cost knowledge --slot 1 --waiting relationships":
            "Into Relationships; Coach into Relationships"}
