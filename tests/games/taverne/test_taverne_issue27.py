"""Issue 27's wrong results and crash, each with the rule it breaks: a Spell from a card
already placed, completion before the reveal, returns and arrivals at call 1, the discard
after the Pint lost at 5 Prestige, the Auction's order, the beginner's Initial Loot, the
door for an away Stunned player, and a seat's Dirty Trick named once served."""

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from taverne_table import BOX, GAME, NAMES, Brawl, brawl, next_turn, to_call

from guide.core.errors import CommandError
from guide.core.players import seats as seats_of
from guide.core.repl.completer import candidates
from guide.games.taverne.box import Character
from guide.games.taverne.model import UNNAMED_TRICK, seated
from guide.games.taverne.seating import targets
from guide.games.taverne.seats import GENERIC_TRICK


def test_T_CALL_4_a_spell_from_the_only_specialty_placed_as_a_dirty_trick_is_refused():
    b = brawl(4)
    to_call(b, 2)
    b.do("buy Marie specialty")
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 3 --trick Itch")
    # Basic Rules: "a card that is placed is a card that is played"
    assert "a card that is placed is a card that is played (T-CALL-4)" in b.fails("spell Marie")
    to_call(b, 5)                                  # the reveal spends the Trick's card
    assert b.state["players"]["Marie"]["specialties"] == {"Crypte": 0}
    assert "holds no Specialty to cast" in b.fails("spell Marie")


def test_T_CALL_4_with_two_specialties_one_placed_the_other_may_be_cast():
    b = brawl(4)
    to_call(b, 2)
    b.do("buy Marie specialty --times 2", "pint Marie 1")      # Prestige 2: two Spells
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 3 --trick Itch", "spell Marie")
    assert "a card that is placed" in b.fails("spell Marie")
    to_call(b, 6)
    assert b.state["players"]["Marie"]["specialties"] == {"Crypte": 0}


def _same_public(b: Brawl) -> Brawl:
    """Another brawl with the same public table but different sealed choices."""
    other = copy.deepcopy(b)
    for q in other.state["quarrels"]:
        p = other.state["players"][q["attacker"]]
        from guide.games.taverne.seating import targets
        reach = targets(other.state, q["attacker"])
        q["target"] = sorted(reach)[-1] if q["target"] != sorted(reach)[-1] else sorted(reach)[0]
        q["range"] = reach[q["target"]]
        q["weapon"] = [v for v in p["hand"] if q["range"] == "melee" or v % 2][-1]
        q["trick"] = None if q["trick"] else "Gout"
    return other


def every_completion(b: Brawl) -> dict[tuple[str, ...], list[str]]:
    """Every completion list of every command, at each argument and option, for each
    player named first."""
    t = b.table
    out: dict[tuple[str, ...], list[str]] = {}
    for command in sorted({n.split()[0] for n in t.registry.commands}):
        out[(command,)] = candidates(t, [command])
        for name in seated(b.state):
            words = [command, name]
            out[tuple(words)] = candidates(t, words)
            for opt in ("--on", "--weapon", "--against", "--trick", "--character", "--after"):
                out[(command, name, opt)] = candidates(t, words + [opt])
            for other in seated(b.state):
                out[(command, name, "--against", other)] = candidates(
                    t, words + ["--against", other])
    return out


def test_T_CALL_4_no_completion_list_holds_anything_sealed_before_the_reveal():
    b = brawl(5)
    to_call(b, 2)
    b.do("buy Marie specialty")
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 3 --trick Itch", "attack Pierre --on Cecile"
         " --weapon 1", "attack Cecile --on Marie --weapon 5")
    assert candidates(b.table, ["dodge", "Pierre", "--against"]) == []
    other = _same_public(b)
    assert other.state["quarrels"] != b.state["quarrels"]
    assert every_completion(b) == every_completion(other)
    to_call(b, 5)                                  # revealed: now the attackers are public
    assert candidates(b.table, ["dodge", "Pierre", "--against"]) == ["Marie"]


