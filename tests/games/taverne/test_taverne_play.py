"""End to end: `guide play --game taverne` runs a script replaying the rulebook's worked
examples (Pierre's Loot and Dodges in call 3, Marie's three quarrels in call 5); `guide
state --game taverne` prints the rules page's JSON, sealed choices hidden; bad lines give
`error: ...` on stderr and exit 1; `guide check --game taverne` reads the box."""

from __future__ import annotations

import json
import sys

import pytest
from installed import guide, guide_env
from taverne_table import ROOT

EXAMPLE = """\
player Marie --loot 3
player Pierre --loot 2
player Cécile --loot 1
player Jacques --loot 1
start
call
loot Marie 3
buy Marie pint --times 6
buy Pierre pint
buy Pierre weapon
buy Cécile pint
buy Jacques weapon
call
dodges Marie 1 2 4
dodges Pierre 2 4
dodges Cécile 1 2
call
attack Pierre --on Marie --weapon 3
attack Cécile --on Marie --weapon 3
attack Jacques --on Marie --weapon 6
attack Marie --on Pierre --weapon 5
"""
QUARRELS = """\
call
dodge Marie --against Pierre 5 6
dodge Marie --against Cécile 3
dodge Pierre --against Marie 1
call
"""


@pytest.fixture
def env(tmp_path):
    """`guide` in a subprocess, with a data folder of its own (tests/installed.py)."""
    return guide_env(tmp_path)


def test_play_replays_the_worked_examples_and_state_hides_the_sealed(env, tmp_path):
    campaign = str(tmp_path / "brawl.sqlite")
    r = guide(env, "play", "--game", "taverne", "--campaign", campaign, "--seed", "1",
              stdin=EXAMPLE)
    assert r.returncode == 0, r.stderr
    assert "Pierre buys Weapon 6 (Barrel) (1 Loot, 0 left; pile top: 7)" in r.stdout
    assert "Pierre sets aside 2 and 4 as Dodges (2 Dodges of at most 2)" in r.stdout
    sealed = json.loads(guide(env, "state", "--game", "taverne", "--campaign", campaign).stdout)
    assert (sealed["turn"], sealed["call"], sealed["pillar"], sealed["attacks"]) == \
        (1, 4, "Marie", [])
    marie = sealed["players"][0]
    assert marie == {"name": "Marie", "present": True, "eliminated": False, "pints": 7,
                     "prestige": 4, "energy": 30, "loot": 0, "stunned": False,
                     "hand": [3, 5], "pile_top": 6, "dodges": [1, 2, 4]}
    assert sealed["players"][3]["hand"] == [1, 2, 3, 4, 5, 6]   # Jacques's 6 still shows
    r = guide(env, "play", "--game", "taverne", "--campaign", campaign, stdin=QUARRELS)
    assert r.returncode == 0, r.stderr
    assert "Marie dodges 5 and 6; Pierre's 3 hits: Marie -3 Energy, Pierre +1 Loot" in r.stdout
    assert "Marie dodges 3; Cécile's 3 is dodged: Marie +1 Loot" in r.stdout
    assert ("Marie does not dodge; Jacques's 6 hits: Marie -6 Energy, Jacques +4 Loot"
            " (large Weapon: Marie's Prestige 4)") in r.stdout
    state = json.loads(guide(env, "state", "--game", "taverne", "--campaign", campaign).stdout)
    by = {p["name"]: p for p in state["players"]}
    assert (by["Marie"]["energy"], by["Marie"]["loot"]) == (21, 2)
    assert (by["Jacques"]["loot"], by["Pierre"]["loot"], by["Cécile"]["loot"]) == (4, 1, 0)
    assert state["call"] == 6
    assert [(a["attacker"], a["weapon"], a["hit"]) for a in state["attacks"]] == [
        ("Pierre", 3, True), ("Cécile", 3, False), ("Jacques", 6, True), ("Marie", 5, True)]


def test_a_refused_line_is_an_error_on_stderr_and_exit_1(env, tmp_path):
    campaign = str(tmp_path / "b.sqlite")
    r = guide(env, "play", "--game", "taverne", "--campaign", campaign,
              stdin="player Ann --loot 1\nplayer Bob --loot 1\nplayer Cy --loot 1\nstart\n"
                    "call\ncall\ndodges Ann 1 2\ncall\nattack Ann --on Bob --weapon 6\n"
                    "undo\nstatus\n")
    assert r.returncode == 1
    assert r.stderr.splitlines() == [
        "error: Ann has 1 Prestige: at most 1 Dodge (0 already set aside) (T-CALL-3)",
        "error: Ann has no Weapon 6 in hand (hand: 1 2 3 4 5) (T-WPN-1)"]
    assert "Undone: call" in r.stdout
    assert "T1 call 3 Prepare your dodges! | Pillar Ann | to set Dodges: Ann, Bob, Cy" \
        in r.stdout


def test_check_reads_the_bundled_box(env):
    r = guide(env, "check", "--game", "taverne", str(ROOT / "cards" / "taverne"))
    assert r.returncode == 0, r.stderr
    assert "ok: the Taverne de la Licorne files read cleanly" in r.stdout


