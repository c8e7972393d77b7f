"""CV through the core: the table, the store and undo, `guide state`, the language, the TV
view, and `guide play --game cv` driven from a script (the entry point installed as pip
would leave it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from cv_support import cv_table, run
from installed import guide, guide_env

from guide.core import settings, viewers
from guide.core.errors import CommandError
from guide.core.result import text
from guide.games.cv.game import CvGame

ROOT = Path(__file__).resolve().parents[3]




def test_the_worked_dice_example_through_the_table_with_undo(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "roll Ann --faces relationships,money,money,health,failure")
    with pytest.raises(CommandError, match="frozen"):
        t.execute("reroll Ann 5")
    out = run(t, "reroll Ann 1 4 --faces Відносини,Невдача", "reroll Ann 1 --faces money",
              'take Ann "Used car" --type property --cost 3money --points 2')
    assert "Ann takes Used car, Property (Майно), paying 3 Money (Гроші)" in out
    assert viewers.public_state(t)["players"][0]["cv"]["property"] == ["Bicycle"]   # V-TURN-1: beside
    run(t, "end")
    assert viewers.public_state(t)["players"][0]["cv"]["property"] == ["Bicycle", "Used car"]
    assert text(t.execute("undo")).startswith("Undone: end")
    assert text(t.execute("undo")).startswith("Undone: take Ann")
    assert viewers.public_state(t)["players"][0]["cv"]["property"] == ["Bicycle"]
    assert viewers.public_state(t)["dice"] == ["money", "money", "money", "failure", "failure"]


def test_v_dice_1_roll_alone_rolls_for_the_player_whose_turn_it_is(tmp_path):
    """As `end` ends the turn under way, `roll` alone rolls for its player (named, as before,
    it may also be typed)."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob")
    assert run(t, "roll --faces money,money,health,knowledge").startswith("Ann rolls 1 Money")
    run(t, "end")
    assert run(t, "roll Bob --faces money,money,health,knowledge").startswith("Bob rolls")


def test_v_score_3_the_bicycles_points_not_in_the_box_are_asked_for_at_the_start(tmp_path):
    """The bundled box gives no points for the Bicycle (the table types them from the printed
    card): `players` says so and what to type, where `score` was the first to say it."""
    t = cv_table(tmp_path / "c.sqlite")
    said = run(t, "players Ann Bob")
    line = "card Ann Bicycle --points N (V-SCORE-3)"
    assert "The box gives no points for Ann's Bicycle" in said and line in said


