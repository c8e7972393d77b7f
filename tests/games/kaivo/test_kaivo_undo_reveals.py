"""K-TURN-1's free peek, beyond the draw: in a dealt round, undo is refused past a command
that showed a person a card they had not seen (the call's reveal of every hand, K-CALL-1; a
peek, a spy, a glimpse caught, a card discarded or swapped out face up, a mind read,
K-POW-1, K-GLIMPSE-1), in one line that changes nothing, as past a card drawn from the deck
(docs/kaivo.md). A bot's memory is in the state and goes back with it: what only bots
saw may be undone, and redone, exactly."""

from __future__ import annotations

import json

import pytest

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.result import text
from guide.core.store import Store
from guide.core.table import Table
from guide.games.kaivo.game import KaivoGame
from guide.games.kaivo.table import to_act

GAME = KaivoGame()
SHOWN = "it revealed a card to a player who had not seen it; nothing changed"
# seeds (Dice) found for these scenes: the first player's draw from the deck
PEEK, SPY, MIND_READ, CAUGHT = 11, 1, 20, 5      # draws 10, 11, 13; a glimpse Ben catches


def table_of(tmp_path, seed: int) -> Table:
    return Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(seed))


@pytest.fixture
def tables(tmp_path):
    made: list[Table] = []

    def make(seed: int) -> Table:
        made.append(table_of(tmp_path / str(len(made)), seed))
        return made[-1]

    yield make
    for t in made:
        t.close()


def state(t: Table) -> str:
    return json.dumps(t.state, sort_keys=True)


def do(t: Table, *lines: str) -> str:
    return "\n".join(text(t.execute(line)) for line in lines)


def refused(t: Table, way: str = "undo") -> str:
    """The refusal: one line, and the state and the campaign file as they were."""
    before, head = state(t), t.store.head() if t.store else None
    with pytest.raises(CommandError) as e:
        t.execute(way)
    assert state(t) == before and (t.store.head() if t.store else None) == head
    assert "\n" not in str(e.value) and str(e.value).endswith("nothing changed")
    return str(e.value)


def held(t: Table) -> int:
    tbl = t.state["table"]
    return tbl["cards"][tbl["held"]]


def test_k_call_1_the_call_s_reveal_of_every_hand_cannot_be_undone(tables):
    t = tables(5)
    do(t, "deal --bots 3")                          # you are seat 1 and play first
    before = state(t)
    out = do(t, "kaivo")
    assert "Aino:" in out and "Lumi:" in out        # every hand, shown to the table
    after = state(t)
    assert refused(t) == "cannot undo 'kaivo': it revealed every hand (K-CALL-1); nothing changed"
    assert state(t) == after != before
    assert t.state["table"]["phase"] == "over"
    assert "the deal passes to You" in do(t, "status")


def test_k_call_1_a_friend_s_call_is_refused_too(tables):
    t = tables(5)
    do(t, "deal --friends Ann,Ben --bots 0")
    first = t.state["table"]["names"][to_act(t.state["table"])]
    do(t, f"kaivo --as {first}")
    assert "it revealed every hand (K-CALL-1)" in refused(t)


def test_k_pow_1_a_friend_s_peek_at_an_unseen_card_cannot_be_undone(tables):
    t = tables(PEEK)
    do(t, "deal --friends Ann,Ben --bots 0", "draw --as Ann")
    assert held(t) == 10
    do(t, "discard --as Ann")                       # Ben (and the TV) see it now
    assert SHOWN in refused(t)
    do(t, "peek 2 --as Ann")                        # an inner card: Ann had not seen it
    assert refused(t) == "cannot undo 'peek 2 --as Ann': " + SHOWN


def test_k_pow_1_a_spy_and_a_mind_read_cannot_be_undone(tables):
    t = tables(SPY)
    do(t, "deal --friends Ann,Ben --bots 0", "draw --as Ann")
    assert held(t) == 11
    do(t, "discard --as Ann", "spy Ben 2 --as Ann")
    assert SHOWN in refused(t)
    t = tables(MIND_READ)
    do(t, "deal --friends Ann,Ben --bots 0", "draw --as Ann")
    assert held(t) == 13
    do(t, "discard --as Ann", "mindread Ben 2 --as Ann")
    assert SHOWN in refused(t)


