"""A match dealt by the companion: you against bots (K-DEAL-1, K-CALL-1, K-SCORE-1, K-JOIN-1)."""

from __future__ import annotations

import pytest
from kaivo_helpers import levels, rules

from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.games.kaivo import match
from guide.games.kaivo.knowledge import view
from guide.games.kaivo.model import new_state
from guide.games.kaivo.table import played, to_act


def started(seed=3, bots=2, level="normal"):
    s = new_state()
    events = match.start_play(rules, levels, s, Dice(seed), bots, level)
    return s, events


def test_deal_seats_you_first_and_the_last_bot_deals_so_you_play_first():
    s, events = started()
    assert [p["name"] for p in s["players"]] == ["You", "Aino", "Eero"]
    assert [p["bot"] for p in s["players"]] == [False, True, True]
    assert s["dealer"] == 2 and to_act(s["table"]) == 0
    assert events[1]["dealer"] == "Eero" and events[1]["first"] == "You"
    assert match.acting(s) == 0


def test_bot_names_never_share_an_initial_so_badges_stay_readable():
    s, _ = started(bots=3)
    assert s["table"]["letters"] == ["Y", "A", "E", "L"]


def test_bots_play_their_turns_after_yours():
    s, _ = started(seed=5)
    events = match.act_as(rules, levels, s, Dice(9), 0, ("draw",))
    assert match.acting(s) == 0 and s["table"]["phase"] == "drawn"
    events = match.act_as(rules, levels, s, Dice(9), 0, ("discard",))
    kinds = [e["kind"] for e in events]
    assert kinds[0] == "discarded"
    t = s["table"]
    assert played(t) >= 1
    if t["phase"] != "over":
        assert to_act(t) == 0 and {e["who"] for e in events if e["kind"] == "drew"} <= {"Aino", "Eero"}


def test_not_your_turn_and_moves_after_the_call_are_refused():
    s, _ = started()
    with pytest.raises(RuleError, match="it is your turn"):
        match.act_as(rules, levels, s, Dice(1), 1, ("draw",))
    events = match.act_as(rules, levels, s, Dice(1), 0, ("kaivo",))
    assert [e["kind"] for e in events][:3] == ["called", "revealed", "scored"]
    assert s["round"] == 2 and s["table"]["phase"] == "over"
    with pytest.raises(RuleError, match="the round is over"):
        match.act_as(rules, levels, s, Dice(1), 0, ("draw",))
    assert s["dealer"] == 0                               # the deal moved on to you


def test_k_call_1_a_called_round_is_scored_at_once_and_next_round_deals_on():
    s, _ = started(seed=11)
    totals = None
    for e in match.act_as(rules, levels, s, Dice(2), 0, ("kaivo",)):
        if e["kind"] == "revealed":
            totals = e["totals"]
    assert totals is not None
    low = min(totals.values())
    expected_you = 0 if totals["You"] == low else totals["You"] + 10
    assert s["players"][0]["score"] == expected_you
    assert s["players"][1]["score"] == totals["Aino"]
    events = match.next_round(rules, levels, s, Dice(3))
    assert events[0]["kind"] == "dealt" and events[0]["dealer"] == "You"
    assert s["table"]["phase"] != "over" or s["table"]["caller"] != 0


def test_k_join_1_a_joiner_waits_for_the_next_round_and_takes_a_bots_seat_with_the_average():
    s, _ = started()
    s["players"][0]["score"], s["players"][1]["score"], s["players"][2]["score"] = 10, 40, 15
    events = match.join(s, "Zoe")
    assert events == [{"kind": "join_waits", "name": "Zoe", "bot": "Aino"}]
    assert [p["name"] for p in s["players"]] == ["You", "Aino", "Eero"]   # never mid-round
    match.act_as(rules, levels, s, Dice(1), 0, ("kaivo",))
    scored = {p["name"]: p["score"] for p in s["players"]}
    events = match.next_round(rules, levels, s, Dice(1))
    # the average of You and Eero (Aino, the replaced bot, not counted), half up
    average = (2 * (scored["You"] + scored["Eero"]) + 2) // 4
    assert events[0] == {"kind": "took_seat", "name": "Zoe", "bot": "Aino", "score": average}
    assert s["players"][1] == {"name": "Zoe", "bot": False, "level": None, "score": average,
                               "leaving": False}


