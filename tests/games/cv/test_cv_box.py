"""Issue 30, "The table's own cards": a card file (box.yaml) holds the table's cards once;
the track deals them (V-SET-1, V-TURN-1 phase 5, V-TURN-3), `take` finds them there by
name, number or place, and a cost left out is never free."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from cv_support import refused, run

from guide.core import box as core_box
from guide.core import settings, viewers
from guide.core.dice import Dice
from guide.core.errors import DataError, RuleError
from guide.core.players import seats as seats_of
from guide.core.result import text
from guide.core.store import Store
from guide.core.table import Table
from guide.games.cv import track
from guide.games.cv.game import CvGame

CARDS = """\
game: cv
cards:
  - {number: 11, en: Zoo trip, uk: Екскурсія в зоопарк, deck: childhood, type: event}
  - {number: 12, en: Bicycle, uk: Велосипед, deck: Дитинство, type: property, points: 1}
  - {number: 13, en: Jogging, uk: Біг, deck: youth, type: health, cost: [health],
     effect: {tokens: [health]}}
  - {number: 14, en: Used car, uk: Вживана машина, deck: Молодість, type: property,
     cost: [Гроші, Гроші, Гроші], points: 2}
  - {number: 15, en: Marriage, uk: Шлюб, deck: youth, type: relationships,
     cost: [relationships, relationships], effect: {dice: 1}}
  - {number: 16, en: Choir, uk: Хор, deck: youth, type: [relationships, knowledge], cost: [money]}
  - {number: 17, en: Swimming, uk: Плавання, deck: youth, type: health, cost: [health, health]}
  - {number: 18, en: Chess club, uk: Шаховий гурток, deck: youth, type: knowledge, cost: [knowledge]}
  - {number: 19, en: Paper round, uk: Рознесення газет, deck: youth, type: job, cost: [],
     upkeep: [health], effect: {tokens: [money]}}
  - {number: 30, en: Life insurance, uk: Страхування життя, deck: youth, type: event, cost: [money]}
  - {number: 40, en: Bank clerk, uk: Банківський клерк, deck: maturity, type: job,
     cost: [knowledge, knowledge], effect: {tokens: [money]}}
  - {number: 41, en: Early retirement, uk: Рання пенсія, deck: maturity, type: job, cost: []}
  - {number: 42, en: Garden, uk: Сад, deck: maturity, type: property, cost: [money], points: 2}
  - {number: 60, en: Pension, uk: Пенсія, deck: old_age, type: property, cost: [failure, failure],
     points: 3}
  - {number: 61, en: Villa, uk: Вілла, deck: old_age, type: property, cost: [money, money], points: 5}
  - {number: 62, en: Choir master, uk: Регент, deck: old_age, type: knowledge, cost: [knowledge]}
