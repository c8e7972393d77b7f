"""CV without a card file: the campaign keeps the cards the table has typed (with undo), so
`take Ann "Old books"` finds a card typed once; `guide new box --game cv --from CAMPAIGN`
writes a partial card file from them, inventing no card (docs/cv.md, "Cards the table
typed"); `guide check` refuses a card file whose decks hold more cards than the seed counts
(26 Youth, 20 Maturity, 17 Old age)."""

from __future__ import annotations

import pytest
from cv_support import cv_table, run

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.store import Store
from guide.core.table import Table
from guide.games.cv.game import CvGame

GAME = CvGame()
FACES = "roll {who} --faces knowledge,money,health,health"
OLD_BOOKS = 'take Ann "Old books" --type knowledge --cost knowledge,money'


@pytest.fixture
def t(tmp_path):
    table = cv_table(tmp_path / "c.sqlite")
    yield table
    table.close()



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


# --- guide new box --from CAMPAIGN, guide check's counts ---------------------------------
from installed import guide, guide_env  # noqa: E402


def campaign(tmp_path) -> str:
    path = tmp_path / "cv.sqlite"
    t = Table(GAME, Store(path, game="cv"), settings.load(GAME, []), Dice(1))
    try:
        run(t, "players Ann Bob", "track youth=20 maturity=20 old_age=20",
            "roll Ann --faces money,money,money,money",
            'take Ann "Used car" --type property --cost 3money --points 2 --slot 1', "end",
            "roll Bob --faces happiness,happiness,happiness,money",
            "take Bob Coach --type health --also relationships --happiness --slot 1", "end",
            "roll Ann --faces money,money,money,money", "take Ann Office --type job --cost money",
            "take Ann 41 --type job")
    finally:
        t.close()
    return str(path)


def test_new_box_from_a_campaign_writes_the_typed_cards_and_invents_none(tmp_path):
    env = guide_env(tmp_path)
    r = guide(env, "new", "box", "--game", "cv", "--from", campaign(tmp_path), "--to", str(tmp_path / "box"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("4 cards the table typed are in it, as typed")
    written = (tmp_path / "box" / "box.yaml").read_text()
    assert ('  ## cards the table typed from this deck: write each one\'s number\n'
            '  #- number: ~\n  #  deck: youth\n  #  en: "Used car"\n  #  uk: ~\n  #  type: property\n'
            '  #  cost: [money, money, money]\n  #  points: 2\n'
            '  #- number: ~\n  #  deck: youth\n  #  en: "Coach"\n  #  uk: ~\n'
            '  #  type: [health, relationships]\n  #  cost: ~\n') in written
    # 41 Early retirement, typed whole (the seed's names and cost): written as a card
    assert ('  - number: 41\n    deck: maturity\n    en: "Early retirement"\n    uk: "Рання пенсія"\n'
            '    type: job\n    cost: []\n') in written
    uncommented = [line for line in written.splitlines() if line.startswith("  - ")]
    assert uncommented == ["  - number: 41"]                       # no card invented
    checked = guide(env, "check", "--game", "cv", str(tmp_path / "box"))
    assert checked.returncode == 0, checked.stdout
    cards = guide(env, "cards", "--game", "cv", "--box", str(tmp_path / "box"))
    assert "Early retirement" in cards.stdout and "Used car" not in cards.stdout


def test_new_box_from_a_campaign_played_with_lang_uk_writes_its_names_as_ukrainian(tmp_path):
    """A table opened with `guide play --lang uk` types Ukrainian names without ever typing
    `lang uk`: the template wrote them as `en: "Біг"` (it read the lang command's choice
    alone), where they are the card's `uk`."""
    env = guide_env(tmp_path)
    path = str(tmp_path / "uk.sqlite")
    played = guide(env, "play", "--game", "cv", "--lang", "uk", "--campaign", path,
                   stdin="players Оля Богдан\nroll --faces health,health,money,money\n"
                         "take Оля Біг --type health --cost health\n")
    assert played.returncode == 0, played.stderr
    r = guide(env, "new", "box", "--game", "cv", "--from", path, "--to", str(tmp_path / "box"))
    assert r.returncode == 0, r.stderr
    written = (tmp_path / "box" / "box.yaml").read_text(encoding="utf-8")
    assert '  #  en: ~\n  #  uk: "Біг"\n' in written


def test_new_box_from_refuses_a_game_whose_template_takes_no_campaign(tmp_path):
    env = guide_env(tmp_path)
    path = tmp_path / "t.sqlite"
    guide(env, "play", "--game", "taverne", "--campaign", str(path), stdin="player Ann --loot 2\n")
    r = guide(env, "new", "box", "--game", "taverne", "--from", str(path), "--to", str(tmp_path / "b"))
    assert r.returncode != 0 and "--from: the taverne game's box template starts from no campaign" in r.stderr
    assert not (tmp_path / "b").exists()


def test_check_refuses_a_deck_holding_more_cards_than_the_seed_counts(tmp_path):
    folder = tmp_path / "box"
    folder.mkdir()
    entries = "".join(f'  - {{number: {100 + i}, deck: youth, en: "Card {i}", uk: "Карта {i}",'
                      f' type: health, cost: []}}\n' for i in range(27))
    (folder / "box.yaml").write_text("game: cv\ncards:\n" + entries)
    r = guide(guide_env(tmp_path), "check", "--game", "cv", str(folder))
    assert r.returncode == 1
    assert ("box.yaml:29:" in r.stdout and "cards[27].deck: the Youth deck holds 26 cards in the seed,"
            " and this is card 27 of it: a card file holds no more" in r.stdout), r.stdout
    (folder / "box.yaml").write_text("game: cv\ncards:\n" + entries.rsplit("  - ", 1)[0])
    assert guide(guide_env(tmp_path / "2"), "check", "--game", "cv", str(folder)).returncode == 0


def test_new_box_from_a_campaign_that_typed_no_card_says_so(tmp_path):
    """Where the table typed no card, `--from` said '0 cards the table typed are in it, as
    typed (a partial card file: write each one's number from the card)'."""
    env = guide_env(tmp_path)
    path = tmp_path / "c.sqlite"
    assert guide(env, "play", "--game", "cv", "--campaign", str(path),
                 stdin="players Ann Bob\n").returncode == 0
    r = guide(env, "new", "box", "--game", "cv", "--from", str(path), "--to", str(tmp_path / "box"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "The campaign's table typed no card yet: none is in it"
    assert "partial" not in r.stdout and (tmp_path / "box" / "box.yaml").is_file()
