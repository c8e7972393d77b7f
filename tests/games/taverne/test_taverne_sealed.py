"""Sealed choices: Attacks (and their Dirty Tricks) of call 4, Dodge divisions of call 5,
Auction bids stay inside the state; `view_for` is the only way out, and shows them to
nobody but their owner until everyone has chosen (T-CALL-4, T-CALL-5, T-VAR-AU-1)."""

import json

from taverne_table import brawl, to_call

from guide.games.taverne.views import public_state, view_for

PLAYER_KEYS = {"name", "present", "eliminated", "pints", "prestige", "energy", "loot",
               "stunned", "hand", "pile_top", "dodges"}


def test_guide_state_has_the_rules_page_shape():
    b = brawl()
    s = b.public
    assert {"schema", "game", "turn", "call", "pillar", "militia", "winners",
            "players"} <= set(s)
    assert (s["schema"], s["game"]) == (1, "taverne")
    assert all(set(p) == PLAYER_KEYS for p in s["players"])
    assert s["players"][0] == {"name": "Marie", "present": True, "eliminated": False,
                               "pints": 1, "prestige": 1, "energy": 30, "loot": 3,
                               "stunned": False, "hand": [1, 2, 3, 4, 5], "pile_top": 6,
                               "dodges": []}


def _sealed_brawl():
    b = brawl(loot=1)
    b.state["players"]["Marie"]["specialties"] = {"Crypte": 1}
    b.do("pint Pierre 1")
    to_call(b, 3)
    b.do("dodges Pierre 1")
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 4 --trick Hangover")
    return b


def test_T_CALL_4_a_sealed_attack_leaves_the_state_only_for_its_owner():
    b = _sealed_brawl()
    for viewer in (None, "Pierre", "Cecile"):
        text = json.dumps(view_for(b.state, viewer))
        assert "Hangover" not in text
        assert view_for(b.state, viewer).get("me", {}).get("attack") is None
    mine = view_for(b.state, "Marie")["me"]["attack"]
    assert mine == {"target": "Pierre", "weapon": 4, "range": "melee", "trick": "Hangover"}
    assert public_state(b.state)["attacks"] == []
    assert b.view()["counters"]["Marie"]["specialties"] == 1     # the Trick not yet seen
    assert [e["kind"] for e in b.events[-1:]] == ["sealed"]
    assert "4" not in json.dumps(b.events[-1]) and "Pierre" not in json.dumps(b.events[-1])


def test_T_CALL_4_finishing_reveals_placements_but_not_values():
    b = _sealed_brawl()
    b.do("attack Pierre --on Marie --weapon 5", "attack Cecile --on Jacques --weapon 3",
         "attack Jacques --on Marie --weapon 1", "call")
    attacks = b.public["attacks"]
    assert attacks[0] == {"attacker": "Marie", "target": "Pierre", "range": "melee",
                          "trick": True, "void": False, "answered": False, "settled": False,
                          "weapon": None, "dodged": None, "hit": None, "energy": None,
                          "loot_to": None, "loot": None}
    assert b.p("Marie")["hand"] == [1, 2, 3, 4, 5]
    assert b.view()["waiting"] == {"for": "to dodge", "who": ["Pierre"]}


def test_T_CALL_5_dodges_stay_sealed_until_call_then_all_are_settled_together():
    b = _sealed_brawl()
    b.do("attack Pierre --on Marie --weapon 5", "attack Cecile --on Jacques --weapon 3",
         "attack Jacques --on Marie --weapon 1", "call", "dodge Pierre --against Marie 4")
    for viewer in (None, "Marie", "Cecile"):
        v = view_for(b.state, viewer)
        assert v["attacks"][0]["dodged"] is None and v["attacks"][0]["answered"] is True
        assert v.get("me", {}).get("dodges", {}) == {}
    assert view_for(b.state, "Pierre")["me"]["dodges"] == {"Marie": [4]}
    assert b.view()["waiting"]["who"] == []
    b.do("call")
    settled = b.public["attacks"][0]
    assert (settled["weapon"], settled["dodged"], settled["hit"], settled["loot_to"]) == \
        (4, [4], False, "Pierre")


def test_the_pillars_status_shows_who_is_waited_for_never_the_values():
    b = _sealed_brawl()
    out = b.do("status")
    head = out.splitlines()[0] + " " + out.splitlines()[1].strip()     # wrapped at 80
    assert head == ("T1 call 4 To your cards! ... Ready? ... Attack! | Pillar Marie | to"
                    " attack: Pierre, Cecile, Jacques")
    assert "Hangover" not in out


