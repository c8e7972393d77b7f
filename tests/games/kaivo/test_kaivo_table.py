"""The rules of a dealt round, by rule id (K-DEAL-1, K-TURN-1..3, K-POW-1..2, K-GLIMPSE-1,
K-CALL-1, K-CLOCK-1)."""

from __future__ import annotations

import pytest
from kaivo_helpers import Faces, rig, rules, set_turn

from guide.core.dice import Dice
from guide.games.kaivo import table as k
from guide.games.kaivo.knowledge import view


def hand(t, seat):
    return [t["cards"][c] for c in t["hands"][seat]]


def shown(t, seat, whose):
    return view(t, seat)["hands"][whose]


# K-DEAL-1 -------------------------------------------------------------------------------

def test_k_deal_1_four_cards_each_the_outer_two_seen_one_card_face_up():
    t, events = k.deal(rules, ["Ann", "Ben", "Cid"], 0, Dice(4))
    assert [len(h) for h in t["hands"]] == [4, 4, 4]
    assert len(t["discard"]) == 1 and len(t["deck"]) == 48 - 12 - 1
    assert sorted(t["deck"] + t["discard"] + sum(t["hands"], [])) == list(range(48))
    for s in range(3):
        v = shown(t, s, s)
        assert v[1] is None and v[2] is None
        assert v[0] == hand(t, s)[0] and v[3] == hand(t, s)[3]
        assert shown(t, s, (s + 1) % 3) == [None] * 4
    outer = [e for e in events if e["kind"] == "outer"]
    assert [e["private"] for e in outer] == ["Ann", "Ben", "Cid"]
    assert outer[1]["cards"] == [[0, hand(t, 1)[0]], [3, hand(t, 1)[3]]]


def test_k_deal_1_the_player_after_the_dealer_starts():
    t, events = k.deal(rules, ["Ann", "Ben", "Cid"], 2, Dice(1))
    assert k.to_act(t) == 0
    assert events[0]["dealer"] == "Cid" and events[0]["first"] == "Ann"
    assert k.to_act(k.deal(rules, ["Ann", "Ben"], 0, Dice(1))[0]) == 1


def test_k_deal_1_two_to_four_players():
    with pytest.raises(k.RuleError, match="2 to 4 players, not 5"):
        k.deal(rules, list("ABCDE"), 0, Dice(1))
    with pytest.raises(k.RuleError, match="not 1"):
        k.deal(rules, ["A"], 0, Dice(1))


def test_k_deal_1_an_empty_deck_takes_the_discard_pile_but_its_top_and_forgets_it():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[9, 0, 7], deck_=[])
    spied = t["discard"][1]
    t["seen"][1].append(spied)
    t["badges"][spied] = "B"
    events = k.draw(t, rules, Faces(1, 1))
    assert events[0] == {"kind": "refilled", "deck": 2}
    assert t["discard"] == [4 + 4 + 2]                       # the old top stays
    assert len(t["deck"]) == 1 and t["held"] is not None
    assert spied not in t["seen"][1] and t["badges"][spied] == ""


# K-TURN-1 -------------------------------------------------------------------------------

def test_k_turn_1_only_the_drawer_sees_the_drawn_card():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[9], deck_=[0, 6])
    events = k.draw(t, rules, Faces())
    assert view(t, 0)["held"] == 6 and view(t, 1)["held"] is None
    assert [e for e in events if "value" in e] == [{"kind": "held", "seat": 0, "value": 6, "private": "Ann"}]


def test_k_turn_1_swap_puts_the_old_card_face_up_and_ends_the_turn():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[9], deck_=[0])
    k.draw(t, rules, Faces())
    events = k.swap(t, rules, 2)
    assert hand(t, 0) == [1, 2, 0, 4]
    assert t["cards"][t["discard"][-1]] == 3
    assert events[0]["out"] == 3 and "value" not in events[0]   # what came in stays private
    assert shown(t, 0, 0)[2] == 0 and shown(t, 1, 0)[2] is None  # a card they put there
    assert k.to_act(t) == 1 and t["phase"] == "turn"


def test_k_turn_1_discard_ends_the_turn():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[9], deck_=[8])
    k.draw(t, rules, Faces())
    assert k.discard(t, rules)[0]["value"] == 8
    assert k.to_act(t) == 1 and t["cards"][t["discard"][-1]] == 8


def test_k_turn_1_a_drawn_card_cannot_be_put_back():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[9], deck_=[8])
    k.draw(t, rules, Faces())
    before = repr(t)
    with pytest.raises(k.RuleError, match="cannot be put back"):
        k.putback(t)
    assert repr(t) == before


# K-TURN-2 -------------------------------------------------------------------------------

