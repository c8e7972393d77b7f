"""The score sheet (K-SCORE-1..3, K-JOIN-1), and a whole match computed by hand."""

from __future__ import annotations

import pytest
from kaivo_helpers import rules

from guide.core.errors import RuleError
from guide.games.kaivo import sheet
from guide.games.kaivo.model import new_state
from guide.games.kaivo.render import render, score_line


def new_sheet(*names):
    s = new_state()
    sheet.start(rules, s, list(names))
    return s


def rnd(s, caller, **totals):
    return sheet.enter(rules, s, sheet.round_entry(totals, caller))


def scores(s):
    return {p["name"]: p["score"] for p in s["players"]}


def lines(events):
    return [score_line(x) for x in events[0]["lines"]]


def test_k_score_1_everyone_adds_their_total_the_lowest_caller_adds_nothing():
    s = new_sheet("Ann", "Ben", "Cid")
    events = rnd(s, "Ann", Ann=3, Ben=7, Cid=12)
    assert scores(s) == {"Ann": 0, "Ben": 7, "Cid": 12}
    assert lines(events) == ["Ann called with 3, the lowest: adds 0; 0 + 0 = 0",
                             "Ben 7; 0 + 7 = 7", "Cid 12; 0 + 12 = 12"]


def test_k_score_1_a_caller_tied_for_the_lowest_adds_nothing():
    s = new_sheet("Ann", "Ben")
    events = rnd(s, "Ben", Ann=5, Ben=5)
    assert scores(s) == {"Ann": 5, "Ben": 0}
    assert lines(events)[1] == "Ben called with 5, tied for the lowest: adds 0; 0 + 0 = 0"


def test_k_score_1_a_caller_not_the_lowest_adds_total_plus_ten():
    s = new_sheet("Ann", "Ben")
    events = rnd(s, "Ben", Ann=5, Ben=7)
    assert scores(s) == {"Ann": 5, "Ben": 17}
    assert lines(events)[1] == "Ben called with 7, not the lowest (Ann 5): 7 + 10 = 17; 0 + 17 = 17"


def test_k_score_2_a_score_landing_exactly_on_100_drops_to_50():
    s = new_sheet("Ann", "Ben")
    rnd(s, "Ben", Ann=52, Ben=0)
    events = rnd(s, "Ben", Ann=48, Ben=1)
    assert scores(s) == {"Ann": 50, "Ben": 0}
    assert lines(events)[0] == "Ann 48; 52 + 48 = 100, exactly 100: drops to 50"
    assert s["winners"] == []


def test_k_score_3_above_100_ends_the_match_the_lowest_wins_a_tie_shares():
    s = new_sheet("Ann", "Ben", "Cid")
    rnd(s, "Ann", Ann=40, Ben=35, Cid=35)          # the caller not lowest: 50
    rnd(s, "Ann", Ann=0, Ben=52, Cid=52)
    assert scores(s) == {"Ann": 50, "Ben": 87, "Cid": 87} and s["winners"] == []
    events = rnd(s, "Ann", Ann=0, Ben=14, Cid=15)
    assert scores(s) == {"Ann": 50, "Ben": 101, "Cid": 102}
    assert s["winners"] == ["Ann"]
    assert render(events[-1]) == "The match is over: Ann wins with 50."
    you = dict(events[-1], winners=["You"])
    assert render(you) == "The match is over: You win with 50!"       # issue 28: "You win"
    assert render(dict(you, winners=["You", "Ben"])) == \
        "The match is over: You and Ben share the win with 50."
    s2 = new_sheet("Ann", "Ben", "Cid")
    rnd(s2, "Cid", Ann=30, Ben=30, Cid=52)
    rnd(s2, "Ann", Ann=0, Ben=0, Cid=50)
    assert s2["winners"] == ["Ann", "Ben"]


def test_k_score_3_no_round_after_the_match_ends():
    s = new_sheet("Ann", "Ben")
    rnd(s, "Ann", Ann=0, Ben=52)
    rnd(s, "Ann", Ann=0, Ben=52)
    with pytest.raises(RuleError, match="the match is over: Ann won"):
        rnd(s, "Ann", Ann=0, Ben=1)
    assert len(s["entries"]) == 2


