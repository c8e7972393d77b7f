"""New arrivals and returns after elimination (T-NEW-1), leaving and coming back
(T-LEAVE-1), and the chrono tournament's points (T-CHRONO-1)."""

from taverne_table import Brawl, brawl, next_turn, to_call

from guide.games.taverne.model import seated
from guide.games.taverne.render import render


def seconds(game, table) -> float | None:
    """The seconds left on the game's clock (T-CHRONO-2), None when none runs."""
    clock = game.clock(table)
    return None if clock is None else clock.seconds


def test_T_NEW_1_an_arrival_enters_at_call_1_with_the_highest_prestige_as_bonus():
    b = brawl(loot=1)
    b.do("pint Marie 6")                 # 7 Pints: Prestige 4, the highest at the table
    b.do("call")                         # call 2: too late for this turn
    out = b.do("player Anne --loot 2 --after Pierre")
    assert "Anne arrives; enters at turn 2, call 1 (T-NEW-1)" in out
    assert b.p("Anne")["present"] is False
    assert "enters the brawl at the next call 1" in b.fails("loot Anne 1")
    next_turn(b)
    anne = b.p("Anne")
    assert (anne["present"], anne["loot"], anne["energy"], anne["pints"]) == (True, 6, 30, 1)
    assert seated(b.state) == ["Marie", "Pierre", "Anne", "Cecile", "Jacques"]
    assert render(b.kinds("entered")[0]) == \
        "Anne enters: Initial Loot 2 + bonus 4 (highest Prestige) = 6 Loot"


def test_T_NEW_1_the_others_gain_1_loot_however_many_arrive():
    b = brawl(loot=1, start="start --variant double-tavern")     # 6 players: two boxes
    to_call(b, 4)
    b.do("player Anne --loot 1", "player Paul --loot 3")
    before = {n: b.state["players"][n]["loot"] for n in ("Marie", "Pierre", "Cecile")}
    next_turn(b)
    after = {n: b.state["players"][n]["loot"] for n in before}
    # call 5: +1 each (all hit), call 9: +1 each, call 1: +1 for the arrivals (once)
    assert all(after[n] - before[n] == 3 for n in before), (before, after)
    assert b.kinds("welcome_loot")[0]["who"] == ["Marie", "Pierre", "Cecile", "Jacques"]


def test_T_NEW_1_an_eliminated_player_returns_with_a_new_character_not_from_the_ko_pile():
    b = brawl(loot=1)
    b.state["players"]["Pierre"]["character"] = "Ghoul"
    b.do("energy Pierre -30")
    to_call(b, 7)
    assert b.p("Pierre")["eliminated"]
    assert "Ghoul is in the KO pile" in b.fails("player Pierre --loot 2 --character Ghoul")
    b.do("player Pierre --loot 2 --character 'Hooded Man'")
    next_turn(b)
    p = b.p("Pierre")
    assert (p["eliminated"], p["present"], p["loot"], p["energy"]) == (False, True, 3, 30)
    assert p["hand"] == [1, 2, 3, 4, 5] and p["pile_top"] == 6


def test_T_LEAVE_1_nothing_affects_an_absent_player_and_attacks_on_them_are_void():
    b = brawl(loot=1)
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 5", "attack Cecile --on Pierre --weapon 1")
    out = b.do("leave Pierre")
    # call 4: the Attacks are sealed (T-CALL-4), so the line names no placement
    assert "Pierre leaves the table (T-LEAVE-1)" in out and "void" not in out
    assert "is away: nothing affects them" in b.fails("energy Pierre -3")
    b.do("attack Jacques --on Marie --weapon 2", "call", "call")
    assert b.p("Pierre")["energy"] == 30 and b.p("Marie")["loot"] == 1
    assert render(b.kinds("quarrel_void")[0]) == "Marie's Attack on Pierre is void (T-LEAVE-1)"
    assert [e["attacker"] for e in b.kinds("quarrel_void")] == ["Marie", "Cecile"]


def test_T_LEAVE_1_back_at_the_start_of_a_turn_as_if_nothing_happened():
    b = brawl(loot=1)
    b.do("leave Cecile")
    to_call(b, 3)
    assert "comes back at turn 2, call 1" in b.do("back Cecile")
    assert b.p("Cecile")["present"] is False
    next_turn(b)
    c = b.p("Cecile")
    assert (c["present"], c["loot"], c["energy"]) == (True, 1, 30)


