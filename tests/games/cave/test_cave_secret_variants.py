"""What Cave escape's state hides, as variants (guide/games/cave/secrets.py, through the
core's guide/core/variants.py): the top cave tile is the mover's (its page draws the
shape), the rest of the draw pile no one's, C-SET-2's two parts kept apart; the event, meal
and food decks no one's (C-DECK-1..3). The table's state is never changed."""

from __future__ import annotations

from cave_helpers import game

from guide.core.state import copied
from guide.core.variants import changed, reordered
from guide.games.cave.secrets import BOTTOM, secret_variants


def test_each_face_down_pile_has_a_variant_and_the_state_is_left_as_it_was():
    state = game("Ann", "Bob")
    before = copied(state)
    found = {s.what: s for s in secret_variants(state)}
    assert state == before
    top = found["the top cave tile"]
    assert top.audience == "Ann"                               # the mover's page shows its shape
    draw, theirs = state["tiles"]["draw"], top.state["tiles"]["draw"]
    assert theirs[:2] == draw[1::-1] and theirs[2:] == draw[2:]
    last = found["the order of the cave's last tiles"].state["tiles"]["draw"]
    cut = len(draw) - BOTTOM
    assert last[:cut] == draw[:cut] and sorted(last[cut:]) == sorted(draw[cut:]) != last[cut:]
    for what in ("the event deck's order", "the meal deck's order", "the food deck's order"):
        assert found[what].audience is None


def test_a_pile_of_cards_all_alike_has_no_order_to_hide():
    state = {"pile": [3, 3, 3], "other": [1, 2]}
    assert reordered(state, ["pile"]) is None
    assert reordered(state, ["other"], 1) is None              # items[1:] is one card
    assert reordered(state, ["other"]) == {"pile": [3, 3, 3], "other": [2, 1]}
    assert changed(state, ["other", 0], 5) == {"pile": [3, 3, 3], "other": [5, 2]}
    assert state == {"pile": [3, 3, 3], "other": [1, 2]}
