"""Taverne's seats (guide.core.seats): one per player, the Pillar's included. A seat enters
its own sealed choices (the Attack and its Dirty Trick of call 4, a Dodge division per
Attack of call 5, the Auction bid, T-CALL-4, T-CALL-5, T-VAR-AU-1) and its public Dodges of
call 3 (T-CALL-3); nobody else sees a sealed choice before the reveal: not another seat, not
the TV page, not `guide state`, not the Pillar's screen (the journal keeps a code)."""

from __future__ import annotations

import copy
import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from taverne_table import BOX, GAME, NAMES, Brawl, brawl, to_call

from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.line import build
from guide.core.players import seats as seats_of
from guide.core.result import text
from guide.core.seats import Desk, desk_of
from guide.core.store import Store
from guide.core.table import Table
from guide.games.taverne.box import Box, Character
from guide.games.taverne.model import seated
from guide.games.taverne.views import public_state


def labels(b: Brawl, seat: str) -> list[str]:
    return [m.label for m in GAME.seat_moves(b.table, seat)]


def placing(b: Brawl, seat: str) -> list[str]:
    """The labels of the seat's placements of calls 3 to 5 and bids (not its Spells, Loot
    spent, leaving...): what the call waits for."""
    return [m.label for m in GAME.seat_moves(b.table, seat)
            if m.line.split()[0] in ("sealed", "dodges", "bid", "attack", "dodge")]


def line_of(b: Brawl, seat: str, label: str) -> str:
    return {m.label: m.line for m in GAME.seat_moves(b.table, seat)}[label]


def test_every_player_has_a_seat_and_a_legal_move_applies_at_once():
    b = brawl(4)
    assert seats_of(b.table) == ["Marie", "Pierre", "Cecile", "Jacques"]
    assert GAME.settings.seat_policy == "apply"
    assert placing(b, "Marie") == []                       # call 1: nothing to choose


def test_T_CALL_3_a_seat_sets_its_dodges_aside_one_weapon_at_a_time():
    b = brawl(4)
    b.do("pint Pierre 1")                                 # 2 Prestige: 2 Dodges
    to_call(b, 3)
    assert placing(b, "Pierre") == [f"Set aside Weapon {v} as a Dodge (1 of at most 2)"
                                   for v in (1, 2, 3, 4, 5)] + ["No Dodges"]
    b.table.execute(line_of(b, "Pierre", "Set aside Weapon 2 as a Dodge (1 of at most 2)"),
                    seat="Pierre")
    b.table.execute(line_of(b, "Pierre", "Set aside Weapon 4 as a Dodge (2 of at most 2)"),
                    seat="Pierre")
    assert b.state["players"]["Pierre"]["dodges"] == [2, 4]
    assert placing(b, "Pierre") == []                      # at the cap, and ready
    assert line_of(b, "Marie", "No Dodges") == "dodges Marie"    # public: a plain line


def test_T_CALL_4_a_seats_attacks_are_every_target_and_weapon_in_range():
    b = brawl(5, loot=1)                                  # five: two melee, two ranged
    b.state["players"]["Marie"]["specialties"] = {"Crypte": 1}
    to_call(b, 4)
    moves = placing(b, "Marie")
    assert "Attack Pierre (melee) with Weapon 2" in moves
    assert "Attack Pierre (melee) with Weapon 2 + a Dirty Trick" in moves
    assert "Attack Cecile (ranged) with Weapon 3" in moves
    assert not any(m.startswith("Attack Cecile (ranged) with Weapon 2") for m in moves)
    assert not any("Jacques (melee)" in m for m in moves)  # Jacques is ranged, Laurent melee
    assert len(moves) == 2 * (5 + 5 + 3 + 3)              # (T-WPN-2) each with or without Trick
    line = line_of(b, "Marie", "Attack Cecile (ranged) with Weapon 3 + a Dirty Trick")
    assert re.fullmatch(r"sealed Marie [0-9a-f]{12}", line)      # no target, no value
    out = text(b.table.execute(line, seat="Marie"))
    assert out == "(from Marie's seat)\nMarie's Attack is placed face down"
    q = b.state["quarrels"][0]
    assert (q["target"], q["weapon"], q["trick"]) == ("Cecile", 3, "Dirty Trick")
    assert placing(b, "Marie") == []                       # one Attack (T-CALL-4)


