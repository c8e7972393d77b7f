"""V-DICE-1, V-DICE-2, V-DICE-3, V-FAIL-1 with the dice: the seed's worked dice example and a
property test of frozen dice and misfortune."""

from __future__ import annotations

from cv_support import Faces, Table, give_card, lib
from hypothesis import given, settings
from hypothesis import strategies as st

from guide.games.cv import dice, phase, pool


def test_v_dice_1_a_turn_starts_with_four_dice_drawn_from_the_table_dice():
    t = Table("Ann", "Bob")
    t.dice = Faces([1, 2, 3, 6])
    ev = t.roll("Ann")
    assert ev[0]["faces"] == ["health", "knowledge", "relationships", "failure"]
    assert ev[0]["frozen"] == [4]
    assert t.state["turn"]["rolls_left"] == 2


def test_v_dice_1_the_six_faces_in_order():
    assert [lib().die_symbol(f) for f in range(1, 7)] == [
        "health", "knowledge", "relationships", "money", "happiness", "failure"]


def test_v_dice_1_faces_typed_set_the_count_and_four_to_seven_only():
    t = Table("Ann", "Bob")
    assert "4 to 7" in t.fails(dice.roll, t.dice, "Ann", None, ["money"] * 3)
    assert "4 to 7" in t.fails(dice.roll, t.dice, "Ann", 8, None)
    ev = t.roll("Ann", "money,money,health,knowledge,Щастя,Невдача")
    assert len(ev[0]["faces"]) == 6 and ev[0]["faces"][4:] == ["happiness", "failure"]


def test_v_dice_1_an_active_card_giving_a_die_adds_one_never_past_seven():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Marriage", "relationships", dice=1)
    assert len(t.roll("Ann")[0]["faces"]) == 5
    t2 = Table("Ann", "Bob")
    give_card(t2, "Ann", "Marriage", "relationships", dice=5)
    assert len(t2.roll("Ann")[0]["faces"]) == 7


def test_v_dice_1_only_the_player_whose_turn_it_is_rolls_and_once():
    t = Table("Ann", "Bob")
    assert "Ann's turn" in t.fails(dice.roll, t.dice, "Bob", None, None)
    t.roll("Ann")
    assert "has rolled" in t.fails(dice.roll, t.dice, "Ann", None, None)


def test_v_dice_2_rerolled_dice_keep_their_places_and_two_rerolls_only():
    t = Table("Ann", "Bob")
    t.roll("Ann", "health,knowledge,money,money")
    t.reroll("Ann", [2], "money")
    assert t.state["turn"]["dice"] == ["health", "money", "money", "money"]
    t.reroll("Ann", [1, 4], "knowledge,health")
    assert t.state["turn"]["dice"] == ["knowledge", "money", "money", "health"]
    assert "no reroll left" in t.fails(dice.reroll, t.dice, "Ann", [1], None)


def test_v_dice_2_a_failure_is_frozen_and_a_refused_reroll_uses_no_roll():
    t = Table("Ann", "Bob")
    t.roll("Ann", "failure,knowledge,money,money")
    assert "frozen" in t.fails(dice.reroll, t.dice, "Ann", [1, 2], None)
    assert t.state["turn"]["rolls_left"] == 2


def test_v_dice_2_bicycle_instead_of_a_car_gives_a_third_reroll():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Bicycle instead of a car", "health", number=46)
    t.roll("Ann", "health,knowledge,money,money")
    assert t.state["turn"]["rolls_left"] == 3


def test_v_dice_2_psychotherapy_lets_failures_roll_in_one_roll_only():
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Psychotherapy", "health", number=53)
    t.roll("Ann", "failure,failure,money,money")
    ev = t.reroll("Ann", [1], "health")
    assert ev[0]["psychotherapy"] is True
    assert t.state["turn"]["dice"][0] == "health"
    assert "frozen" in t.fails(dice.reroll, t.dice, "Ann", [2], None)


def test_v_dice_2_no_reroll_once_a_card_is_taken():
    t = Table("Ann", "Bob")
    t.roll("Ann", "money,money,health,knowledge")
    t.take("Ann", "Used car", "property", cost="2money", points=3)
    assert "rolls are over" in t.fails(dice.reroll, t.dice, "Ann", [3], None)


def test_v_dice_3_each_die_pays_once():
    t = Table("Ann", "Bob")
    t.roll("Ann", "money,money,health,knowledge")
    t.take("Ann", "Used car", "property", cost="2money", points=3)
    assert "lacks Money" in t.take_fails("Ann", "Bank job", "job", cost="money")


