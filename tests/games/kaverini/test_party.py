"""Party and sheets, the quote lottery, house rules and tweaks (R-SHEET, R-LVL, R-WP-1, R-QL)."""

import pytest

from conftest import event


def test_kaveri_gets_the_adventure_money(party):
    assert party.kaveri("Ann")["money"] == 300


def test_kaveri_without_ability_in_a_script(play):
    assert "give --ability" in play.fails("kaveri X --technique Sadness --technique Love"
                                          " --technique Cheer")


def test_duplicate_kaveri(party):
    assert "already a Kaveri named 'ann'" in party.fails(
        "kaveri ann --ability Lagom --technique Sadness --technique Love --technique Cheer")


def test_xp_levels_and_story(party):
    level = event(party.events("xp Ann 2"), "level")         # R-LVL-1: one event, each level
    assert (level["first"], level["level"], level["gained"], level["points"]) == (2, 3, [3, 4], 7)
    assert party.kaveri("Ann")["points"] == 7          # Focused: 3 + 4
    log = party.do("log")
    assert "Ann reaches level 3: 3 + 4 = 7 points to spend." in log


def test_spend_refusal_says_which_limit(party):
    party.do("xp Bob 1")                                # level 2: 2 points, 1 E allowed
    assert "at most 1 point on E per level reached" in party.fails("spend Bob e=2")
    assert "this costs 3, Bob has 2 banked" in party.fails("spend Bob hp=1 Anger=2")
    assert "no Sadness ladder" in party.fails("spend Bob Sadness=2")
    party.do("spend Bob Anger=2")
    assert party.kaveri("Bob")["ladders"]["Anger"] == 2


def test_wp_and_money(party):
    party.do("wp Ann 2", "money Ann -50", "wp Ann -1")
    assert party.kaveri("Ann")["world_points"] == 1 and party.kaveri("Ann")["money"] == 250
    assert "has only 1 world point" in party.fails("wp Ann -2")


def test_exchange_converts_every_kaverit_money(party):
    party.do("money Ann -100", "exchange DKK 7.46")
    assert party.state["adventure"]["currency"] == "DKK"
    assert party.kaveri("Ann")["money"] == 1492 and party.kaveri("Bob")["money"] == 2238
    assert "the rate must be from 0.0001 to 10000, not 0" in party.fails("exchange DKK 0")


def test_items_bonds_and_play_outside_a_confrontation(party):
    party.do("item Ann Stroopwafel", "item Ann Wooden Clogs", "bond Ann Wooden Clogs")
    assert party.raw["kaverit"][0]["items"][1]["bonded"] is True
    assert "has no bond" in party.fails("bond Ann Stroopwafel")
    assert "'Rogue Herring Gull' is a foe card, not an item" in party.fails("item Ann Rogue Herring Gull")
    party.raw["kaverit"][0]["hp"] = 15
    events = party.events("play Ann Stroopwafel")   # R-CONF-12: the same effect as in a fight
    assert event(events, "card_effect", source="Stroopwafel", do="heal", target="Ann")["healed"] == 4
    assert event(events, "used_up", item="Stroopwafel")
    assert party.kaveri("Ann")["items"] == ["Wooden Clogs"]


def test_companions_and_buddies(party):
    party.do("companion Joop the Tram Driver", "buddy Tess the Bell-Ringer")
    assert party.state["companions"] == ["Joop the Tram Driver"]
    assert party.state["buddies"] == [{"name": "Tess the Bell-Ringer", "hp": 12, "max_hp": 12}]
    assert "already with the party" in party.fails("buddy tess the bell-ringer")
    party.do("companion Joop the Tram Driver --leave")
    assert party.state["companions"] == []


def test_sheet_shows_all_13_ladders_and_custom(party):
    out = party.do("sheet Ann")
    for ladder in ("Sadness:", "Comic Slapstick:", "Nervousness:"):
        assert ladder in out
    assert "Sadness:          1 - Cryface" in out and "Bad Hair Day: 1" in out
    assert "Money: 300 EUR" in out


def test_export_markdown_sheet(party, tmp_path):
    target = tmp_path / "ann.md"
    party.do(f"export Ann --to {target}")
    md = target.read_text()
    assert md.startswith("# Ann") and "| Sadness | 1 | Cryface |" in md


