"""The rulebook's worked examples, played through the command forms."""

from taverne_table import Brawl


def test_example_call_3_pierre_buys_a_pint_and_the_barrel_then_sets_two_dodges():
    b = Brawl()
    b.do("player Pierre --loot 2", "player Marie --loot 1", "player Jacques --loot 1",
         "start", "call")
    out = b.do("buy Pierre pint", "buy Pierre weapon")
    assert "Pierre buys a Pint (1 Loot, 1 left): 2 Pints, Prestige 2" in out
    assert "Pierre buys Weapon 6 (Barrel) (1 Loot, 0 left; pile top: 7)" in out
    b.do("call")
    # Pierre has 2 Prestige: 0, 1 or 2 Dodges; a third is refused (T-CALL-3)
    assert "at most 2 Dodges" in b.fails("dodges Pierre 1 2 4")
    out = b.do("dodges Pierre 2 4")
    assert out == "Pierre sets aside 2 and 4 as Dodges (2 Dodges of at most 2)"
    p = b.p("Pierre")
    assert (p["dodges"], p["hand"], p["prestige"], p["loot"]) == ([2, 4], [1, 3, 5, 6], 2, 0)


def marie_at_four_prestige() -> Brawl:
    """Marie (4 Prestige, 3 Dodges) attacked in melee by Pierre and Jacques, at range by
    Cécile, as in the example of call 5."""
    b = Brawl()
    b.do("player Marie --loot 3", "player Pierre --loot 2", "player Cécile --loot 1",
         "player Jacques --loot 1", "start", "call")
    b.do("loot Marie 3", "buy Marie pint --times 6", "buy Pierre pint", "buy Pierre weapon",
         "buy Cécile pint", "buy Jacques weapon", "call")
    b.do("dodges Marie 1 2 4", "dodges Pierre 2 4", "dodges Cécile 1 2", "call")
    b.do("attack Pierre --on Marie --weapon 3", "attack Cécile --on Marie --weapon 3",
         "attack Jacques --on Marie --weapon 6", "attack Marie --on Pierre --weapon 5")
    return b


def test_example_call_5_maries_three_quarrels():
    b = marie_at_four_prestige()
    assert (b.p("Marie")["prestige"], b.p("Marie")["dodges"]) == (4, [1, 2, 4])
    assert b.p("Pierre")["pile_top"] == 7 and b.p("Cécile")["pile_top"] == 6
    out = b.do("call")
    assert "Attacks placed: Pierre -> Marie (melee); Cécile -> Marie (ranged);" \
           " Jacques -> Marie (melee); Marie -> Pierre (melee)" in out
    before = {n: b.p(n)["loot"] for n in ("Marie", "Pierre", "Cécile", "Jacques")}
    b.do("dodge Marie --against Pierre 5 6", "dodge Marie --against Cécile 3",
         "dodge Pierre --against Marie 1")
    out = b.do("call")
    assert "Marie dodges 5 and 6; Pierre's 3 hits: Marie -3 Energy, Pierre +1 Loot" in out
    assert "Marie dodges 3; Cécile's 3 is dodged: Marie +1 Loot" in out
    assert ("Marie does not dodge; Jacques's 6 hits: Marie -6 Energy, Jacques +4 Loot"
            " (large Weapon: Marie's Prestige 4)") in out
    # the summary: all each gained and lost in the call, her own Attack on Pierre too
    assert "Marie, after 4 quarrels: -9 Energy, +2 Loot, 21 Energy left" in out
    assert "Pierre, after 2 quarrels: -5 Energy, +1 Loot, 25 Energy left" in out
    assert "Cécile: 30 Energy left" in out and "Jacques: +4 Loot, 30 Energy left" in out
    after = {n: b.p(n)["loot"] for n in before}
    # Marie: +1 for dodging Cécile, +1 for her own 5 on Pierre (he named only 1)
    assert after["Marie"] - before["Marie"] == 2
    assert after["Pierre"] - before["Pierre"] == 1
    assert after["Jacques"] - before["Jacques"] == 4
    assert after["Cécile"] == before["Cécile"]
    assert b.p("Marie")["energy"] == 21
    assert b.p("Pierre")["energy"] == 25
    # Jacques's Barrel goes under his pile; Cécile's small 3 back in hand (T-WPN-1)
    assert b.state["players"]["Jacques"]["pile"] == [7, 8, 9, 6]
    assert b.p("Cécile")["hand"] == [1, 2, 3, 4, 5]


def test_example_call_4_the_hooded_mans_four_opponents():
    b = Brawl()
    b.do("player Laurent --loot 1 --character 'Hooded Man'",
         "player Gil --loot 1 --character Ghoul",
         "player Eve --loot 1 --character Executioner",
         "player Sam --loot 1 --character 'Snake Man'",
         "player Wanda --loot 1 --character Witch", "start")
    assert b.state["players"]["Eve"]["character"] == "Bourreau Bigleux"
    from guide.games.taverne.seating import targets
    assert targets(b.state, "Laurent") == {"Gil": "melee", "Wanda": "melee",
                                           "Eve": "ranged", "Sam": "ranged"}


def test_example_jacques_draws_a_specialty_from_the_crypte_deck():
    b = Brawl()
    b.do("player Jacques --loot 2", "player Marie --loot 1", "player Pierre --loot 1",
         "start", "pint Jacques 3", "call")
    out = b.do("buy Jacques specialty")
    assert "Jacques draws a Specialty from the Crypte pile (1 Loot, 1 left; 1 Specialty in hand)" in out
    assert b.view()["counters"]["Jacques"]["specialties"] == 1


def test_names_are_typed_the_way_people_say_them():
    b = marie_at_four_prestige()
    b.do("call")
    assert b.do("dodge mar --against pie 5 6") == \
        "Marie has divided their Dodges against Pierre (sealed)"
    assert "no player named 'Zed'" in b.fails("dodge Marie --against Zed 3")