def test_T_CALL_5_a_division_per_attack_among_the_values_the_weapon_can_be():
    b = marie_at_four_prestige_in_call_5()
    moves = placing(b, "Marie")
    # Pierre (melee) holds 1 3 5 6; Cécile (ranged) holds 3 4 5: only 3 or 5 (the rulebook)
    against_cecile = [m for m in moves if m.startswith("Against Cécile")]
    assert against_cecile == ["Against Cécile (ranged): no Dodge",
                              "Against Cécile (ranged): dodge 3", "Against Cécile (ranged): dodge 5",
                              "Against Cécile (ranged): dodge 3 and 5"]
    assert sum(m.startswith("Against Pierre (melee)") for m in moves) == 1 + 4 + 6 + 4
    assert "Against Pierre (melee): dodge 5 and 6" in moves
    assert moves[0] == "Against Pierre (melee): no Dodge"       # the Pillar's order
    assert placing(b, "Cécile") == []                      # nobody attacks Cécile


def marie_at_four_prestige_in_call_5(b: Brawl | None = None) -> Brawl:
    """The example of call 5 (Marie at 4 Prestige with 3 Dodges, attacked by Pierre and
    Jacques in melee and Cécile at range), the Attacks typed by the Pillar."""
    from test_taverne_examples import marie_at_four_prestige
    b = marie_at_four_prestige()
    b.do("call")
    return b


def test_T_CALL_5_every_attack_is_answered_and_the_waiting_list_tells_no_division():
    b = marie_at_four_prestige_in_call_5()
    b.table.execute(line_of(b, "Marie", "Against Pierre (melee): dodge 3, 5 and 6"),
                    seat="Marie")
    # all three Dodges on Pierre: Marie is still waited for (she must answer Cécile and
    # Jacques, with no Dodge), or the list would tell how she divided them
    assert b.view()["waiting"] == {"for": "to dodge", "who": ["Marie", "Pierre"]}
    assert placing(b, "Marie") == ["Against Cécile (ranged): no Dodge",
                                  "Against Jacques (melee): no Dodge"]


def test_T_CALL_4_a_stale_or_foreign_code_is_refused_saying_nothing():
    b = brawl(4)
    to_call(b, 4)
    line = line_of(b, "Marie", "Attack Pierre (melee) with Weapon 4")
    code = line.split()[2]
    with pytest.raises(CommandError, match="^that choice is not open to Pierre now;"
                                           " choose again on the seat's page$"):
        b.table.execute(f"sealed Pierre {code}", seat="Pierre")     # Marie's, not his
    b.table.execute(line, seat="Marie")
    with pytest.raises(CommandError, match="not open to Marie now"):
        b.table.execute(line, seat="Marie")                         # one Attack
    other = brawl(4)
    to_call(other, 4)
    assert line_of(other, "Marie", "Attack Pierre (melee) with Weapon 4") != line   # its own key


def test_T_VAR_AU_1_a_seat_bids_sealed_and_the_bids_show_when_all_are_in():
    b = brawl(3, start="start --variant auction")
    assert placing(b, "Marie") == [f"Bid {e} Energy" for e in range(1, 31)]
    b.table.execute(line_of(b, "Marie", "Bid 24 Energy"), seat="Marie")
    assert placing(b, "Marie") == []
    assert "24" not in json.dumps(Desk.payload_of(b.table, "Pierre")["view"])
    assert Desk.payload_of(b.table, "Marie")["view"]["you"]["bid"] == 24
    b.table.execute(line_of(b, "Pierre", "Bid 20 Energy"), seat="Pierre")
    out = text(b.table.execute(line_of(b, "Cecile", "Bid 20 Energy"), seat="Cecile"))
    assert "Bids: Pierre 20, Cecile 20, Marie 24. Choosing order: Pierre, Cecile, Marie" in out


# --- the journal: what the Pillar's screen shows of a seat's choice ----------------------
@pytest.fixture
def stored(tmp_path):
    b = Brawl()
    b.table = Table(GAME, Store(tmp_path / "brawl.sqlite", game="taverne"), BOX, Dice(1))
    yield b
    if "view" in b.table.services:
        b.table.execute("view --stop")
    b.table.close()


