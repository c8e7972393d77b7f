"""CV's seats (issue 30, "each player's dice in hand"): what each player's page shows and the
moves it offers, as the documented command lines, each legal as it stands and running as the
table runs it; the secret goal on its own page only; `status` at 80x24."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pyte
import pytest
from cv_support import cv_table, run
from installed import guide_env

from guide.core import sealed, viewers
from guide.core.line import build, split
from guide.core.players import seats as seats_of
from guide.core.seats import Desk
from guide.core.table import Table
from guide.games.cv import seats
from guide.games.cv.model import new_card


def moves(t: Table, seat: str) -> dict[str, str]:
    return {m.line: m.label for m in t.game.seat_moves(t, seat)}


def page(t: Table, seat: str) -> dict:
    return json.loads(json.dumps(Desk.payload_of(t, seat)))


def test_the_seat_of_the_player_to_roll_offers_the_roll_and_the_others_only_their_goal(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    assert seats_of(t) == []
    run(t, "players Ann Bob", "track youth=20 maturity=20 old_age=20")
    assert seats_of(t) == ["Ann", "Bob"] and t.game.settings.seat_policy == "apply"
    ann, bob = moves(t, "Ann"), moves(t, "Bob")
    assert ann["roll Ann"] == "Roll the dice"
    assert not [line for line in bob if not line.startswith("goal Bob ")]      # not Bob's turn
    assert len([line for line in bob if line.startswith("goal Bob ")]) == 8    # 76..83


def test_reroll_moves_are_every_set_of_dice_but_the_frozen_failures(tmp_path):
    """V-DICE-2: the dice the page lets a player tap are the ones a reroll may name; a
    Failure is frozen (unless 53 Psychotherapy), used dice are not rerolled, and the move of
    the chosen set runs as `reroll NAME POS...`."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "roll Ann --faces money,failure,health,failure")
    rerolls = [line for line in moves(t, "Ann") if line.startswith("reroll")]
    assert sorted(rerolls) == sorted(["reroll Ann 1", "reroll Ann 3", "reroll Ann 1 3"])
    you = page(t, "Ann")["view"]["you"]
    assert [d["frozen"] for d in you["dice"]] == [False, True, False, True]
    assert set(you["reroll"]) == {"1", "3", "1 3"}
    ids = {m["label"]: m["id"] for m in page(t, "Ann")["moves"]}
    assert ids["Reroll 1, 3"] == you["reroll"]["1 3"]        # the page finds the move by the set
    t.dice.give([4, 2])                                       # the d6 faces: money, knowledge
    run(t, "reroll Ann 1 3")
    assert t.state["turn"]["dice"] == ["money", "failure", "knowledge", "failure"]
    assert page(t, "Ann")["view"]["you"]["rolls_left"] == 1


def test_a_failure_owed_offers_each_active_card_to_lose_and_the_end_waits(tmp_path):
    """V-FAIL-1: three Failures cost an active card: the seat offers each stack's top card
    and no end of the turn until it is lost."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "roll Ann --faces failure,failure,failure,money")
    ann = moves(t, "Ann")
    assert ann["lose Ann property"] == "Lose Bicycle" and "end Ann" not in ann
    assert not [line for line in ann if line.startswith("reroll")] or "reroll Ann 4" in ann
    run(t, "lose Ann property")
    assert "end Ann" in moves(t, "Ann") and "lose Ann property" not in moves(t, "Ann")


def test_an_event_in_hand_is_a_move_and_runs(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", 'hand Ann "Zoo trip"', 'hand Ann Lottery --gives 2money', "roll Ann")
    ann = moves(t, "Ann")
    assert ann['play Ann "Zoo trip"'] == "Play Zoo trip" and ann["play Ann Lottery"] == "Play Lottery"
    run(t, "play Ann Lottery")
    assert [x["symbol"] for x in t.state["turn"]["extra"]] == ["money", "money"]
    assert "play Ann Lottery" not in moves(t, "Ann")


def _deal(t: Table, place: int, card: dict) -> None:
    """A track card as a card file's deal keeps it (track.track_cards), place for place."""
    tr = t.state["track"]
    tr.setdefault("cards", [None] * len(tr["slots"]))[place - 1] = card