def test_party_table(party):
    out = party.do("party")
    assert "Ann" in out and "Bob" in out and " EUR " in out
    assert max(len(line) for line in out.splitlines()) <= 80


# --- the quote lottery ------------------------------------------------------------------

def test_r_ql_1_lottery_reads_the_quote_of_the_dice(party):
    quote = event(party.events("lottery --dice 4,5"), "quote")
    assert (quote["tens"], quote["ones"], quote["quote"]) == (4, 5, 45) and "Schiphol" in quote["text"]
    party.do("lottery --dice 10,10")
    assert party.state["quotes_told"] == [45, 100]


def test_r_ql_2_each_friendly_character_once(party):
    party.do("lottery --npc Tess --dice 1,1")
    assert "already been engaged" in party.fails("lottery --npc tess")
    party.do("lottery --npc Tess --force --dice 1,2")
    assert party.state["quotes_told"] == [11, 12]


def test_lottery_needs_an_adventure_and_fitting_dice(play):
    assert "no adventure is running" in play.fails("lottery")
    play.do("adventure amsterdam")
    assert "a d10 shows 1 to 10, not 11" in play.fails("lottery --dice 11,1")
    assert "two faces" in play.fails("lottery --dice 1")


# --- house rules and tweaks ----------------------------------------------------------------

def test_house_rules_switch_and_list(play):
    play.do("house gladness round")
    assert play.table.house("gladness") == "round"
    assert "choose confrontation or round" in play.fails("house gladness forever")
    assert "lv_default" in play.do("house")


def test_every_house_rule_says_what_it_does():
    """data/house_rules.yaml's rules and data/tables.py's words for them are the same set."""
    from guide.games.kaverini.data.tables import HOUSE_RULE_TEXTS, house_rule_text, house_rules

    assert set(house_rules()) == set(HOUSE_RULE_TEXTS)
    assert house_rule_text("gladness") == "How long Cheer's gladness lasts (R-FX-4)."


def test_tweak_is_campaign_only_and_shown(play):
    play.do("tweak 'Rogue Herring Gull' hp=40")
    assert play.table.card("rogue herring gull").hp == 40
    assert "(tweaked)" in play.do("cards foe")
    assert "tweaked for this campaign: hp=40" in play.do("card rogue herring gull")
    play.do("tweak 'Rogue Herring Gull' reset")
    assert play.table.card("rogue herring gull").hp == 5
    assert "whole number" in play.fails("tweak 'Rogue Herring Gull' hp=lots")


def test_flip_double_sided_card(play):
    flip = event(play.events("flip Painted Musketeer"), "flip")
    assert (flip["shown"], flip["type"]) == ("Musketeer of the Night Watch", "buddy")
    play.do("flip Musketeer of the Night Watch")
    assert play.raw["flipped"] == []


@pytest.mark.parametrize("line", ["help", "help use", "help confront"])
def test_help(play, line):
    assert play.do(line)


def test_recap_summarises(party):
    party.do("xp Ann 1", "lottery --dice 2,3")
    out = " ".join(party.do("recap").split())         # as said, whatever the line breaks
    assert "Ann: level 2, 20/20 HP, Focused" in out and "Quote 23 of the lottery told." in out


def test_card_for_the_players_hides_the_secrets(party):
    out = party.do("card 'Rogue Herring Gull' --players")
    assert "Shield" not in out and "Snatch" not in out and "knows 3 techniques" in out
    assert "Shield: Sadness" in party.do("card 'Rogue Herring Gull'")


def test_r_fx_6_a_card_technique_with_an_emotion_does_not_look_like_one_that_rolls(party):
    """Practice Scales names Cheer (for Shields and Heels) but is no Emotion Table technique:
    no effect; the Spirit's Cryface is Sadness 1 and rolls for its effect."""
    tess = party.do("card Tess")
    assert "Practice Scales (Cheer, no special effect): 2 Schmerz" in tess
    spirit = party.do("card 'Drowned Bell Spirit'")
    assert "Cryface (Sadness 1, rolls for its effect): 1 Schmerz" in spirit
    assert "Dull Clang (Sadness, no special effect)" in spirit
