"""The evening at the table (issue 13): whole-party commands, scenes, recap, log without the
GM's own lines, and the colours the lines carry."""

import json

import pytest

from conftest import ROOT
from guide.games.kaverini import words


def test_xp_all_gives_every_kaveri_the_xp_r_lvl_1(party):
    party.do("xp all 2")
    assert [k["xp"] for k in party.state["kaverit"]] == [3, 3]
    assert party.kaveri("Ann")["points"] == 2 + 3 + 2          # Focused: L+1 per level
    assert party.kaveri("Bob")["points"] == 2 + 3


def test_heal_all_full_heals_kaverit_and_buddies(party):
    party.do("buddy Tess", "confront Runaway Rental Bike")
    party.raw["kaverit"][0]["hp"] = 5
    party.raw["buddies"][0]["hp"] = 2
    party.do("end", "heal all full")
    assert [k["hp"] for k in party.state["kaverit"]] == [20, 20]
    assert party.state["buddies"][0]["hp"] == party.state["buddies"][0]["max_hp"] == 12


def test_heal_names_a_buddy_and_explains_a_companion_r_conf_10(party):
    party.do("buddy Tess", "companion Joop")
    party.raw["buddies"][0]["hp"] = 2
    assert "heals 3 HP (5/12)" in party.do("heal Tess 3")
    assert "has HP only while taking a stand" in party.fails("heal Joop full")


def test_a_kaveri_cannot_be_named_all(party):
    assert "whole party" in party.fails("kaveri All --ability Lagom --technique Love"
                                        " --technique Cheer --technique Happy")


def test_spend_alone_lists_the_choices_with_their_costs_r_lvl_2(party):
    party.do("xp Ann 2")                     # level 3: 3 + 4 = 7 points, E may take 2
    out = party.do("spend Ann")
    assert "Ann has 7 points banked; E may take 2 more" in out
    assert "Sadness=2" in out and "Sadness 1 -> 2" in out
    assert "new=custom:NAME" in out and "Hopelessness" in out
    assert party.kaveri("Ann")["points"] == 7                # a look changes nothing


def test_confront_scene_brings_its_foes_and_setting(party):
    out = party.do("confront --scene 2")
    assert "Get ready to feel! Rogue Herring Gull" in out and "Stroopwafel Smuggler" in out
    assert party.raw["confrontation"]["settings"] == ["Albert Cuyp Market"]
    assert party.raw["scene"] == 2


def test_scene_reads_the_text_the_xp_and_what_comes_next(party):
    out = party.do("scene 3")
    assert out.splitlines()[:2] == ["Scene 3. The Night Watch Walks.", "Setting: The Rijksmuseum"]
    xp = party.table.adventure().xp_for("Painted Musketeer")        # the booklet's own figure
    assert f"Foes: Painted Musketeer ({xp} XP), Bike Bell Bandit" in out
    assert "Next: 4. The Skinny Bridge (scene 4)." in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "has scenes 1 to 5, not 9" in party.fails("scene 9")


def test_recap_tells_the_evening_scene_by_scene(party):
    party.do("scene 1", "confront --scene 1", "schmerz 'Runaway Rental Bike' 100",
             "buddy Tess", "item Ann Stroopwafel", "scene 2", "confront --scene 2",
             "schmerz Ann 100", "runaway --roll 10")
    shown = party.do("recap")
    assert max(len(line) for line in shown.splitlines()) <= 80
    out = " ".join(shown.split())
    assert "1. Bells and Bicycles: They faced Runaway Rental Bike and won." in out
    assert "Tess the Bell-Ringer (buddy) joined the party." in out
    assert "They ran away from Rogue Herring Gull and Stroopwafel Smuggler." in out
    assert "Ann: level 2, 1/20 HP, Focused; items: Stroopwafel" in out and "Bob: level 2" in out
    assert "got Stroopwafel" not in out        # who got an item with Usage: the GM's log's
    assert "Next: 3. The Night Watch Walks (scene 3)." in out
    assert "Not at full HP: Ann (heal all full" in out