def test_undo_of_a_seats_sealed_choice_shows_its_code_not_its_values(stored):
    b = stored
    b.do(*(f"player {n} --loot 1" for n in NAMES[:4]), "start")
    b.state["players"]["Marie"]["specialties"] = {"Crypte": 1}
    to_call(b, 4)
    line = line_of(b, "Marie", "Attack Pierre (melee) with Weapon 4 + a Dirty Trick")
    b.table.execute(line, seat="Marie")
    undone = text(b.table.execute("undo"))
    assert re.fullmatch(r"Undone: sealed Marie [0-9a-f]{12}", undone) and line in undone
    redone = text(b.table.execute("redo"))
    first, *retold = redone.splitlines()                  # redo retells what it redid
    assert first == f"Redone: {line}" and b.state["quarrels"][0]["weapon"] == 4
    assert retold and not any("Pierre" in r or "Dirty Trick" in r for r in retold)
    log = text(b.table.execute("log 3"))
    assert "Marie's Attack is placed face down" in log and "Pierre" not in log
    assert "Dirty Trick" not in log


# --- the rulebook's example of call 5, played from the seats over HTTP ---------------------
def _post(port: int, token: str, move: int, version: int) -> tuple[int, dict]:
    import http.client
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("POST", f"/seat/{token}/move", body=json.dumps({"move": move, "version": version}),
              headers={"Content-Type": "application/json",        # as the page sends it
                       "Origin": f"http://127.0.0.1:{port}"})
    r = c.getresponse()
    return r.status, json.loads(r.read())


def _get(port: int, path: str) -> bytes:
    import urllib.request
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
        return bytes(r.read())


def _from_seat(b: Brawl, seat: str, label: str) -> str:
    """The seat's page sends the move's number; the Pillar's table runs it (what the REPL
    does at once for a game without a game master: `seats take`)."""
    server, desk = b.table.services["view"], desk_of(b.table)
    page = json.loads(_get(server.port, f"/seat/{desk.tokens[seat]}/state.json"))
    move = next(m["id"] for m in page["moves"] if m["label"] == label)
    assert _post(server.port, desk.tokens[seat], move, page["version"]) == (202, {"said": "sent"})
    return text(b.table.execute(f"seats take {seat}"))


def test_example_call_5_maries_three_quarrels_played_from_the_seats(stored):
    b = stored
    b.do("player Marie --loot 3", "player Pierre --loot 2", "player Cécile --loot 1",
         "player Jacques --loot 1", "start", "call",
         "loot Marie 3", "buy Marie pint --times 6", "buy Pierre pint", "buy Pierre weapon",
         "buy Cécile pint", "buy Jacques weapon", "call", "view")
    port = b.table.services["view"].port
    for seat, label in [("Marie", "Set aside Weapon 1 as a Dodge (1 of at most 4)"),
                        ("Marie", "Set aside Weapon 2 as a Dodge (2 of at most 4)"),
                        ("Marie", "Set aside Weapon 4 as a Dodge (3 of at most 4)"),
                        ("Pierre", "Set aside Weapon 2 as a Dodge (1 of at most 2)"),
                        ("Pierre", "Set aside Weapon 4 as a Dodge (2 of at most 2)")]:
        _from_seat(b, seat, label)
    b.do("dodges Cécile 1 2", "dodges Jacques", "call")   # Cécile has no phone: the Pillar types
    for seat, label in [("Pierre", "Attack Marie (melee) with Weapon 3"),
                        ("Cécile", "Attack Marie (ranged) with Weapon 3"),
                        ("Jacques", "Attack Marie (melee) with Weapon 6")]:
        assert _from_seat(b, seat, label).endswith(f"{seat}'s Attack is placed face down")
        tv = _get(port, "/state.json")
        assert b'"weapon": 3' not in tv and b'"weapon": 6' not in tv
    pierre = json.loads(_get(port, f"/seat/{desk_of(b.table).tokens['Pierre']}/state.json"))
    assert pierre["view"]["you"]["attack"] == {"target": "Marie", "weapon": 3, "range": "melee",
                                               "trick": None}
    assert pierre["view"]["attacks"] == []                # nothing of the others' Attacks
    out = _from_seat(b, "Marie", "Attack Pierre (melee) with Weapon 5")
    assert out.endswith("Every Attack is placed: `call` reveals them")
    out = b.do("call")
    assert "Attacks placed: Pierre -> Marie (melee); Cécile -> Marie (ranged);" \
           " Jacques -> Marie (melee); Marie -> Pierre (melee)" in out
    before = {n: b.p(n)["loot"] for n in ("Marie", "Pierre", "Cécile", "Jacques")}
    _from_seat(b, "Marie", "Against Pierre (melee): dodge 5 and 6")
    _from_seat(b, "Marie", "Against Cécile (ranged): dodge 3")
    assert b.public["attacks"][0]["dodged"] is None       # sealed until `call`
    assert b'"dodged": [5, 6]' not in _get(port, "/state.json")
    assert placing(b, "Marie") == ["Against Jacques (melee): no Dodge"]    # no Dodge left
    _from_seat(b, "Marie", "Against Jacques (melee): no Dodge")
    out = _from_seat(b, "Pierre", "Against Marie (melee): dodge 3")       # Marie holds 3 and 5
    assert out.endswith("Every quarrel is answered: `call` settles them all together")
    out = b.do("call")
    assert "Marie dodges 5 and 6; Pierre's 3 hits: Marie -3 Energy, Pierre +1 Loot" in out
    assert "Marie dodges 3; Cécile's 3 is dodged: Marie +1 Loot" in out
    assert ("Marie does not dodge; Jacques's 6 hits: Marie -6 Energy, Jacques +4 Loot"
            " (large Weapon: Marie's Prestige 4)") in out
    # the summary: all each gained and lost in the call, her own Attack on Pierre too
    assert "Marie, after 4 quarrels: -9 Energy, +2 Loot, 21 Energy left" in out
    assert "Pierre dodges 3; Marie's 5 hits: Pierre -5 Energy, Marie +1 Loot" in out
    after = {n: b.p(n)["loot"] for n in before}
    assert {n: after[n] - before[n] for n in before} == \
        {"Marie": 2, "Pierre": 1, "Cécile": 0, "Jacques": 4}
    assert (b.p("Marie")["energy"], b.p("Pierre")["energy"]) == (21, 25)
    settled = json.loads(_get(port, "/state.json"))["quarrels"][0]
    assert (settled["weapon"], settled["dodged"], settled["hit"]) == (3, [5, 6], True)


