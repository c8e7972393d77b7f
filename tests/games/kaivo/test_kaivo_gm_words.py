"""What a new game master reads at the terminal and a friend on their page: the hint after a
glimpse (K-GLIMPSE-1, once a turn), the host's hint in a match of friends (the moves to type
with --as), an undo refused past a draw naming whose draw it was (K-TURN-1), a new match dealt
over one under way said aloud, and a seat's page once the match is over (K-SCORE-3)."""

from __future__ import annotations

import json
import re

from test_kaivo_game import GAME, do, table  # noqa: F401 - the Kaivo table on a campaign file
from test_kaivo_game import fails as refused

from guide.core.seats import Desk


def test_k_glimpse_1_after_the_glimpse_the_hint_no_longer_offers_it(table):  # noqa: F811
    do(table, "deal --bots 2", "draw")
    assert "glimpse first if you like" in GAME.prompt(table)
    out = do(table, "glimpse")
    assert "Next: swap POS or discard." in out
    assert GAME.prompt(table) == "kaivo (round 1: swap POS or discard)> "
    assert "glimpse" in refused(table, "glimpse")


def test_the_host_of_a_friends_match_reads_the_moves_to_type_with_as(table):  # noqa: F811
    out = do(table, "deal --friends Ann,Ben --bots 1")
    assert "Next: Ann to play (or here: draw, take or kaivo, with --as Ann)." in out
    assert GAME.prompt(table) == "kaivo (round 1: Ann to play)> "       # the prompt stays short
    out = do(table, "take --as Ann")
    assert "Next: Ann to play (or here: swap POS, or putback, with --as Ann)." in out


def test_k_turn_1_an_undo_refused_past_a_draw_names_whose_draw_it_was(table):  # noqa: F811
    do(table, "deal --bots 2", "draw")
    assert refused(table, "undo").startswith("cannot undo 'draw': it drew a card from the deck for you,")
    do(table, "discard")
    drawers = [e["who"] for e in table.store.entries(limit=1)[0].story if e["kind"] == "drew"]
    assert drawers and "You" not in drawers                   # the bots' turns it set off
    message = refused(table, "undo")
    assert re.match(r"cannot undo 'discard': it drew (a card|cards) from the deck for "
                    + " and ".join(drawers) + ",", message), message


def test_k_deal_1_a_new_match_dealt_over_one_under_way_says_so_and_undo_brings_it_back(table):  # noqa: F811
    do(table, "deal --bots 2", "take", "putback")
    before = json.dumps(table.state, sort_keys=True)
    out = do(table, "deal --bots 1")
    assert "The match under way is set aside for this one (undo brings it back)." in out
    do(table, "undo")
    assert json.dumps(table.state, sort_keys=True) == before
    out = do(table, "players Ann Ben", "deal --bots 1")          # a sheet with no round: nothing lost
    assert "set aside" not in out


def test_k_score_3_once_the_match_is_over_a_seat_waits_for_no_deal(table):  # noqa: F811
    do(table, "deal --friends Ann,Ben --bots 1")
    assert Desk.payload_of(table, "Ann")["view"]["words"]["waiting"] == "Waiting for the deal"
    table.state["winners"] = ["Ben"]
    assert Desk.payload_of(table, "Ann")["view"]["words"]["waiting"] == (
        "No more rounds: a new match is dealt at the terminal")


def test_k_deal_1_between_rounds_the_dealers_page_says_the_deal_is_theirs(table):  # noqa: F811
    """Between rounds the seat that deals reads so above its Deal button, the others who
    deals, where every page read 'Waiting for the deal' (the dealer's too)."""
    do(table, "deal --friends Ann,Ben,Cid", "kaivo --as Ann")
    dealer = table.state["players"][table.state["dealer"]]["name"]
    others = [n for n in ("Ann", "Ben", "Cid") if n != dealer]
    page = Desk.payload_of(table, dealer)
    assert page["view"]["words"]["waiting"] == "Your deal: tap Deal round 2"
    assert any(m["label"] == "Deal round 2" for m in page["moves"])
    for name in others:
        assert Desk.payload_of(table, name)["view"]["words"]["waiting"] == (
            f"Waiting for {dealer} to deal round 2")


def test_k_score_3_the_sheets_prompt_after_the_match_names_no_round(table):  # noqa: F811
    """A won match on the score sheet plays no round after it: its prompt says the match is
    over as a dealt match's does, where it read 'kaivo (sheet, round 3, over)> '."""
    do(table, "players Ann Ben", "round Ann=50 Ben=3 --caller Ben")
    assert GAME.prompt(table) == "kaivo (sheet, round 2)> "
    do(table, "round Ann=52 Ben=3 --caller Ben")
    assert GAME.prompt(table) == "kaivo (sheet, match over)> "


def test_drop_says_the_round_taken_back_before_the_scores_heading(table):  # noqa: F811
    """drop N: 'Round N is taken back; ...' and then the scores under their heading, where
    the heading came first and the taken-back line stood between it and its table."""
    do(table, "players Ann Ben", "round Ann=5 Ben=3 --caller Ben", "round Ann=9 Ben=4 --caller Ann")
    out = do(table, "drop 1").splitlines()
    assert out[0] == "Round 1 is taken back; the rounds after it are scored again."
    assert out[1] == "Scores after round 1:"
    assert out[2].split() == ["player", "score", "note"]