def test_the_deal_moves_one_seat_on_each_round():
    s = new_sheet("Ann", "Ben", "Cid")
    dealers = [s["players"][s["dealer"]]["name"]]
    for _ in range(3):
        rnd(s, "Ann", Ann=1, Ben=2, Cid=3)
        dealers.append(s["players"][s["dealer"]]["name"])
    assert dealers == ["Ann", "Ben", "Cid", "Ann"]
    assert s["round"] == 4


@pytest.mark.parametrize("totals, caller, message", [
    ({"Ann": 3}, "Ann", "no total for Ben"),
    ({"Ann": 3, "Ben": 53}, "Ann", "a hand total is 0 to 52, not 53"),
    ({"Ann": 3, "Ben": 4, "Zed": 1}, "Ann", "no player named .Zed."),
    ({"Ann": 3, "Ben": 4}, "Zed", "no player named .Zed."),
])
def test_a_bad_round_is_refused_and_changes_nothing(totals, caller, message):
    s = new_sheet("Ann", "Ben")
    with pytest.raises(RuleError, match=message):
        sheet.enter(rules, s, sheet.round_entry(totals, caller))
    assert scores(s) == {"Ann": 0, "Ben": 0} and s["entries"] == [] and s["round"] == 1


def test_k_join_1_on_the_sheet_join_adds_a_seat_with_the_average_rounded_half_up():
    s = new_sheet("Ann", "Ben")
    rnd(s, "Ben", Ann=6, Ben=7)                    # Ann 6, Ben 17: average 11.5
    events = sheet.enter(rules, s, {"kind": "join", "name": "Cid"})
    assert scores(s) == {"Ann": 6, "Ben": 17, "Cid": 12}
    assert render(events[0]) == "Cid joins with 12 (the average of 2 seats)."
    sheet.enter(rules, s, {"kind": "join", "name": "Dee"})
    with pytest.raises(RuleError, match="the table is full"):
        sheet.enter(rules, s, {"kind": "join", "name": "Eve"})
    with pytest.raises(RuleError, match="at the table already"):
        sheet.enter(rules, new_sheet("Ann", "Ben"), {"kind": "join", "name": "ann"})


def test_k_join_1_on_the_sheet_leave_removes_a_seat_but_not_below_two():
    s = new_sheet("Ann", "Ben", "Cid")
    rnd(s, "Ann", Ann=1, Ben=2, Cid=3)             # Ben deals next
    sheet.enter(rules, s, {"kind": "leave", "name": "Ben"})
    assert [p["name"] for p in s["players"]] == ["Ann", "Cid"]
    assert s["players"][s["dealer"]]["name"] == "Cid"     # the deal passes to the next seat
    with pytest.raises(RuleError, match="needs 2 players"):
        sheet.enter(rules, s, {"kind": "leave", "name": "Cid"})


def test_players_need_two_to_four_distinct_names():
    for names, message in ((["Ann"], "2 to 4"), (["Ann", "ann"], "share a name"),
                           (["Ann", "B=1"], "cannot be a player's name")):
        with pytest.raises(RuleError, match=message):
            sheet.start(rules, new_state(), names)


