"""The box (cards/taverne/): what the rulebook gives and nothing it does not; the table's
own folder fills in powers and Initial Loot; the beginner game needs no card text."""

from pathlib import Path

from taverne_table import BOX, GAME, Brawl, to_call

from guide.core import settings


def test_the_box_holds_the_rulebooks_counts_names_and_calls():
    assert BOX.name == "Taverne de la Licorne"
    assert BOX.components["weapon_cards"] == 45 and BOX.components["weapon_sets"] == 5
    assert BOX.components["assets"] + BOX.components["dirty_tricks"] + \
        BOX.components["spells"] == BOX.components["specialty_cards"] == 50
    assert BOX.components["characters"] == 15
    assert BOX.beginner_pool() == ["Gobelin Teigneux", "Bourreau Bigleux", "Homme Serpent",
                                   "Sorcière Pustuleuse", "Spadassin Retors"]
    assert {"Hooded Man", "Ghoul"} <= {c.name for c in BOX.characters.values()}
    assert {w["name"]: w["value"] for w in BOX.weapons} == {"Barrel": 6,
                                                           "Energetic Waitress": None}
    assert BOX.calls[5] == "Settle your quarrels!" and sorted(BOX.calls) == list(range(1, 10))
    assert BOX.taverns == {"Crypte": "CERCUEIL!"}


def test_components_are_the_rulebooks_list_and_a_mistyped_one_is_refused(tmp_path):
    # any key passed ('weapon_set: 5' beside weapon_sets) and nothing reads them, so a typo
    # in a table's box went unsaid by guide check
    from guide.core import box as core_box
    (tmp_path / "box.yaml").write_text("components:\n  weapon_set: 5\n  spells: 18\n",
                                       encoding="utf-8")
    found = [str(p) for p in core_box.check(GAME, [tmp_path])]
    assert found == [f"{tmp_path / 'box.yaml'}:2:3: unknown key 'weapon_set'; did you mean"
                     " 'weapon_sets'?"]
    listed = settings.schemas(GAME)["box"]["properties"]["components"]["properties"]
    assert sorted(listed) == sorted(BOX.components)       # the bundled box gives every one


def test_the_box_invents_no_power_and_no_initial_loot():
    assert all(c.power is None and c.initial_loot is None for c in BOX.characters.values())


def test_beginner_game_draws_the_five_at_random_and_uses_no_specialties():
    b = Brawl(seed=7)
    b.do("player Marie", "player Pierre", "player Cecile")
    out = b.do("start --beginner")
    drawn = [b.state["players"][n]["character"] for n in ("Marie", "Pierre", "Cecile")]
    assert len(set(drawn)) == 3 and set(drawn) <= set(BOX.beginner_pool())
    # Beginner Game: the Initial Loot is the card's, asked after the draw (the bundled box
    # prints none), never typed blind before it
    assert f"Marie draws {drawn[0]} (beginner game)" in out
    assert "Initial Loot of the Characters drawn: Marie, Pierre and Cecile; give each from the card" \
        " (`player Marie --loot N`, `player Pierre --loot N`, `player Cecile --loot N`)," \
        " then `start`" in out                   # T-CNT-3: each line to type, not `player NAME`
    assert b.state["phase"] == "setup"
    b.do("player Marie --loot 2", "player Pierre --loot 1", "player Cecile --loot 3", "start")
    assert [b.state["players"][n]["character"] for n in ("Marie", "Pierre", "Cecile")] == drawn
    assert (b.state["phase"], b.state["beginner"], b.p("Cecile")["loot"]) == ("brawl", True, 3)
    b.do("call")
    assert b.fails("buy Marie specialty") == "the beginner game uses no Specialties"
    assert Brawl(seed=7).dice.d(5) == Brawl(seed=7).dice.d(5)   # the draw is the seed's


def test_beginner_arrivals_draw_among_the_characters_left():
    b = Brawl(seed=3)
    for n, loot in (("Marie", 1), ("Pierre", 1), ("Cecile", 1), ("Jacques", 1),
                    ("Laurent", 1)):
        b.do(f"player {n} --loot {loot}")
    b.do("start --beginner")
    for n in ("Marie", "Pierre", "Cecile", "Jacques", "Laurent"):
        b.do(f"player {n} --loot 1")
    b.do("start")
    b.state["players"]["Laurent"]["eliminated"] = True
    b.state["ko_pile"].append(b.state["players"]["Laurent"]["character"])
    assert "no Character left to draw" in b.fails("player Laurent --loot 2")