def test_v_dice_2_reroll_alone_rerolls_for_the_player_whose_turn_it_is(tmp_path):
    """After `roll` alone, a new game master typed `reroll 1 2` and read "no player named
    '1'": the places alone reroll the dice of the turn's player, as roll does."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "roll --faces money,money,health,knowledge")
    assert run(t, "reroll 1 2 --faces health,health").startswith("Ann rerolls 1, 2: 1 Health")
    assert run(t, "reroll Ann 4 --faces money").startswith("Ann rerolls 4:")
    with pytest.raises(CommandError, match="no player named 'Zed'"):
        run(t, "reroll Zed 1")


def test_status_shows_each_stack_with_its_active_card_and_the_track(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "track youth=20 maturity=20 old_age=20",
        "roll Ann --faces money,money,health,knowledge",
        "take Ann Jogging --type health --cost health --gives health",
        "take Ann Yoga --type \"Здоров'я\" --cost knowledge --under Jogging", "end")
    out = run(t, "status")
    assert "Round 1: Bob's turn" in out
    rows = {line.split("  ")[0]: line.split()[0 if line.startswith(" ") else 1:] for line in out.splitlines()}
    assert rows[""][:3] == ["Ann", "(B)", "Bob"]          # a column per player
    assert rows["Health"][:2] == ["2:", "Jogging"] and rows["tokens"][0] == "♥"
    assert "Track: 1 Youth, 2 Youth, 3 Youth, 4 Youth, 5 Youth" in out


def test_guide_cards_lists_the_seeds_special_cards(tmp_path):
    game = CvGame()
    lib = settings.load(game, [])
    listed = game.cards(lib).table(None)
    assert len(listed.rows) == 25 and listed.rows[0][:2] == ["5, 30", "Life insurance\nСтрахування життя"]
    goals = [r[1].splitlines()[0] for r in game.cards(lib).table("Ціль").rows]    # the English name
    assert goals[:2] == ["Collector", "One-man band"]
    assert game.cards(lib).detail("Психотерапія")[0] == "53 Psychotherapy (Психотерапія), typed by the table"


def test_v_help_1_the_line_to_type_names_the_first_in_the_order(tmp_path):
    # it said `take NAME CARD --type T --social, or pass NAME` (ІМ'Я in Ukrainian) where the
    # table knows who chooses now: the first in the order, quoted as a line quotes a name
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann 'Bob Lee' Cy", "track youth=6 maturity=9 old_age=9",
        "roll Ann --faces health,health,knowledge,knowledge",
        "take Ann Jogging --type health --cost health --slot 1")
    out = " ".join(run(t, "end").split())
    assert ('Social help, in this order: Bob Lee, Cy (take "Bob Lee" CARD --type T --social,'
            ' or pass "Bob Lee")') in out
    run(t, "undo", "lang uk")
    out = " ".join(run(t, "end").split())
    assert '(take "Bob Lee" КАРТА --type T --social або pass "Bob Lee")' in out


def test_a_social_help_pause_is_undone_whole(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob Cy", "track youth=6 maturity=9 old_age=9",
        "roll Ann --faces health,health,knowledge,knowledge",
        "take Ann Jogging --type health --cost health --slot 1")
    out = run(t, "end")
    assert "Social help, in this order: Bob, Cy" in out
    assert t.game.prompt(t) == "cv (round 1: social help, Bob)> "
    run(t, "take Bob Choir --type relationships --social", "pass Cy")
    assert t.game.prompt(t) == "cv (round 1: Bob)> "
    run(t, "undo", "undo")
    assert t.state["track"]["help"] == ["Bob", "Cy"]
    run(t, "undo")
    assert t.state["track"]["help"] == [] and t.game.prompt(t) == "cv (round 1: Ann)> "


def test_tab_completion_offers_players_types_symbols_never_the_hand(tmp_path):
    from guide.core.repl.completer import candidates

    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", 'hand Ann "Zoo trip"')
    assert candidates(t, ["roll"])[:2] == ["Ann", "Bob"]
    assert "property" in candidates(t, ["take", "Ann", "Villa", "--type"])
    assert "--happiness" in candidates(t, ["take", "Ann", "Villa", "--type", "property"])
    assert "money" in candidates(t, ["roll", "Ann", "--faces"])
    assert "Zoo trip" not in candidates(t, ["play", "Ann"])     # her hand is hers alone
    assert "80" in candidates(t, ["goal", "Ann"])


def test_tab_beside_a_goals_number_says_its_name_in_the_tables_language(tmp_path):
    """V-SET-1: Tab offers the goals by number (76..83), each with its name beside it (the
    deck's goals are the box's, no one's secret), where the numbers alone said nothing."""
    from guide.core.repl.completer import described

    t = cv_table(tmp_path / "c.sqlite")
    try:
        t.execute("players Ann Bob")
        assert ("80", "Healthy body") in described(t, ["goal", "Ann"])
        t.execute("lang uk")
        assert dict(described(t, ["goal", "Ann"]))["76"] == "Колекціонер"
    finally:
        t.close()


def test_a_refused_command_changes_nothing_and_is_one_line(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "roll Ann --faces money,money,health,failure")
    before = json.dumps(t.state, sort_keys=True)
    for line in ("take Ann Villa --type property --cost 5money", "take Ann X --type gold",
                 "roll Bob", "lose Ann property", "reroll Ann 9", "cv Ann health=x",
                 "take Ann X --type job --cost 2gold"):
        with pytest.raises(CommandError) as e:
            t.execute(line)
        assert "\n" not in str(e.value), line
    assert json.dumps(t.state, sort_keys=True) == before


def test_guide_state_is_the_rules_page_shape_and_scores_after_score(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "cv Felix health=4 relationships=3 knowledge=5 property_cards=5 property=19",
        "cv Julia property_cards=5 property=10", "cv Eric property_cards=3 property=5",
        'goal Felix "Healthy body"', "public 76")
    state = viewers.public_state(t)
    assert state == {"schema": 1, "game": "cv", "turn": None, "dice": [], "rolls_left": 0, "players": [
        {"name": n, "cv": {k: [] for k in ("health", "relationships", "knowledge", "job", "property")},
         "score": None} for n in ("Felix", "Julia", "Eric")]}
    out = run(t, "score")
    assert "Felix: 10 + 6 + 15 + 19 + 8 + 5 = 63 points" in out
    assert "Winner: Felix with 63 points" in out
    assert [p["score"] for p in viewers.public_state(t)["players"]] == [63, 15, 5]


def test_lang_uk_switches_the_messages_and_the_log(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob")
    assert run(t, "lang uk") == "Мова: українська"
    out = run(t, "roll Ann --faces Гроші,Гроші,Здоров'я,Невдача")     # an apostrophe is a letter
    assert out == ("Ann кидає: 1 Гроші, 2 Гроші, 3 Здоров'я, 4 Невдача (заморожена). Невдача: 1, Щастя: 0."
                   " Лишилось перекидань: 2")
    assert "Гравці по черзі: Ann, Bob" in run(t, "log")
    run(t, "lang en")
    assert "Players in turn order: Ann, Bob" in run(t, "log")


def test_undo_and_redo_of_lang_speak_the_restored_language_at_once(tmp_path):
    """A page drawn between commands (a seat's, the TV's) speaks the table's language: after
    undo or redo of `lang`, the language it restores, not the one before (the contract's
    declared lines found a bot's seat page still in Ukrainian after `lang en` was redone)."""
    from guide.core import i18n
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "players Ann Bob", "lang uk")
    run(t, "undo")
    assert i18n.current() == "en"
    run(t, "redo")
    assert i18n.current() == "uk"
    run(t, "lang en")
    assert i18n.current() == "en"


def test_a_mistyped_type_or_symbol_is_suggested_in_the_tables_language(tmp_path):
    """At a Ukrainian table `--type helth` suggested 'health', `Робто` 'роботи' (an
    alias, lower case): the suggestion is the name the table reads, Здоров'я, Робота."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "lang uk", "players Оля Ерік", "roll Оля --faces money,money,health,failure")
    for line, said in (("take Оля Jogging --type helth --cost money", "може, «Здоров'я»?"),
                       ("lose Оля Робто", "може, «Робота»?"),
                       ("double Оля knowlege", "може, «Знання»?"),
                       ("take Оля Jogging --type health --cost mony", "може, «Гроші»?")):
        with pytest.raises(CommandError) as e:
            t.execute(line)
        assert said in str(e.value), (line, str(e.value))
    run(t, "lang en")
    with pytest.raises(CommandError) as e:
        t.execute("lose Оля Робто")
    assert "did you mean 'Job'?" in str(e.value)


@pytest.mark.parametrize("typed", ["здоров'я", "Здоров’я", "здоровʼя", "здоровя", "здоров"])
def test_health_is_typed_with_any_apostrophe_or_none_and_without_quotes(tmp_path, typed):
    """Issue 40: `--type здоров'я` ended in "cannot read the line: No closing quotation";
    `здоров` finds Здоров'я and "здоровя" is the same symbol (V-DICE-1)."""
    t = cv_table(tmp_path / "c.sqlite")
    run(t, "lang uk", "players Оля Ерік", "track youth=20 maturity=20 old_age=20")
    out = run(t, f"roll Оля --faces Гроші,{typed},Гроші,Невдача",
              f"take Оля Yoga --type {typed} --cost Гроші")
    assert "Оля кидає: 1 Гроші, 2 Здоров'я, 3 Гроші" in out
    assert "Оля бере карту «Yoga», Здоров'я" in out


def test_prompt_toolbar_and_view_show_only_what_players_may_see(tmp_path):
    t = cv_table(tmp_path / "c.sqlite")
    assert t.game.prompt(t) == "cv> "
    run(t, "players Ann Bob", "track youth=20 maturity=20 old_age=20", "goal Ann 80",
        "hand Ann \"Zoo trip\"", "roll Ann --faces money,money,health,failure")
    assert t.game.prompt(t) == "cv (round 1: Ann)> "
    bar = t.game.toolbar(t)
    assert bar is not None and len(bar) <= 80 and "$ $ ♥ ✗" in bar and "rr 2" in bar
    view = t.game.view(t)
    assert view["turn"] == "Ann" and [d["frozen"] for d in view["dice"]] == [False, False, False, True]
    assert view["players"][0]["hand"] == 1 and "80" not in json.dumps(view)
    assert "Healthy" not in json.dumps(view) and "Zoo" not in json.dumps(view)
    page = CvGame.settings.view_page or b""
    assert b"kit.follow(" in page and all(f"v.{k}".encode() in page for k in ("dice", "players", "track"))


def test_the_view_server_serves_the_cv_page_and_follows_the_table(tmp_path):
    import urllib.request

    t = cv_table(tmp_path / "c.sqlite")
    t.execute("view")
    try:
        base = f"http://127.0.0.1:{t.services['view'].httpd.server_address[1]}"
        run(t, "players Ann Bob", "roll Ann --faces money,money,health,failure")
        with urllib.request.urlopen(base + "/state.json", timeout=5) as r:
            view = json.loads(r.read())
        assert view["turn"] == "Ann"
        assert [d["id"] for d in view["dice"]] == ["money", "money", "health", "failure"]
        with urllib.request.urlopen(base + "/", timeout=5) as r:
            assert b"CV: the players' view" in r.read()
    finally:
        t.execute("view --stop")


@pytest.fixture
def installed(tmp_path):
    """`guide` in a subprocess, with a data folder of its own (tests/installed.py)."""
    return guide_env(tmp_path)


SCRIPT = """\
players Ann Bob
track youth=8 maturity=10 old_age=3
roll Ann --faces relationships,money,money,health,failure
reroll Ann 1 4 --faces relationships,failure
reroll Ann 1 --faces money
take Ann "Used car" --type property --cost 3money --points 2
card Ann Bicycle --points 1
end
roll Bob --faces happiness,happiness,happiness,knowledge
take Bob Villa --type Майно --cost 5money --points 6 --happiness
take Bob School --type knowledge --cost knowledge --gives knowledge
end
goal Ann 76
goal Bob 83
public 79
score
"""


def test_guide_play_game_cv_from_a_script_then_guide_state(installed, tmp_path):
    campaign = str(tmp_path / "cv.sqlite")
    r = guide(installed, "play", "--game", "cv", "--campaign", campaign, "--seed", "1", stdin=SCRIPT)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Ann rerolls 1: 1 Money (Гроші), 2 Money (Гроші), 3 Money (Гроші)" in out
    assert "Bob takes Villa, Property (Майно), free for three Happiness (Щастя)" in out
    assert "End of the round: the leftmost track card (Youth) goes to the box (V-TURN-3)" in out
    assert "Bob's tokens: Knowledge (Знання)" in out
    assert "Ann: 0 + 0 + 0 + 3 + 2 + 0 = 5 points (2 CV cards)" in out
    assert "Bob: 0 + 0 + 1 + 6 + 0 + 0 = 7 points (2 CV cards)" in out
    assert out.rstrip().endswith("Winner: Bob with 7 points")
    state = json.loads(guide(installed, "state", "--campaign", campaign).stdout)
    assert state["turn"] == "Ann" and state["dice"] == [] and state["rolls_left"] == 0
    assert [(p["name"], p["cv"]["property"], p["score"]) for p in state["players"]] == [
        ("Ann", ["Bicycle", "Used car"], 5), ("Bob", ["Villa"], 7)]


def test_a_bad_line_in_a_script_is_one_error_line_and_exit_1(installed, tmp_path):
    r = guide(installed, "play", "--game", "cv", "--campaign", str(tmp_path / "b.sqlite"),
              stdin="players Ann Bob\nroll Ann --faces money,money,failure,failure\nreroll Ann 3\nend\n")
    assert r.returncode == 1
    assert r.stderr.strip().splitlines() == ["error: the Failure at place 3 is frozen (V-DICE-2)"]
    assert "Round 1: Bob's turn" in r.stdout


def test_the_repl_shows_the_cv_prompt(installed, tmp_path):
    env = dict(installed, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--game", "cv", "--campaign",
                                           str(tmp_path / "r.sqlite")],
                          env=env, encoding="utf-8", timeout=20, dimensions=(24, 80))
    try:
        child.expect(r"cv>")
        child.sendline("players Ann Bob")
        child.expect("Ann holds the Bicycle")
        child.expect(r"cv \(round 1: Ann\)>")
    finally:
        child.close(force=True)


def test_guide_play_lang_uk_speaks_ukrainian_from_the_start(tmp_path):
    env = dict(os.environ, GUIDE_DATA_DIR=str(tmp_path / "data"))
    r = subprocess.run([sys.executable, "-m", "guide", "play", "--game", "cv", "--lang", "uk",
                        "--campaign", str(tmp_path / "c.sqlite")], input="players Ann Bob\n",
                       env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "Гравці по черзі: Ann, Bob" in r.stdout
    wrong = subprocess.run([sys.executable, "-m", "guide", "play", "--lang", "uk", "--campaign",
                            str(tmp_path / "k.sqlite")], input="", env=env, capture_output=True,
                           text=True, timeout=60)
    assert wrong.returncode == 1
    # said in the language asked for, which guide speaks though the game does not
    assert wrong.stderr.strip() == "помилка: --lang: гра kaverini має мови en, а не «uk»"
