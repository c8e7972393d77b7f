"""Friends at the table (issue 18): each friend plays from their own seat (their row, their
private peeks, the buttons for their turn, the glimpse as a tap), bots fill the empty seats,
a joiner takes a bot's seat at the next round with the average score and a leaver is played
safe to the round's end, then replaced by a bot (K-JOIN-1); a seat's move runs at once
(seat_policy "apply") and the bots play after it as after a command typed at the terminal."""

from __future__ import annotations

import json

import pytest

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.line import build, split
from guide.core.players import seats as seats_of
from guide.core.result import text
from guide.core.seats import Desk, desk_of
from guide.core.store import Store
from guide.core.table import Table
from guide.games.kaivo import screen
from guide.games.kaivo.game import KaivoGame
from guide.games.kaivo.knowledge import view
from guide.games.kaivo.table import played, to_act

GAME = KaivoGame()


@pytest.fixture
def table(tmp_path):
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(5))
    yield t
    if "view" in t.services:
        t.execute("view --stop")
    t.close()


def seat_move(t: Table, seat: str, label: str) -> str:
    """A seat taps a move, as its page would send it; the table runs it at once (the REPL's
    "apply" policy: desk.take, then execute from that seat)."""
    desk = desk_of(t)
    desk.publish(lambda token, body: None)
    payload = desk.payload(seat)
    labels = [m["label"] for m in payload["moves"]]
    assert label in labels, (seat, label, labels)
    said = desk.receive(desk.tokens[seat], labels.index(label), payload["version"])
    assert said == "sent"
    pending = desk.take()
    return text(t.execute(pending.line, seat=pending.seat))


def look_all(t: Table, *seats: str) -> None:
    """K-DEAL-1 at a phone: each seat's player taps every look their page offers (the page
    sends the `look` move found by its key); the seconds then run."""
    for seat in seats:
        for m in GAME.seat_moves(t, seat):
            if m.key:
                t.execute(m.line, seat=seat)


def cards(t: Table, seat: int) -> list[int]:
    tbl = t.state["table"]
    return [tbl["cards"][c] for c in tbl["hands"][seat]]


def test_friends_each_get_a_seat_and_bots_fill_the_table(table):
    out = text(table.execute("deal --friends Ann,Ben"))
    assert out.startswith("New match: Ann, Ben, Eero, Lumi; Lumi deals.")
    assert seats_of(table) == ["Ann", "Ben"]
    assert [p["bot"] for p in table.state["players"]] == [False, False, True, True]
    assert GAME.settings.seat_policy == "apply"
    assert to_act(table.state["table"]) == 0              # the last seat dealt: Ann starts


def test_k_join_1_a_new_friends_match_says_a_bot_still_plays_a_friends_seat(table):
    """`bot Ben` outlives its match (the core keeps it outside the journal): a new match of
    friends naming Ben said nothing, and a bot went on playing his seat."""
    table.execute("deal --friends Ann,Ben --bots 1")
    table.execute("bot Ben --level hard")
    out = text(table.execute("deal --friends Ann,Ben --bots 1"))
    assert "A bot (hard) still plays Ben's seat; bot Ben --off gives it back." in out
    table.execute("bot Ben --off")
    assert "still plays" not in text(table.execute("deal --friends Ann,Ben --bots 1"))