def test_take_moves_are_the_typed_form_of_the_track_cards_a_player_can_pay(tmp_path):
    """V-TURN-1, V-TWO-1, V-HAPPY-1: a known track card is offered when its cost is paid from
    unused dice and tokens (or free for three Happiness); a two-coloured card into either of
    its stacks; the line is the documented `take NAME CARD --type T ...` at its track place,
    and it takes the card at that cost."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "track youth=20 maturity=20 old_age=20",
        "roll Ann --faces money,money,health,knowledge")
    car = new_card("Used car", "property")
    car.update(cost=["money", "money"], points=2)
    swim = new_card("Swimming", "health")
    swim.update(cost=["health"], types=["health", "knowledge"])
    yacht = new_card("Yacht", "property")
    yacht.update(cost=["money"] * 5, points=7)
    for place, card in ((1, car), (2, swim), (3, yacht)):
        _deal(t, place, card)
    ann = moves(t, "Ann")
    line = 'take Ann "Used car" --type property --cost money,money --points 2 --slot 1'
    assert ann[line] == "Into Property"
    assert 'take Ann Swimming --type health --also knowledge --cost health --slot 2' in ann
    assert 'take Ann Swimming --type knowledge --also health --cost health --slot 2' in ann
    assert not [m for m in ann if "Yacht" in m]                       # 5 Money: not now
    track = page(t, "Ann")["view"]["you"]["track"]
    assert [x["afford"] for x in track[:3]] == ["pay", "pay", None]
    assert track[0]["cost"] == "2 Money (Гроші)" and track[3]["card"] is None
    out = run(t, line)
    assert "Ann takes Used car, Property (Майно), paying 2 Money (Гроші)" in out
    assert t.state["turn"]["used"] == [True, True, False, False]
    assert not [m for m in moves(t, "Ann") if m.startswith("reroll")]   # cards taken: rolls over


def _everything_but_anns_page(tmp_path: Path, label: str) -> tuple[str, dict]:
    """Every screen but Ann's own page, once Ann has chosen the goal `label` from her seat
    (the seats' codes written as CODE: a code says nothing of its goal), and her page."""
    from guide.core.repl.completer import candidates

    path = tmp_path / "c.sqlite"
    t = cv_table(path)
    run(t, "players Ann Bob", "track youth=20 maturity=20 old_age=20")
    goal = next(line for line, label_ in moves(t, "Ann").items() if label_ == label)
    said = run(t, goal)
    mine = page(t, "Ann")
    said += run(t, "log --gm", "log", "status", "undo") + run(t, "redo")
    screens = [t.game.view(t), viewers.public_state(t), page(t, "Bob"), candidates(t, []),
               candidates(t, ["goal"]), candidates(t, ["goal", "Ann"]), said, t.game.toolbar(t),
               t.game.prompt(t)]
    t.close()
    for seat in ("Bob",):
        shown = subprocess.run([sys.executable, "-m", "guide", "state", "--campaign", str(path),
                                "--seat", seat], capture_output=True, text=True, env=guide_env(tmp_path),
                               timeout=60)
        assert shown.returncode == 0 and json.loads(shown.stdout)["seat"] == seat
        screens.append(json.loads(shown.stdout))
    everything = json.dumps(screens, ensure_ascii=False, sort_keys=True)
    for code in {m for m in re.findall(rf"[0-9a-f]{{{sealed.CODE_LENGTH}}}", everything)}:
        everything = everything.replace(code, "CODE")
    everything = re.sub(r'"version": \d+', '"version": 0', everything)
    # `log`'s clock: the two campaigns may be played either side of a minute's turn
    everything = re.sub(r"\d\d:\d\d  ", "HH:MM  ", everything)
    return everything, mine


def test_the_secret_goal_is_only_on_its_own_page(tmp_path):
    """V-SET-1: Ann tells her seat the goal she was dealt; it is on her page only. The TV,
    Bob's page, `guide state` (and --seat Bob), completion, the story at the table's one
    screen, `log` (--gm too), status, the toolbar, and what undo and redo say are the same
    whichever goal she chose."""
    healthy, mine = _everything_but_anns_page(tmp_path / "a", "80 Healthy body")
    worker, theirs = _everything_but_anns_page(tmp_path / "b", "79 Hard worker")
    assert mine["view"]["you"]["goal"]["name"] == "Healthy body"
    assert theirs["view"]["you"]["goal"]["name"] == "Hard worker"
    assert healthy == worker
    assert "Ann has chosen a secret goal" in healthy and "Healthy body" not in healthy.split("moves")[0]


def test_a_goal_code_is_refused_for_another_player_and_the_typed_goal_still_works(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob")
    code = seats.goal_code(t.state, "Ann", 80)
    assert code is not None
    with pytest.raises(Exception, match="not a life goal"):
        t.execute(f"goal Bob {code}")                 # Ann's code names nothing of Bob's
    assert "Bob's secret goal: 79 Hard worker" in run(t, "goal Bob 79")


def test_a_goal_code_is_the_cores_sealed_code_of_the_player_and_the_goal(tmp_path):
    """V-SET-1: a seat's goal code is the core's (guide.core.sealed) under the campaign's
    `seal_key`: the goal found again from it, the goal alone, for that player alone."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob")
    box = sealed.sealed(t.state["seal_key"])
    assert seats.goal_code(t.state, "Ann", 80) == sealed.code(box, "Ann", 80)
    assert seats.goal_of_code(t.state, t.library, "Ann", sealed.code(box, "Ann", 80)) == 80
    assert seats.goal_of_code(t.state, t.library, "Bob", sealed.code(box, "Ann", 80)) is None


def status_screen(out: str, lines: int = 24) -> list[str]:
    """`out` on an 80x24 terminal (pyte): the rows it fills."""
    screen = pyte.Screen(80, lines)
    stream = pyte.Stream(screen)
    stream.feed(out.replace("\n", "\r\n"))
    return [row.rstrip() for row in screen.display]


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_status_fits_80x24_without_wrapping_with_four_players(tmp_path, lang):
    """Four players, long names of cards, a two-coloured card waiting for a stack, cards
    taken this turn, seven dice: every line of `status` is one row of an 80x24 terminal."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, f"lang {lang}", "players Anastasia Bohdan Cyril Dmytro", "track youth=20 maturity=20 old_age=20",
        "roll Anastasia --faces money,money,health,knowledge,relationships,happiness,failure",
        'take Anastasia "Swimming lessons at the club" --type health --also knowledge --cost health --slot 1',
        "end", "roll Bohdan --faces money,money,health,knowledge",
        'take Bohdan "A long-distance relationship" --type relationships --cost knowledge',
        'take Bohdan "Job in the big corporation" --type job --cost money')
    out = run(t, "status")
    rows = status_screen(out)
    shown = [row for row in rows if row]
    assert shown == [line.rstrip() for line in out.splitlines()], "a line wrapped"
    assert len(out.splitlines()) <= 23                      # and the prompt below
    want = {"en": ["waiting", "Swimming less", "taken now", "A long-dist"],
            "uk": ["чекають", "Swimming less", "взято"]}[lang]
    for word in want:
        assert word in out
    assert ("Social help" in out) is False and ("Громадська" in out) is False


def test_status_says_social_help_only_when_someone_is_entitled(tmp_path):
    """V-HELP-1: a deck running out with nobody entitled is said without "social help"; with
    a player entitled, the story and status say who."""
    t = cv_table(tmp_path / "c.sqlite")
    out = run(t, "players Ann Bob", "track youth=7 maturity=20 old_age=20", "roll Ann", "end Ann")
    assert "The Youth deck has run out" not in out
    out = run(t, "roll Bob --faces health,money,money,money", "take Bob Jogging --type health --cost health",
              "end Bob")                                      # one CV card each: nobody entitled
    assert "The Youth deck has run out" in out and "social help" not in out.casefold()
    assert "social help" not in run(t, "status").casefold()
    t2 = cv_table(tmp_path / "d.sqlite")
    out = run(t2, "players Ann Bob", "track youth=7 maturity=20 old_age=20",
              "roll Ann --faces health,health,knowledge,knowledge",
              "take Ann Jogging --type health --cost health --slot 1", "end Ann")
    assert "The Youth deck has run out" in out and "Social help, in this order: Bob" in out
    shown = run(t2, "status")
    assert "Social help (V-HELP-1), in this order: Bob" in shown
    assert [row for row in status_screen(shown) if row] == [line.rstrip() for line in shown.splitlines()]


def test_status_says_1_point(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "cv Ann property_cards=1 property=1", "cv Bob property_cards=2 property=5", "score")
    out = run(t, "status")
    assert " 1 point " in out + " " and "1 points" not in out and "5 points" in out


def test_the_cards_that_bend_symbols_are_moves_of_their_own(tmp_path):
    """45 Trip around the world turns a Failure into a plain symbol once a turn (only a
    Failure); 36 Friend from work uses a symbol of a neighbour's active Job."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "roll Ann --faces money,money,money,money",
        "take Ann 45 --type relationships --cost 2money", "take Ann 36 --type knowledge --cost 2money", "end",
        "roll Bob --faces money,health,health,health", "take Bob Shop --type job --cost money --gives money",
        "end", "roll Ann --faces failure,money,health,knowledge")
    ann = moves(t, "Ann")
    changes = sorted(line for line in ann if line.startswith("change"))
    assert changes == [f"change Ann 45 1 {s}" for s in ("health", "knowledge", "money", "relationships")]
    assert ann["borrow Ann Bob money"] == "Money (Гроші) of Bob's Shop"
    run(t, "change Ann 45 1 money", "borrow Ann Bob money")
    assert t.state["turn"]["dice"][0] == "money" and t.state["turn"]["extra"][0]["symbol"] == "money"
    assert not [line for line in moves(t, "Ann") if line.startswith(("change", "borrow"))]   # once a turn


def test_social_help_is_the_entitled_seats_free_card_or_pass(tmp_path):
    """V-HELP-1: while social help is due, only the entitled player's seat has moves: a known
    track card free (`--social`), or passing; the player whose turn it is waits."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "track youth=7 maturity=20 old_age=20",
        "roll Ann --faces health,health,knowledge,knowledge",
        "take Ann Jogging --type health --cost health --slot 1", "end Ann")
    assert t.state["track"]["help"] == ["Bob"]
    car = new_card("Used car", "property")
    car.update(cost=["money", "money", "money"], points=2)
    _deal(t, 2, car)
    bob = moves(t, "Bob")
    assert bob["pass Bob"] == "No social help"
    assert 'take Bob "Used car" --type property --cost money,money,money --points 2 --slot 2 --social' in bob
    assert not [line for line in moves(t, "Ann") if not line.startswith("goal")]
    assert page(t, "Bob")["view"]["you"]["help"] is True
    out = run(t, 'take Bob "Used car" --type property --cost money,money,money --points 2 --slot 2 --social')
    assert "free as social help" in out and t.state["track"]["help"] == []