def table_box(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "mybox"
    folder.mkdir()
    (folder / "cards.yaml").write_text(text, encoding="utf-8")
    return folder


def test_the_tables_folder_fills_in_powers_shown_at_their_call(tmp_path):
    folder = table_box(tmp_path, "characters:\n  - name: Ghoul\n    initial_loot: 2\n"
                                 "    power: our card's text\n    calls: [1]\n")
    lib = settings.load(GAME, [folder])
    assert lib.character("Ghoul").initial_loot == 2
    b = Brawl(library=lib)
    out = b.do("player Marie --character Ghoul")
    assert "Ghoul: our card's text" in out
    b.do("player Pierre --loot 1", "start")
    assert b.p("Marie")["loot"] == 2
    assert b.kinds("powers")[0]["powers"] == [{"who": "Marie", "character": "Ghoul",
                                               "text": "our card's text"}]
    to_call(b, 2)
    assert len(b.kinds("powers")) == 1


def test_box_problems_name_file_line_and_column(tmp_path):
    folder = table_box(tmp_path, "characters:\n  - name: Ghoul\n    initial_loot: 7\n")
    problems = settings.check(GAME, [folder])[0]
    assert [str(p) for p in problems] == [
        f"{folder / 'cards.yaml'}:3:19: characters[1].initial_loot must be at most 3, not 7"]
    broken = tmp_path / "broken.yaml"
    broken.write_text("calls: [1, 2\n", encoding="utf-8")
    assert str(settings.check(GAME, [broken])[0][0]).startswith(f"{broken}:2:1: YAML syntax error")
    misspelt = tmp_path / "misspelt.yaml"
    misspelt.write_text("charcters: []\n", encoding="utf-8")
    assert [str(p) for p in settings.check(GAME, [misspelt])[0]] == [
        f"{misspelt}:1:1: unknown key 'charcters'; did you mean 'characters'?"]


def test_the_bundled_box_checks_clean():
    assert settings.check(GAME, [])[0] == []


def test_a_specialtys_text_typed_by_the_table_is_shown_when_played(tmp_path):
    folder = table_box(tmp_path, "specialties:\n  - {name: Lucky Mug, kind: asset, text: our text}\n")
    b = Brawl(library=settings.load(GAME, [folder]))
    b.do("player Marie --loot 1", "player Pierre --loot 1", "start", "call")
    b.state["players"]["Marie"]["specialties"] = {"Crypte": 1}
    out = b.do("asset Marie 'lucky mug'")
    assert out.splitlines()[-1] == "Lucky Mug (asset): our text"


def test_cards_and_card_show_what_the_box_knows_and_nothing_else():
    from taverne_table import GAME

    from guide.core.result import text
    shown = text(GAME.cards(BOX).table("character"))
    assert "Gobelin Teigneux" in shown and "(the table's card)" in shown
    assert GAME.cards(BOX).detail("executioner") == [
        "Bourreau Bigleux (Character, beginner game)", "Tavern of origin: Crypte",
        "Initial Loot: (the table's card)", "Power: (the table's card)"]
    assert GAME.cards(BOX).detail("barrel") == ["Barrel (Weapon 6)"]


def test_guide_new_box_writes_a_template_to_fill_and_never_a_cards_text(tmp_path):
    from guide.core.template import write_box
    files = GAME.box_template(None).files
    assert list(files) == ["cards.yaml"]
    text = files["cards.yaml"]
    # the Characters the rulebook names, their power and Initial Loot left to the table
    assert "{name: Gobelin Teigneux, tavern: null, initial_loot: null, power: null" in text
    assert "power: \"" not in text.replace('power: "the text"', "")
    written = write_box(files, tmp_path / "ours")
    assert settings.check(GAME, written)[0] == []
    filled = text.replace("{name: Ghoul, tavern: null, initial_loot: null, power: null,"
                          " calls: []}", "{name: Ghoul, initial_loot: 2, power: \"our text\","
                          " calls: [2]}")
    (tmp_path / "ours" / "cards.yaml").write_text(filled, encoding="utf-8")
    lib = settings.load(GAME, [tmp_path / "ours"])
    b = Brawl(library=lib)
    assert "Ghoul: our text" in b.do("player Marie --character ghoul")
    b.do("player Pierre --loot 1", "start")
    assert "Marie (Ghoul): our text" in b.do("call")          # shown at the call it acts
    bad = filled.replace("initial_loot: 2", "initial_loot: 5")
    (tmp_path / "ours" / "cards.yaml").write_text(bad, encoding="utf-8")
    problems = settings.check(GAME, [tmp_path / "ours" / "cards.yaml"])[0]
    line = bad.splitlines().index(next(x for x in bad.splitlines() if x.startswith("  - {name: Ghoul")))
    assert problems and f"cards.yaml:{line + 1}:" in str(problems[0]) and "at most 3" in \
        str(problems[0])


CARDS = """\
specialties:
  - {name: Itch, kind: dirty trick, text: "our Itch text", calls: [3]}
  - {name: Hex, kind: spell, text: "our Hex text"}
  - {name: Lucky Mug, kind: asset, text: "our Mug text", calls: [1], count: 2}
"""


def test_T_BOX_1_named_specialties_are_drawn_from_the_pile_and_only_their_owner_sees_them(
        tmp_path):
    lib = settings.load(GAME, [table_box(tmp_path, CARDS)])
    b = Brawl(seed=5, library=lib)          # draws Itch, Hex, Lucky Mug
    b.do("player Marie --loot 3", "player Pierre --loot 3", "player Cecile --loot 3", "start",
         "call")
    out = b.do("buy Marie specialty --times 3")
    held = b.state["hands"]["Marie"]
    assert len(held) == 3 and set(held) <= {"Itch", "Hex", "Lucky Mug"}
    for card in held:                       # the Pillar's screen and the TV never name it
        assert card not in out and card not in str(b.view(None))
        assert card not in str(b.view("Pierre"))
    assert b.view("Marie")["me"]["cards"] == held
    private = [e for e in b.events if e["kind"] == "specialty_card"]
    assert [e["card"] for e in private] == held and all(e.get("private") == "Marie"
                                                        for e in private)
    pile = b.state["piles"]["Crypte"]
    assert len(pile) == 1 and sorted(pile + held) == ["Hex", "Itch", "Lucky Mug", "Lucky Mug"]
    assert held == ["Itch", "Hex", "Lucky Mug"]
    b.do("pint Marie 2")                                    # Prestige 2: two Spells
    # a card of another kind is refused as one not held: the screen learns nothing of her hand
    assert b.fails("spell Marie itch") == b.fails("spell Marie nonesuch") == (
        "Marie holds no such Specialty: name a card of their hand (`spell Marie CARD`)")
    assert "Hex (spell): our Hex text" in b.do("spell Marie hex")
    assert "Hex" not in b.state["hands"]["Marie"] and b.state["piles"]["Crypte"][-1] == "Hex"
    assert "holds no such Specialty" in b.fails("spell Marie Nothing")
    b.do("asset Marie lucky")
    assert b.state["players"]["Marie"]["assets"] == ["Lucky Mug"]
    to_call(b, 3)
    assert "holds no such Specialty" in b.fails("spell Marie")     # name it: all are named
    to_call(b, 4)
    b.do("attack Marie --on Pierre --weapon 1 --trick itch")
    assert b.view("Marie")["me"]["attack"]["trick"] == "Itch"
    to_call(b, 5)
    assert b.state["hands"]["Marie"] == []
    to_call(b, 9)
    assert b.state["players"]["Pierre"]["trick"] == "Itch"
    assert "Marie (Lucky Mug): our Mug text" in b.do("call")   # shown at call 1
    assert "Pierre (Itch): our Itch text" in b.do("call", "call")   # and at call 3


def test_T_BOX_1_a_seat_dirty_trick_named_once_served_leaves_its_owners_hand(tmp_path):
    from guide.games.taverne.model import UNNAMED_TRICK
    lib = settings.load(GAME, [table_box(tmp_path, CARDS)])
    b = Brawl(seed=5, library=lib)
    b.do("player Marie --loot 3", "player Pierre --loot 3", "player Cecile --loot 3", "start",
         "call", "buy Marie specialty --times 3")
    assert b.state["hands"]["Marie"] == ["Itch", "Hex", "Lucky Mug"]
    to_call(b, 4)
    # a named hand attaches the card itself: the generic Trick is for cards the box does not
    # name (a Spell could otherwise be served as a Dirty Trick, and a dodged one stay in hand)
    assert "holds no such Specialty" in b.fails(
        f"attack Marie --on Pierre --weapon 1 --trick '{UNNAMED_TRICK}'")
    seat = {m.label: m.line for m in b.table.game.seat_moves(b.table, "Marie")}
    offered = [label for label in seat if "Dirty Trick" in label and "Weapon 1" in label
               and "Pierre" in label]
    assert offered == ["Attack Pierre (melee) with Weapon 1 + the Dirty Trick Itch"], offered
    b.table.execute(seat[offered[0]], seat="Marie")
    to_call(b, 9)
    assert b.do("trick Pierre itch") == "Pierre keeps Itch"
    assert b.state["players"]["Pierre"]["trick"] == "Itch"
    assert b.state["hands"]["Marie"] == ["Hex", "Lucky Mug"]
    assert sum(b.state["players"]["Marie"]["specialties"].values()) == 2


def test_T_BOX_1_the_seat_page_names_the_specialties_its_player_drew(tmp_path):
    """Each player's own page names the Specialties they drew (with their kind); no other
    seat's page, nor the TV, ever does."""
    import json

    from guide.core.seats import Desk
    lib = settings.load(GAME, [table_box(tmp_path, CARDS)])
    b = Brawl(seed=5, library=lib)
    b.do("player Marie --loot 3", "player Pierre --loot 3", "player Cecile --loot 3", "start",
         "call", "buy Marie specialty --times 3")
    mine = json.dumps(Desk.payload_of(b.table, "Marie"), ensure_ascii=False)
    assert "In your hand: Itch (dirty trick), Hex (spell), Lucky Mug (asset)" in mine
    for other in (json.dumps(Desk.payload_of(b.table, "Pierre"), ensure_ascii=False),
                  json.dumps(b.table.game.view(b.table), ensure_ascii=False)):
        assert "Itch" not in other and "Hex" not in other and "Lucky Mug" not in other