def test_T_NEW_1_shown_the_door_and_registered_at_start_of_turn_enters_that_turn():
    b = brawl(4, loot=1)
    b.do("energy Pierre -30")
    to_call(b, 7)                                  # call 6 showed Pierre the door
    next_turn(b)                                   # turn 2, call 1: "Start of turn!"
    out = b.do("player Pierre --loot 2 --character Ghoul")
    # "The player may return to the game as early as the following turn"
    assert "Pierre comes back as Ghoul; enters at turn 2, call 1 (T-NEW-1)" in out
    assert "Pierre enters: Initial Loot 2 + bonus 1 (highest Prestige) = 3 Loot" in out
    assert b.p("Pierre")["present"] and not b.p("Pierre")["eliminated"]
    b.do("player Anne --loot 1")                   # a second arrival: 1 Loot in all
    assert len(b.kinds("welcome_loot")) == 1
    assert b.p("Marie")["loot"] == b.kinds("welcome_loot")[0]["loot"]["Marie"]
    b.do("call")
    b.do("buy Pierre pint")                        # in the brawl this very turn


def test_T_END_1_after_the_pint_lost_at_5_prestige_the_asset_discard_is_asked():
    b = brawl(4, loot=3)
    to_call(b, 2)
    b.do("pint Marie 10", "buy Marie specialty --times 3")
    b.do("asset Marie Mug", "asset Marie Hat", "asset Marie Boots")
    b.state["players"]["Marie"]["specialties"]["Crypte"] += 2
    b.do("asset Marie Cape", "asset Marie Ring")   # 5 Assets at Prestige 5
    out = ""
    while b.state["call"] != 1 or b.state["turn"] == 1:
        if b.state["call"] == 4:
            from taverne_table import attack_rest
            attack_rest(b)
        out = b.do("call")
    # T-END-1: nobody called the Militia: -1 Pint, Prestige 4; T-SPELL-1: 4 Assets at most
    assert "Marie is at 5 Prestige and nobody called the Militia: -1 Pint" in out
    assert "Marie has 5 Assets in play and 4 Prestige: discard one" in out
    assert "still to discard an Asset down to their Prestige: Marie" in b.fails("call")
    b.do("asset Marie Ring --discard", "call")
    assert b.state["call"] == 2


def test_T_VAR_AU_2_the_lowest_bid_chooses_first_then_ascending():
    b = Brawl()
    for n in ("Marie", "Pierre", "Cecile"):
        b.do(f"player {n}")
    b.do("start --variant auction", "bid Marie 25", "bid Pierre 18", "bid Cecile 22")
    assert "Marie bid 25: Pierre, Cecile chooses first" in b.fails(
        "character Marie Ghoul --loot 2")
    assert "Pierre" in b.fails("character Cecile Ghoul --loot 2")
    b.do("character Pierre Ghoul --loot 1")
    assert "Ghoul is already taken" in b.fails("character Cecile Ghoul --loot 2")
    b.do("character Cecile 'Hooded Man' --loot 2", "character Marie Witch --loot 3", "call")
    assert b.state["players"]["Marie"]["character"] == "Sorcière Pustuleuse"


def test_T_VAR_AU_2_tied_bids_may_choose_in_either_order():
    b = Brawl()
    for n in ("Marie", "Pierre", "Cecile"):
        b.do(f"player {n}")
    b.do("start --variant auction", "bid Marie 20", "bid Pierre 20", "bid Cecile 10")
    b.do("character Cecile Ghoul --loot 1", "character Pierre Witch --loot 1",
         "character Marie 'Hooded Man' --loot 1", "call")


def _beginner_box() -> object:
    lib = copy.deepcopy(BOX)
    for c in lib.characters.values():
        if c.beginner:
            c.initial_loot = 2 if c.name.startswith("G") else 3
    return lib