def test_the_repl_shows_the_taverne_prompt(env, tmp_path):
    import pexpect
    child = pexpect.spawn(sys.executable, ["-m", "guide", "play", "--game", "taverne",
                                           "--campaign", str(tmp_path / "r.sqlite")],
                          env=dict(env, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1"),
                          encoding="utf-8", timeout=20, dimensions=(24, 80))
    try:
        child.expect(r"taverne \(setup\)>")
        child.sendline("player Ann --loot 1")
        child.expect("Ann sits down")
        child.sendline("player Bob --loot 2")
        child.sendline("start")
        child.expect(r"taverne \(turn 1, call 1\)>")
    finally:
        child.close(force=True)


def test_completion_offers_names_hand_targets_and_attackers():
    from taverne_table import brawl, to_call

    from guide.core.repl.completer import candidates
    b = brawl(5)
    t = b.table
    assert "Cecile" in candidates(t, ["attack"])
    assert candidates(t, ["buy", "Marie"])[:3] == ["weapon", "pint", "specialty"]
    to_call(b, 4)
    assert candidates(t, ["attack", "Marie", "--on"]) == ["Pierre", "Laurent", "Cecile",
                                                          "Jacques"]
    assert candidates(t, ["attack", "Marie", "--weapon"]) == ["1", "2", "3", "4", "5"]


def test_the_view_server_serves_the_taverne_page_and_its_public_view(tmp_path):
    import urllib.request

    from taverne_table import BOX, GAME

    from guide.core.dice import Dice
    from guide.core.store import Store
    from guide.core.table import Table
    t = Table(GAME, Store(tmp_path / "v.sqlite", game="taverne"), BOX, Dice(1))
    for line in ("player Ann --loot 1", "player Bob --loot 2", "start", "view"):
        t.execute(line)
    server = t.services["view"]
    try:
        t.execute("call")
        base = f"http://127.0.0.1:{server.httpd.server_address[1]}"
        with urllib.request.urlopen(base + "/state.json", timeout=5) as r:
            view = json.loads(r.read())
        with urllib.request.urlopen(base + "/", timeout=5) as r:
            page = r.read().decode()
    finally:
        t.execute("view --stop")
        t.close()
    assert (view["call"], view["words"], view["pillar"]) == (2, "Spend your Loot!", "Ann")
    assert [s["name"] for s in view["seats"]] == ["Ann", "Bob"]
    assert "the table from above" in page


def test_a_script_plays_the_tables_box_its_exceptions_and_a_chrono_round(env, tmp_path):
    """Issue 27 end to end: `guide new box`, the table fills it, `guide check` reads it, and
    a script plays with it: a Character named the way people say it, its Initial Loot and
    power from the card, a Specialty drawn and named only to its owner, a card's exception
    logged, the chrono's round closed by hand (`chrono time`) and scored."""
    folder = tmp_path / "ours"
    r = guide(env, "new", "box", "--game", "taverne", "--to", str(folder))
    assert r.returncode == 0, r.stderr
    text = (folder / "cards.yaml").read_text(encoding="utf-8")
    text = text.replace("{name: Ghoul, tavern: null, initial_loot: null, power: null,"
                        " calls: []}", '{name: Ghoul, initial_loot: 2, power: "our power",'
                        " calls: [2]}")
    text = text.replace("specialties: []", "specialties:\n"
                        '  - {name: Hex, kind: spell, text: "our Hex text"}')
    (folder / "cards.yaml").write_text(text, encoding="utf-8")
    r = guide(env, "check", "--game", "taverne", str(folder))
    assert r.returncode == 0, r.stdout + r.stderr
    campaign = str(tmp_path / "box.sqlite")
    script = "\n".join([
        "player Cécile --character ghoul", "player Marie --loot 1", "player Pierre --loot 1",
        "chrono start --minutes 30", "start", "call", "buy cec specialty",
        "spell cec hex --on Pierre", "buy Marie pint --card 'our card'", "chrono time",
        "call", "call", "attack Cécile --on Marie --weapon 1",
        "attack Marie --on Pierre --weapon 1", "attack Pierre --on Cécile --weapon 1",
        "call", "call", "call", "call", "call", "call", "score", ""])
    r = guide(env, "play", "--game", "taverne", "--campaign", campaign, "--seed", "3",
              "--box", str(folder), stdin=script)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Cécile sits down (seat 1) as Ghoul, Initial Loot 2" in out
    assert "Cécile (Ghoul): our power" in out                       # at call 2
    assert "Cécile draws a Specialty from the Crypte pile" in out
    assert "(something only Cécile may see" in out and "Cécile draws Hex" not in out
    assert "Cécile casts Hex (1 of 1 this turn) on Pierre" in out
    assert "Hex (spell): our Hex text" in out
    assert "(by the card our card, T-EXC-1)" in out
    assert "Time is up for round 1: turn 1 is its last" in out
    assert "Round 1 is over:" in out and "After 1 round:" in out