def test_a_secret_item_dropped_is_as_secret_as_it_was_given(party):
    """Rulebook 4.3: who holds an item with Usage is the GM's; dropping it must not name it
    in the players' log, the TV's story or the recap (an item without Usage is public)."""
    party.do("item Ann Stroopwafel", "drop Ann Stroopwafel", "item Bob Wooden Clogs",
             "drop Bob Wooden Clogs")
    gm = party.do("log --gm")
    assert "Ann no longer has Stroopwafel." in gm and "Bob no longer has Wooden Clogs." in gm
    for shown in (party.do("log"), party.do("recap"),
                  json.dumps(party.table.game.view(party.table))):
        assert "Stroopwafel" not in shown
    assert "Bob no longer has Wooden Clogs." in party.do("log")


def test_buy_reads_an_item_as_people_type_it_among_what_the_shops_sell(party):
    """`buy Ann Tulip` is the market's Tulip Bulb: a foe card named Tulip Bulb Speculator
    is no item of any shop, so it neither hides the shop nor the item."""
    party.do("buy Ann Tulip", "buy Bob clogs --shop Damrak")
    ann, bob = party.raw["kaverit"][:2]
    assert [i["card"] for i in ann["items"]] == ["Tulip Bulb"]
    assert [i["card"] for i in bob["items"]] == ["Wooden Clogs"]
    assert party.kaveri("Ann")["money"] == 300 - 3
    assert "does not sell 'Stropwafel'; did you mean 'Stroopwafel'?" in party.fails(
        "buy Ann Stropwafel --shop Albert")
    assert "which shop?" in party.fails("buy Ann Unicorn")


def test_r_wp_4_buy_without_an_item_says_what_the_shops_sell_in_one_short_line(party):
    """`buy Ann --world-point` with no item listed items of the whole library (not even the
    Damrak's cheapest, the Old City Map): the refusal names the missing argument and what
    can go there, a world point's only the shops' cheapest (R-WP-4), else a few of what the
    shops sell and `shop`, which lists them all with their prices."""
    from guide.core.repl.completer import candidates, described

    assert party.fails("buy Ann --world-point") == \
        "buy: Missing argument 'ITEM...': Stroopwafel, Tulip Bulb, Old City Map"
    assert party.fails("buy Ann --world-point --shop Damrak").endswith("'ITEM...': Old City Map")
    assert party.fails("buy Ann") == ("buy: Missing argument 'ITEM...': Stroopwafel,"
                                      " Bitterballen, Hollandse Nieuwe, ... (shop lists them all)")
    t = party.table
    offered = candidates(t, ["buy", "Ann"])
    assert "Canal Boat Ticket" in offered and "Carillon Baton" not in offered   # not sold
    assert candidates(t, ["buy", "--world-point", "Ann"])[:3] == \
        ["Stroopwafel", "Tulip Bulb", "Old City Map"]
    assert dict(described(t, ["buy", "Ann"]))["Old City Map"] == \
        "3 EUR, Souvenir shop on the Damrak"


def test_log_leaves_out_the_gm_lines_unless_asked(party):
    party.do("confront --scene 1")               # its setting's round text is for the GM
    assert "GM (settings)" not in party.do("log")
    assert "GM (settings)" in party.do("log --gm")


@pytest.mark.parametrize("event, style", [
    ({"kind": "confront", "foes": [], "order": ["Ann"], "bonus": 0, "kaverit": 1}, "alert"),
    ({"kind": "schmerz", "target": "Ann", "lost": 16, "hp": 4, "max_hp": 20}, "low"),
    ({"kind": "schmerz", "target": "Ann", "lost": 6, "hp": 14, "max_hp": 20}, ""),
    ({"kind": "victory", "winner": None}, "good"),
])
def test_lines_carry_their_colour(event, style):
    assert getattr(words.render(event), "style", "") == style


def test_whose_turn_is_styled(party):
    line = party.table.execute("confront --scene 1").lines[-1]
    assert line.startswith("[round 1, kaverit: Ann") and line.style == "turn"


