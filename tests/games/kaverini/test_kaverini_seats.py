"""Kaverini's seats: one per Kaveri. A seat never receives another seat's secrets (another
Kaveri's items with Usage, R-CONF-12; the foes' moves, Shields and Heels unless a Psychic
Kaveri is present, R-CONF-3), checked over random campaigns (and in a real browser by
test_kaverini_seats_browser.py); a seat's move reaches the campaign only through the Tour
Guide, on its own turn; the sheet's numbers are the engine's."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Play
from guide.core.errors import CommandError
from guide.core.line import build, split
from guide.core.seats import Desk, desk_of
from guide.games.kaverini.data.tables import ladders

PARTY = ["kaveri Ann --ability Passionate --technique Cheer --technique Love --technique Sadness",
         "kaveri Bob --ability Lagom --technique Anger --technique Happy --technique Innocence",
         "adventure amsterdam"]
STEPS = ["item Ann Stroopwafel", "item Bob Poffertjes", "item Ann Orange Scarf",
         "kaveri Cy --ability Psychic --technique Cheer --technique Love --technique Happy",
         "confront Gull", "confront 'Bike Bell Bandit' 'Tulip Bulb Speculator'", "next",
         "use Ann Love", "use Bob Anger", "foe Gull --on Ann", "end", "wp Ann 1", "undo",
         "play Ann Stroopwafel", "xp Bob 2", "buddy Hondje"]


def usage_items(table, name: str) -> set[str]:
    k = next(k for k in table.state["kaverit"] if k["name"] == name)
    return {i["card"] for i in k["items"] if i["uses"] is not None}


def foe_secrets(table) -> set[str]:
    """A foe's moves, Shield and Heel; a move named after the Emotion Table (R-FX-6: Cryface)
    is also every Kaveri's public technique name, so it tells nothing by itself."""
    c = table.state["confrontation"]
    if not c:
        return set()
    public = {name for lad in ladders().values() for name in lad.techniques}
    out = set()
    for f in c["foes"]:
        card = table.card(f["card"])
        out |= {json.dumps(t.name) for t in card.techniques if t.name not in public}
        out |= {f'"shield": "{card.shield}"', f'"heel": "{card.heel}"'} - {'"shield": "None"'}
    return out


def check_secrecy(table) -> None:
    psychic = any(k["ability"] == "Psychic" for k in table.state["kaverit"])
    names = [k["name"] for k in table.state["kaverit"]]
    tv = json.dumps(table.game.view(table))
    for seat in names:
        seen = Desk.payload_of(table, seat)
        everything = json.dumps(seen)
        others = json.dumps({k: v for k, v in seen["view"].items() if k != "you"})
        for other in names:
            mine = usage_items(table, seat)
            for item in usage_items(table, other) - mine:        # as a JSON value, whole
                assert json.dumps(item) not in everything, f"{seat}'s seat sees {other}'s {item}"
            for item in usage_items(table, other):
                assert json.dumps(item) not in others, f"{item} (Usage) outside {seat}'s sheet"
                assert json.dumps(item) not in tv
        if not psychic:
            for secret in foe_secrets(table):
                assert secret not in everything and secret not in tv
    # the story's last lines, on the TV and every seat: words, not JSON values
    story = " ".join(table.game.view(table)["story"])
    for k in names:
        for item in usage_items(table, k):
            assert item not in story, f"the story names {k}'s {item} (R-CONF-12)"
    if not psychic:
        for secret in story_secrets(table):
            assert secret not in story, f"the story tells {secret!r} (R-CONF-3)"


def story_secrets(table) -> set[str]:
    """What no story line may say without a Psychic Kaveri: any foe's move (of this fight or
    an earlier one) and whether a Shield or Heel applied."""
    public = {name for lad in ladders().values() for name in lad.techniques}
    moves = {t.name for c in table.library.cards.values() if c.type in ("foe", "power-foe")
             for t in c.techniques}
    return (moves - public) | {"Shield", "Heel"}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(STEPS), max_size=12))
def test_no_seat_receives_another_seats_secrets(steps):
    with tempfile.TemporaryDirectory() as folder:
        os.environ["GUIDE_DATA_DIR"] = folder
        play = Play(Path(folder) / "c.sqlite", seed=5)
        try:
            for line in PARTY + steps:
                try:
                    play.table.execute(line)
                except CommandError:
                    pass
                check_secrecy(play.table)
        finally:
            play.close()