def test_a_campaign_from_before_the_seats_gets_its_goal_key_at_the_next_end(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob")
    t.state["seal_key"] = ""                       # as a campaign saved before the seats
    assert not [line for line in moves(t, "Bob") if line.startswith("goal")]
    run(t, "end Ann")
    assert len([line for line in moves(t, "Bob") if line.startswith("goal")]) == 8


def test_names_with_quotes_apostrophes_and_dashes_play_from_their_seats(tmp_path):
    """Issue 41: every seat's move is a line built by the core's builder
    (guide.core.line.build): players named `Zed "the" Rock`, `O’Brien` and `-Mo` choose
    their goals, roll, reroll, take cards and end their turns from their phones."""
    t = cv_table(tmp_path / "c.sqlite")
    names = ['Zed "the" Rock', "O’Brien", "-Mo"]
    run(t, build(["players", *names]), "track youth=20 maturity=20 old_age=20")
    assert [p["name"] for p in t.state["players"]] == names
    for i, name in enumerate(names):
        goal = next(line for line, label in moves(t, name).items() if label.startswith("80 "))
        assert run(t, goal) == f"{name} has chosen a secret goal, on their own page"
        assert t.state["players"][i]["goal"] == 80
    for _turn in range(len(names) * 2):
        seat = next(n for n in names if any(label == "Roll the dice" for label in moves(t, n).values()))
        run(t, next(line for line, label in moves(t, seat).items() if label == "Roll the dice"))
        for line in moves(t, seat):                        # each is legal as it stands
            assert seat in split(line), line
            before = json.dumps(t.state, sort_keys=True)
            run(t, line)
            run(t, "undo")
            assert json.dumps(t.state, sort_keys=True) == before
        ends = [line for line, label in moves(t, seat).items() if label == "End the turn"]
        if not ends:                                       # a failure owed: lose a card first
            run(t, next(line for line, label in moves(t, seat).items() if line.startswith("lose")))
            ends = [line for line, label in moves(t, seat).items() if label == "End the turn"]
        run(t, ends[0])


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_refused_play_does_not_name_the_hand(tmp_path, lang):
    """V-EVENT-1: a hand is its player's (the TV shows how many, only their page which):
    `play` of a card the player does not hold, typed at the table's one screen, is refused
    without naming what they hold."""
    from guide.core import i18n

    t = cv_table(tmp_path / "c.sqlite")
    try:
        run(t, f"lang {lang}", "players Ann Bob", 'hand Ann "Zoo trip"', "hand Ann Lottery")
        with pytest.raises(Exception) as refused:
            t.execute('play Ann "Life insurance"')
    finally:
        i18n.use("en")                  # the rules' own tests after this one speak English
    said = str(refused.value)
    assert "Life insurance" in said and "V-EVENT-1" in said
    assert "Zoo" not in said and "Lottery" not in said and "Зоопарк" not in said


def test_a_card_noted_in_a_hand_stays_out_of_log(tmp_path):
    """V-EVENT-1: what a player keeps of the Childhood draft (`hand NAME CARD`, typed at the
    table's one screen) is theirs, as a typed secret goal is (V-SET-1): the typist reads it
    once; `log` leaves it out but with --gm; the TV and the other seat say how many only."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob")
    assert "Zoo trip" in run(t, 'hand Ann "Zoo trip"')
    assert "Zoo trip" not in run(t, "log") and "Zoo trip" in run(t, "log --gm")
    assert "Zoo" not in json.dumps([t.game.view(t), Desk.payload_of(t, "Bob")])
    assert "Zoo trip" in json.dumps(Desk.payload_of(t, "Ann"))


def test_every_seat_move_is_data_its_line_built_from_the_commands_declaration(tmp_path):
    """A seat's move names its command and its values (guide.core.moves, Registry.move): the
    line is the one the command's declaration builds from them, for every kind of move
    (goal, roll, reroll, take, play, lose, change, borrow, end)."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "track youth=20 maturity=20 old_age=20", 'hand Ann "Zoo trip" --gives money',
        "roll Ann --faces money,money,money,money", "take Ann 45 --type relationships --cost 2money",
        "end", "roll Bob --faces money,health,health,health",
        "take Bob Shop --type job --cost money --gives money", "end",
        "roll Ann --faces failure,failure,failure,health")
    _deal(t, 1, new_card("Jogging", "health") | {"cost": ["health"]})
    made = t.game.seat_moves(t, "Ann") + t.game.seat_moves(t, "Bob")
    assert {m.command for m in made} >= {"goal", "reroll", "take", "play", "lose", "change"}
    for m in made:
        assert m.command and m.line == t.registry.move(m.command, m.label, **dict(m.values)).line, m
    assert dict(next(m for m in made if m.command == "take").values) == {
        "name": "Ann", "card": "Jogging", "type_": "health", "cost": "health", "slot": 1,
        "happiness": False, "social": False, "waiting": ()}


def test_v_set_1_a_seat_is_offered_every_goal_but_the_public_ones(tmp_path):
    """The public goals are on the table for all to see, so leaving them out tells nothing;
    another player's secret goal stays offered (test_cv_score: refused only at the score)."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob Cid", "goal Bob 83", "public 80 76")
    offered = [label for label in moves(t, "Ann").values() if label[:2].isdigit()]
    assert len(offered) == 6 and not any(label.startswith(("80 ", "76 ")) for label in offered)
    assert any(label.startswith("83 ") for label in offered)