def test_every_command_help_has_an_example_of_itself(play):
    for name, cmd in play.table.registry.commands.items():
        examples = [line.strip() for line in cmd.help().splitlines() if "Example:" in line]
        assert examples, f"{name} has no example"
        assert examples[0].removeprefix("Example: ").startswith(name), (name, examples)


def test_cards_takes_the_type_as_option_or_word(play):
    assert play.do("cards --type companion") == play.do("cards companion")
    assert "Joop the Tram Driver" in play.do("cards --type companion")
    assert "Rogue Herring Gull" not in play.do("cards --type companion")


def test_the_exported_sheet_carries_the_banked_points_r_lvl_3(party, tmp_path):
    party.do("xp Ann 1", f"export Ann --to {tmp_path / 'ann.md'}")
    assert "| Points to spend | 3 (E may take 1 more) |" in (tmp_path / "ann.md").read_text()


def test_a_box_card_that_replaces_a_bundled_one_says_so_at_start(tmp_path):
    from conftest import guide, write_box

    write_box(tmp_path / "box", "gull.yaml", "cards:\n  - name: Rogue Herring Gull\n    type: foe\n"
              "    hp: 50\n    techniques:\n      - {name: Peck, schmerz: 1}\n")
    out = guide("play", "--campaign", str(tmp_path / "c.sqlite"), "--box", str(tmp_path / "box"),
                input="card Rogue Herring Gull\n")
    assert out.returncode == 0
    assert out.stderr.splitlines() == [
        "note: the --box card Rogue Herring Gull replaces the bundled one"]
    assert "HP 50, E 0, H 0" in out.stdout          # the box's card is the one in play


def test_one_kill_says_the_party_s_xp_and_levels_in_one_line_r_lvl_1(party):
    party.do("kaveri Cy --ability Lagom --technique Love --technique Cheer --technique Happy"
             " --fact a --fact b --fact c", "confront --scene 1")
    out = party.do("schmerz 'Runaway Rental Bike' 100")
    assert "Ann, Bob and Cy gain 1 XP and reach level 2; points to spend: Ann 3, Bob 2, Cy 2." in out
    assert "reaches level" not in out and "gains 1 XP" not in out


def test_the_guided_form_checks_each_answer_as_it_is_given_r_sheet_1(play):
    """A typo is asked again with the suggestion prefilled (Enter takes it); a technique
    chosen twice is refused at once; every fact is asked for; nothing is thrown away."""
    answers = iter(["Lagum", "", "Cheeer", "", "cheer", "Love", "custom:Hug", "", "Tulips",
                    "Bikes", "Bells"])
    asked: list[tuple[str, str]] = []

    def ask(question, choices, default="", meta=None):
        asked.append((question, default))
        answer = next(answers)
        return answer or default                 # Enter on a prefilled answer takes it

    play.table.ask = ask
    assert "Ann is ready: level 1, 20 HP, Lagom, techniques Cheer, Love, Hug." in play.do(
        "kaveri Ann")
    assert asked[1] == ("  ! 'Lagum' is not an ability; did you mean Lagom? Enter takes it."
                        "\nAbility", "Lagom")                       # re-asked, suggested
    assert asked[3][0].endswith("did you mean Cheer? (or custom:Cheeer) Enter takes it."
                                "\nTechnique 1 of 3 (a ladder, or custom:NAME)")
    assert asked[3][1] == "Cheer"
    assert "Cheer is already chosen" in asked[5][0]
    assert "a Kaveri has three facts" in asked[8][0]
    assert play.raw["kaverit"][0]["facts"] == ["Tulips", "Bikes", "Bells"]


def test_the_sheet_counts_an_item_s_uses_in_words(party):
    """`sheet` said "Bitterballen (1 use(s))"; now as the paper sheet does (R-CONF-12)."""
    party.do("item Ann Bitterballen", "item Ann Stroopwafel")
    party.raw["kaverit"][0]["items"][0]["uses"] = 1
    out = party.do("sheet Ann")
    assert "Items: Bitterballen (1 use), Stroopwafel (1 use)" in out
    party.do("item Ann Carillon Baton")
    assert "Carillon Baton (3 uses)" in party.do("sheet Ann")