# --- secrecy over random brawls ------------------------------------------------------------
def hidden_variants(state: dict) -> list[tuple[str, dict]]:
    """(owner, a copy of the state where only that owner's still-sealed choices differ):
    their Attack's target, Weapon and Trick (target and Trick or not until call 4 is
    finished; the Weapon until call 5 is; the Trick's name always), their Dodge divisions
    until call 5 is finished, their bid until the bids are revealed."""
    out = []
    for name, p in state["players"].items():
        alt = copy.deepcopy(state)
        changed = False
        for q in alt["quarrels"]:
            if q["attacker"] == name and alt["revealed"] < 5:
                q["weapon"] = 9 if q["weapon"] != 9 else 1
                changed = True
                if alt["revealed"] < 4:
                    others = [n for n in seated(alt) if n not in (name, q["target"])]
                    q["target"] = others[0] if others else q["target"]
                    q["trick"] = None if q["trick"] else "Trick of " + name
            if q["attacker"] == name and q["trick"]:
                q["trick"] = q["trick"] + " (another)"
                changed = True
            if q["target"] == name and q["dodges"] is not None and alt["revealed"] < 5:
                q["dodges"] = [] if q["dodges"] else [7, 8, 9]
                changed = True
        if len(p["pile"]) > 2:                    # under the top: the owner's own secret
            alt["players"][name]["pile"] = [p["pile"][0], *reversed(p["pile"][1:])]
            changed = alt["players"][name]["pile"] != p["pile"] or changed
        if alt["phase"] == "auction" and not alt["auction_revealed"] and p["bid"] is not None:
            alt["players"][name]["bid"] = 1 if p["bid"] != 1 else 2
            changed = True
        if changed:
            out.append((name, alt))
    return out


def check_secrecy(b: Brawl) -> None:
    t = b.table
    seats = seats_of(t)
    seen = {s: Desk.payload_of(t, s) for s in seats}
    tv, public, bar = GAME.view(t), public_state(t.state), GAME.toolbar(t)
    tab = completions(t)
    real = t.state
    try:
        for owner, alt in hidden_variants(real):
            t.state = alt
            for s in seats:
                if s != owner:
                    assert Desk.payload_of(t, s) == seen[s], f"{s}'s seat sees {owner}'s choice"
            assert GAME.view(t) == tv, f"the TV page shows {owner}'s sealed choice"
            assert public_state(t.state) == public, f"guide state shows {owner}'s choice"
            assert GAME.toolbar(t) == bar, f"the Pillar's toolbar shows {owner}'s choice"
            assert completions(t) == tab, f"Tab completion tells {owner}'s sealed choice"
    finally:
        t.state = real