def test_a_seats_moves_come_on_its_own_turn_and_wait_for_the_tour_guide(party):
    t = party.table
    t.execute("confront Gull")
    desk = desk_of(t)
    assert Desk.payload_of(t, "Bob")["moves"] == []            # Ann acts first (R-CONF-2)
    ann = Desk.payload_of(t, "Ann")
    labels = [(m.get("group"), m["label"], m.get("detail")) for m in ann["moves"]]
    cheer = (["Technique", "Cheer: Grin"], "Rogue Herring Gull", "1 Schmerz, effect 10%")
    assert cheer in labels
    desk.publish(lambda token, body: None)
    version = desk.payload("Ann")["version"]
    bobs = desk.payload("Bob")["version"]                      # each page its own version
    assert desk.receive(desk.tokens["Bob"], 0, bobs) == "not one of your moves now"
    move = labels.index(cheer)
    assert desk.receive(desk.tokens["Ann"], move, version) == "sent"
    assert t.state["confrontation"]["turns"]["acted"] == []    # nothing without the Tour Guide
    shown = party.do("seats take Ann")
    assert shown.startswith("(from Ann's seat)") and "Ann uses Grin (Cheer 1)" in shown




def test_a_seats_move_waits_at_the_prompt_and_enter_runs_it(tmp_path):
    """In a real terminal: a move sent from Ann's phone appears at the Tour Guide's prompt
    as its ready-made line, with a note in the toolbar; Enter runs it, from Ann's seat."""
    from terminal import Terminal, terminal_env

    campaign = tmp_path / "c.sqlite"
    script = "\n".join(PARTY + ["confront Gull"]) + "\n"
    subprocess.run([sys.executable, "-m", "guide", "play", "--campaign", str(campaign)],
                   input=script, text=True, capture_output=True, timeout=60,
                   env=terminal_env(tmp_path), check=True)
    term = Terminal(["play", "--campaign", str(campaign), "--seed", "2"], terminal_env(tmp_path),
                    rows=24, cols=80)
    try:
        term.wait_for("guide (amsterdam, round 1: kaverit)>")
        term.line("view")
        shown = term.wait_for("The players' view is at")
        port = int(re.search(r"127\.0\.0\.1:(\d+)/", shown).group(1))
        term.line("seats --no-qr")
        token = re.search(r"Ann: http://\S+/seat/(\S+)", term.wait_for("Bob: http")).group(1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/seat/{token}/state.json") as r:
            page = json.loads(r.read())
        move = next(m for m in page["moves"] if m.get("group") == ["Technique", "Love: Soft Gaze"])
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/seat/{token}/move", method="POST",
            data=json.dumps({"move": move["id"], "version": page["version"]}).encode(),
            headers={"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"})
        with urllib.request.urlopen(request) as r:
            assert json.loads(r.read()) == {"said": "sent"}
        term.wait_for('use Ann Love --on "Rogue Herring Gull"')
        term.wait_for("Ann's seat sent this: Enter runs it")
        term.line("")
        term.wait_for("(from Ann's seat)")
        term.wait_for("Ann uses Soft Gaze (Love 1)")
    finally:
        term.close()


# --- the sheet's numbers are the engine's (view/sheet.py) -----------------------------------
def you(t, seat: str = "Ann") -> dict:
    return Desk.payload_of(t, seat)["view"]["you"]


def test_r_dmg_2_e_counts_a_bonded_item_and_the_setting_and_the_schmerz_includes_it(party):
    t = party.table
    party.do("item Ann Orange Scarf")
    assert you(t)["E"] == {"base": 0, "total": 0, "parts": []}          # held, not bonded
    party.do("bond Ann Orange Scarf")
    assert you(t)["E"] == {"base": 0, "total": 1, "parts": [["Orange Scarf (bonded)", 1]]}
    party.do("item Bob Wooden Clogs", "bond Bob Wooden Clogs")
    assert you(t, "Bob")["H"]["total"] == 1 and you(t, "Bob")["H"]["parts"] == [["Wooden Clogs (bonded)", 1]]
    party.do("confront Gull --setting Westertoren")                     # +1 E to the Kaverit
    mine = you(t)
    assert mine["E"]["total"] == 2 and ["cards and effects in play", 1] in mine["E"]["parts"]
    cheer = next(x for x in mine["techniques"] if x["name"] == "Cheer")
    assert (cheer["base"], cheer["emotion"], cheer["schmerz"]) == (1, 2, 3)    # R-DMG-1, R-DMG-2
    custom = next(x for x in mine["techniques"] if x["name"] == "Bad Hair Day")
    assert custom["ladder"] is None and custom["effect"] is None
    assert custom["schmerz"] == custom["base"] + 2                      # its level + Lv, + E


