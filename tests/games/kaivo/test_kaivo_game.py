"""Kaivo at the table: the commands of kaivo.md through the core's Table and store, `guide
state`, the TV view, the clock, undo; and `guide play --game kaivo` driven from a script."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
from installed import guide, guide_env

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.result import text
from guide.core.store import Store
from guide.core.table import Table
from guide.games.kaivo.game import KaivoGame
from guide.games.kaivo.knowledge import view
from guide.games.kaivo.table import legal

ROOT = Path(__file__).resolve().parents[3]
GAME = KaivoGame()


@pytest.fixture
def table(tmp_path):
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(5))
    yield t
    t.close()


def do(t: Table, *lines: str) -> str:
    return "\n".join(text(t.execute(line)) for line in lines)


def fails(t: Table, line: str) -> str:
    before = json.dumps(t.state, sort_keys=True)
    with pytest.raises(CommandError) as e:
        t.execute(line)
    assert json.dumps(t.state, sort_keys=True) == before
    return str(e.value)


def test_the_score_sheet_through_the_table(table):
    out = do(table, "players Ann Ben Cid", "round Ann=5 Ben=7 Cid=20 --caller Ben")
    assert "Ben called with 7, not the lowest (Ann 5): 7 + 10 = 17; 0 + 17 = 17" in out
    assert GAME.public_state(table) == {
        "schema": 1, "game": "kaivo", "dealer": "Ben", "round": 2, "winners": [],
        "players": [{"name": "Ann", "bot": False, "score": 5}, {"name": "Ben", "bot": False, "score": 17},
                    {"name": "Cid", "bot": False, "score": 20}]}
    scores = do(table, "scores")
    assert re.search(r"Ann\s+5\s+leads", scores) and re.search(r"Ben\s+17\s+deals next", scores)
    head, rule = scores.splitlines()[1:3]               # K-SCORE-1: every column has a heading
    assert head.split() == ["player", "score", "note"] and len(rule.split()) == 3
    assert GAME.prompt(table) == "kaivo (sheet, round 2)> "


def test_bad_sheet_lines_are_one_line_errors_and_change_nothing(table):
    do(table, "players Ann Ben")
    assert fails(table, "round Ann=5 Ben --caller Ann") == \
        "round: Invalid value for 'TOTALS...': 'Ben' is not of the form NAME=TOTAL"
    assert fails(table, "round Ann=5 Ben=x --caller Ann") == \
        "round: Invalid value for 'TOTALS...': 'Ben=x': the value after = is not valid"
    assert fails(table, "round Ann=5 Ben=3 --caller Bne") == \
        "no player named 'Bne'; did you mean 'Ben'?"   # as every refused name (core params)
    assert fails(table, "round Ann=5 Bne=3 --caller Ann") == \
        "no player named 'Bne'; did you mean 'Ben'?"
    assert fails(table, "round Ann=5 Ben=3 ann=4 --caller Ann") == "round: two totals for Ann"
    assert fails(table, "round Ann=5 Ben=3") == "round: Missing option '--caller'"
    assert fails(table, "deal") == "deal --bots N starts a match against bots"
    assert fails(table, "draw") == "no round dealt: deal --bots N"


def test_a_sheet_round_is_undone_and_any_round_dropped(table):
    do(table, "players Ann Ben", "round Ann=5 Ben=7 --caller Ann", "round Ann=10 Ben=2 --caller Ben")
    do(table, "undo")
    assert [p["score"] for p in GAME.public_state(table)["players"]] == [0, 7]
    do(table, "round Ann=10 Ben=2 --caller Ben", "drop 1")
    assert [p["score"] for p in GAME.public_state(table)["players"]] == [10, 0]


def test_join_and_leave_on_the_sheet(table):
    do(table, "players Ann Ben", "round Ann=6 Ben=7 --caller Ben")
    assert "Cid joins with 12 (the average of 2 seats)." in do(table, "join Cid")
    assert "Ann leaves with 6." in do(table, "leave Ann")
    assert [p["name"] for p in GAME.public_state(table)["players"]] == ["Ben", "Cid"]


def test_deal_shows_your_outer_cards_and_guide_state_only_what_you_know(table):
    out = do(table, "deal --bots 2 --level hard")
    assert "You peek at your outer cards: position 1 is" in out
    state = GAME.public_state(table)
    assert state["dealer"] == "Eero" and state["round"] == 1
    tbl = state["table"]
    assert tbl["turn"] == "You" and set(tbl["hands"]) == {"You", "Aino", "Eero"}
    assert tbl["hands"] == {n: h for n, h in zip(["You", "Aino", "Eero"],
                                                 view(table.state["table"], 0)["hands"], strict=True)}
    assert tbl["hands"]["You"][1:3] == [None, None] and None not in tbl["hands"]["You"][::3]
    assert tbl["hands"]["Aino"] == [None] * 4 and tbl["badges"]["Aino"] == [""] * 4
    assert tbl["deck_left"] == len(table.state["table"]["deck"])
    assert GAME.prompt(table) == "kaivo (round 1: draw, take or kaivo)> "
    assert all(len(line) <= 79 for line in (GAME.toolbar(table) or "").split("\n"))


def test_a_call_scores_the_round_and_the_table_leaves_guide_state(table):
    do(table, "deal --bots 1")
    out = do(table, "kaivo")
    assert "You call KAIVO!" in out and "Round 1:" in out
    state = GAME.public_state(table)
    assert "table" not in state and state["round"] == 2 and state["dealer"] == "You"
    assert fails(table, "draw") == "the round is over: deal"
    assert fails(table, "round You=1 Aino=2 --caller You").startswith("the companion scores")
    assert "You deal; Aino starts." in do(table, "deal")
    assert GAME.public_state(table)["round"] == 2 and GAME.public_state(table)["dealer"] == "You"


def test_undo_takes_back_your_command_and_the_bots_turns_after_it(table):
    do(table, "deal --bots 2")
    before = json.dumps(table.state, sort_keys=True)
    do(table, "take", "putback")                  # K-TURN-2: nothing drawn from the deck
    assert json.dumps(table.state, sort_keys=True) != before
    do(table, "undo", "undo")
    assert json.dumps(table.state, sort_keys=True) == before


def test_k_turn_1_undo_is_refused_past_a_card_drawn_from_the_deck(table):
    do(table, "deal --bots 2")
    do(table, "draw")
    before = json.dumps(table.state, sort_keys=True)
    message = fails(table, "undo")
    assert "it drew a card from the deck for you, hidden from the players" in message
    do(table, "discard")                          # the bots' turns after it draw too
    assert "from the deck for " in fails(table, "undo")
    assert json.dumps(table.state, sort_keys=True) != before


def test_k_turn_1_the_score_sheet_keeps_its_full_undo(table):
    do(table, "players Ann Ben", "round Ann=5 Ben=7 --caller Ann", "round Ann=9 Ben=2 --caller Ben")
    do(table, "undo", "undo", "undo")
    assert table.state["mode"] == "" or table.state["entries"] == []


def test_the_story_and_the_log_carry_nothing_private_to_a_bot(table):
    rng = random.Random(3)
    do(table, "deal --bots 3 --level normal")
    for _ in range(300):
        s = table.state
        if s["winners"]:
            break
        if s["table"]["phase"] == "over":
            do(table, "deal")
            continue
        moves = [m for m in legal(s["table"], settings.load(GAME, []).rules)
                 if m != ("kaivo",) or rng.random() < 0.05]
        do(table, _line(s["table"]["names"], rng.choice(moves)))
    for entry in table.store.entries():
        for event in entry.story:
            assert "dice" not in event, event                 # no shuffle reaches the log
            if "private" in event:
                assert event["private"] == "You", event
    log = do(table, "log 1000")                  # K-DEAL-1: a seen card is not kept in `log`
    assert "You drew" not in log and "Aino drew" not in log
    gm = do(table, "log 1000 --gm")
    assert "You drew" in gm and "Aino drew" not in gm


def _line(names: list[str], move: tuple) -> str:
    """A rules move as the command a player types (positions 1..4, players by name)."""
    kind, *args = move
    if kind in ("spy", "mindread"):
        return f"{kind} {names[args[0]]} {args[1] + 1}"
    if kind == "swapwith":
        return f"swapwith {args[0] + 1} {names[args[1]]} {args[2] + 1}"
    return " ".join([kind] + [str(a + 1) for a in args])


def test_the_tv_shows_only_what_every_seat_knows(table):
    do(table, "deal --bots 1")
    tv = GAME.view(table)
    assert tv["table"]["hands"]["You"] == [None] * 4        # your outer peek is yours alone
    assert tv["table"]["rows"]["You"] == "[?] [?] [?] [?]"
    t = table.state["table"]
    t["face_up"].append(t["hands"][1][2])                   # as after a Mind Read
    assert GAME.view(table)["table"]["hands"]["Aino"][2] == t["cards"][t["hands"][1][2]]


def test_k_score_1_the_tvs_last_round_says_each_hand_and_what_it_added(table):
    """"You: hand 30, +40; Aino: hand 23, +23": a caller's hand and its +0 (or +10) never
    read as a score beside the scores ("Eero 7 (+0)" did)."""
    do(table, "deal --bots 1", "kaivo")
    last = table.state["last"]
    said = GAME.view(table)["said"]["last"]
    assert said == "Last round: " + "; ".join(
        f"{x['name']}: hand {x['total']}, +{x['added']}" for x in last)


def test_k_clock_1_a_turn_that_runs_out_plays_the_safe_move(table, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(table, "now", lambda: clock[0])
    do(table, "deal --bots 1 --clock")
    mine = list(table.state["table"]["hands"][0])
    clock[0] += 19
    do(table, "take")                                     # within the 20 seconds
    do(table, "putback")
    clock[0] += 21
    out = do(table, "swap 2")
    assert "Your 20 seconds ran out: the safe move is played (no penalty)." in out
    assert table.state["table"]["hands"][0] == mine        # not swapped: drawn and discarded


def test_k_clock_1_taking_the_discard_and_putting_it_back_does_not_restart_the_20_seconds(
        table, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(table, "now", lambda: clock[0])
    do(table, "deal --bots 1 --clock")
    clock[0] += 15
    do(table, "take", "putback")
    assert GAME.timer(table) == pytest.approx(5, abs=1e-6)   # 5 s left, not 20 again
    assert "| 5s\n" in (GAME.toolbar(table) or "")             # the countdown in the toolbar
    clock[0] += 6
    assert GAME.on_time(table) == "draw"                   # the table plays it by itself
    out = text(table.execute("draw", timed=True))
    assert "Your 20 seconds ran out: the safe move is played (no penalty)." in out


def test_tab_completes_players_and_totals(table):
    from guide.core.repl.completer import candidates

    do(table, "players Ann Ben")
    assert candidates(table, ["round"]) == ["Ann=", "Ben=", "--caller"]
    assert candidates(table, ["round", "Ann=3", "Ben=4", "--caller"]) == ["Ann", "Ben"]
    do(table, "deal --bots 2")
    assert candidates(table, ["spy"]) == ["Aino", "Eero", "--as"]      # K-POW-1: an opponent
    assert candidates(table, ["spy", "--as"]) == ["You", "Aino", "Eero"]


def test_k_pow_1_tab_offers_only_opponents_as_a_powers_target(table):
    from guide.core.repl.completer import candidates

    do(table, "deal --bots 2")
    do(table, "join Ann")
    for line in (["swapwith", "1"], ["mindread"], ["spy"]):
        assert candidates(table, line)[:2] == ["Aino", "Eero"]     # not You, nor Ann (joining)
    assert candidates(table, ["swapwith", "--as", "Aino", "1"])[:2] == ["You", "Eero"]
    assert candidates(table, ["spy", "--as=eero"])[:2] == ["You", "Aino"]
    assert candidates(table, ["leave"]) == ["You", "Aino", "Eero", "Ann"]    # any player
    do(table, "kaivo")
    do(table, "deal")                        # Ann takes Aino's seat
    assert candidates(table, ["swapwith", "1", "--as", "Ann"])[:2] == ["You", "Eero"]


def test_the_bench_group_is_the_games_cli():
    names = [c.name for c in GAME.cli()]
    assert names == ["kaivo"]


# --- end to end: `guide play --game kaivo` from a script --------------------------------

@pytest.fixture
def env(tmp_path):
    """`guide` in a subprocess, with a data folder of its own (tests/installed.py)."""
    return guide_env(tmp_path)


def test_a_script_plays_a_score_sheet_match_to_its_end(env, tmp_path):
    campaign = str(tmp_path / "sheet.sqlite")
    script = "\n".join([
        "players Ann Ben Cid",
        "round Ann=5 Ben=7 Cid=20 --caller Ben",
        "round Ann=10 Ben=4 Cid=4 --caller Cid",
        "round Ann=30 Ben=12 Cid=26 --caller Ben",
        "join Dee",
        "round Ann=20 Ben=30 Cid=9 Dee=15 --caller Cid",
        "round Ann=35 Ben=8 Cid=12 Dee=3 --caller Dee",
        "leave Ben",
        "round Ann=40 Cid=43 Dee=11 --caller Ann",
        "round Ann=1 Cid=1 Dee=1 --caller Ann",
    ]) + "\n"
    r = guide(env, "play", "--game", "kaivo", "--campaign", campaign, stdin=script)
    assert r.returncode == 1
    assert r.stderr.strip() == \
        "error: the match is over: Ann won; players NAME NAME ... starts a new score sheet"
    assert "Ann called with 40, not the lowest (Dee 11): 40 + 10 = 50; 50 + 50 = 100, exactly 100: " \
           "drops to 50" in r.stdout
    assert "The match is over: Ann wins with 50." in r.stdout
    state = json.loads(guide(env, "state", "--campaign", campaign).stdout)
    assert state == {"schema": 1, "game": "kaivo", "dealer": "Dee", "round": 7, "winners": ["Ann"],
                     "players": [{"name": "Ann", "bot": False, "score": 50},
                                 {"name": "Cid", "bot": False, "score": 101},
                                 {"name": "Dee", "bot": False, "score": 63}]}


def test_a_script_plays_against_bots(env, tmp_path):
    campaign = str(tmp_path / "bots.sqlite")
    r = guide(env, "play", "--game", "kaivo", "--campaign", campaign, "--seed", "4",
              stdin="deal --bots 2 --level easy\ndraw\ndiscard\nstatus\n")
    assert r.returncode == 0, r.stderr
    assert "You peek at your outer cards" in r.stdout and "You draw from the deck." in r.stdout
    assert re.search(r"  You   \[\d+\] \[\?\] \[\?\] \[\d+\]", r.stdout)
    state = json.loads(guide(env, "state", "--campaign", campaign).stdout)
    assert [p["name"] for p in state["players"]] == ["You", "Aino", "Eero"]
    if "table" in state:
        assert state["table"]["hands"]["Aino"].count(None) >= 2


def test_guide_kaivo_bench_prints_one_line_per_level(env):
    r = guide(env, "kaivo", "bench", "--games", "30", "--seed", "2")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["easy", "normal", "hard"]
    assert lines[3].startswith("One on one, 30 matches a pair")   # then the level table
    assert lines[-1].startswith("Mean round length: ")
    for line in lines[:3]:
        assert re.fullmatch(r"\w+: win rate \d+\.\d% \(95%: \d+\.\d% to \d+\.\d%\), mean round score \d+\.\d",
                            line)


def test_k_clock_1_ten_seconds_to_pick_a_powers_target(table, monkeypatch):
    clock = [0.0]
    monkeypatch.setattr(table, "now", lambda: clock[0])
    do(table, "deal --bots 1 --clock")
    t = table.state["table"]
    spy = next(c for c in t["deck"] if t["cards"][c] == 11)
    t["deck"].remove(spy)
    t["deck"].append(spy)                                 # the Spy is on top of the deck
    do(table, "draw")
    clock[0] += 15
    assert "You discard 11, a Spy to use." in do(table, "discard")
    clock[0] += 11                                        # a fresh 10 seconds for the target
    out = do(table, "spy Aino 1")
    assert "Your 10 seconds ran out" in out and "You skip the Spy power." in out
    assert "You spy" not in out and "You see" not in out


def test_the_repl_shows_the_prompt_and_plays(env, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--game", "kaivo", "--campaign",
                                           str(tmp_path / "r.sqlite"), "--seed", "3"],
                          env=dict(env, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1"),
                          encoding="utf-8", timeout=20, dimensions=(24, 100))
    try:
        child.expect(r"kaivo>")
        child.sendline("deal --bots 1")
        # K-DEAL-1: the outer cards show in the toolbar (a transient place), not as a line
        child.expect(r"kaivo \(round 1: draw, take or kaivo\)>")
        assert "You peek at your outer cards" not in child.before
        child.sendline("kaivo")
        child.expect("You call KAIVO!")
        child.expect(r"kaivo \(round 2: deal\)>")
    finally:
        child.close(force=True)


def test_k_join_1_you_leave_are_played_safe_and_then_see_only_the_public_table(table):
    do(table, "deal --bots 2")
    out = do(table, "leave You")
    assert "You leave: safe moves until the round ends, then a bot takes the seat." in out
    assert "(a bot) takes your seat." in out
    assert "You call KAIVO!" not in out
    state = GAME.public_state(table)
    assert state["players"][0]["bot"] and state["players"][0]["name"] not in ("You", "Aino", "Eero")
    do(table, "deal")                                     # a round of bots alone
    if "table" in GAME.public_state(table):
        assert GAME.public_state(table)["table"]["hands"] == \
            {n: h for n, h in zip(table.state["table"]["names"], view(table.state["table"], None)["hands"],
                                  strict=True)}
    assert fails(table, "draw").startswith(("the round is over: deal", "the match is over"))


def test_the_tv_page_is_served_with_the_public_view(table):
    import urllib.request

    from guide.core.view import shown_view

    do(table, "deal --bots 1", "view")
    server = table.services["view"]
    try:
        base = f"http://127.0.0.1:{server.httpd.server_address[1]}"
        with urllib.request.urlopen(base + "/", timeout=5) as r:
            assert b"Kaivo's TV page" in r.read()
        with urllib.request.urlopen(base + "/state.json", timeout=5) as r:
            shown = json.loads(r.read())
        assert shown == json.loads(json.dumps(shown_view(table)))     # with schema and game
        assert shown["table"]["hands"]["You"] == [None] * 4
    finally:
        table.execute("view --stop")


def test_k_score_3_a_match_won_at_the_table_names_no_next_dealer_nor_round(table):
    do(table, "deal --bots 1")
    for p in table.state["players"]:
        p["score"] = 99                  # whoever loses the round goes above 100
    said = do(table, "kaivo")
    assert table.state["winners"]
    assert "so is the match" in said and "the deal passes" not in said
    bar = table.game.toolbar(table)
    bar = bar if isinstance(bar, str) else "".join(t for _, t in bar)
    assert "match over:" in bar and "round " not in bar


def test_k_score_3_a_won_match_says_what_starts_the_next_one(table):
    """A new game master's deal after the match found only 'the match is over: Aino won'."""
    do(table, "deal --bots 1")
    for p in table.state["players"]:
        p["score"] = 99
    do(table, "kaivo")
    winners = " and ".join(table.state["winners"])
    new = f"the match is over: {winners} won; deal --bots N, or deal --friends NAME,NAME, starts a new match"
    assert fails(table, "deal") == new
    assert fails(table, "draw") == new
    assert f"Next: {new}." in do(table, "status")
    assert "New match" in do(table, "deal --bots 2")