def test_k_glimpse_1_a_glimpse_a_person_caught_cannot_be_undone(tables):
    t = tables(CAUGHT)
    do(t, "deal --friends Ann,Ben --bots 0", "draw --as Ann", "glimpse --as Ann")
    assert t.state["table"]["caught"][1]            # Ben caught Ann's card
    assert "cannot undo 'glimpse --as Ann'" in refused(t)


def test_k_glimpse_1_undo_tells_the_terminal_nothing_of_who_caught_a_glimpse(tables):
    """K-GLIMPSE-1: only the catcher knows they caught it. The terminal of a friends' match
    is nobody's seat: its undo of a glimpse a person may have caught is refused alike,
    caught or not (it was refused only when one had: the terminal learned it)."""
    said = []
    for seed, caught in ((1, False), (2, True)):        # seeds found: nobody caught, Cid did
        t = tables(seed)
        do(t, "deal --friends Ann,Ben,Cid --bots 0")
        first = t.state["table"]["order"]["current"]
        do(t, f"draw --as {first}", f"glimpse --as {first}")
        assert any(t.state["table"]["caught"]) == caught
        said.append(refused(t))
    assert said[0] == said[1]
    assert "whoever caught the glimpse (K-GLIMPSE-1)" in said[0]


def test_k_glimpse_1_a_glimpse_only_bots_could_catch_is_undone(tables):
    t = tables(CAUGHT)
    do(t, "deal --bots 2", "draw")
    before = state(t)
    do(t, "glimpse", "undo")                         # only bots watch: their memory goes back
    assert state(t) == before


def test_what_only_bots_saw_is_undone_and_redone_exactly(tables):
    # you discard the card you drew: only the bot sees it anew, and its memory is in the
    # state; the power waits for you, so no bot has played yet
    t = tables(PEEK)
    do(t, "deal --bots 1", "draw")
    assert held(t) == 10
    before = state(t)
    do(t, "discard")
    after = state(t)
    do(t, "undo")
    assert state(t) == before
    do(t, "redo")
    assert state(t) == after
    do(t, "peek 2")                                 # your inner card: you had not seen it
    assert "cannot undo 'peek 2'" in refused(t)


def test_a_refused_undo_leaves_the_commands_after_it_free(tables):
    # the refusal stops at the reveal; a later command that shows nothing is undone as ever
    t = tables(5)
    do(t, "deal --friends Ann,Ben --bots 1", "kaivo --as Ann")
    before = state(t)
    do(t, "join Cid")                               # takes the bot's seat at the next deal
    do(t, "undo")
    assert state(t) == before
    assert "it revealed every hand (K-CALL-1)" in refused(t)


PEEKED = "it revealed each player's outer cards to them (K-DEAL-1); nothing changed"


def test_k_deal_1_a_deal_shows_the_outer_cards_so_it_is_not_undone_for_a_free_redeal(tables):
    """You play first (the last bot deals), so no bot draws: the deal's peek alone refuses the
    undo, at a match's first deal and at the next round's, where it gave a new hand each time."""
    t = tables(3)
    do(t, "deal --bots 1")
    assert PEEKED in refused(t)
    do(t, "kaivo", "deal", "kaivo", "deal")  # K-TURN-3: a round ends at once; the deal turns
    assert t.state["round"] == 3 and to_act(t.state["table"]) == 0     # You play first again
    assert PEEKED in refused(t)


def test_a_new_match_dealt_over_one_under_way_may_be_undone_and_the_sheet_comes_back(tables):
    t = tables(3)
    do(t, "players Ann Ben", "round Ann=5 Ben=7 --caller Ben")
    sheet = state(t)
    do(t, "deal --bots 2")                  # a mistyped new match: the sheet is not lost
    assert "Undone: deal --bots 2" in do(t, "undo")
    assert state(t) == sheet