def test_r_conf_3_with_a_psychic_kaveri_the_schmerz_on_each_foe_is_what_the_engine_deals(party):
    t = party.table
    party.do("confront Gull")
    assert all("on" not in x for x in you(t)["techniques"])             # the foes' side: closed
    party.do("undo",
             "kaveri Cy --ability Psychic --technique Cheer --technique Love --technique Happy",
             "confront Gull")
    love = next(x for x in you(t, "Bob")["techniques"] if x["name"] == "Love")
    shown = love["on"]["Rogue Herring Gull"]
    party.do("next")                                                    # Ann passes
    out = party.do('use Bob Love --on "Rogue Herring Gull"')
    assert f"Soft Gaze deals {shown} Schmerz to Rogue Herring Gull" in out


def test_r_fx_1_to_3_the_effects_chance_and_the_turns_an_effect_has_left(tmp_path, monkeypatch):
    monkeypatch.setenv("GUIDE_DATA_DIR", str(tmp_path / "data"))
    play = Play(tmp_path / "c.sqlite", seed=3)
    try:
        play.do("kaveri Ann --ability Passionate --technique Cheer --technique Love --technique Sadness",
                "kaveri Bob --ability Lagom --technique Anger --technique Happy --technique Innocence",
                "adventure amsterdam", "confront Gull")
        t = play.table
        chance = {x["name"]: x["effect"] for x in you(t)["techniques"]}
        assert chance["Love"] == {"percent": 100, "why": "Passionate, first use (R-FX-3)"}
        assert you(t, "Bob")["techniques"][0]["effect"] == {"percent": 10,
                                                            "why": "d20 of 19 or more (R-FX-1)"}
        play.do('use Ann Love --on "Rogue Herring Gull"')               # Passionate: it triggers
        mine = you(t)
        assert {x["name"]: x["effect"]["percent"] for x in mine["techniques"]}["Love"] == 10
        assert mine["effects"] == [{"on": "Ann", "why": "Love", "kind": "love", "turns_left": 1,
                                    "what": "a foe's technique does nothing",
                                    "said": "Ann: a foe's technique does nothing (Love) · 1 turn left"}]
        play.do("next", "next")                                         # Bob, then the Gull pass
        mine = you(t)
        assert t.state["confrontation"]["turns"]["round"] == 2
        assert {x["name"]: x["effect"] for x in mine["techniques"]}["Love"] == {
            "percent": 0, "why": "it triggered last turn (R-FX-2)"}
        assert mine["effects"][0]["turns_left"] == 1                    # this turn is its last
        tv = t.game.view(t)["confrontation"]["effects"]
        assert tv == mine["effects"]                                    # every effect on the TV
    finally:
        play.close()


def test_moves_are_grouped_by_what_they_do_and_never_read_from_their_labels(party):
    t = party.table
    party.do("item Ann Stroopwafel", "wp Ann 1", "confront Gull 'Bike Bell Bandit'")
    moves = Desk.payload_of(t, "Ann")["moves"]
    groups = [tuple(m.get("group", ())) for m in moves]
    assert ("Technique", "Cheer: Grin") in groups and ("Item",) in groups
    assert ("World point", "Sadness: Cryface") in groups
    lines = {(tuple(m.get("group", ())), m["label"]): move.line
             for m, move in zip(moves, t.game.seat_moves(t, "Ann"), strict=True)}
    assert lines[(("Technique", "Cheer: Grin"), "Bike Bell Bandit")] == \
        'use Ann Cheer --on "Bike Bell Bandit"'
    assert lines[(("World point", "Cheer: Grin"), "Every foe, the effect on Bike Bell Bandit")] == \
        'use Ann Cheer --on "Bike Bell Bandit" --world-point all-foes'
    assert lines[(("World point", "Cheer: Grin"), "Force the effect on Rogue Herring Gull")] == \
        'use Ann Cheer --on "Rogue Herring Gull" --world-point effect'
    assert lines[(("Item",), "Play Stroopwafel")] == "play Ann Stroopwafel"
    assert lines[((), "Pass this turn")] == "next"
    # each move is data: its command and its values by parameter name, the line built from them
    data = {(m.command, tuple(sorted(m.values))) for m in t.game.seat_moves(t, "Ann")}
    assert ("use", (("name", "Ann"), ("on", "Bike Bell Bandit"), ("technique", "Cheer"),
                    ("world_point", "all-foes"))) in data
    assert ("play", (("card", "Stroopwafel"), ("name", "Ann"))) in data and ("next", ()) in data
    assert all("line" not in m for m in moves)                          # the page never sees one
    for line in lines.values():                                         # each is legal as it is
        t.execute(line)
        t.execute("undo")