def test_a_missing_argument_says_what_can_go_there(party):
    """`use Hondje` at the buddies' turn said only "Missing argument 'TECHNIQUE...'": the
    refusal names the techniques Tab offers there (Hondje's own), a few at most."""
    party.do("buddy Hondje", "confront Runaway Rental Bike", "next", "next")
    said = party.fails("use Hondje")
    assert said.endswith("Missing argument 'TECHNIQUE...': Wag, Seasick Howl"), said
    assert "Ann, Bob, all" in party.fails("xp")
    assert party.fails("item Ann").endswith(", ...")               # the box's items: a few


def test_a_move_whose_name_ends_a_sentence_gets_no_second_full_stop(party):
    """The Runaway Rental Bike's "Ring Ring!" read "uses Ring Ring!." and "-> Ring Ring!."."""
    party.do("confront Runaway Rental Bike", "next", "next")
    out = party.do('foe Bike "Ring Ring!" --on Ann')
    assert "Runaway Rental Bike uses Ring Ring! (" in out or \
        out.splitlines()[0].endswith("uses Ring Ring!"), out
    assert "!." not in out


def test_recap_s_first_chapter_has_one_colon(party):
    """It read "The adventure began: The Silent Carillon of Amsterdam: Tess ... joined"."""
    party.do("buddy Tess")
    out = " ".join(party.do("recap").split())
    assert "The beginning of The Silent Carillon of Amsterdam: Tess the Bell-Ringer (buddy)" \
        " joined the party." in out, out

def test_end_says_once_that_the_confrontation_is_over(party):
    """`end` read "The confrontation is over (ended early); no more XP." and then "The
    confrontation ends (ended early).": one line says it, and the campaign's older "end"
    events still read."""
    from guide.games.kaverini.words import CONFRONTATION

    party.do("confront Runaway Rental Bike")
    out = party.do("end")
    assert out.strip() == "The confrontation ends early; no more XP.", out
    assert "no more XP" in CONFRONTATION["end"]({"kind": "end", "why": "ended early"})


def test_an_item_that_changes_nothing_says_so(party):
    """R-CONF-12: Bitterballen (heal 3) played at full HP read only "Ann plays Bitterballen."
    and a use was gone: the table now says that it changed nothing, and undo takes it back."""
    party.do("item Ann Bitterballen")
    out = party.do("play Ann Bitterballen")
    assert "Bitterballen changes nothing now" in out, out
    party.do("schmerz Ann 5")
    out = party.do("play Ann Bitterballen")
    assert "heals 3 HP" in out and "changes nothing" not in out, out


def test_the_readmes_evening_runs_as_written_at_the_prompts_it_shows(play):
    """README's "Kaverini at the table": each line is taken at the prompt the README shows
    before it (Bob answering in a terminal what guide asks, R-SHEET-1). It showed the foe's
    turn right after Ann's, where Bob and the buddy Hondje act first (R-CONF-3: 'it is not
    Runaway Rental Bike's turn; now it is Bob's turn')."""
    readme = (ROOT / "README.md").read_text("utf-8")
    block = readme.split("## Kaverini at the table")[1].split("```text\n")[1].split("```")[0]
    answers = iter(["Focused", "Anger", "Love", "Happy", "Tulips", "Bikes", "Bells"])
    play.table.ask = lambda question, choices, default="", meta=None: next(answers)
    said = play.do("adventure amsterdam")
    for line in block.splitlines():
        if not line.startswith("guide ("):             # what the line before said
            assert line in said
            continue
        prompt, _, typed = line.partition("> ")
        assert play.table.game.prompt(play.table) == prompt + "> ", line
        said = play.do(typed.split("  #")[0].strip())  # a refusal fails the test with its reason
    assert set(play.kaveri("Bob")["ladders"]) == {"Anger", "Love", "Happy"}