"""
YOUTH = {13, 14, 15, 16, 17, 18, 19, 30}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    d = tmp_path / "box"
    d.mkdir()
    (d / "box.yaml").write_text(CARDS, encoding="utf-8")
    return d


def problems(folder: Path) -> list[str]:
    return [str(p) for p in core_box.check(CvGame(), [folder])]


def table(tmp_path: Path, folder: Path, seed: int = 1) -> Table:
    game = CvGame()
    return Table(game, Store(tmp_path / "c.sqlite", game="cv"), settings.load(game, [folder]), Dice(seed))




def dealt(t: Table) -> list[int | None]:
    """The numbers of the cards on the track, place by place (None: a place emptied)."""
    return [c["number"] if c else None for c in t.state["track"]["cards"]]


def pile(t: Table, deck: str) -> list[int]:
    return [c["number"] for c in t.state["track"]["piles"][deck]]


def place_of(t: Table, number: int) -> int:
    return dealt(t).index(number) + 1


# --- the file: schema and check ------------------------------------------------------------
def test_the_card_file_reads_cleanly_and_holds_every_card_once(folder):
    assert problems(folder) == []
    lib = settings.load(CvGame(), [folder])
    assert sorted(lib.box) == [11, 12, 13, 14, 15, 16, 17, 18, 19, 30, 40, 41, 42, 60, 61, 62]
    car = lib.box[14]
    assert (car.deck, car.types, car.cost, car.points) == ("youth", ("property",), ("money",) * 3, 2)
    assert lib.box[16].types == ("relationships", "knowledge")
    assert (lib.box[15].dice, lib.box[19].upkeep, lib.box[19].tokens) == (1, ("health",), ("money",))
    assert lib.box[12].deck == "childhood" and lib.dealt()


def test_an_unknown_key_is_refused_with_its_place(folder):
    (folder / "box.yaml").write_text(CARDS.replace("type: health, cost: [health],",
                                                   "type: health, colour: red, cost: [health],"), "utf-8")
    found = problems(folder)
    assert len(found) == 1 and found[0].startswith(f"{folder / 'box.yaml'}:5:")
    assert "unknown key 'colour'" in found[0]
    with pytest.raises(DataError, match="box.yaml:5:"):
        settings.load(CvGame(), [folder])


def test_what_the_schema_cannot_say_is_positioned(folder):
    text_ = CARDS.replace("cost: [money]}\n  - {number: 17", "cost: [gold]}\n  - {number: 17") \
        .replace("number: 18,", "number: 17,").replace("deck: maturity, type: job,\n     cost: [knowledge",
                                                      "deck: middle, type: job,\n     cost: [knowledge") \
        .replace("type: property, cost: [money], points: 2}", "type: property, cost: [money]}")
    (folder / "box.yaml").write_text(text_, encoding="utf-8")
    found = problems(folder)
    where = folder / "box.yaml"
    assert f"{where}:11:92: cards[6].cost[1]: unknown symbol 'gold' (one of: Health," in found[0]
    assert found[1] == f"{where}:13:14: cards[8].number: number 17 is already card 7's"
    assert found[2].startswith(f"{where}:17:63: cards[11].deck: unknown deck 'middle' (one of: youth,")
    assert found[3] == (f"{where}:20:5: cards[13]: a Property card's points are missing (points: 0 if none;"
                        " V-SCORE-3)")
    assert len(found) == 4


def test_a_track_card_without_a_cost_is_refused_never_free(folder):
    (folder / "box.yaml").write_text(CARDS.replace("type: knowledge, cost: [knowledge]}\n  - {number: 19",
                                                   "type: knowledge}\n  - {number: 19"), "utf-8")
    assert [p.split(": ", 1)[1] for p in problems(folder)] == [
        "cards[8]: a track card's cost is missing (cost: [] for a card that costs nothing)"]


def test_an_appendix_card_keeps_the_seeds_rule_and_refuses_a_contradiction(folder):
    lib = settings.load(CvGame(), [folder])
    assert lib.box[11].special.dice == 2 and lib.box[11].special.hand       # 11 Zoo trip
    assert lib.box[60].special.needs is None and lib.box[60].cost == ("failure", "failure")
    assert lib.box[41].special.needs == "has_job"                            # 41 Early retirement
    (folder / "box.yaml").write_text(CARDS.replace("cost: [failure, failure]", "cost: [money]")
                                     .replace("number: 30, en: Life", "number: 31, en: Life"),
                                     "utf-8")
    found = [p.split(": ", 1)[1] for p in problems(folder)]
    assert "cards[10].number: 'Life insurance' is card 5 of the seed's appendix, not 31" in found
    assert "cards[14].cost: card 60 Pension costs failure, failure (the seed)" in found


def test_a_tables_specials_file_replaces_a_special_card_by_name_keeping_what_it_does_not_give(tmp_path):
    (tmp_path / "specials.yaml").write_text(
        "cards:\n  - ids: [11]\n    en: Zoo trip\n    uk: Екскурсія в зоопарк\n"
        "    text: {en: two more dice for the turn., uk: на 2 кістки більше.}\n", encoding="utf-8")
    lib = settings.load(CvGame(), [tmp_path])
    zoo = lib.special_by_id(11)
    assert zoo.text["en"] == "two more dice for the turn."
    assert (zoo.dice, zoo.hand, zoo.effect) == (2, True, "extra_dice")      # kept, not dropped
    assert len(lib.specials) == len(settings.load(CvGame(), []).specials)               # the others stay
    assert lib.special_by_id(75).goal is None and lib.special_by_id(80).goal is not None


def test_the_bicycle_keeps_the_points_the_card_file_prints(tmp_path, folder):
    t = table(tmp_path, folder)
    run(t, "players Ann Bob")
    bike = t.state["players"][0]["cv"]["property"][0]
    assert (bike["number"], bike["points"]) == (12, 1)


def test_the_template_is_valid_as_it_stands_and_check_shows_what_is_left_to_fill(tmp_path):
    body = CvGame().box_template(None).files["box.yaml"]
    (tmp_path / "box.yaml").write_text(body, encoding="utf-8")
    assert problems(tmp_path) == []                       # no card yet: the bundled box
    assert not settings.load(CvGame(), [tmp_path]).box
    assert body.count("  #- number: ") == 83 and "number: 84" not in body
    assert '  #  en: "Bicycle instead of a car"' in body and "  #  cost: [failure, failure]" in body
    opened = re.sub(r"^  #(?!#)", "  ", body, flags=re.M)   # every card taken out of the comments
    (tmp_path / "box.yaml").write_text(opened, encoding="utf-8")
    found = problems(tmp_path)
    first = opened.splitlines().index("  - number: 1") + 1
    assert found[0] == f"{tmp_path / 'box.yaml'}:{first + 2}:9: cards[1].en must be text, not '~'"
    assert all(p.startswith(str(tmp_path / "box.yaml")) for p in found)


def test_the_filled_template_deals_the_table_cards(tmp_path):
    body = CvGame().box_template(None).files["box.yaml"]
    filled = []
    for line in body.splitlines():
        if line.startswith("  #") and not line.startswith("  ##"):
            line = "  " + line[3:]
            line = {"    en: ~": "    en: Card", "    uk: ~": "    uk: Картка",
                    "    type: ~": "    type: health", "    cost: ~": "    cost: [money]",
                    "    points: ~": "    points: 1"}.get(line, line)
        filled.append(line)
    (tmp_path / "box.yaml").write_text("\n".join(filled) + "\n", encoding="utf-8")
    assert problems(tmp_path) == []
    lib = settings.load(CvGame(), [tmp_path])
    assert [len(lib.deck_cards(d)) for d in ("childhood", "youth", "maturity", "old_age", "goals")] == [
        12, 26, 20, 17, 8]
    assert lib.box[60].cost == ("failure", "failure") and lib.box[12].points == 1


def test_v_set_1_track_with_the_template_not_filled_says_the_card_file_holds_no_track_card(tmp_path):
    # `track` alone with the card file `guide new box` writes said 'The track is not kept:
    # track youth=N ...' as with no card file, leaving the table to wonder why no card came
    card_file = tmp_path / "box"
    card_file.mkdir()
    (card_file / "box.yaml").write_text(CvGame().box_template(None).files["box.yaml"], encoding="utf-8")
    t = table(tmp_path, card_file)
    out = run(t, "players Ann Bob", "track")
    assert (f"The track is not kept: {card_file / 'box.yaml'} holds no Youth, Maturity or Old age"
            " card yet; fill them from your box" in " ".join(out.split()))
    assert t.state["track"] is None
    run(t, "track youth=20 maturity=20 old_age=20")          # the sizes keep it all the same
    assert t.state["track"]["decks"] == {"youth": 15, "maturity": 20, "old_age": 20}
    (tmp_path / "u").mkdir()
    other = table(tmp_path / "u", card_file)
    out = run(other, "lang uk", "players Ann Bob", "track")
    assert "ще немає жодної карти Молодості, Зрілості чи Старості" in " ".join(out.split())
    (tmp_path / "b").mkdir()
    bare = table(tmp_path / "b", tmp_path / "b")                # no card file: as it was
    assert "The track is not kept: track youth=N" in run(bare, "track")


# --- the track deals the real cards --------------------------------------------------------
def test_v_set_1_the_track_deals_five_youth_cards_shuffled_by_the_tables_dice(tmp_path, folder):
    t = table(tmp_path, folder, seed=1)
    out = run(t, "players Ann Bob", "track")
    tr = t.state["track"]
    assert set(dealt(t)) <= YOUTH and len(dealt(t)) == 5 and tr["slots"] == ["youth"] * 5
    assert sorted(dealt(t) + pile(t, "youth")) == sorted(YOUTH)
    assert tr["cards"][0] == track.card_of(settings.load(CvGame(), [folder]).box[dealt(t)[0]])
    assert tr["decks"] == {"youth": 3, "maturity": 3, "old_age": 3}
    first = settings.load(CvGame(), [folder]).box[dealt(t)[0]].en
    assert f"Track: 1 {first}, " in out
    (tmp_path / "o").mkdir()
    other = table(tmp_path / "o", folder, seed=2)
    run(other, "players Ann Bob", "track")
    orders = {tuple(dealt(t) + pile(t, "youth")), tuple(dealt(other) + pile(other, "youth"))}
    assert len(orders) == 2, "two seeds dealt the same order"
    assert 12 not in dealt(t)                             # the Bicycle is a Childhood card


def test_the_deck_order_never_reaches_the_tv_a_seat_or_guide_state(tmp_path, folder):
    t = table(tmp_path, folder)
    run(t, "players Ann Bob", "track")
    box = settings.load(CvGame(), [folder]).box
    hidden = [box[n] for d in ("youth", "maturity", "old_age") for n in pile(t, d)]
    assert hidden
    seats = [viewers.seat_view(t, seat) for seat in seats_of(t)]
    moves = [[str(m) for m in t.game.seat_moves(t, seat)] for seat in seats_of(t)]
    for shown in (t.game.view(t), viewers.public_state(t), seats, moves):
        said = json.dumps(shown, ensure_ascii=False)
        assert "piles" not in said
        assert not [c.en for c in hidden if c.en in said or c.uk in said]


def test_v_turn_1_refill_and_v_turn_3_removal_move_the_real_cards(tmp_path, folder):
    t = table(tmp_path, folder)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    first = dealt(t)
    nxt = pile(t, "youth")
    run(t, "take Ann --track 2")
    out = run(t, "end")
    # two players: the leftmost goes after every turn (V-TURN-3), then two come from the deck
    assert dealt(t) == [first[2], first[3], first[4], nxt[0], nxt[1]]
    box = settings.load(CvGame(), [folder]).box
    assert f"the leftmost track card ({box[first[0]].en}, Youth) goes to the box" in out
    assert f"Track refilled with {box[nxt[0]].en}, {box[nxt[1]].en}" in out


def test_a_deck_running_out_moves_on_to_the_next_decks_real_cards(tmp_path, folder):
    t = table(tmp_path, folder)
    box = settings.load(CvGame(), [folder]).box
    run(t, "players Ann Bob", "track")
    seen: set[int] = set()
    for who in ("Ann", "Bob", "Ann", "Bob"):
        run(t, f"roll {who} --faces happiness,happiness,happiness,health",
            f"take {who} --track 1 --happiness")
        run(t, "end")
        while t.state["track"]["help"]:
            run(t, f"pass {t.state['track']['help'][0]}")
        tr = t.state["track"]
        assert all(box[n].deck == d for d, n in zip(tr["slots"], dealt(t), strict=True))
        assert tr["decks"] == {d: len(p) for d, p in tr["piles"].items()}
        everywhere = [n for n in dealt(t) if n is not None] + [n for d in tr["piles"] for n in pile(t, d)]
        assert len(everywhere) == len(set(everywhere)) and not set(everywhere) & seen
        seen |= {n for n in box if box[n].deck != "childhood"} - set(everywhere)
    assert {"maturity", "old_age"} <= set(t.state["track"]["slots"])


# --- take by name, number and place --------------------------------------------------------
def test_take_by_a_ukrainian_name_at_its_printed_cost(tmp_path, folder):
    t = table(tmp_path, folder, seed=5)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    cards = list(dealt(t))
    assert 13 in cards, "seed 5 deals the Jogging"
    out = run(t, "take Ann Біг")
    taken = t.state["turn"]["pending"][0]["card"]
    assert (taken["number"], taken["cost"], taken["gives"]) == (13, ["health"], ["health"])
    assert dealt(t)[cards.index(13)] is None
    assert out == "Ann takes Jogging, Health (Здоров'я), paying Health (Здоров'я) (gives Health (Здоров'я))"


@pytest.mark.parametrize("typed", ["Used car", "used", "Вживана машина", "14", "#14"])
def test_take_finds_the_card_as_people_type_it(tmp_path, folder, typed):
    t = table(tmp_path, folder, seed=5)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    assert 14 in dealt(t), "seed 5 deals the Used car"
    at = place_of(t, 14)
    out = run(t, f'take Ann "{typed}"')
    assert "Ann takes Used car, Property (Майно), paying 3 Money (Гроші)" in out
    assert dealt(t)[at - 1] is None
    card = t.state["turn"]["pending"][0]["card"]
    assert (card["name"], card["points"], card["number"]) == ("Used car", 2, 14)


def test_take_track_n_takes_the_card_at_that_place_at_its_cost(tmp_path, folder):
    t = table(tmp_path, folder, seed=5)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    box = settings.load(CvGame(), [folder]).box
    at = next(i for i, n in enumerate(dealt(t), 1)
              if box[n].cost and box[n].types != ("event",) and set(box[n].cost) <= {"money", "health"})
    number = dealt(t)[at - 1]
    run(t, f"take Ann --track {at}")
    card = t.state["turn"]["pending"][0]["card"]
    assert card["number"] == number and card["cost"] == list(box[number].cost)
    assert t.state["turn"]["used"].count(True) == len(box[number].cost)


def test_a_card_not_on_the_track_is_refused_and_the_bicycle_is_a_childhood_card(tmp_path, folder):
    t = table(tmp_path, folder)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    away = next(n for n in sorted(YOUTH) if n not in dealt(t))
    said = refused(t, f"take Ann {away}")
    assert said.startswith(f"{away} ") and "is not on the track (the track: 1 " in said
    assert "is not on the track" in refused(t, "take Ann Villa")
    assert refused(t, "take Ann Bicycle").startswith("Bicycle is a Childhood card")
    assert refused(t, "take Ann 12").startswith("Bicycle is a Childhood card")
    assert "no card 'Dragon' on the track" in refused(t, "take Ann Dragon")
    t.state["track"]["cards"][1] = None   # a place emptied
    t.state["track"]["slots"][1] = None
    assert "no card at place 2 of the track" in refused(t, "take Ann --track 2")


def test_a_take_naming_no_card_on_a_dealt_track_is_refused_listing_the_track(tmp_path, folder):
    """V-TURN-1: `take Ann` with neither a card nor a place was an internal error
    (AssertionError); it is one line that says how to name the card, with the track."""
    t = table(tmp_path, folder)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    for line in ("take Ann", "take Ann --also event"):
        said = refused(t, line)
        assert said.startswith("which card? name it, or its place") and "(the track: 1 " in said


def test_values_typed_beside_a_dealt_card_must_be_what_it_prints(tmp_path, folder):
    t = table(tmp_path, folder, seed=5)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    car = place_of(t, 14)
    assert refused(t, f"take Ann --track {car} --cost money") == (
        "--cost: not what the card file prints for Used car")
    assert refused(t, f"take Ann --track {car} --points 3 --die 1") == (
        "--points, --die: not what the card file prints for Used car")
    assert "not both" in refused(t, "take Ann Jogging --track 1")
    other = 1 if car != 1 else 2
    assert refused(t, f'take Ann "Used car" --slot {other}').startswith(f"place {other} of the track holds ")
    # the typed form as a seat writes it, every value what the card prints, at its place
    run(t, f'take Ann "Used car" --type property --cost "money,money,money" --points 2 --slot {car}')
    taken = t.state["turn"]["pending"][0]["card"]
    assert (taken["number"], taken["points"]) == (14, 2) and dealt(t)[car - 1] is None


def test_the_rules_take_a_dealt_card_from_its_own_place(tmp_path, folder):
    """A take written by the rules' callers (the seats) without a place takes the card named,
    never the leftmost one."""
    from guide.games.cv import take

    t = table(tmp_path, folder, seed=5)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    car = place_of(t, 14)
    typed = take.Typed("Used car", "property", None, ["money"] * 3, [], [], 2, 0)
    take.take(t.state, t.library, "Ann", typed)
    assert dealt(t)[car - 1] is None and dealt(t).count(None) == 1
    ghost = take.Typed("Villa", "property", None, ["money"], [], [], 5, 0)
    with pytest.raises(RuleError, match="61 Villa is not on the track"):
        take.take(t.state, t.library, "Ann", ghost)


def test_v_two_1_a_two_coloured_card_goes_into_the_stack_chosen(tmp_path, folder):
    t = table(tmp_path, folder, seed=1)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    assert 16 in dealt(t), "seed 1 deals the Choir"
    assert "Choir is a Relationships / Knowledge card" in refused(t, "take Ann Choir --type job")
    run(t, "take Ann Choir --type knowledge")
    card = t.state["turn"]["pending"][0]["card"]
    assert (card["type"], card["types"]) == ("knowledge", ["knowledge", "relationships"])


def test_v_turn_1_the_cards_taken_wait_beside_the_cv_until_phase_4(tmp_path, folder):
    t = table(tmp_path, folder, seed=5)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    run(t, f"take Ann --track {place_of(t, 14)}")
    assert [c["name"] for c in t.state["players"][0]["cv"]["property"]] == ["Bicycle"]
    run(t, "end")
    assert [c["name"] for c in t.state["players"][0]["cv"]["property"]] == ["Bicycle", "Used car"]


def test_ukrainian_table_reads_the_card_files_ukrainian_names(tmp_path, folder):
    t = table(tmp_path, folder, seed=5)
    run(t, "lang uk", "players Оля Богдан", "track", "roll Оля --faces money,money,money,health")
    assert 14 in dealt(t), "seed 5 deals the Used car"
    out = run(t, "take Оля вживана")
    assert "Вживана машина" in out and "Used car" not in out


# --- undo and redo ---------------------------------------------------------------------------
def test_undo_and_redo_are_exact_across_deals_and_takes(tmp_path, folder):
    t = table(tmp_path, folder, seed=4)
    states = [copy.deepcopy(t.state)]
    for line in ("players Ann Bob", "track", "roll Ann --faces money,money,money,health",
                 "take Ann --track 5", "end", "roll Bob --faces happiness,happiness,happiness,knowledge",
                 "take Bob --track 1 --happiness", "end"):
        t.execute(line)
        states.append(copy.deepcopy(t.state))
    for want in reversed(states[:-1]):
        t.execute("undo")
        assert t.state == want
    for want in states[1:]:
        t.execute("redo")
        assert t.state == want


# --- the typed form: a cost left out is asked, never free ------------------------------------
def bundled_table(tmp_path: Path) -> Table:
    game = CvGame()
    return Table(game, Store(tmp_path / "t.sqlite", game="cv"), settings.load(game, []), Dice(1))


def test_a_missing_cost_in_a_script_is_refused_naming_cost(tmp_path):
    t = bundled_table(tmp_path)
    run(t, "players Ann Bob", "roll Ann --faces money,money,health,knowledge")
    assert refused(t, "take Ann Jogging --type health") == (
        "Jogging: its cost is missing: --cost SYMBOLS (--cost none for a card that costs nothing)")
    assert refused(t, "take Ann Jogging").startswith("--type T: the card's type")
    run(t, "take Ann Jogging --type health --cost none")
    assert t.state["turn"]["pending"][0]["card"]["cost"] == []
    run(t, "take Ann 57 --type job")            # 57 Job-centre offer: its cost is the seed's (none)
    assert t.state["turn"]["taken"] == 2


def test_a_missing_cost_at_the_terminal_is_asked(tmp_path):
    t = bundled_table(tmp_path)
    asked: list[str] = []
    run(t, "players Ann Bob", "roll Ann --faces money,money,health,knowledge")
    t.ask = lambda question, choices, *a, **k: asked.append(question) or "2money"
    out = run(t, "take Ann \"Used car\" --type property --points 2")
    assert asked == ["What does Used car cost? (symbols such as 2money,health; none if nothing)"]
    assert "paying 2 Money (Гроші)" in out
    assert t.state["turn"]["pending"][0]["card"]["cost"] == ["money", "money"]
    t.ask = lambda question, choices, *a, **k: ""
    assert "its cost is missing" in refused(t, "take Ann Jogging --type health")


def test_happiness_or_social_help_needs_no_cost(tmp_path):
    t = bundled_table(tmp_path)
    run(t, "players Ann Bob", "roll Ann --faces happiness,happiness,happiness,health")
    run(t, "take Ann Jogging --type health --happiness")
    assert t.state["turn"]["pending"][0]["card"]["cost"] == []


def test_v_help_1_social_help_takes_a_dealt_card_by_name(tmp_path, folder):
    t = table(tmp_path, folder)
    run(t, "players Ann Bob", "track")
    run(t, "roll Ann --faces happiness,happiness,happiness,health", "take Ann --track 1 --happiness", "end")
    run(t, "roll Bob --faces health,health,health,knowledge")
    out = run(t, "end")                                  # Bob takes nothing: Ann 2 cards, Bob 0
    assert "Social help, in this order: Bob (take Bob CARD --social, or pass Bob)" in out
    assert t.state["track"]["help"] == ["Bob"]
    number = dealt(t)[2]
    box = settings.load(CvGame(), [folder]).box
    out = run(t, f'take Bob "{box[number].uk}" --social')
    assert f"Bob takes {box[number].en}" in out and "free as social help" in out
    assert number not in dealt(t)


# --- end to end: a script, and the terminal's question --------------------------------------
def test_guide_play_with_the_card_file_from_a_script(tmp_path, folder):
    from installed import guide, guide_env

    env = guide_env(tmp_path)
    campaign = str(tmp_path / "s.sqlite")
    script = ("players Ann Bob\ntrack\nroll Ann --faces money,money,money,health\ntake Ann --track 3\n"
              "end\nstatus\n")
    r = guide(env, "play", "--game", "cv", "--campaign", campaign, "--box", str(folder), "--seed", "5",
              stdin=script)
    assert r.returncode == 0, r.stderr
    assert "Track: 1 Paper round, 2 Choir, 3 Used car, 4 Jogging, 5 Life insurance;" in r.stdout
    assert "Ann takes Used car, Property (Майно), paying 3 Money (Гроші)" in r.stdout
    bad = guide(env, "play", "--game", "cv", "--campaign", str(tmp_path / "b.sqlite"),
                stdin="players Ann Bob\nroll Ann --faces money,money,money,health\n"
                      "take Ann Jogging --type health\n")
    assert bad.returncode == 1
    assert bad.stderr.strip().splitlines() == [
        "error: Jogging: its cost is missing: --cost SYMBOLS (--cost none for a card that costs nothing)"]


@pytest.mark.terminal
def test_the_terminal_asks_a_missing_cost(tmp_path):
    import sys

    import pexpect
    from installed import guide_env

    env = dict(guide_env(tmp_path), TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--game", "cv", "--campaign",
                                           str(tmp_path / "r.sqlite")],
                          env=env, encoding="utf-8", timeout=20, dimensions=(24, 80))
    try:
        child.expect(r"cv>")
        child.sendline("players Ann Bob")
        child.expect(r"cv \(round 1: Ann\)>")
        child.sendline("roll Ann --faces money,money,health,knowledge")
        child.expect("Rerolls left: 2")
        child.sendline("take Ann Jogging --type health")
        child.expect(r"What does Jogging cost\?")
        child.sendline("health")
        child.expect(r"Ann takes Jogging, Health \(Здоров'я\), paying Health")
    finally:
        child.close(force=True)


def test_an_appendix_card_under_the_tables_own_name_is_found_by_the_seeds_name_too(tmp_path, folder):
    (folder / "box.yaml").write_text(CARDS.replace("number: 18,", "number: 35,"), encoding="utf-8")
    lib = settings.load(CvGame(), [folder])
    assert lib.box[35].special.effect == "change" and "Illusionist" in lib.box[35].names
    t = table(tmp_path, folder, seed=1)
    run(t, "players Ann Bob", "track", "roll Ann --faces knowledge,money,money,health")
    assert 35 in dealt(t), "seed 1 deals card 35"
    out = run(t, "take Ann Ілюзіоніст")
    assert out.startswith("Ann takes Chess club, Knowledge (Знання), paying Knowledge")
    assert t.state["turn"]["pending"][0]["card"]["number"] == 35


def test_guide_cards_and_card_show_the_card_file_within_80_columns(folder):
    lib = settings.load(CvGame(), [folder])
    listed = text(CvGame().cards(lib).table(None))
    assert max(len(line) for line in listed.splitlines()) <= 80
    assert [line.split() for line in listed.splitlines() if line.startswith("   14 ")] == [
        ["14", "Used", "car", "Youth", "Property", "3", "Money"]]
    jobs = text(CvGame().cards(lib).table("Робота"))
    assert "Bank clerk" in jobs and "Used car" not in jobs
    assert CvGame().cards(lib).detail("вживана машина")[:2] == [
        "14 Used car (Вживана машина), Property, Youth",
        "cost: 3 Money; gives: -; dice: 0; upkeep: -; points: 2"]
    assert CvGame().cards(lib).detail("60")[2].startswith("costs two Failures; may be taken even after")


def test_a_childhood_card_of_the_card_file_goes_into_the_hand_by_its_number(tmp_path, folder):
    t = table(tmp_path, folder)
    run(t, "players Ann Bob")
    out = run(t, "hand Bob 11")
    assert out == "Bob holds Zoo trip"
    assert t.state["players"][1]["hand"][0]["number"] == 11
    assert "Used car is not held in the hand" in refused(t, "hand Bob 14")
    run(t, "roll Ann --faces money,money,health,knowledge", "end", "play Bob 11")
    assert t.state["turn"]["more_dice"] == 2                  # 11 Zoo trip's rule, from the seed


def test_a_seat_takes_a_dealt_card_by_its_track_place(tmp_path, folder):
    """With a card file, the seat's take move is `take NAME --track N` (docs/cv.md), at the
    cost the card prints; it runs from the seat as typed."""

    t = table(tmp_path, folder, seed=5)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    lines = [m.line for m in t.game.seat_moves(t, "Ann")]
    takes = [line for line in lines if line.startswith("take ")]
    assert takes and all(re.fullmatch(r"take Ann --track [1-5]( --type \w+)?", line)
                         for line in takes), takes
    place = int(takes[0].split()[3])
    number = dealt(t)[place - 1]
    t.execute(takes[0], seat="Ann")
    assert t.state["turn"]["pending"][0]["card"]["number"] == number


def test_a_card_files_cards_are_named_in_the_tables_language_on_every_screen(tmp_path, folder):
    """`status`, the TV and the seats name a dealt card as the card file names it in the
    table's language (the story already did): never its English name at a Ukrainian table."""
    import json

    from guide.core.seats import Desk

    t = table(tmp_path, folder)
    t.lang = "uk"
    try:
        run(t, "players Ann Bob", "track")
        box = settings.load(CvGame(), [folder]).box
        first = box[dealt(t)[0]]
        screens = [run(t, "status"), json.dumps(t.game.view(t), ensure_ascii=False),
                   json.dumps(Desk.payload_of(t, "Ann"), ensure_ascii=False)]
    finally:
        from guide.core import i18n
        t.lang = "en"                      # the language is the process's: back to English
        i18n.use("en")
    for shown in screens:
        assert first.name("uk") in shown and first.name("en") not in shown