def test_k_turn_2_the_taken_discard_is_public_and_must_be_swapped_in():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[0], deck_=[8])
    assert k.take(t)[0]["value"] == 0
    assert view(t, 1)["held"] == 0
    with pytest.raises(k.RuleError, match="must be swapped in"):
        k.discard(t, rules)
    events = k.swap(t, rules, 1)
    assert events[0]["value"] == 0 and events[0]["out"] == 2
    assert shown(t, 1, 0)[1] == 0 and shown(t, 0, 0)[1] == 0


def test_k_turn_2_put_back_reveals_nothing_and_the_turn_goes_on():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[0], deck_=[8])
    k.take(t)
    events = k.putback(t)
    assert events == [{"kind": "put_back", "seat": 0, "who": "Ann"}]
    assert k.to_act(t) == 0 and t["phase"] == "turn" and k.played(t) == 0
    assert [t["cards"][c] for c in t["discard"]] == [0]
    assert len(k.draw(t, rules, Faces())) == 2


# K-TURN-3 -------------------------------------------------------------------------------

def test_k_turn_3_kaivo_only_at_the_start_of_a_turn():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[0], deck_=[8])
    k.draw(t, rules, Faces())
    with pytest.raises(k.RuleError, match="drawn card"):
        k.call(t)
    k.discard(t, rules)
    assert k.call(t)[0] == {"kind": "called", "seat": 1, "who": "Ben"}


# K-CALL-1 -------------------------------------------------------------------------------

def test_k_call_1_the_round_ends_at_once_and_every_hand_is_revealed():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8], [0, 0, 0, 1]], discard=[0], deck_=[8])
    events = k.call(t)
    assert events[1]["hands"] == {"Ann": [1, 2, 3, 4], "Ben": [5, 6, 7, 8], "Cid": [0, 0, 0, 1]}
    assert events[1]["totals"] == {"Ann": 10, "Ben": 26, "Cid": 1}
    assert t["phase"] == "over" and t["caller"] == 0
    assert shown(t, 1, 2) == [0, 0, 0, 1]
    assert k.legal(t, rules) == []
    for move in (k.take, k.call):
        with pytest.raises(k.RuleError, match="round is over"):
            move(t)


# K-POW-1 --------------------------------------------------------------------------------

def drawn_power(value, hands=None):
    t = rig(hands or [[1, 2, 3, 4], [5, 6, 7, 8], [9, 0, 1, 2]], discard=[0], deck_=[value])
    k.draw(t, rules, Faces())
    events = k.discard(t, rules)
    return t, events


def test_k_pow_1_peek_shows_one_of_ones_own_cards_to_oneself_only():
    t, events = drawn_power(10)
    assert events[0]["power"] == "peek" and t["phase"] == "power"
    events = k.peek(t, rules, 1)
    assert shown(t, 0, 0) == [1, 2, None, 4]
    assert shown(t, 1, 0) == [None] * 4
    assert events[1] == {"kind": "saw", "seat": 0, "target": 0, "pos": 1, "value": 2, "private": "Ann"}
    assert k.to_act(t) == 1


def test_k_pow_1_spy_picks_the_player_then_the_card():
    t, _ = drawn_power(11)
    with pytest.raises(k.RuleError, match="pick an opponent"):
        k.spy(t, rules, 0, 1)
    k.spy(t, rules, 2, 2)
    assert shown(t, 0, 2) == [None, None, 1, None]
    assert shown(t, 1, 2) == [None] * 4


def test_k_pow_1_swap_exchanges_and_each_sees_the_card_received():
    t, _ = drawn_power(12)
    events = k.swapwith(t, rules, 1, 1, 2)
    assert hand(t, 0) == [1, 7, 3, 4] and hand(t, 1) == [5, 6, 2, 8]
    assert shown(t, 0, 0)[1] == 7 and shown(t, 1, 1)[2] == 2
    assert shown(t, 2, 0) == [None] * 4 and shown(t, 2, 1) == [None] * 4
    assert [e["private"] for e in events if "private" in e] == ["Ann", "Ben"]


def test_k_pow_1_mind_read_turns_a_card_face_up_for_everyone_for_the_round():
    t, _ = drawn_power(13)
    events = k.mindread(t, rules, 2, 0)
    assert events[0]["value"] == 9 and "private" not in events[0]
    for seat in range(3):
        assert shown(t, seat, 2)[0] == 9
        assert view(t, seat)["face_up"][2] == [True, False, False, False]
    k.draw(t, rules, Faces(1, 1))                       # later turns: still face up
    assert shown(t, 1, 2)[0] == 9


def test_k_pow_1_a_power_waits_for_its_target_or_skip():
    t, _ = drawn_power(11)
    with pytest.raises(k.RuleError, match="the power to use is spy, not peek"):
        k.peek(t, rules, 0)
    with pytest.raises(k.RuleError, match="use the spy power or skip"):
        k.draw(t, rules, Faces())
    assert k.skip(t)[0]["power"] == "spy" and k.to_act(t) == 1


