"""CV without a card file: the campaign keeps the cards the table has typed (with undo), so
`take Ann "Old books"` finds a card typed once; `guide new box --game cv --from CAMPAIGN`
writes a partial card file from them, inventing no card (docs/cv.md, "Cards the table
typed"); `guide check` refuses a card file whose decks hold more cards than the seed counts
(26 Youth, 20 Maturity, 17 Old age)."""

from __future__ import annotations

import json

import pytest

from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.result import text
from guide.core.store import Store
from guide.core.table import Table
from guide.games.cv.game import CvGame

GAME = CvGame()
FACES = "roll {who} --faces knowledge,money,health,health"
OLD_BOOKS = 'take Ann "Old books" --type knowledge --cost knowledge,money'


@pytest.fixture
def t(tmp_path):
    table = Table(GAME, Store(tmp_path / "c.sqlite", game="cv"), GAME.load([]), Dice(1))
    yield table
    table.close()


def run(t: Table, *lines: str) -> str:
    return "\n".join(text(t.execute(line)) for line in lines)


def known(t: Table) -> list[str]:
    return [k["card"]["name"] for k in t.state.get("known", [])]


def test_a_card_typed_once_is_found_by_its_name_the_next_time(t):
    run(t, "players Ann Bob", FACES.format(who="Ann"), OLD_BOOKS, "end", FACES.format(who="Bob"))
    out = run(t, 'take Bob "old books"')
    assert out == ("Bob takes Old books, Knowledge (Знання), paying Knowledge (Знання), Money"
                   " (Гроші)")
    run(t, "undo")
    run(t, "take Bob old")                         # a unique beginning, when nothing more is typed
    assert t.state["turn"]["pending"][0]["card"]["cost"] == ["knowledge", "money"]


def test_the_kept_cards_go_back_with_undo(t):
    run(t, "players Ann Bob", FACES.format(who="Ann"), OLD_BOOKS)
    assert known(t) == ["Old books"]
    run(t, "undo")
    assert known(t) == []
    with pytest.raises(CommandError) as e:
        t.execute('take Ann "Old books"')
    assert "a card typed before is found by its name" in str(e.value)
    run(t, "redo")
    assert known(t) == ["Old books"]


def test_typed_again_the_newest_typing_is_kept_and_a_free_take_keeps_the_cost(t):
    run(t, "players Ann Bob", "roll Ann --faces happiness,happiness,happiness,money",
        'take Ann Gym --type health --happiness')
    assert t.state["known"][0]["costed"] is False
    run(t, "end", "roll Bob --faces health,money,health,health", "take Bob Gym --type health --cost health")
    assert t.state["known"][0]["costed"] is True and t.state["known"][0]["card"]["cost"] == ["health"]
    run(t, 'take Bob Gym --gives health')          # the cost is the one typed before
    assert t.state["known"][0]["card"]["gives"] == ["health"]
    assert t.state["known"][0]["card"]["cost"] == ["health"]


def test_a_card_whose_cost_was_never_typed_still_needs_it(t):
    run(t, "players Ann Bob", "roll Ann --faces happiness,happiness,happiness,money",
        'take Ann Gym --type health --happiness', "end", "roll Bob --faces health,money,health,health")
    with pytest.raises(CommandError) as e:
        t.execute("take Bob Gym")
    assert "its cost is missing" in str(e.value)


def test_with_the_track_kept_the_deck_its_place_came_from_is_kept_too(t):
    run(t, "players Ann Bob", "track youth=20 maturity=20 old_age=20", FACES.format(who="Ann"),
        OLD_BOOKS + " --slot 2")
    assert t.state["known"][0]["deck"] == "youth"