def test_v_two_1_with_a_card_file_the_take_that_brings_the_choice_names_it(tmp_path, folder):
    t = table(tmp_path, folder, seed=1)
    for line in ("players Ann Bob", "track", "roll Ann --faces money,money,money,health",
                 "take Ann Choir --type knowledge", "end", "roll Bob", "end",
                 "roll Ann --faces knowledge,relationships,relationships,health"):
        while t.state["track"] and t.state["track"]["help"]:       # V-HELP-1: no help taken
            run(t, f"pass {t.state['track']['help'][0]}")
        run(t, line)
    assert [c["name"] for c in t.state["players"][0]["waiting"]] == ["Choir"]
    here = [n for n in (15, 18) if n in dealt(t)]
    assert here, "seed 1 deals Marriage or Chess club by Ann's second turn"
    line = f"take Ann --track {place_of(t, here[0])}"
    assert refused(t, line).endswith("(V-TWO-1): --waiting knowledge|relationships")
    out = run(t, line + " --waiting relationships")
    assert out.endswith("Choir goes into Relationships (Відносини) (V-TWO-1)")
    seat = [m.line for m in t.game.seat_moves(t, "Ann")]
    assert not any(m.startswith(line) for m in seat)        # taken: no longer on the track


def test_v_event_1_a_card_files_event_is_played_by_its_number_or_names_as_hand_took_it(tmp_path):
    """`hand Ann 3` finds a card file's Childhood event by its number; `play` finds it in the
    hand the same way (its number, `#3`, its Ukrainian name), not only by the English name
    the hand keeps: "Ann holds no '3'" was all a game master got."""
    d = tmp_path / "box"
    d.mkdir()
    (d / "box.yaml").write_text(CARDS + "  - {number: 3, en: Piggy bank, uk: Скарбничка, deck: childhood,"
                                " type: event, effect: {tokens: [money]}}\n", encoding="utf-8")
    for typed in ("3", "#3", "Скарбничка"):
        (tmp_path / f"t{len(typed)}").mkdir()
        t = table(tmp_path / f"t{len(typed)}", d)
        run(t, "players Ann Bob", "hand Ann 3", "roll Ann --faces money,money,health,knowledge")
        assert run(t, f"play Ann {typed}").startswith("Ann plays Piggy bank: Money (Гроші)"), typed
        assert t.state["players"][0]["hand"] == []
        assert "Ann holds no '4'" in refused(t, "play Ann 4")     # a number not in the hand
        t.close()