def test_beginner_game_the_initial_loot_is_the_cards_from_the_box():
    b = Brawl(seed=5, library=_beginner_box())
    b.do("player Marie --loot 1", "player Pierre", "player Cecile")
    out = b.do("start --beginner")
    # a Loot typed before the draw is not the card's: the card's replaces it
    for n in ("Marie", "Pierre", "Cecile"):
        c = b.state["players"][n]["character"]
        want = 2 if c.startswith("G") else 3
        assert (b.p(n)["loot"], b.state["players"][n]["initial_loot"]) == (want, want)
        assert f"{n} draws {c} (beginner game), Initial Loot {want}" in out
    assert b.state["phase"] == "brawl"


def test_beginner_arrival_without_the_loot_in_the_box_is_asked_after_the_draw():
    b = Brawl(seed=2)
    b.do("player Marie", "player Pierre", "start --beginner", "player Marie --loot 1",
         "player Pierre --loot 1", "start", "call")
    out = b.do("player Anne")                      # call 2: drawn now, enters next turn
    drawn = b.state["players"]["Anne"]["character"]
    assert drawn in BOX.beginner_pool()
    assert f"Anne arrives as {drawn}; enters at turn 2, call 1 (T-NEW-1); give the Initial" \
           " Loot on the card: `player Anne --loot N`" in out
    next_turn(b)
    assert b.state["players"]["Anne"]["entering"]   # waits for its Initial Loot
    out = b.do("player Anne --loot 3")
    assert f"Anne's {drawn}: Initial Loot 3" in out and "Anne enters" in out
    assert b.state["players"]["Anne"]["character"] == drawn


def test_T_LEAVE_1_a_player_stunned_when_call_6_opens_is_shown_the_door_away_or_not():
    b = brawl(4, loot=1)
    to_call(b, 4)
    b.do("leave Pierre", "energy Marie -30")
    to_call(b, 5)
    # leave refused to the Stunned in calls 5 and 6
    assert "Marie is Stunned: shown the door at call 6, away or not (T-LEAVE-1)" in b.fails(
        "leave Marie")
    b.do("call")
    assert "Marie is Stunned" in b.fails("leave Marie")
    b2 = brawl(4, loot=1)
    b2.do("energy Jacques -30", "leave Jacques")   # Stunned in call 1, then away
    to_call(b2, 7)
    j = b2.state["players"]["Jacques"]
    assert j["eliminated"] and (j["pints"], j["loot"]) == (1, 0)
    assert b2.kinds("shown_door")[0]["who"] == "Jacques"
    assert "Jacques is not away" in b2.fails("back Jacques")


def test_T_CALL_8_a_seat_dirty_trick_is_named_by_its_owner_once_served():
    assert GENERIC_TRICK == UNNAMED_TRICK
    b = brawl(4)
    to_call(b, 2)
    b.do("buy Marie specialty")
    to_call(b, 4)
    b.do(f"attack Marie --on Pierre --weapon 3 --trick '{UNNAMED_TRICK}'")
    to_call(b, 9)
    assert b.state["players"]["Pierre"]["trick"] == UNNAMED_TRICK
    out = b.do("trick Pierre Itch")
    assert out == "Pierre's Dirty Trick: Itch"
    assert b.state["players"]["Pierre"]["trick"] == "Itch"
    assert "keeps one of the Dirty Tricks served this turn (Itch)" in b.fails(
        "trick Pierre Gout")


def test_names_a_character_by_the_way_people_say_it_and_an_unknown_one_is_refused():
    b = Brawl()
    out = b.do("player Cécile --character Gobelin --loot 1")
    assert "as Gobelin Teigneux" in out
    err = b.fails("player Marie --character Nobody --loot 1")
    assert "'Nobody' is not a Character of the box; its Characters: Gobelin Teigneux," in err
    b.do("player Marie --loot 2", "start", "call")
    assert "Cécile buys a Pint" in b.do("buy cec pint")


def test_energy_and_loot_lines_say_what_actually_changed():
    b = brawl(4)
    b.do("energy Marie -14")
    assert b.do("energy Marie -20") == "Marie -16 Energy, to 0 (-20 asked, 4 beyond the" \
                                        " limit); Stunned"
    b.do("loot Pierre 6")                          # 9 Loot
    to_call(b, 9)
    out = b.do("call")
    assert "lost at 9 Loot (the most): Pierre" in out