def test_k_turn_1_k_glimpse_1_a_drawn_cards_refusals_say_what_to_type(table):
    """'putback' after a draw and a second 'glimpse' said what was wrong, not what to type."""
    do(table, "deal --bots 2", "draw", "glimpse")
    assert fails(table, "putback") == \
        "a card drawn from the deck cannot be put back (K-TURN-1): swap it into your row or discard it"
    assert fails(table, "glimpse") == "the table has had its glimpse of this card, once a turn" \
        " (K-GLIMPSE-1): swap it into your row or discard it"


def test_k_score_3_a_won_score_sheet_says_what_starts_the_next_one(table):
    do(table, "players Ann Ben", "round Ann=0 Ben=52 --caller Ann", "round Ann=0 Ben=52 --caller Ann")
    assert fails(table, "round Ann=0 Ben=1 --caller Ann") == \
        "the match is over: Ann won; players NAME NAME ... starts a new score sheet"


def test_k_deal_1_a_position_that_is_not_1_to_4_is_refused_in_one_line(table):
    do(table, "deal --bots 2", "draw")
    assert fails(table, "swap abc") == "swap: a position is 1 to 4, not abc"
    assert fails(table, "swap 7") == "swap: a position is 1 to 4, not 7"
    assert fails(table, "swapwith 0 Aino 1") == "swapwith: a position is 1 to 4, not 0"
    assert fails(table, "look y") == "look: a position is 1 to 4, not y"
    assert "\n" not in fails(table, "peek 2.5")