def test_a_seats_button_says_the_schmerz_the_sheet_lists_then_with_e(party):
    """R-DMG-1/2: the button led with '4 Schmerz with E' where the sheet lists 3; it says 3,
    then the sum with E as a hit shows it."""
    party.raw["kaverit"][0]["ladders"]["Cheer"] = 3
    party.raw["kaverit"][0]["emotion"] = 1
    party.table.execute("confront Gull")
    ann = Desk.payload_of(party.table, "Ann")
    details = {m["label"]: m.get("detail") for m in ann["moves"]
               if m.get("group") == ["Technique", "Cheer: Woo-hoo!"]}
    assert details["Rogue Herring Gull"] == "3 Schmerz (3 +1 E = 4), effect 30%"


def test_names_with_quotes_apostrophes_and_dashes_play_from_their_seats(play):
    """Issue 41: every seat's move is a line built by the core's builder
    (guide.core.line.build): Kaverit named `Zed "the" Rock`, `-Mo` and `O’Brien` use
    techniques and items from their seats on their turns."""
    names = ['Zed "the" Rock', "-Mo", "O’Brien"]
    play.do("adventure amsterdam")
    for name, tech in zip(names, ("Cheer", "Love", "Anger"), strict=True):
        play.do(build(["kaveri", name], [("--ability", "Lagom"), ("--technique", tech),
                                         ("--technique", "Happy"), ("--technique", "Sadness")]))
    play.do(build(["item", names[0], "Stroopwafel"]), "confront Gull")
    t = play.table
    assert [k["name"] for k in t.state["kaverit"]] == names
    acted = []
    for _turn in range(len(names)):
        seat = next(s for s in names if t.game.seat_moves(t, s))
        moves = t.game.seat_moves(t, seat)
        for m in moves:                                    # each is legal as it is
            assert m.line == "next" or seat in split(m.line), m.line
            t.execute(m.line)
            t.execute("undo")
        t.execute(next(m.line for m in moves if m.line.startswith("use")))
        acted.append(seat)
    assert sorted(acted) == sorted(names)


def test_r_conf_3_a_seats_button_says_what_reaches_that_foe_when_its_secrets_are_open(party):
    """R-CONF-3, R-DMG-3/4: with a Psychic Kaveri present the technique's card lists 'On each
    foe: Rogue Herring Gull: 3' (its Heel is Cheer, its H 1), and the Gull's button said
    '2 Schmerz' alone; it says what reaches that foe too, and a Heel the GM decides is left
    to the sheet's number."""
    party.do("kaveri Cy --ability Psychic --technique Cheer --technique Love --technique Happy",
             "confront Gull 'Stroopwafel Smuggler'")
    party.raw["kaverit"][0]["ladders"]["Cheer"] = 2
    ann = Desk.payload_of(party.table, "Ann")
    cheer = next(x for x in you(party.table)["techniques"] if x["name"] == "Cheer")
    details = {m["label"]: m.get("detail") for m in ann["moves"]
               if m.get("group") == ["Technique", "Cheer: Cheers!"]}
    assert cheer["on"] == {"Rogue Herring Gull": 3, "Stroopwafel Smuggler": "GM"}
    assert details["Rogue Herring Gull"] == "2 Schmerz; 3 after its Shield, Heel and H, effect 20%"
    assert details["Stroopwafel Smuggler"] == "2 Schmerz, effect 20%"
    out = party.do('use Ann Cheer --on "Rogue Herring Gull"')
    assert "Cheers! deals 3 Schmerz to Rogue Herring Gull" in out