def _in_ukrainian(t: Table) -> None:
    t.lang = "uk"                          # guide play --lang uk: no `lang` command typed


def _back_to_english(t: Table) -> None:
    from guide.core import i18n
    t.lang = "en"                          # the language is the process's: back to English
    i18n.use("en")


def test_tab_offers_the_track_cards_in_the_language_of_guide_play_lang(tmp_path, folder):
    """Tab after `take Ann` offers the dealt cards by their names in the table's language,
    as the track and status name them, at a table opened with `guide play --lang uk` too:
    it read the `lang` command's choice alone and offered "Used car" beside "Вживана машина"."""
    from guide.core.repl.completer import candidates

    t = table(tmp_path, folder)
    _in_ukrainian(t)
    try:
        run(t, "players Ann Bob", "track")
        box = settings.load(CvGame(), [folder]).box
        offered = candidates(t, ["take", "Ann"])
    finally:
        _back_to_english(t)
    for number in dealt(t):
        assert box[number].name("uk") in offered and box[number].name("en") not in offered


def test_a_token_on_the_seat_page_names_its_card_in_the_tables_language(tmp_path, folder):
    """A token keeps its card's recorded (English) name; the seat page said "$ Гроші (Paper
    round)" at a Ukrainian table where every other screen names the card "Рознесення газет"."""
    from guide.core.seats import Desk

    t = table(tmp_path, folder)
    _in_ukrainian(t)
    try:
        run(t, "players Ann Bob")
        t.state["players"][0]["tokens"] = [{"symbol": "money", "card": "Paper round", "used": False},
                                           {"symbol": "health", "card": "Soup", "used": False}]
        tokens = Desk.payload_of(t, "Ann")["view"]["you"]["tokens"]
    finally:
        _back_to_english(t)
    assert [k["card"] for k in tokens] == ["Рознесення газет", "Soup"]   # a typed card as typed