def test_k_join_1_the_average_is_rounded_half_up_and_not_dropped_at_100():
    s, _ = started()
    s["joining"] = ["Zoe"]
    s["players"][0]["score"], s["players"][2]["score"] = 100, 101
    assert match.seat_joiners(s)[0]["score"] == 101       # 100.5 rounds up
    s, _ = started()
    s["joining"] = ["Zoe"]
    s["players"][0]["score"], s["players"][2]["score"] = 100, 100
    assert match.seat_joiners(s)[0]["score"] == 100       # K-SCORE-2 does not apply


def test_k_join_1_two_joiners_both_get_the_average_without_any_replaced_bots_score():
    # the second joiner's average held the first joiner's, itself an average with the
    # second replaced bot's score in it (You 10, Aino 90, Eero 90: Max had 30, not 10)
    s, _ = started()
    s["joining"] = ["Zoe", "Max"]
    s["players"][0]["score"], s["players"][1]["score"], s["players"][2]["score"] = 10, 90, 90
    events = match.seat_joiners(s)
    assert [(e["name"], e["bot"], e["score"]) for e in events] == [("Zoe", "Aino", 10),
                                                                  ("Max", "Eero", 10)]


def test_k_join_1_only_as_many_joiners_as_bots():
    s, _ = started()
    assert match.join(s, "Zoe")[0]["bot"] == "Aino"
    assert match.join(s, "Max")[0]["bot"] == "Eero"
    with pytest.raises(RuleError, match="no bot's seat is free"):
        match.join(s, "Ida")
    assert s["joining"] == ["Zoe", "Max"]


def test_k_join_1_a_player_who_leaves_is_played_safe_then_a_bot_takes_the_seat():
    s, _ = started(seed=4)
    assert match.leave(levels, s, "You") == [{"kind": "leaving", "name": "You"}]
    events = match.run_bots(rules, levels, s, Dice(6))
    mine = [e for e in events if e.get("seat") == 0 and "private" not in e]
    # their turns were the safe move: draw, discard, skip any power; never a swap or a call
    assert {e["kind"] for e in mine} <= {"drew", "discarded", "skipped", "scored"}
    assert s["table"]["phase"] == "over"
    assert s["players"][0]["bot"] and s["players"][0]["name"] != "You"
    assert events[-1]["kind"] == "bot_seat" and events[-1]["name"] == "You"
    assert match.acting(s) is None


def test_a_joiner_name_must_be_new():
    s, _ = started()
    with pytest.raises(RuleError, match="at the table already"):
        match.join(s, "aino")
    with pytest.raises(RuleError, match="is a bot"):
        match.leave(levels, s, "Aino")


def test_deal_refuses_a_bad_count_or_level():
    with pytest.raises(RuleError, match="1 to 3 bots, not 4"):
        started(bots=4)
    with pytest.raises(RuleError, match="not wizard"):
        started(level="wizard")


def test_a_whole_match_of_bots_ends_with_a_score_above_100():
    s = new_state()
    added, lengths = match.play_match(rules, levels, s, Dice(21), ["easy", "normal", "hard"],
                                      ["Aino", "Eero", "Lumi"])
    final = [p["score"] for p in s["players"]]
    assert max(final) > 100 and s["winners"]
    assert all(min(final) == p["score"] for p in s["players"] if p["name"] in s["winners"])
    assert len({len(a) for a in added}) == 1 and s["round"] == len(added[0]) + 1
    assert len(lengths) == len(added[0]) and all(n >= 1 for n in lengths)


def test_the_view_of_a_bot_seat_shows_its_outer_cards():
    s, _ = started()
    v = view(s["table"], 1)
    assert v["hands"][1][0] is not None and v["hands"][1][1] is None
