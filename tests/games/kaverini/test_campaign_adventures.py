"""Adventures in a campaign (rulebook 1.4, 7.2): which adventures each Kaveri has finished,
a replay's XP, and what comes next in a series. Readings: docs/rules.md R-ADV-1..3."""

import pytest

from conftest import Play, event, write_box


def _win_amsterdam(party):
    party.do("confront --scene 5", "schmerz Captain 99")      # won when the captain falls


def test_r_adv_1_the_campaign_records_who_finished_an_adventure(party):
    _win_amsterdam(party)
    assert [k.get("finished") for k in party.raw["kaverit"]] == [["amsterdam"], ["amsterdam"]]
    party.do("adventure amsterdam")
    _win_amsterdam(party)
    assert party.raw["kaverit"][0]["finished"] == ["amsterdam"]        # once, not twice
    assert "amsterdam - The Silent Carillon of Amsterdam (done by Ann, Bob) (running)" in \
        party.do("adventure")


def test_r_adv_2_a_replayed_adventure_gives_its_xp_again_a_practice_bout_none(party):
    _win_amsterdam(party)
    xp = party.kaveri("Ann")["xp"]
    replay = event(party.events("adventure amsterdam"), "replay")
    assert replay["done_by"] == ["Ann", "Bob"]
    party.do("confront --scene 5")
    events = party.events("schmerz Captain 99")
    assert event(events, "xp", kaveri="Ann")["amount"] == 1        # the booklet's XP again
    assert party.kaveri("Ann")["xp"] == xp + 1                    # and the scene is won
    party.do("confront Captain Van der Decken --practice")
    events = party.events("schmerz Captain 99")
    assert "xp" not in [e["kind"] for e in events]
    assert party.kaveri("Ann")["xp"] == xp + 1


def test_r_adv_2_playing_alone_a_new_adventure_is_advised_against(play):
    play.do("kaveri Ann --ability Lagom --technique Anger --technique Love --technique Happy")
    assert "playing alone is meant for adventures done already" in play.do("adventure amsterdam")


SERIES = """\
adventure:
  id: {id}
  title: {title}
  currency: EUR
  starting_money: 10
  series: {{name: The Bell Trilogy, part: {part}}}
  scenes:
    - {{name: Only scene, foes: [Runaway Rental Bike]}}
  quotes:
{quotes}
"""


@pytest.fixture
def series(tmp_path):
    quotes = "\n".join(f"    {n}: Quote {n}." for n in range(1, 101))
    box = tmp_path / "box"
    for part, (aid, title) in enumerate((("bells-1", "First Bells"), ("bells-2", "Second Bells"),
                                        ("bells-3", "Third Bells")), start=1):
        write_box(box, f"{aid}.yaml", SERIES.format(id=aid, title=title, part=part,
                                                    quotes=quotes))
    p = Play(tmp_path / "c.sqlite", boxes=[box])
    p.do("kaveri Ann --ability Lagom --technique Anger --technique Love --technique Happy",
         "kaveri Bob --ability Lagom --technique Anger --technique Love --technique Happy")
    yield p
    p.close()


def test_r_adv_3_adventure_lists_what_is_done_and_what_comes_next_in_a_series(series):
    listing = series.do("adventure")
    assert "Series The Bell Trilogy:" in listing
    assert "part 1: bells-1 - First Bells (next)" in listing
    series.do("adventure bells-1", "confront --scene 1", "schmerz Bike 99")
    listing = series.do("adventure")
    assert "part 1: bells-1 - First Bells (done by Ann, Bob) (running)" in listing
    assert "part 2: bells-2 - Second Bells (next)" in listing
    assert "part 3: bells-3 - Third Bells\n" in listing + "\n"


def test_r_adv_3_a_part_out_of_order_is_pointed_out(series):
    out = series.do("adventure bells-3")
    assert "Third Bells is part 3 of The Bell Trilogy; not done yet: First Bells (part 1)," \
           " Second Bells (part 2)" in out


TESS = ("GM: scene 1 is won; the booklet says: Calm the bike down and she will join you (Tess"
        " the Bell-Ringer). To type: buddy Tess the Bell-Ringer")