def completions(t: Table) -> dict[str, list[str]]:
    """What Tab offers after the words a sealed choice's command starts with."""
    from guide.core.repl.completer import candidates
    out = {}
    for n in seated(t.state):
        for words in (["dodge", n, "--against"], ["attack", n, "--on"], ["attack", n, "--weapon"],
                      ["dodge", n, "--against", n], ["sealed", n], ["trick", n]):
            out[" ".join(words)] = candidates(t, words)
    return out


def play_from_seats(b: Brawl, rng: random.Random, turns: int) -> None:
    """Calls 3 to 5 (and the Auction's bids) from the seats, a seat chosen at random each
    time (now and then the Pillar types for a player without a phone), every other call by
    the Pillar; secrecy checked after every command, and every move offered is legal."""
    steps = 0
    while b.state["phase"] in ("brawl", "auction") and b.state["turn"] <= turns and steps < 400:
        steps += 1
        waiting = [s for s in seats_of(b.table) if placing(b, s)]
        if waiting and rng.random() < 0.9:
            seat = rng.choice(waiting)
            every = GAME.seat_moves(b.table, seat)
            moves = [(m.label, m.line) for m in every if m.label in placing(b, seat)]
            label, line = rng.choice(moves)
            for other in rng.sample([m.line for m in every], min(2, len(every))):   # legal
                before = b.table.state
                b.table.execute(other, seat=seat)
                b.table.state = before
            if line.startswith("sealed") and rng.random() < 0.1:
                line = _typed_by_the_pillar(b, seat, label)
                seat = None
            b.table.execute(line, seat=seat)
        elif b.state["phase"] == "auction" and b.state["auction_revealed"]:
            bids = {n: b.state["players"][n]["bid"] for n in seated(b.state)}
            # T-VAR-AU-2: the lowest bid chooses first, then upwards
            for i, n in enumerate(sorted(seated(b.state), key=bids.__getitem__)):
                b.do(build(["character", n, f"Figure{i}"], [("--loot", 2)]))
            b.do("call")
        else:
            if b.state["call"] == 2 and rng.random() < 0.5:
                for n in seated(b.state):
                    try:
                        b.do(build(["buy", n, rng.choice(["pint", "weapon", "specialty"])]))
                    except CommandError:
                        pass
            try:
                b.do("call")
            except CommandError:          # someone still to attack or to bid
                pass
        check_secrecy(b)


def _typed_by_the_pillar(b: Brawl, seat: str, label: str) -> str:
    """The same choice as the Pillar types it for a player without a phone."""
    from guide.games.taverne.seats import sealed_choices
    return next(c.line for c in sealed_choices(b.state, seat)
                if c.label == label)


def _figures() -> Box:
    """The bundled box with ten Characters of a table's own (an Auction of 8 lays out 8)."""
    lib = copy.deepcopy(BOX)
    for i in range(10):
        lib.characters[f"figure{i}"] = Character(f"Figure{i}")
    return lib


FIGURES = _figures()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 8), seed=st.integers(0, 10**6), auction=st.booleans())
def test_no_seat_and_no_screen_holds_another_players_sealed_choice(n, seed, auction):
    rng = random.Random(seed)
    b = Brawl(seed, library=FIGURES)
    for name in NAMES[:n]:
        b.do(f"player {name} --loot {rng.randint(1, 3)}")
    b.do("start" + (" --variant auction" if auction else "")
         + (" --variant double-tavern" if n > 5 else ""))    # 6 or more: two Weapon sets
    check_secrecy(b)
    play_from_seats(b, rng, turns=3)
    assert b.state["turn"] >= 2 or b.state["phase"] == "over"


@pytest.mark.parametrize("auction", [False, True])
def test_names_with_quotes_and_apostrophes_play_from_their_seats(auction):
    """Issue 41: every seat's move (sealed or plain, the Pillar's typed form too) is a line
    built by the core's builder (guide.core.line.build): players named `O'Brien`, `"Zed`,
    `l’Arme` and `Zed"--roll"` play three turns from their phones."""
    rng = random.Random(7)
    b = Brawl(7, library=FIGURES)
    for name in ("O'Brien", '"Zed', "l’Arme", 'Zed"--roll"'):
        b.do(build(["player", name], [("--loot", rng.randint(1, 3))]))
    b.do("start" + (" --variant auction" if auction else ""))
    play_from_seats(b, rng, turns=3)
    assert b.state["turn"] >= 2 or b.state["phase"] == "over"