def test_a_number_that_is_a_place_on_the_track_says_the_option_that_takes_a_place(tmp_path, folder):
    """V-TURN-1: the refusal lists the track by place ("2 Choir"), and a number is a card's
    number, so `take Ann 2` read from that list was refused with nothing to type: it says
    that --track 2 takes the card at place 2 (in Ukrainian too)."""
    t = table(tmp_path, folder)
    run(t, "players Ann Bob", "track", "roll Ann --faces money,money,money,health")
    said = refused(t, "take Ann 2")
    assert said.startswith("no card '2' on the track (the track: 1 ")
    assert said.endswith("; the card at place 2 is taken with --track 2")
    assert "--track" not in refused(t, "take Ann 99")        # no such place: nothing to say of one
    _in_ukrainian(t)
    try:
        from guide.core import i18n
        i18n.use("uk")
        said = refused(t, "take Ann 2")
        which = refused(t, "take Ann")
    finally:
        _back_to_english(t)
    assert said.endswith("; карту з місця 2 беруть так: --track 2")
    assert "take ІМ'Я КАРТА, take ІМ'Я --track N" in which and "NAME" not in which


def test_the_toolbar_says_the_decks_whole_or_not_at_all(tmp_path, folder, monkeypatch):
    """The Ukrainian turn's words leave no room for the decks' sizes on an 80-column
    toolbar: they went cut to "колоди 16/2…", which reads as a size; now whole or left out
    (status and the TV say them)."""
    from guide.core import i18n

    monkeypatch.setenv("COLUMNS", "80")
    t = table(tmp_path, folder)
    run(t, "players Олександра Bob", "track", "roll --faces money,money,health,knowledge")
    t.state["players"][0]["tokens"] = [{"symbol": x, "card": "Soup", "used": False}
                                       for x in ("money", "health", "knowledge")]
    assert re.search(r"  decks \d+/\d+/\d+$", t.game.toolbar(t))
    _in_ukrainian(t)
    try:
        i18n.use("uk")
        bar = t.game.toolbar(t)
    finally:
        _back_to_english(t)
    assert len(bar) <= 79 and "…" not in bar and "колоди" not in bar