def test_T_CALL_5_a_hit_beyond_the_energy_left_says_the_energy_actually_lost():
    b = brawl(4)
    b.do("energy Pierre -28")                      # 2 left
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 5")
    to_call(b, 6)
    line = next(e for e in b.kinds("quarrel") if e["attacker"] == "Marie")
    assert line["energy"] == 2
    from guide.games.taverne.render import render
    assert "Marie's 5 hits: Pierre -2 Energy, to 0, Marie +1 Loot" in render(line)


def _figures() -> object:
    lib = copy.deepcopy(BOX)
    for i in range(10):
        lib.characters[f"figure{i}"] = Character(f"Figure{i}", initial_loot=1 + i % 3)
    return lib


FIGURES = _figures()


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_no_line_ever_makes_call_fail(seed):
    """Property: random legal and illegal lines (Spells, Tricks, Assets, leaving, returns,
    card effects, the seats' own moves) never make `call` or any command raise an internal
    error: a line is done or refused (CommandError), nothing else."""
    lib = FIGURES
    rng = random.Random(seed)
    b = Brawl(seed, library=lib)
    n = rng.randint(2, 5)
    for name in NAMES[:n]:
        b.do(f"player {name} --loot {rng.randint(1, 3)}")
    b.do("start")
    for _step in range(300):
        if b.state["phase"] != "brawl":
            break
        live = seated(b.state)
        who, other = rng.choice(live), rng.choice(live)
        line = rng.choice([
            "call", "call", "call", f"buy {who} specialty", f"buy {who} pint",
            f"buy {who} weapon", f"spell {who}", f"spell {who} Hex",
            f"asset {who} Mug", f"asset {who} Mug --back", f"asset {who} Mug --discard",
            f"attack {who} --on {other} --weapon {rng.randint(1, 9)} --trick Itch",
            f"attack {who} --on {other} --weapon {rng.randint(1, 9)}",
            f"dodges {who} {rng.randint(1, 9)}", f"dodge {who} --against {other} 3",
            f"leave {who}", f"back {who}", f"energy {who} -{rng.randint(1, 30)}",
            f"loot {who} {rng.randint(-3, 9)}", f"pint {who} {rng.randint(-3, 11)}",
            f"mistake {who}", f"militia {who}", f"trick {who} Itch", f"trick {who}",
            f"player {who} --loot 2 --character Figure{rng.randint(0, 9)}",
            f"player New{_step} --loot 1"])
        reach = targets(b.state, who) if who in b.state["players"] else {}
        hand = b.state["players"][who]["hand"]
        if rng.random() < 0.5:                       # lines that fit the call, mostly legal
            line = rng.choice({
                2: [f"buy {who} specialty"] * 3 + [f"asset {who} Mug", f"spell {who}"],
                4: [f"attack {who} --on {t} --weapon {v} --trick Itch" for t in reach
                    for v in hand[:1]] + [f"spell {who}"] * 2,
                5: [f"spell {who}", f"dodge {who} --against {other}"],
            }.get(b.state["call"], ["call"]) or ["call"])
        seats = [x for x in seats_of(b.table) if GAME.seat_moves(b.table, x)]
        if seats and rng.random() < 0.3:          # a seat's own move (sealed or not)
            seat = rng.choice(seats)
            move = rng.choice(list(GAME.seat_moves(b.table, seat)))
            try:
                b.table.execute(move.line, seat=seat)
            except CommandError:
                pass
            continue
        if b.state["call"] == 4 and line == "call":
            from taverne_table import attack_rest
            attack_rest(b)
        try:
            b.do(line)
        except CommandError:
            pass