def test_the_toolbar_fits_80_columns_shortening_the_call_first(monkeypatch):
    from guide.games.taverne.toolbar import toolbar
    monkeypatch.setenv("COLUMNS", "80")          # the core's one width rule: 79 of 80 columns
    b = _sealed_brawl()
    line = toolbar(b.state, b.library.calls)
    assert line == "T1 call 4 Attack! | Pillar Marie | to attack: Pierre, Cecile, Jacques"
    b.state["players"]["Pierre"]["name"] = "P" * 60
    b.state["turns"]["order"][1] = "P" * 60
    b.state["players"]["P" * 60] = b.state["players"].pop("Pierre")
    line = toolbar(b.state, b.library.calls)
    assert len(line) == 79 and line.endswith("…")


def test_the_toolbar_names_everyone_the_call_waits_for_before_the_pillar(monkeypatch):
    """At 80 columns four players to set their Dodges read 'to set Dodges: Marie, Pierre,…',
    and in French no name at all: the call's words go first, then the Pillar."""
    from guide.core.i18n import speaking
    from guide.games.taverne.toolbar import toolbar
    monkeypatch.setenv("COLUMNS", "80")
    b = brawl()
    to_call(b, 3)
    assert toolbar(b.state, b.library.calls) == \
        "T1 call 3 | Pillar Marie | to set Dodges: Marie, Pierre, Cecile, Jacques"
    with speaking("fr"):
        assert toolbar(b.state, b.library.calls) == \
            "T1 appel 3 | Esquives à mettre de côté\u00a0: Marie, Pierre, Cecile, Jacques"


def test_the_tv_view_is_the_table_from_above_public_only():
    from taverne_table import GAME
    b = _sealed_brawl()
    view = GAME.view(b.table)
    assert (view["game"], view["turn"], view["call"]) == ("taverne", 1, 4)
    assert view["words"] == "To your cards! ... Ready? ... Attack!"
    assert [(s["name"], s["seat"], s["of"], s["pillar"]) for s in view["seats"]] == [
        ("Marie", 0, 4, True), ("Pierre", 1, 4, False), ("Cecile", 2, 4, False),
        ("Jacques", 3, 4, False)]
    assert view["seats"][1]["dodges"] == [1] and view["seats"][1]["hand_size"] == 4
    assert view["quarrels"] == [] and "Hangover" not in json.dumps(view)
    assert view["waiting"] == {"for": "to attack", "who": ["Pierre", "Cecile", "Jacques"]}


def test_a_seat_sees_its_own_sealed_choices_only():
    from taverne_table import GAME
    b = _sealed_brawl()
    assert GAME.seat_view(b.table, "Marie")["you"]["attack"]["trick"] == "Hangover"
    assert GAME.seat_view(b.table, "Pierre")["you"]["attack"] is None
    assert "Hangover" not in json.dumps(GAME.seat_view(b.table, "Pierre"))
    assert GAME.seat_view(b.table, "Marie")["you"]["attack"]["target"] == "Pierre"


def test_status_shows_every_counter_within_80_columns():
    from taverne_table import brawl as start8
    b = start8(8)
    b.state["players"]["Zoe"]["assets"] = ["Lucky Mug"]
    b.state["players"]["Zoe"]["trick"] = "Gout"
    b.do("energy Paul -30", "leave Anne", "pint Marie 10")
    out = b.do("status")
    assert all(len(line) <= 80 for line in out.splitlines()), out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[3:11]}
    assert rows["Marie"] == ["11", "5", "30", "3", "5", "6", "-"]
    assert rows["Paul"][2:4] == ["0", "Stunned"]
    assert "Marie: the Pillar" in out and "Anne: away" in out
    assert "Zoe: Assets: Lucky Mug; Dirty Trick: Gout" in out
    b.do("call", "call", "call")
    out = b.do("status")
    assert all(len(line) <= 80 for line in out.splitlines()), out
    assert "to attack: Marie, Pierre, Cecile, Jacques, Laurent, Paul" in out.replace("\n  ", " ")


def test_a_dirty_trick_not_named_yet_is_not_named_twice_when_discarded():
    """A Dirty Trick sent from a seat is named once served (call 8); discarded before (the
    attack dodged, T-CALL-4; the first Militia caller's, T-CALL-2) it is said as "their
    Dirty Trick", never "Dirty Trick Dirty Trick" (in French "Coup Bas Coup Bas")."""
    from guide.core.i18n import speaking
    from guide.games.taverne.model import UNNAMED_TRICK
    from guide.games.taverne.render import render

    discarded = {"kind": "trick_discarded", "attacker": "Pierre", "trick": UNNAMED_TRICK}
    militia = {"kind": "militia", "who": "Marie", "discarded": UNNAMED_TRICK}
    assert render(discarded) == "Pierre's Dirty Trick is discarded"
    assert render(militia) == "Marie calls the Militia! (first: discards their Dirty Trick)"
    assert render({**discarded, "trick": "Hangover"}) == "Pierre's Dirty Trick Hangover is discarded"
    with speaking("fr"):
        assert render(discarded) == "Pierre\u00a0: son Coup Bas est défaussé"
        assert "Coup Bas Coup Bas" not in render(militia)