def test_T_LEAVE_1_the_pillar_who_leaves_passes_the_pillar_on():
    b = brawl()
    b.do("leave Marie")
    assert b.public["pillar"] == "Pierre"


def test_T_CHRONO_1_ten_per_prestige_one_per_loot_one_per_character_ko():
    b = brawl(loot=2)
    b.state["players"]["Pierre"]["character"] = "Ghoul"
    b.do("pint Marie 6", "energy Pierre -28")
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 5", "attack Cecile --on Pierre --weapon 1")
    to_call(b, 7)
    out = b.do("score")
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[3:]}
    # Marie: Prestige 4, Loot 2 + 1 (her hit) = 3, one Character KO -> 44
    assert rows["Marie"] == ["4", "3", "1", "44"]
    assert rows["Cecile"] == ["1", "3", "1", "14"]
    assert rows["Pierre"] == ["0", "0", "0", "0"]


def test_T_CHRONO_1_a_character_stunned_by_a_card_is_credited_to_nobody():
    b = brawl()
    to_call(b, 6)
    b.do("energy Jacques -30", "call")
    assert b.p("Jacques")["eliminated"]
    assert all(len(p["ko"]) == 0 for p in b.state["players"].values())


def test_players_join_only_with_an_initial_loot_and_a_name_of_one_word():
    b = Brawl()
    assert "one word" in b.fails("player 'Anne Marie' --loot 1")
    b.do("player Marie --loot 1", "player Pierre")
    assert b.fails("start") == "Initial Loot missing for Pierre: `player Pierre --loot N`"
    b.do("player pierre --loot 2", "player Cecile --loot 2", "start", "call")
    assert b.p("Pierre")["loot"] == 2
    assert "already seated" in b.fails("player marie --loot 2")
    assert "give Anne's Initial Loot" in b.fails("player Anne")


def test_T_CNT_3_start_names_the_line_to_type_for_each_player_without_an_initial_loot():
    """A new Pillar reads the very lines to type, not a placeholder to fill in."""
    b = Brawl()
    b.do("player Marie --loot 1", "player Pierre", "player Cecile")
    assert b.fails("start") == ("Initial Loot missing for Pierre, Cecile: `player Pierre --loot N`,"
                                " `player Cecile --loot N`")


def test_T_CNT_3_player_again_before_the_brawl_says_it_corrected_that_player():
    """`player Pierre --loot 2` over a Pierre seated says the correction, not a second
    "sits down" that read as a new player at the same seat."""
    b = Brawl()
    b.do("player Marie --loot 1", "player Pierre")
    assert b.do("player pierre --loot 2") == "Corrected: Pierre (seat 2), Initial Loot 2"
    assert seated(b.state) == ["Marie", "Pierre"]


def test_T_CNT_3_the_initial_loot_the_beginner_draw_asks_is_said_as_given():
    """After the beginner game's draw asks each Initial Loot from the card, giving it is not
    a correction: 'Corrected: Marie (seat 1) as ..., Initial Loot 2' read as if the Pillar had
    mistyped it."""
    b = Brawl()
    b.do("player Marie", "player Pierre", "start --beginner")
    character = b.state["players"]["Marie"]["character"]
    assert b.do("player Marie --loot 2") == f"Marie's {character}: Initial Loot 2"
    assert b.state["players"]["Marie"]["initial_loot"] == 2
    assert b.do("player Marie --loot 3").startswith("Corrected: Marie (seat 1)")   # again


def test_T_NEW_1_a_character_is_refused_when_another_player_has_it():
    b = Brawl()
    b.do("player Marie --loot 1 --character Ghoul", "player Marie --loot 2 --character Ghoul")
    assert "Ghoul is already in play" in b.fails("player Pierre --loot 1 --character ghoul")
    assert b.state["players"]["Marie"]["initial_loot"] == 2