def test_a_whole_match_computed_by_hand():
    """Ann deals first. Every figure below was worked out on paper."""
    s = new_sheet("Ann", "Ben", "Cid")
    # round 1: Ben calls with 7, Ann has 5: 7 + 10 = 17
    assert lines(rnd(s, "Ben", Ann=5, Ben=7, Cid=20)) == [
        "Ann 5; 0 + 5 = 5",
        "Ben called with 7, not the lowest (Ann 5): 7 + 10 = 17; 0 + 17 = 17",
        "Cid 20; 0 + 20 = 20"]
    assert scores(s) == {"Ann": 5, "Ben": 17, "Cid": 20}
    # round 2: Cid calls tied with Ben at 4: adds 0
    rnd(s, "Cid", Ann=10, Ben=4, Cid=4)
    assert scores(s) == {"Ann": 15, "Ben": 21, "Cid": 20}
    # round 3: Ben calls, the lowest
    rnd(s, "Ben", Ann=30, Ben=12, Cid=26)
    assert scores(s) == {"Ann": 45, "Ben": 21, "Cid": 46}
    assert s["players"][s["dealer"]]["name"] == "Ann"
    # Dee joins: (45 + 21 + 46) / 3 = 37.33, rounded 37
    sheet.enter(rules, s, {"kind": "join", "name": "Dee"})
    assert scores(s)["Dee"] == 37
    # round 4: Cid calls, the lowest with 9
    rnd(s, "Cid", Ann=20, Ben=30, Cid=9, Dee=15)
    assert scores(s) == {"Ann": 65, "Ben": 51, "Cid": 46, "Dee": 52}
    # round 5: Ann lands on 65 + 35 = 100: drops to 50
    events = rnd(s, "Dee", Ann=35, Ben=8, Cid=12, Dee=3)
    assert lines(events)[0] == "Ann 35; 65 + 35 = 100, exactly 100: drops to 50"
    assert scores(s) == {"Ann": 50, "Ben": 59, "Cid": 58, "Dee": 52}
    assert s["players"][s["dealer"]]["name"] == "Cid"
    # Ben leaves; Cid still deals
    sheet.enter(rules, s, {"kind": "leave", "name": "Ben"})
    assert s["players"][s["dealer"]]["name"] == "Cid"
    # round 6: Ann calls with 40, Dee has 11: 40 + 10 = 50, and 50 + 50 = 100 drops to 50;
    # Cid 58 + 43 = 101 is above 100: the match ends, Ann wins with 50
    events = rnd(s, "Ann", Ann=40, Cid=43, Dee=11)
    assert lines(events)[0] == ("Ann called with 40, not the lowest (Dee 11): 40 + 10 = 50; "
                                "50 + 50 = 100, exactly 100: drops to 50")
    assert scores(s) == {"Ann": 50, "Cid": 101, "Dee": 63}
    assert s["winners"] == ["Ann"] and s["round"] == 7
    assert events[-1] == {"kind": "match_over", "winners": ["Ann"], "score": 50}


def test_any_round_can_be_taken_back_and_the_rest_rescored():
    s = new_sheet("Ann", "Ben", "Cid")
    rnd(s, "Ben", Ann=5, Ben=7, Cid=20)
    rnd(s, "Cid", Ann=10, Ben=4, Cid=4)
    sheet.enter(rules, s, {"kind": "join", "name": "Dee"})   # (15 + 21 + 20) / 3 = 18.67: 19
    rnd(s, "Dee", Ann=1, Ben=2, Cid=3, Dee=0)
    assert scores(s) == {"Ann": 16, "Ben": 23, "Cid": 23, "Dee": 19}
    sheet.drop_round(rules, s, 1)
    # without round 1: Ann 10, Ben 4, Cid 0; Dee joins with 14 / 3 = 4.67: 5
    assert scores(s) == {"Ann": 11, "Ben": 6, "Cid": 3, "Dee": 5}
    assert s["round"] == 3 and len(s["entries"]) == 3
    with pytest.raises(RuleError, match="there is no round 3"):
        sheet.drop_round(rules, s, 3)


def test_a_round_cannot_go_when_the_rest_no_longer_fits():
    s = new_sheet("Ann", "Ben")
    for total in (10, 45, 45, 40, 1):                        # Ann 10, 55, 100 -> 50, 90, 91
        rnd(s, "Ben", Ann=total, Ben=0)
    assert scores(s) == {"Ann": 91, "Ben": 0}
    with pytest.raises(RuleError, match="round 1 cannot go: without it, the match is over: Ben won"):
        sheet.drop_round(rules, s, 1)                        # 45, 90, 130: over before round 5
    assert scores(s) == {"Ann": 91, "Ben": 0} and len(s["entries"]) == 5
