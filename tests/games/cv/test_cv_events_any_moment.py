"""V-EVENT-1: an Event may be played at any moment ("у будь-який момент"), also in another
player's turn, from the REPL and from a seat; what it gives counts in the turn under way,
and what cannot be used in it is lost: the table says so before accepting (asked at the
terminal; in a script or from a seat, `play ... --anyway`)."""

from __future__ import annotations

import json

import pytest
from cv_support import Table as Rules
from cv_support import cv_table, refused, run

from guide.games.cv import phase
from guide.games.cv.game import CvGame

GAME = CvGame()


@pytest.fixture
def t(tmp_path):
    table = cv_table(tmp_path / "c.sqlite")
    yield table
    table.close()




def test_V_EVENT_1_in_another_players_turn_the_table_says_what_is_lost_before_accepting(t):
    run(t, "players Ann Bob", "hand Bob Lottery --gives 2money",
        "roll Ann --faces money,health,health,knowledge")
    said = refused(t, "play Bob Lottery")
    assert said == ("Bob plays Lottery: what it gives (2 Money (Гроші)) cannot be used in this turn"
                    " (it is Ann's turn) and would be lost (V-EVENT-1); to play it so: --anyway")
    assert "it is Ann's turn, not Bob's" not in said          # it was refused for the turn
    out = run(t, "play Bob Lottery --anyway")
    assert out == ("Bob plays Lottery: what it gives (2 Money (Гроші)) cannot be used in this turn"
                   " (it is Ann's turn) and is lost (V-EVENT-1)")
    assert t.state["players"][1]["hand"] == []                # to the box
    assert t.state["turn"]["extra"] == []                     # nothing for Ann's turn either


def test_V_EVENT_1_at_the_terminal_it_is_asked_and_no_keeps_the_card(t):
    run(t, "players Ann Bob", 'hand Bob "Zoo trip"')
    asked: list[str] = []
    answers = ["", "yes"]
    head = t.store.head()
    t.ask = lambda question, choices, default="", meta=None: asked.append(question) or answers.pop(0) \
        or default
    before = json.dumps(t.state, sort_keys=True)
    said = run(t, 'play Bob "Zoo trip"')          # a choice, not a refusal: no "error:"
    assert said == "Zoo trip stays in the hand; nothing changed"
    assert json.dumps(t.state, sort_keys=True) == before and t.store.head() == head
    assert asked[0].endswith("(2 more dice) cannot be used in this turn (it is Ann's turn) and would"
                             " be lost (V-EVENT-1). Play it anyway? (yes/no)")
    run(t, 'play Bob "Zoo trip"')
    assert t.state["players"][1]["hand"] == [] and t.state["turn"]["more_dice"] == 0


def test_V_EVENT_1_no_keeps_the_card_named_as_the_table_reads_it_not_as_typed(t):
    """The answer "no" names the card by its name ("Lottery"; at a Ukrainian table
    «Лотерея»), not as the game master typed it ("lottery", a unique beginning "lot")."""
    run(t, "players Ann Bob", "hand Bob Lottery --gives 2money")
    t.ask = lambda question, choices, default="", meta=None: default
    assert run(t, "play Bob lot") == "Lottery stays in the hand; nothing changed"
    run(t, "lang uk")
    try:
        assert run(t, "play Bob lottery").startswith("«Lottery» ")
    finally:
        run(t, "lang en")           # the language is the process's: the next test's English


def test_V_EVENT_1_in_the_own_turn_what_it_gives_counts_as_before():
    r = Rules("Ann", "Bob")
    r.run(phase.note_hand, "Ann", "Lottery", ["money", "money"])
    r.roll("Ann", "health,health,health,knowledge")
    ev = r.run(phase.play, "Ann", "Lottery")
    assert ev[0]["symbols"] == ["money", "money"] and "lost" not in ev[0]
    assert [x["symbol"] for x in r.state["turn"]["extra"]] == ["money", "money"]


def test_V_EVENT_1_life_insurance_with_nothing_owed_is_lost_only_when_accepted():
    r = Rules("Ann", "Bob")
    r.run(phase.note_hand, "Ann", "30", [])
    r.roll("Ann", "health,health,health,knowledge")
    said = r.fails(phase.play, "Ann", "30")
    assert "(a card saved from Failure)" in said and "(Ann owes no card to Failure)" in said
    ev = r.run(phase.play, "Ann", "30", anyway=True)
    assert ev[0]["lost"] == {"why": "owed"} and r.state["turn"]["insured"] == 0


def test_V_EVENT_1_a_seat_offers_its_events_in_another_players_turn_saying_what_is_lost(t):
    run(t, "players Ann Bob", "hand Bob Lottery --gives 2money", "hand Ann Gift --gives health")
    bob = {m.line: m for m in t.game.seat_moves(t, "Bob")}
    move = bob["play Bob Lottery --anyway"]
    assert move.label == "Play Lottery (lost)" and "would be lost" in move.detail
    assert "it is Ann's turn" in move.detail
    run(t, "play Bob Lottery --anyway")             # runs as sent from the seat
    assert t.state["players"][1]["hand"] == []
    ann = {m.line for m in t.game.seat_moves(t, "Ann")}
    assert "play Ann Gift" in ann                   # her own turn: its Health counts in it
    run(t, "roll Ann --faces money,money,money,knowledge", "end Ann")
    ann = {m.line for m in t.game.seat_moves(t, "Ann")}
    assert "play Ann Gift --anyway" in ann and "play Ann Gift" not in ann      # Bob's turn now


def test_V_EVENT_1_rendered_in_ukrainian():
    r = Rules("Ann", "Bob")
    r.run(phase.note_hand, "Bob", "Lottery", ["money"])
    ev = r.run(phase.play, "Bob", "Lottery", anyway=True)
    said = r.text(ev, "uk")
    assert "Ann" in said and "V-EVENT-1" in said and "Гроші" in said and "lost" not in said