def test_T_CHRONO_2_three_timed_rounds_on_the_core_clock_and_the_total():
    from guide.games.taverne import chrono
    from guide.games.taverne.game import TaverneGame
    clock = [1000.0]
    b = Brawl()
    b.table.now = lambda: clock[0]                     # the core's clock, the test's time
    game = TaverneGame()
    for n in ("Marie", "Pierre", "Cecile"):
        b.do(f"player {n} --loot 1")
    assert "the clock runs from `start`" in b.do("chrono start --minutes 45")
    assert seconds(game, b.table) is None                 # not before the brawl
    assert "30 or 45 minutes" in Brawl().fails("chrono start --minutes 20")
    for rnd in (1, 2, 3):
        b.do("start")
        assert seconds(game, b.table) == 45 * 60
        clock[0] += 45 * 60 - 1
        assert seconds(game, b.table) == 1
        assert game.toolbar(b.table).endswith(f" | round {rnd}: 1 min left")
        assert len(game.toolbar(b.table)) <= 80
        to_call(b, 3)                                   # a turn is under way
        clock[0] += 2
        if rnd == 1:     # (a table without a store counts no change: due() hands it once)
            assert b.table.due() == "chrono time"       # the core's clock runs it
        assert game.clock(b.table).line == "chrono time"
        b.table.execute("chrono time", timed=True)
        assert "time is already up" in b.fails("chrono time")
        assert seconds(game, b.table) is None
        assert game.toolbar(b.table).endswith(f" | round {rnd}: last turn")
        b.do("pint Marie 3")                            # 4 Pints: Prestige 3
        to_call(b, 9)
        out = b.do("call")                              # "each turn started must be finished"
        assert f"Round {rnd} is over:" in out and b.state["phase"] == "over"
        assert b.state["turn"] == 1
        if rnd < 3:
            assert "seat each with its Character" in b.do("chrono next")
            for n in ("Marie", "Pierre", "Cecile"):
                b.do(f"player {n} --loot 1")
    record = b.state["chrono"]
    # Marie: Prestige 3 (30) + Loot 1 start +1 call 9 ... each round the same
    assert len(record["rounds"]) == 3
    totals = chrono.totals_of(record)
    assert totals["Marie"] == 3 * record["rounds"][0]["Marie"]
    assert f"Champion of the Tournament: Marie ({totals['Marie']} points)!" in out
    assert "the tournament's three rounds are played" in b.fails("chrono next")
    assert "After 3 rounds: Marie" in b.do("score")


def test_T_CHRONO_2_chrono_next_before_the_rounds_end_says_what_ends_it():
    """It said 'round 1 is not over yet' and no more: a new game master could not tell
    whether to wait for the clock or to finish the turn."""
    b = Brawl()
    for n in ("Marie", "Pierre", "Cecile"):
        b.do(f"player {n} --loot 1")
    b.do("chrono start", "start")
    assert b.fails("chrono next") == \
        "round 1 is not over yet: its time is not up (`chrono time` when it is)"
    b.do("chrono time")
    assert b.fails("chrono next") == "round 1 is not over yet: its last turn, 1, ends at call 9"


def test_T_CHRONO_2_the_round_clock_is_on_the_tv():
    """The TV shows the Chrono round and the time its round ends, which the page counts
    down with its own clock ("Chrono round 1 of 3 · 44:59"), then that the turn under way is
    the round's last; nothing outside a tournament. From the state alone: the same state
    gives the same view, whenever it is drawn."""
    from guide.games.taverne.game import TaverneGame
    clock = [1000.0]
    b = Brawl()
    b.table.now = lambda: clock[0]
    game = TaverneGame()
    for n in ("Marie", "Pierre"):
        b.do(f"player {n} --loot 1")
    b.do("start")
    assert game.view(b.table)["chrono"] is None and game.view(b.table)["said"]["chrono"] == ""
    b.do("chrono start --minutes 30")
    view = game.view(b.table)
    assert view["chrono"] == {"round": 1, "rounds": 3, "ends_at": 1000.0 + 30 * 60, "last_turn": False}
    assert view["said"]["chrono"] == "Chrono round 1 of 3"
    clock[0] += 600
    assert game.view(b.table) == view                  # the page counts down, not the view
    b.do("chrono time")
    view = game.view(b.table)
    assert view["chrono"]["last_turn"] and view["said"]["chrono"] == "Chrono round 1 of 3: last turn"
    page = game.settings.view_page.decode()
    assert 'id="clock"' in page and "chrono.ends_at - Date.now() / 1000" in page