def test_k_pow_1_a_power_swapped_into_a_hand_is_just_its_number():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[0], deck_=[13])
    k.draw(t, rules, Faces())
    k.swap(t, rules, 0)
    assert t["phase"] == "turn" and t["power"] is None and hand(t, 0) == [13, 2, 3, 4]


def test_k_pow_1_a_power_taken_from_the_discard_pile_has_no_power():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[11], deck_=[0])
    k.take(t)
    assert ("discard",) not in k.legal(t, rules)
    k.swap(t, rules, 3)
    assert t["phase"] == "turn" and k.to_act(t) == 1 and t["power"] is None


def test_k_pow_1_a_drawn_number_card_has_no_power():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[0], deck_=[9])
    k.draw(t, rules, Faces())
    assert "power" not in k.discard(t, rules)[0] and k.to_act(t) == 1


# K-POW-2 --------------------------------------------------------------------------------

def test_k_pow_2_everyone_sees_which_card_was_looked_at_never_its_value():
    t, _ = drawn_power(11)
    events = k.spy(t, rules, 1, 2)
    public = [e for e in events if "private" not in e]
    assert public == [{"kind": "spied", "seat": 0, "who": "Ann", "target": 1, "whom": "Ben", "pos": 2}]
    for seat in range(3):
        assert view(t, seat)["badges"][1] == ["", "", "A", ""]
    assert shown(t, 2, 1) == [None] * 4


def test_k_pow_2_a_badge_stays_on_the_card_as_it_moves_and_goes_with_it_to_the_pile():
    t, _ = drawn_power(10)
    k.peek(t, rules, 1)                                   # Ann's position 2 gets "A"
    set_turn(t, 0)
    t["deck"].append(len(t["cards"]))
    t["cards"].append(12)
    t["badges"].append("")
    k.draw(t, rules, Faces())
    k.discard(t, rules)
    k.swapwith(t, rules, 1, 2, 0)                         # the badged card goes to Cid
    assert view(t, 1)["badges"][2][0] == "A" and view(t, 1)["badges"][0][1] == ""


# K-GLIMPSE-1 ----------------------------------------------------------------------------

def test_k_glimpse_1_each_opponent_catches_it_one_time_in_three():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8], [9, 0, 1, 2]], discard=[0], deck_=[5])
    k.draw(t, rules, Faces())
    events = k.glimpse(t, rules, Faces(1, 3))              # Ben rolls 1: caught; Cid 3: not
    assert events == [{"kind": "glimpse", "seat": 0, "who": "Ann"},
                      {"kind": "caught", "seat": 1, "who": "Ann", "value": 5, "private": "Ben"}]
    assert view(t, 1)["held"] == 5 and view(t, 2)["held"] is None
    k.swap(t, rules, 1)
    assert shown(t, 1, 0)[1] == 5 and shown(t, 2, 0)[1] is None
    assert view(t, 2)["knows"][0][1] == [0]               # who caught it is secret


def test_k_glimpse_1_once_a_turn_and_only_of_a_drawn_card():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[0], deck_=[5])
    k.take(t)
    with pytest.raises(k.RuleError, match="public already"):
        k.glimpse(t, rules, Faces(1))
    k.putback(t)
    k.draw(t, rules, Faces())
    k.glimpse(t, rules, Faces(2))
    with pytest.raises(k.RuleError, match="had its glimpse"):
        k.glimpse(t, rules, Faces(1))


# K-CLOCK-1 ------------------------------------------------------------------------------

def test_k_clock_1_the_safe_move_is_draw_discard_skip_the_power():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[0], deck_=[4, 11])
    events = k.play_safe(t, rules, Faces())
    assert [e["kind"] for e in events] == ["drew", "held", "discarded", "skipped"]
    assert hand(t, 0) == [1, 2, 3, 4] and k.to_act(t) == 1
    k.take(t)                                             # a taken card goes back first
    assert [e["kind"] for e in k.play_safe(t, rules, Faces())] == ["put_back", "drew", "held", "discarded"]
    assert hand(t, 1) == [5, 6, 7, 8] and k.to_act(t) == 0


def test_k_clock_1_twenty_seconds_a_turn_ten_to_pick_a_target_none_once_over():
    assert [k.clock_limit(rules, p) for p in ("turn", "drawn", "taken", "power", "over")] == \
        [20, 20, 20, 10, None]


def test_legal_moves_follow_the_phase():
    t = rig([[1, 2, 3, 4], [5, 6, 7, 8]], discard=[0], deck_=[12])
    assert k.legal(t, rules) == [("draw",), ("take",), ("kaivo",)]
    k.draw(t, rules, Faces())
    assert ("glimpse",) in k.legal(t, rules) and ("putback",) not in k.legal(t, rules)
    k.discard(t, rules)
    assert len(k.legal(t, rules)) == 1 + 4 * 1 * 4