def test_v_dice_3_tokens_of_active_cards_pay_too_and_once():
    t = Table("Ann", "Bob")
    t.p("Ann")["tokens"] = [{"symbol": "money", "card": "Office", "used": False}]
    t.roll("Ann", "money,health,health,knowledge")
    t.take("Ann", "Used car", "property", cost="2money", points=3)
    assert t.p("Ann")["tokens"][0]["used"] is True
    assert "lacks Money" in t.take_fails("Ann", "Bank job", "job", cost="money")


def test_worked_dice_example_five_dice_a_frozen_failure_two_rerolls_a_third_money():
    # The seed's example: five dice (the fifth from an active Marriage); Relationships,
    # Money, Money, Health, Failure; Used car needs one more Money.
    t = Table("Ann", "Bob")
    give_card(t, "Ann", "Marriage", "relationships", dice=1)
    t.roll("Ann", "relationships,money,money,health,failure")
    assert "frozen" in t.fails(dice.reroll, t.dice, "Ann", [5], None)
    ev = t.reroll("Ann", [1, 4], "relationships,failure")
    assert ev[0]["frozen"] == [4, 5] and ev[0]["failures"] == 2 and ev[0]["owed"] == 0
    ev = t.reroll("Ann", [1], "money")
    assert t.state["turn"]["dice"] == ["money", "money", "money", "failure", "failure"]
    assert t.state["turn"]["rolls_left"] == 0
    t.take("Ann", "Used car", "property", cost="3money", points=2)
    t.end("Ann")                               # V-TURN-1: recorded in phase 4
    assert t.stack("Ann", "property") == ["Bicycle", "Used car"]
    turn, p = t.state["turn"], t.p("Ann")
    assert pool.misfortunes_owed(turn, p, lib()) == 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.lists(st.integers(1, 7), max_size=7), max_size=2),
       n=st.integers(4, 7), stacks=st.integers(0, 4))
def test_property_frozen_dice_never_change_and_every_three_failures_cost_one_card(seed, picks, n, stacks):
    # V-DICE-2, V-FAIL-1, with no special card active.
    t = Table("Ann", "Bob", seed=seed)
    for i, ty in enumerate(["health", "knowledge", "relationships", "job"][:stacks]):
        give_card(t, "Ann", f"card {i}", ty)
    t.roll("Ann", n=n)
    for positions in picks:
        before = list(t.state["turn"]["dice"])
        places = sorted({p for p in positions if p <= n and before[p - 1] != "failure"})
        if not places:
            continue
        t.reroll("Ann", places)
        after = t.state["turn"]["dice"]
        assert all(after[i] == "failure" for i, s in enumerate(before) if s == "failure")
        assert all(after[i] == before[i] for i in range(n) if i + 1 not in places)
    fails = t.state["turn"]["dice"].count("failure")
    cards_before = sum(len(c) for c in t.p("Ann")["cv"].values())
    for _ in range(fails // 3):
        if any(t.p("Ann")["cv"][ty] for ty in lib().stacks):
            ty = next(ty for ty in lib().stacks if t.p("Ann")["cv"][ty])
            t.run(phase.lose, "Ann", ty)
    lost = cards_before - sum(len(c) for c in t.p("Ann")["cv"].values())
    assert lost == min(fails // 3, cards_before)
    types = [ty for ty in lib().stacks if t.p("Ann")["cv"][ty]]
    if types:
        said = t.fails(phase.lose, "Ann", types[0])     # nothing owed; a card lost already says so
        assert ("already lost a card" if lost else "owes no card") in said
    t.end("Ann")
    assert t.turn_of() == "Bob"


SIX = ["health", "knowledge", "relationships", "money", "happiness", "failure"]


@settings(max_examples=60, deadline=None)
@given(faces=st.lists(st.sampled_from(SIX), min_size=4, max_size=7),
       tokens=st.lists(st.sampled_from(SIX[:5]), max_size=3),
       costs=st.lists(st.lists(st.sampled_from(SIX[:5]), min_size=1, max_size=4), min_size=2, max_size=2))
def test_property_v_dice_3_each_die_or_token_pays_once(faces, tokens, costs):
    t = Table("Ann", "Bob")
    t.p("Ann")["tokens"] = [{"symbol": s, "card": "x", "used": False} for s in tokens]
    t.roll("Ann", ",".join(faces))
    for i, cost in enumerate(costs):
        turn, p = t.state["turn"], t.p("Ann")
        free = pool.sources(turn, p)
        need = {s: cost.count(s) for s in cost}
        can = all(sum(1 for x in free if x["symbol"] == s) >= n for s, n in need.items())
        if not can:
            assert "lacks" in t.take_fails("Ann", f"card {i}", "health", cost=",".join(cost))
            continue
        t.take("Ann", f"card {i}", "health", cost=",".join(cost))
        after = pool.sources(turn, p)
        assert len(free) - len(after) == len(cost)
        assert all(x in free for x in after)          # nothing spent comes back
