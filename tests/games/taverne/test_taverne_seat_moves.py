"""Every choice a player makes, offered on their own seat (docs/taverne.md, Seats): call 2's
Loot, Assets, the Militia, Spells at any call (with the formula or, a Mistake, without),
the Dodge division of call 5 keyed for the page's pad, leaving and coming back; each move
is a command line the Pillar could type and runs the same from a seat as typed; the
reminder the moment a player reaches 5 Prestige in call 2; the false alarm on the TV."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable

from taverne_table import BOX, GAME, Brawl, brawl, next_turn, to_call

from guide.core.errors import CommandError
from guide.core.players import seats as seats_of
from guide.core.seats import Desk
from guide.games.taverne import cards
from guide.games.taverne.box import Box, Specialty
from guide.games.taverne.render import page_words
from guide.games.taverne.seats import sealed_choices
from guide.games.taverne.views import tv


def moves(b: Brawl, seat: str) -> dict[str, str]:
    return {m.label: m.line for m in GAME.seat_moves(b.table, seat)}


def groups(b: Brawl, seat: str) -> set[str]:
    return {m.group[0] for m in GAME.seat_moves(b.table, seat) if m.group}


def test_T_CALL_2_a_seat_spends_its_loot_on_a_weapon_a_pint_a_specialty():
    b = brawl(4, loot=2)
    assert "Spend your Loot (2 left)" not in groups(b, "Marie")      # call 1: not yet
    b.do("call")
    m = moves(b, "Marie")
    assert m["Weapon 6 from your pile"] == "buy Marie weapon"
    assert m["A Pint: 1 to 2 Pints"] == "buy Marie pint"
    assert m["A Specialty from the Crypte pile"] == "buy Marie specialty"
    b.table.execute("buy Marie weapon", seat="Marie")
    b.table.execute("buy Marie pint", seat="Marie")
    m = moves(b, "Marie")
    assert not [line for line in m.values() if line.startswith("buy")]    # no Loot left
    assert "Spend your Loot (2 left)" in groups(b, "Pierre")


def test_T_CNT_1_a_pints_button_says_the_prestige_it_brings_or_that_it_stays():
    """The Pint's small print: 1 to 2 Pints is Prestige 1 to 2; 2 to 3 Pints leaves it at 2
    (T-CNT-1's ladder), said as such, not as "2 to 2"."""
    b = brawl(4, loot=2)
    b.do("call")
    details = {m.label: m.detail for m in GAME.seat_moves(b.table, "Marie")}
    assert details["A Pint: 1 to 2 Pints"] == "1 Loot; Prestige 1 to 2"
    b.table.execute("buy Marie pint", seat="Marie")
    details = {m.label: m.detail for m in GAME.seat_moves(b.table, "Marie")}
    assert details["A Pint: 2 to 3 Pints"] == "1 Loot; Prestige stays 2"
    assert not [line for line in moves(b, "Pierre").values() if "Marie" in line]


def test_T_CALL_2_the_militia_from_the_seat_and_the_reminder_the_moment_of_5_prestige():
    b = brawl(4, loot=3)
    b.do("call", "pint Marie 9")                                   # 10 Pints: Prestige 4
    assert not b.kinds("militia_reminder")
    assert "Call the Militia!" not in moves(b, "Marie")
    b.do("buy Marie pint")                                         # 11: Prestige 5, at once
    assert b.kinds("militia_reminder")[-1]["who"] == ["Marie"]
    assert moves(b, "Marie")["Call the Militia!"] == "militia Marie"
    said = GAME.seat_view(b.table, "Marie")["said"]
    assert said["due"] and said["now"] == "You are at 5 Prestige: call the Militia!"
    b.state["players"]["Marie"]["trick"] = "Itch"
    assert moves(b, "Marie")["Call the Militia, keep the Dirty Trick Itch"] == \
        "militia Marie --keep-trick"
    b.table.execute("militia Marie", seat="Marie")
    assert b.state["militia"] == ["Marie"] and b.state["players"]["Marie"]["trick"] is None
    assert "Call the Militia!" not in moves(b, "Marie")
    assert page_words(tv(b.state, BOX.calls))["militia"] == "The Militia is called by Marie!"
    c = brawl(4, loot=3)
    c.do("call", "pint Pierre 9", "pint Pierre 1")                 # a card's Pint: reminded too
    assert c.kinds("militia_reminder")[-1]["who"] == ["Pierre"]
    d = brawl(4, loot=3)
    d.do("pint Pierre 10")                                         # call 1: at call 2's opening
    assert not d.kinds("militia_reminder")


def test_T_CALL_7_the_tv_shows_a_false_alarm():
    b = brawl(3, loot=3)
    b.do("call", "pint Marie 10", "militia Marie", "energy Marie -30")
    to_call(b, 8)
    assert b.kinds("false_alarm")
    words = page_words(tv(b.state, BOX.calls))
    assert words["militia"] == "False alarm! Nobody at 5 Prestige is standing: the brawl goes on"
    next_turn(b)
    assert page_words(tv(b.state, BOX.calls))["militia"] == ""


def test_T_SPELL_1_assets_into_play_and_back_and_discarded_over_the_prestige():
    box = Box(taverns={"Crypte": "CERCUEIL!"}, calls=BOX.calls, characters=BOX.characters,
              specialties={"lucky mug": Specialty("Lucky Mug", "asset"),
                           "bone charm": Specialty("Bone Charm", "asset"),
                           "grave dust": Specialty("Grave Dust", "asset")})
    b = Brawl(library=box)
    for n in ("Marie", "Pierre", "Cecile"):
        b.do(f"player {n} --loot 3")
    b.do("start", "call", "buy Marie specialty --times 2", "buy Marie pint")
    # T-BOX-1: she is offered the cards she drew, never the one left in the pile
    first, second = cards.hand(b.state, "Marie")
    left = ({"Lucky Mug", "Bone Charm", "Grave Dust"} - {first, second}).pop()
    m = moves(b, "Marie")
    assert f"Put {left} into play" not in m
    assert m[f"Put {first} into play"] == f'asset Marie "{first}"'
    b.table.execute(m[f"Put {first} into play"], seat="Marie")
    m = moves(b, "Marie")
    assert f"Put {first} into play" not in m
    assert m[f"Take {first} back into hand"] == f'asset Marie "{first}" --back'
    b.table.execute(m[f"Put {second} into play"], seat="Marie")
    assert b.state["players"]["Marie"]["assets"] == [first, second]
    assert not [k for k in moves(b, "Marie") if k.startswith("Put ")]   # 2 Prestige, 2 Assets
    b.do("mistake Marie")                                           # Prestige 1: one too many
    assert moves(b, "Marie")[f"Discard {second}"] == f'asset Marie "{second}" --discard'
    b.table.execute(f"asset Marie '{second}' --discard", seat="Marie")   # call waits for it
    b.do("call")                                                    # call 3: none into play
    assert not [k for k in moves(b, "Marie") if k.startswith(("Put ", "Take "))]


def test_T_SPELL_1_spells_at_any_call_the_formula_shown_and_the_mistake_without_it():
    b = brawl(4, loot=3)
    b.do("call", "buy Marie specialty --times 2")
    m = moves(b, "Marie")
    assert m["Shout \u201cCERCUEIL!\u201d and cast a Spell"] == "spell Marie"
    assert m["A Spell cast without the formula"] == "spell Marie --no-formula"
    b.do("call", "call")                                            # call 4: still offered
    assert "Shout \u201cCERCUEIL!\u201d and cast a Spell" in moves(b, "Marie")
    b.table.execute("spell Marie --no-formula", seat="Marie")
    p = b.state["players"]["Marie"]
    assert p["pints"] == 1 and p["spells"] == 0 and sum(p["specialties"].values()) == 1
    assert [e["who"] for e in b.table.story if e["kind"] == "spell_mistake"] == ["Marie"]
    line = next(m.line for m in GAME.seat_moves(b.table, "Marie")
                if m.label == "Attack Pierre (melee) with Weapon 1 + a Dirty Trick")
    b.table.execute(line, seat="Marie")                            # the last one, sealed
    assert not [k for k in moves(b, "Marie") if "Spell" in k]       # placed is played
    b.do("energy Pierre -30")
    assert "Shout \u201cCERCUEIL!\u201d and cast a Spell" not in moves(b, "Pierre")   # Stunned


def test_T_LEAVE_1_leaving_and_coming_back_from_the_seat():
    b = brawl(4)
    b.do("call")
    assert moves(b, "Cecile")["Leave the table"] == "leave Cecile"
    b.table.execute("leave Cecile", seat="Cecile")
    m = moves(b, "Cecile")
    assert list(m) == ["Come back to the table"] and m["Come back to the table"] == "back Cecile"
    b.table.execute("back Cecile", seat="Cecile")
    assert b.state["players"]["Cecile"]["returning"] and moves(b, "Cecile") == {}
    next_turn(b)
    assert b.p("Cecile")["present"]


def test_T_CALL_5_the_pad_finds_each_division_by_its_key_not_its_label():
    b = brawl(4)
    b.do("call", "call", "dodges Marie 2", "call", "attack Pierre --on Marie --weapon 3",
         "attack Jacques --on Marie --weapon 5")
    to_call(b, 5)
    keyed = [m for m in GAME.seat_moves(b.table, "Marie") if m.key]
    divisions = {(k["dodge"], tuple(k["values"])) for k in (json.loads(m.key) for m in keyed)}
    assert ("Pierre", ()) in divisions and ("Pierre", (3,)) in divisions
    assert ("Pierre", (6,)) not in divisions                        # not in Pierre's hand
    you = GAME.seat_view(b.table, "Marie")["you"]
    assert [q["attacker"] for q in you["quarrels"]] == ["Pierre", "Jacques"]
    assert you["quarrels"][0]["can_be"] == [1, 2, 3, 4, 5] and you["dodges_left"] == 1
    page = Desk.payload_of(b.table, "Marie")
    assert all("line" not in m for m in page["moves"])               # the page gets numbers


def through_a_brawl(b: Brawl, check: Callable[[], None]) -> None:
    """`check` at each call of one brawl's turn: the Loot spent, Dodges set aside, an
    Attack placed and settled."""
    check()
    b.do("call")
    check()
    b.do("buy Marie specialty", "buy Pierre pint", "call")
    check()
    b.do("dodges Pierre 1", "dodges Marie", "call")
    check()
    b.do("attack Marie --on Pierre --weapon 3 --trick Itch")
    to_call(b, 5)
    check()


def test_a_move_from_a_seat_runs_the_same_line_as_typed():
    """Through a brawl: every move each seat is offered, run from the seat, leaves the
    state the Pillar's typed command leaves (the line itself, or for a sealed choice its
    command form)."""
    b = brawl(4, loot=3)
    tried = 0

    def check() -> None:
        nonlocal tried
        for seat in seats_of(b.table):
            choices = {c.label: c.line for c in sealed_choices(b.state, seat)}
            for m in GAME.seat_moves(b.table, seat):
                real = b.table.state
                try:
                    b.table.state = copy.deepcopy(real)
                    b.table.execute(m.line, seat=seat)
                    from_seat = b.table.state
                    b.table.state = copy.deepcopy(real)
                    typed = choices[m.label] if m.line.startswith("sealed ") else m.line
                    b.table.execute(typed)
                    assert from_seat == b.table.state, (seat, m.label)
                    tried += 1
                finally:
                    b.table.state = real

    through_a_brawl(b, check)
    assert tried > 60


def test_every_seat_move_is_its_command_and_values_written_by_the_registry():
    """Moves as data (guide.core.moves): through a brawl, every move each seat is offered
    names its declared command and its values by parameter name, and its line is the one the
    table's registry writes from them; a sealed choice's line names the core's code of it
    (guide.core.sealed), of the turn, the call and the command placing it."""
    from guide.core import sealed

    b = brawl(4, loot=3)
    seen: set[str] = set()

    def check() -> None:
        for seat in seats_of(b.table):
            choices = sealed_choices(b.state, seat)
            for m in GAME.seat_moves(b.table, seat):
                values = dict(m.values)
                assert m.command, m.label
                assert b.table.registry.move(m.command, m.label, **values).line == m.line
                seen.add(m.command)
                if m.command == "sealed":
                    c = next(c for c in choices if (c.label, c.key) == (m.label, m.key))
                    box = sealed.sealed(b.state["seal_key"])
                    said = [b.state["turn"], b.state["call"], c.command, c.values]
                    assert values == {"name": seat, "code": sealed.code(box, seat, said)}

    through_a_brawl(b, check)
    assert {"buy", "dodges", "sealed", "leave", "call"} <= seen


def test_an_asset_is_put_back_or_discarded_not_both():
    """`asset` takes --back or --discard: both at once is refused in one line, nothing
    changed (it read as whichever came last)."""
    b = brawl(4, loot=3)
    b.do("call")
    before = copy.deepcopy(b.state)
    try:
        b.table.execute("asset Marie Mug --back --discard")
    except CommandError as e:
        assert str(e) == "asset: --back or --discard, not both"
    else:
        raise AssertionError("both flags were taken")
    assert b.state == before


def test_the_seat_page_speaks_french_at_a_french_table(tmp_path):
    """Every word of the seat page and every button, calls 2 to 5, in French (no message
    left untranslated), with the French typography."""
    from guide.core import i18n
    from guide.core.repl.run import open_table

    t = open_table(tmp_path / "t.sqlite", [], 1, game_id="taverne", lang="fr")
    try:
        for line in ("player Marie --loot 3", "player Pierre --loot 2", "player Cecile --loot 1",
                     "start", "call", "buy Marie specialty", "pint Pierre 10"):
            t.execute(line)
        pages = []
        with i18n.recording() as misses:
            pages.append(Desk.payload_of(t, "Marie"))
            pages.append(Desk.payload_of(t, "Pierre"))
            for line in ("call", "dodges Marie 1", "dodges Pierre 1", "dodges Cecile", "call",
                         "attack Pierre --on Marie --weapon 3", "attack Cecile --on Marie --weapon 5",
                         "attack Marie --on Pierre --weapon 2", "call"):
                t.execute(line)
            pages.append(Desk.payload_of(t, "Marie"))
        assert not misses
        marie, pierre, marie5 = pages
        labels = [m["label"] for m in marie["moves"]]
        assert "Une Chope\u00a0: de 1 à 2 Chopes" in labels
        assert "Crier «\u00a0CERCUEIL!\u00a0» et lancer un Sort" in labels
        assert pierre["view"]["said"]["now"] == \
            "Vous êtes à 5 de Prestige\u00a0: appelez la Milice\u00a0!"
        assert "Appeler la Milice\u00a0!" in [m["label"] for m in pierre["moves"]]
        said = marie5["view"]["said"]
        assert said["how_many"] == "Combien d’Esquives\u00a0?"
        assert [q["title"] for q in marie5["view"]["you"]["quarrels"]][0].startswith("Pierre vous attaque")
    finally:
        t.close()


def test_T_CALL_8_the_victim_keeps_one_of_the_dirty_tricks_served_from_the_seat():
    b = brawl(4, loot=3)
    b.do("call", "buy Marie specialty", "buy Cecile specialty", "call")
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 3 --trick Itch",
         "attack Cecile --on Pierre --weapon 4 --trick Hangover")
    to_call(b, 9)                                         # call 8 served both: Pierre keeps one
    served = b.state["served"]["Pierre"]
    assert sorted(served) == ["Hangover", "Itch"]
    kept = b.state["players"]["Pierre"]["trick"]
    other = next(c for c in served if c != kept)
    m = moves(b, "Pierre")
    assert m[f"Keep {other}"] == f"trick Pierre {other}" and f"Keep {kept}" not in m
    b.table.execute(m[f"Keep {other}"], seat="Pierre")
    assert b.state["players"]["Pierre"]["trick"] == other
    assert not [k for k in moves(b, "Marie") if k.startswith("Keep ")]


def test_a_spell_from_the_only_specialty_placed_as_the_dirty_trick_is_refused_either_way():
    """"A card that is placed is a card that is played": with or without the formula, the
    Specialty sealed with the Attack is not cast, and `call` goes on (T-CALL-4)."""
    b = brawl(4, loot=3)
    b.do("call", "buy Marie specialty")
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 3 --trick Itch")
    for line in ("spell Marie", "spell Marie --no-formula"):
        assert "placed face down as a Dirty Trick" in b.fails(line)
    to_call(b, 5)                                          # revealed: the card is played
    assert sum(b.state["players"]["Marie"]["specialties"].values()) == 0
    assert "holds no Specialty" in b.fails("spell Marie --no-formula")