def test_a_won_scene_reminds_the_gm_of_the_booklets_words_on_who_joins(party):
    """The booklet (adventures/kaverini/amsterdam.yaml, scene 1): "Calm the bike down and she
    will join you (Tess the Bell-Ringer)". When scene 1 is won, the Tour Guide is reminded in
    those words, with the line to type; nothing joins by itself."""
    party.do("scene 1", "confront --scene 1")
    assert TESS in party.do("schmerz Bike 99")
    assert party.state["buddies"] == []
    assert TESS in party.do("log --gm") and TESS not in party.do("log")     # the GM's alone
    party.do("buddy Tess", "scene 2", "confront --scene 2", "schmerz Gull 99")
    out = party.do("schmerz Smuggler 99")
    assert "GM: scene 2 is won; the booklet says: After the confrontation Anouk joins as a" \
           " companion. To type: companion Anouk the Cheese Seller" in out
    party.do("scene 1", "confront --scene 1")                   # Tess is with the party now
    out = party.do("schmerz Bike 99")
    assert "GM: scene 1 is won; the booklet says: Calm the bike down and she will join you" \
           " (Tess the Bell-Ringer)." in out and "To type" not in out


def test_no_reminder_for_a_practice_bout_or_a_scene_without_after_win(party):
    party.do("scene 1", "confront Runaway Rental Bike --practice")
    assert "the booklet says" not in party.do("schmerz Bike 99")
    party.do("scene 3", "confront --scene 3", "schmerz Musketeer 99")
    assert "the booklet says" not in party.do("schmerz Bandit 99")


def test_check_refuses_a_scene_whose_joins_is_no_buddy_or_companion(tmp_path):
    from conftest import guide

    quotes = "\n".join(f"    {n}: Quote {n}." for n in range(1, 101))
    path = write_box(tmp_path, "joins.yaml", SERIES.format(
        id="joins", title="Joins", part=1, quotes=quotes).replace(
        "    - {name: Only scene, foes: [Runaway Rental Bike]}",
        "    - {name: Only scene, foes: [Runaway Rental Bike], after_win: Rex joins.,"
        " joins: [Runaway Rental Bike, Rex]}"))
    out = guide("check", str(path))
    assert out.returncode == 1
    assert "joins.yaml:8:86: " in out.stdout
    assert "'Runaway Rental Bike' is a foe card, not a buddy or companion" in out.stdout + out.stderr
    assert "unknown buddy or companion card 'Rex'" in out.stdout + out.stderr


def test_scene_5_is_won_when_the_captain_falls_as_the_booklet_says(party):
    """Amsterdam's scene 5: "Neutralize the captain and the ship finally finds port" (its
    won_when): the confrontation is won when Captain Van der Decken is neutralized, though his
    Drowned Bell Spirits (tokens) still stand; and the adventure's good ending is read."""
    party.do("scene 5", "confront --scene 5")
    party.do("schmerz 'Drowned Bell Spirit' 99")          # one token down: it goes on
    assert party.raw["confrontation"] is not None
    out = party.do("schmerz Captain 999")
    assert "The confrontation ends (won)." in " ".join(out.split())
    # R-CONF-7: a Drowned Bell Spirit still stands, so not "every foe is neutralized"
    assert "Captain Van der Decken is neutralized, and the scene with it: the Kaverit win!" \
        in " ".join(out.split())
    assert "Every foe is neutralized" not in out
    assert party.raw["confrontation"] is None
    assert "Dank je wel, Kaverit!" in " ".join(out.split())
    # The same captain among foes the GM names himself is no scene: all of them must fall
    party.do("confront 'Captain Van der Decken' 'Drowned Bell Spirit'", "schmerz Captain 999")
    assert party.raw["confrontation"] is not None


def test_check_refuses_a_won_when_that_is_not_one_of_the_scenes_foes(tmp_path):
    from conftest import guide

    quotes = "\n".join(f"    {n}: Quote {n}." for n in range(1, 101))
    path = write_box(tmp_path, "won.yaml", SERIES.format(
        id="won", title="Won", part=1, quotes=quotes).replace(
        "    - {name: Only scene, foes: [Runaway Rental Bike]}",
        "    - {name: Only scene, foes: [Runaway Rental Bike], won_when: [Grumpy Bridge Keeper]}"))
    out = guide("check", str(path))
    assert out.returncode == 1
    assert "won.yaml:8:" in out.stdout
    assert "won_when: 'Grumpy Bridge Keeper' is not one of the scene's foes" in out.stdout