def test_T_EXC_1_a_cards_exception_is_applied_by_a_command_with_the_card_logged():
    b = brawl(6)                                   # Double Tavern: 6 players
    assert "buy is for call 2" in b.fails("buy Marie pint")
    out = b.do("buy Marie pint --card 'our card'")        # Loot spent at call 1
    assert out.endswith("(by the card our card, T-EXC-1)")
    assert b.p("Marie")["pints"] == 2
    b.undo()                                       # undoable like every command
    assert b.p("Marie")["pints"] == 1
    to_call(b, 3)
    assert "at most 1 Dodge" in b.fails("dodges Pierre 1 2")
    out = b.do("dodges Pierre 1 2 --card 'our card'")     # extra Dodges
    assert b.p("Pierre")["dodges"] == [1, 2] and "(by the card our card" in out
    b.do("call")
    # Jacques (4th) is out of Marie's range at 6: only with a card (T-EXC-1)
    assert "out of Marie's range" in b.fails("attack Marie --on Jacques --weapon 3")
    b.do("attack Marie --on Jacques --weapon 3 --card 'our card'")
    assert b.state["quarrels"][-1]["target"] == "Jacques"
    assert "our card" not in str(b.view(None))           # sealed: the card says nothing
    out = b.do("energy Cecile -3 --card Hex")
    assert out == "Cecile -3 Energy: 27 (by the card Hex, T-EXC-1)"


def test_T_EXC_1_a_spell_may_target_a_player_out_of_range():
    b = brawl(6)
    b.do("call", "buy Marie specialty --times 2")
    out = b.do("spell Marie Hex --on Jacques")
    assert out == "Marie casts Hex (1 of 1 this turn) on Jacques, out of range (a" \
                  " Specialty's exception, T-EXC-1)"
    b.do("leave Pierre")
    b.state["players"]["Marie"]["spells"] = 0
    assert "Pierre is not in the brawl" in b.fails("spell Marie Hex --on Pierre")


def test_T_EXC_1_extra_dodges_against_one_attack_by_a_card():
    b = brawl(4)
    b.do("pint Marie 10")                          # Prestige 5
    to_call(b, 3)
    b.do("dodges Marie 1 2 3 4")
    to_call(b, 4)
    b.do("attack Pierre --on Marie --weapon 5")
    from taverne_table import attack_rest
    attack_rest(b)
    b.do("call")
    assert "at most 3 Dodges" in b.fails("dodge Marie --against Pierre 2 3 4 5")
    b.do("dodge Marie --against Pierre 2 3 4 5 --card 'our card'")
    b.do("call")
    q = next(e for e in b.kinds("quarrel") if e["attacker"] == "Pierre")
    assert q["guessed"] and q["dodged"] == [2, 3, 4, 5]


def test_T_VAR_AU_2_each_player_chooses_their_character_from_their_own_seat():
    """After the reveal the seat whose turn it is to choose (lowest bid first) is offered
    the Characters laid out, its Initial Loot from the card; the others none yet."""

    b = Brawl()
    for n in ("Marie", "Pierre", "Cecile"):
        b.do(f"player {n}")
    b.do("start --variant auction", "bid Marie 25", "bid Pierre 18", "bid Cecile 22")

    def choices(seat: str) -> dict[str, str]:
        return {m.label: m.line for m in b.table.game.seat_moves(b.table, seat)
                if m.line.startswith("character ")}

    assert choices("Marie") == {} and choices("Cecile") == {}
    offered = choices("Pierre")
    assert offered["Ghoul, Initial Loot 2"] == "character Pierre Ghoul --loot 2"
    b.table.execute(offered["Ghoul, Initial Loot 2"], seat="Pierre")
    assert b.state["players"]["Pierre"]["character"] == "Ghoul"
    assert choices("Pierre") == {} and not any("Ghoul" in k for k in choices("Cecile"))
    assert choices("Cecile") and choices("Marie") == {}


def test_player_again_corrects_the_player_as_the_table_types_the_name():
    """`player NAME` again (before `start`) corrects that player, the name typed without its
    accent or in another case (the one name resolver's folding): never a second Cécile."""
    b = Brawl()
    b.do("player Marie", "player Cécile --loot 1")
    b.do("player Cecile --loot 2", "player CÉCILE --loot 3")
    assert seated(b.state) == ["Marie", "Cécile"]
    assert b.state["players"]["Cécile"]["initial_loot"] == 3