def test_k_deal_1_a_seat_sees_its_own_outer_cards_and_nobody_elses(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    offered = Desk.payload_of(table, "Ann")["view"]["you"]
    assert offered["row"] == "[?] [?] [?] [?]" and len(offered["seeing"]) == 2  # until she looks
    assert all(s["offered"] for s in offered["seeing"])
    look_all(table, "Ann", "Ben")
    ann, ben = Desk.payload_of(table, "Ann"), Desk.payload_of(table, "Ben")
    a, b = cards(table, 0), cards(table, 1)
    assert ann["view"]["you"]["row"] == f"[{a[0]}] [?] [?] [{a[3]}]"
    assert ben["view"]["you"]["row"] == f"[{b[0]}] [?] [?] [{b[3]}]"
    assert ann["view"]["table"]["rows"] == {"Ben": "[?] [?] [?] [?]", "Eero": "[?] [?] [?] [?]"}
    tbl = table.state["table"]
    top = tbl["cards"][tbl["discard"][-1]]
    assert ann["view"]["turn_is_yours"] and [m["label"] for m in ann["moves"]] == [
        "Draw from the deck", f"Take the discard ({top})", "Call KAIVO!", "Leave the table"]
    # Leave (K-JOIN-1) is there at any time, under its own heading; nothing else off turn
    assert [(m["label"], m.get("group")) for m in ben["moves"]] == [("Leave the table", ["The table"])]
    assert not ben["view"]["turn_is_yours"]


def test_the_terminal_of_a_friends_match_shows_only_the_public_table(table):
    out = text(table.execute("deal --friends Ann,Ben --bots 1"))
    assert "You peek" not in out and "[?] [?] [?] [?]" in out
    assert GAME.public_state(table)["table"]["hands"]["Ann"] == [None] * 4
    with pytest.raises(CommandError, match="each friend moves from their own seat"):
        table.execute("draw")
    out = seat_move(table, "Ann", "Draw from the deck")
    held = table.state["table"]["cards"][table.state["table"]["held"]]
    assert out.startswith("(from Ann's seat)\nAnn draws from the deck.")
    assert "You drew" not in out and "Ann drew" not in out
    story = table.store.entries(limit=1)[0].story
    assert [e["kind"] for e in story] == ["seat", "drew", "hidden draw"]   # the held card is not
    # logged; K-TURN-1: undo stops at the draw
    assert Desk.payload_of(table, "Ann")["view"]["you"]["holding"] == f"{held} (drawn from the deck)"
    assert Desk.payload_of(table, "Ben")["view"]["you"]["holding"] is None


def test_k_pow_1_a_peek_reaches_only_the_seat_that_peeked(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    look_all(table, "Ann", "Ben")
    tbl = table.state["table"]
    peek = next(c for c in reversed(tbl["deck"]) if tbl["cards"][c] == 10)
    tbl["deck"].remove(peek)
    tbl["deck"].append(peek)                                # the next draw is a Peek (10)
    seat_move(table, "Ann", "Draw from the deck")
    seat_move(table, "Ann", "Discard it and use Peek")
    assert "Peek at your position 2" in [m["label"] for m in Desk.payload_of(table, "Ann")["moves"]]
    seat_move(table, "Ann", "Peek at your position 2")
    look_all(table, "Ann")
    a = cards(table, 0)
    assert Desk.payload_of(table, "Ann")["view"]["you"]["row"] == f"[{a[0]}] [{a[1]}:A] [?] [{a[3]}]"
    assert Desk.payload_of(table, "Ben")["view"]["table"]["rows"]["Ann"] == "[?] [?:A] [?] [?]"
    assert "Ann peeks at their position 2." in GAME.view(table)["news"]


def test_the_bots_play_after_a_seats_move_as_after_a_terminal_command(table):
    table.execute("deal --friends Ann --bots 2")
    seat_move(table, "Ann", "Draw from the deck")
    out = seat_move(table, "Ann", "Discard it")
    tbl = table.state["table"]
    assert "Eero draws" in out or "Eero takes" in out or "Eero calls" in out
    assert tbl["phase"] == "over" or to_act(tbl) == 0        # the bots have played to Ann again


def test_k_glimpse_1_the_glimpse_is_one_tap_once_a_turn(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    look_all(table, "Ann", "Ben")
    seat_move(table, "Ann", "Draw from the deck")
    out = seat_move(table, "Ann", "Let the table glimpse it")
    assert "Ann lets the table glimpse the drawn card." in out
    labels = [m["label"] for m in Desk.payload_of(table, "Ann")["moves"]]
    assert "Let the table glimpse it" not in labels and "Keep it at position 2" in labels
    held = table.state["table"]["held"]
    caught = held in table.state["table"]["caught"][1]
    look_all(table, "Ben")                             # a glimpse caught: offered, then seen
    other = Desk.payload_of(table, "Ben")["view"]["table"]["held"]
    value = table.state["table"]["cards"][held]
    assert other == (f"Ann holds {value} (drawn from the deck, you caught the glimpse)" if caught else None)


def test_a_seat_cannot_move_out_of_turn_or_for_another_seat(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    look_all(table, "Ann", "Ben")
    desk = desk_of(table)
    desk.publish(lambda token, body: None)
    version = desk.payload("Ben")["version"]
    assert desk.receive(desk.tokens["Ben"], 1, version) == "not one of your moves now"
    assert [m.line for m in GAME.seat_moves(table, "Ben")] == ["leave Ben"]   # his only one
    with pytest.raises(CommandError, match="it is Ann's turn"):
        table.execute("draw --as Ben")


def test_k_join_1_a_friend_joins_at_the_next_round_in_a_bots_seat_with_the_average(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    out = text(table.execute("join Cid"))
    assert out.startswith("Cid takes Eero's seat at the next round.")
    assert seats_of(table) == ["Ann", "Ben", "Cid"]
    cid = Desk.payload_of(table, "Cid")
    assert cid["view"]["you"]["joins"].startswith("You take Eero's seat at the next deal")
    assert "rows" in cid["view"]["table"]
    assert [m["label"] for m in cid["moves"]] == ["Do not join after all"]
    assert all(r == "[?] [?] [?] [?]" for r in cid["view"]["table"]["rows"].values())
    seat_move(table, "Ann", "Call KAIVO!")
    for p, score in zip(table.state["players"], [5, 17, 20], strict=True):
        p["score"] = score                             # a round's scores, laid out by hand
    assert table.state["dealer"] == 0                  # the deal moved on from Eero to Ann
    assert [m["label"] for m in Desk.payload_of(table, "Ann")["moves"]] == ["Deal round 2",
                                                                            "Leave the table"]
    assert [m["label"] for m in Desk.payload_of(table, "Ben")["moves"]] == ["Leave the table"]
    out = seat_move(table, "Ann", "Deal round 2")
    assert "Cid takes Eero's seat with 11 (the table's average)." in out    # (5 + 17) / 2
    assert [(p["name"], p["bot"], p["score"]) for p in table.state["players"]] == [
        ("Ann", False, 5), ("Ben", False, 17), ("Cid", False, 11)]
    c = cards(table, 2)
    look_all(table, "Cid")
    assert Desk.payload_of(table, "Cid")["view"]["you"]["row"] == f"[{c[0]}] [?] [?] [{c[3]}]"


def test_k_join_1_a_friend_who_leaves_is_played_safe_then_a_bot_takes_the_seat(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    look_all(table, "Ann", "Ben")
    table.execute("view")
    desk, server = desk_of(table), table.services["view"]
    ann = desk.tokens["Ann"]
    out = text(table.execute("leave Ann"))
    assert "Ann leaves: safe moves until the round ends" in out
    assert seats_of(table) == ["Ann", "Ben"]
    assert [m["label"] for m in Desk.payload_of(table, "Ann")["moves"]] == ["Join again (stay at the table)"]
    assert "Ann draws from the deck." in out and "Ann discards" in out      # her safe move
    while table.state["table"]["phase"] != "over":
        labels = [m["label"] for m in Desk.payload_of(table, "Ben")["moves"]]
        seat_move(table, "Ben", "Call KAIVO!" if "Call KAIVO!" in labels else labels[0])
    assert seats_of(table) == ["Ben"]
    bot = table.state["players"][0]
    assert bot["bot"] and bot["level"] == "normal" and bot["name"] not in ("Ann", "Ben", "Eero")
    assert desk.seat_of(ann) is None
    assert ann not in server._feeds                     # her page is gone too


def test_guide_state_of_a_seat_is_its_page(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    seat_move(table, "Ann", "Draw from the deck")
    mine = Desk.payload_of(table, "Ann")
    assert mine["view"]["you"]["holding"] is not None
    assert json.dumps(GAME.seat_view(table, "Ann")) == json.dumps(mine["view"])
    assert GAME.seat_moves(table, "Ann")[0].line == "swap 1 --as Ann"


def test_a_match_against_bots_still_plays_at_the_terminal_and_a_friend_may_join(table):
    out = text(table.execute("deal --bots 2"))
    assert "You peek at your outer cards" in out
    assert seats_of(table) == ["You"]
    table.execute("join Ann")
    table.execute("kaivo")
    out = text(table.execute("deal"))
    assert "Ann takes Aino's seat" in out and seats_of(table) == ["You", "Ann"]
    a = cards(table, 1)
    look_all(table, "Ann")
    assert Desk.payload_of(table, "Ann")["view"]["you"]["row"] == f"[{a[0]}] [?] [?] [{a[3]}]"
    assert GAME.public_state(table)["table"]["hands"]["Ann"] == view(table.state["table"], 0)["hands"][1]


def test_bad_friends_tables_are_refused_with_one_line(table):
    for line, said in [("deal --friends Ann,ann", "two friends share a name"),
                       ("deal --friends Ann,You",
                        "'You' is the terminal's own player; give a friend their name"),
                       ("deal --friends Ann,Ben --bots 3", "with 2 friend(s), 0 to 2 bots, not 3"),
                       ("deal --friends Ann --bots 0", "with 1 friend(s), 1 to 3 bots, not 0"),
                       ("deal --friends A,B,C,D,E", "Kaivo is for 2 to 4 players")]:
        with pytest.raises(CommandError) as e:
            table.execute(line)
        assert str(e.value) == said
    assert table.state["mode"] == ""


def test_k_join_1_when_every_person_has_left_bots_take_the_seats_at_once(table):
    """The companion's choice: safe moves never call, so a round that only leavers play
    would never end; once the last person leaves, bots take every seat and end it."""
    table.execute("deal --friends Ann,Ben --bots 0")
    table.execute("leave Ann")
    assert seats_of(table) == ["Ann", "Ben"] and table.state["table"]["phase"] != "over"
    out = text(table.execute("leave Ben"))
    assert "(a bot) takes Ann's seat." in out and "(a bot) takes Ben's seat." in out
    assert seats_of(table) == [] and table.state["table"]["phase"] == "over"
    assert all(p["bot"] for p in table.state["players"])


def test_k_clock_1_a_seats_late_tap_plays_the_safe_move(table, monkeypatch):
    clock = [1000.0]
    table.now = lambda: clock[0]
    table.execute("deal --friends Ann,Ben --bots 1 --clock")
    opened(table, "Ann")                                   # her page is open from the deal
    clock[0] += 21                                         # 20 seconds a turn, and one more
    out = seat_move(table, "Ann", "Call KAIVO!")
    assert "Ann's 20 seconds ran out: the safe move is played (no penalty)." in out
    assert "Ann draws from the deck." in out and "Ann calls" not in out
    assert table.state["table"]["caller"] != 0 and played(table.state["table"]) >= 1


def opened(t: Table, seat: str) -> None:
    """The seat's page reads the table, as the view's server tells the desk."""
    desk = desk_of(t)
    desk.page_opened(desk.tokens[seat])


def test_k_clock_1_a_seats_clock_runs_only_once_its_page_is_open(table, monkeypatch):
    """K-CLOCK-1 "the clock only runs while you can act": a friend's turn dealt before their
    page was opened does not run out; their seconds run from when the page first reads the
    table (and the page counts them down whole meanwhile)."""
    clock = [1000.0]
    table.now = lambda: clock[0]
    table.execute("deal --friends Ann,Ben --bots 1 --clock")
    clock[0] += 60                                         # the links are still being sent
    assert GAME.timer(table) is None
    assert Desk.payload_of(table, "Ann")["view"]["you"]["clock"]["seconds"] == 20
    opened(table, "Ann")
    assert GAME.timer(table) == pytest.approx(20)
    clock[0] += 15
    assert Desk.payload_of(table, "Ann")["view"]["you"]["clock"]["seconds"] == 5
    out = seat_move(table, "Ann", "Draw from the deck")    # in time: her own move
    assert "ran out" not in out and "Ann draws from the deck." in out
    clock[0] += 11                                         # the draw did not restart it
    opened(table, "Ann")                                   # a later read changes nothing
    assert GAME.timer(table) < 0
    out = seat_move(table, "Ann", next(m["label"] for m in Desk.payload_of(table, "Ann")["moves"]
                                       if m["label"].startswith("Discard it")))
    assert "Ann's 20 seconds ran out" in out
    if to_act(table.state["table"]) == 1 and table.state["table"]["phase"] != "over":
        clock[0] += 100                                    # Ben has not opened his page
        assert GAME.timer(table) is None


def test_a_seats_news_speaks_to_it_and_a_joiner_reads_whose_seat_it_takes(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    table.execute("join Cid")
    news = Desk.payload_of(table, "Cid")["view"]["news"]
    assert news[-1] == "You take Eero's seat at the next round."
    assert "Cid takes Eero's seat at the next round." in Desk.payload_of(table, "Ann")["view"]["news"]
    assert Desk.payload_of(table, "Ann")["view"]["news"][1] == "Eero deals; You start. Discard pile: " \
        f"{table.state['table']['cards'][table.state['table']['discard'][0]]}, deck: 35."


def test_k_join_1_a_friend_waiting_to_join_may_stay_out_and_loses_the_seat(table):
    table.execute("deal --friends Ann --bots 2")
    table.execute("join Cid")
    assert seats_of(table) == ["Ann", "Cid"]
    assert text(table.execute("leave Cid")) == "Cid will not join after all."
    assert seats_of(table) == ["Ann"] and table.state["joining"] == []
    assert [p["bot"] for p in table.state["players"]] == [False, True, True]


def test_k_join_1_one_who_leaves_may_join_again_before_the_round_ends(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    table.execute("leave Ben")
    assert table.state["players"][1]["leaving"]
    out = seat_move(table, "Ben", "Join again (stay at the table)")
    assert "Ben stays at the table." in out
    assert not table.state["players"][1]["leaving"] and seats_of(table) == ["Ann", "Ben"]
    assert "Leave the table" in [m["label"] for m in Desk.payload_of(table, "Ben")["moves"]]
    out = seat_move(table, "Ben", "Leave the table")
    assert "Ben leaves: safe moves until the round ends" in out


def test_k_join_1_one_who_joins_again_at_the_terminal_is_not_told_to_wait_for_a_bots_seat(table):
    """join Ann after leave Ann said 'Ann stays at the table.', then 'Ann has a seat now ...;
    at the next deal they take a bot's seat with the table's average score': she kept her own."""
    table.execute("deal --friends Ann,Ben --bots 1")
    table.execute("leave Ben")
    assert text(table.execute("join Ben")) == "Ben stays at the table."
    assert not table.state["players"][1]["leaving"] and table.state["joining"] == []


def test_k_call_1_after_the_call_a_seat_page_shows_its_own_hand_too(table):
    """K-CALL-1: "all hands are revealed": the seat's own row on its page as well as the
    others' (it stayed [?] [?] [?] [?] on the page while the TV showed every card)."""
    table.execute("deal --friends Ann,Ben")
    assert to_act(table.state["table"]) == 0              # Ann starts, and calls at once
    table.execute("kaivo --as Ann")
    assert table.state["table"]["phase"] == "over"
    page = Desk.payload_of(table, "Ann")["view"]["you"]
    assert [c["value"] for c in page["hand"]] == cards(table, 0)


def test_names_with_quotes_and_apostrophes_play_from_their_seats(table):
    """Issue 41: every seat's button is a line built by the core's builder
    (guide.core.line.build), so a friend named `Zed "the" Rock` or `Ship’s O'Cat` plays
    every move from the phone: the looks, the turn's moves, leaving."""
    names = ['Zed "the" Rock', "Ship’s O'Cat"]
    table.execute(build(["deal"], [("--friends", ",".join(names)), ("--bots", 1)]))
    assert seats_of(table) == names
    look_all(table, *names)
    for _step in range(12):
        acting = to_act(table.state["table"])
        seat = table.state["players"][acting]["name"] if table.state["table"]["phase"] != "over" else None
        if seat not in names:
            break
        moves = [m for m in GAME.seat_moves(table, seat) if not m.key]
        for m in moves:
            assert seat in split(m.line), m.line
        move = next(m for m in moves if m.label != "Leave the table" and "KAIVO" not in m.label)
        t_before = json.dumps(table.state, sort_keys=True)
        table.execute(move.line, seat=seat)
        assert json.dumps(table.state, sort_keys=True) != t_before
        look_all(table, *names)
    leave = next(m for m in GAME.seat_moves(table, names[1]) if m.label == "Leave the table")
    out = text(table.execute(leave.line, seat=names[1]))
    assert f"takes {names[1]}'s seat" in out or f"{names[1]} leaves" in out, out


def test_every_seat_move_is_data_its_command_and_values_by_parameter_name(table):
    """Moves as data (guide.core.moves): a seat's move names its declared command and its
    values; its line is built from the command's declaration (players by name, positions
    1..4, the seat as --as), looks (K-DEAL-1) and the table's moves (K-JOIN-1) too."""
    table.execute("deal --friends Ann,Ben --bots 1")
    moves = GAME.seat_moves(table, "Ann")
    assert {(m.command, m.values, m.line) for m in moves if not m.key} == {
        ("draw", (("who", "Ann"),), "draw --as Ann"), ("take", (("who", "Ann"),), "take --as Ann"),
        ("kaivo", (("who", "Ann"),), "kaivo --as Ann"), ("leave", (("name", "Ann"),), "leave Ann")}
    looks = [m for m in moves if m.key]
    assert looks and all(m.command == "look" and dict(m.values)["who"] == "Ann" for m in looks)
    tbl = table.state["table"]
    spy = next(c for c in tbl["deck"] if tbl["cards"][c] == 11)
    tbl["deck"].remove(spy)
    tbl["deck"].append(spy)                       # the Spy is on top of the deck
    table.execute("draw --as Ann")
    table.execute("discard --as Ann")
    spies = [m for m in GAME.seat_moves(table, "Ann") if m.command == "spy"]
    assert len(spies) == 2 * 4 and spies[0].line == "spy Ben 1 --as Ann"
    assert dict(spies[0].values) == {"player": "Ben", "pos": 1, "who": "Ann"}


def test_k_score_1_a_round_s_score_is_one_news_entry_its_heading_first():
    """A page shows the newest news first; a score of several lines is one entry, so its
    heading stays above its lines there (the reveal and the score, each kept whole)."""
    from guide.core.dice import Dice
    from guide.core.seats import moves_for
    from guide.games.kaivo import screen
    from guide.games.kaivo.table import to_act

    t = Table(GAME, None, settings.load(GAME, []), Dice(3, record=False))
    t.execute("deal --friends Ann,Ben --bots 1")
    for turn in range(60):
        tbl = t.state["table"]
        if tbl["phase"] == "over" or t.state["last"]:
            break
        seat = tbl["names"][to_act(tbl)]
        moves = moves_for(t, seat)
        call = next((m for m in moves if "KAIVO" in m.label.upper()), None) if turn > 8 else None
        move = call or next(m for m in moves if m.label.startswith(("Draw", "Discard it", "Skip")))
        t.execute(move.line, seat=seat)
    news = screen.news(t.state, "Ann")
    score = news[-1].splitlines()
    assert score[0] == "Round 1:" and len(score) == 4 and score[1].startswith("Ann 24")
    assert [line.split(":")[0] for line in news[-2].splitlines()] == ["Ann", "Ben", "Eero"]


def _you_and_ann(table: Table) -> None:
    """You at the terminal and Ann at her phone (she took Aino's seat: K-JOIN-1); round 2,
    Ann to play, the deck's top a Spy (K-POW-1)."""
    table.execute("deal --bots 2")
    table.execute("join Ann")
    table.execute("kaivo")
    table.execute("deal")
    tbl = table.state["table"]
    assert tbl["names"][:2] == ["You", "Ann"] and to_act(tbl) == 1
    powers = table.library.rules.powers
    tbl["cards"][tbl["deck"][-1]] = next(v for v, power in powers.items() if power == "spy")


def test_k_turn_1_out_of_turn_at_the_terminal_it_is_your_turn_not_yous(table):
    table.execute("deal --bots 2")
    with pytest.raises(CommandError) as e:
        table.execute("draw --as Aino")
    assert str(e.value) == "it is your turn"
    table.execute("join Ann")
    table.execute("kaivo")
    table.execute("deal")
    with pytest.raises(CommandError) as e:
        table.execute("draw")
    assert str(e.value) == "it is Ann's turn"


def test_k_pow_1_a_friends_spy_on_you_names_you_without_an_apostrophe_s(table):
    _you_and_ann(table)
    look_all(table, "Ann")
    seat_move(table, "Ann", "Draw from the deck")
    seat_move(table, "Ann", "Discard it and use Spy")
    labels = [m["label"] for m in Desk.payload_of(table, "Ann")["moves"]]
    assert "Spy on position 1 of You" in labels and "Spy on Eero's position 1" in labels
    assert not any("You's" in label for label in labels)
    seat_move(table, "Ann", "Spy on position 2 of You")
    seen = cards(table, 0)[1]
    seeing = Desk.payload_of(table, "Ann")["view"]["you"]["seeing"]
    assert [(s["label"], s["text"]) for s in seeing if s["whose"] == "You"] == [
        ("the card at position 2 of You", f"You see {seen} at position 2 of You")]


def test_k_pow_1_the_swap_and_mind_read_buttons_name_you_without_an_apostrophe_s():
    from kaivo_helpers import rules

    from guide.games.kaivo.seats import _label

    def button(kind: str, who: str) -> str:
        return _label({}, rules, (kind,), {"pos": 1, "player": who, "their_pos": 3})

    assert button("swapwith", "Ben") == "Swap your 1 for Ben's 3"
    assert button("swapwith", "You") == "Swap your 1 for position 3 of You"
    assert button("mindread", "Ben") == "Mind Read Ben's position 1"
    assert button("mindread", "You") == "Mind Read position 1 of You"


def test_on_a_friends_page_the_terminals_you_reads_as_a_third_person(table):
    """The terminal's own player is named You; on Ann's page "You draw" would read as Ann's
    own move: there it is a third person, named You as the TV and the toolbar show it, with
    no "You's" (docs/kaivo.md); on its own screens, and on Ann's page for Ann, it stays "You"."""
    _you_and_ann(table)
    look_all(table, "Ann")
    seat_move(table, "Ann", "Draw from the deck")
    seat_move(table, "Ann", "Discard it and use Spy")
    seat_move(table, "Ann", "Spy on position 2 of You")
    table.execute("draw")                                 # You at the terminal
    news = Desk.payload_of(table, "Ann")["view"]["news"]
    assert news[1:5] == ["You deals; You start. Discard pile: 0, deck: 35.",  # You deals
                         "You draw from the deck.", "You discard 11, a Spy to use.",  # Ann
                         "You spy on position 2 of You."]
    assert news[-1] == "You draws from the deck."        # You at the terminal, to Ann
    assert "You draw from the deck." in screen.news(table.state, "You")
    state = {"news": [{"kind": "spied", "who": "Eero", "whom": "You", "pos": 0},
                      {"kind": "clock_ran_out", "who": "You", "limit": 20},
                      {"kind": "bot_seat", "name": "You", "bot": "Aino"},
                      {"kind": "match_over", "winners": ["You"], "score": 40}]}
    assert screen.news(state, "Ann") == [
        "Eero spies on position 1 of You.",
        "The 20 seconds of You ran out: the safe move is played (no penalty).",
        "Aino (a bot) takes the seat of You.", "The match is over: You wins with 40."]
    assert screen.news(state, "You") == [
        "Eero spies on your position 1.",
        "Your 20 seconds ran out: the safe move is played (no penalty).",
        "Aino (a bot) takes your seat.", "The match is over: You win with 40!"]
    assert screen.news(state, None) == screen.news(state, "You")     # the TV, as before
