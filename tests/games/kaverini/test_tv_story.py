"""The TV's story (view/model.py story_lines): a line that names a secret is left out
(R-CONF-3: a foe's move, Shield or Heel; R-CONF-12: an item with Usage), and only such a
line: a foe whose name holds an item's name is not that item."""


def story(play) -> str:
    return "\n".join(play.table.game.view(play.table)["story"])


def test_r_conf_12_the_stroopwafel_smuggler_is_told_a_stroopwafel_played_is_not(party):
    party.do("item Ann Stroopwafel", "confront 'Stroopwafel Smuggler' --setting 'Vondelpark'",
             "schmerz Ann 5", "play Ann Stroopwafel", "use Ann Sadness --on Smuggler --roll 2")
    told = story(party)
    assert "Cryface deals 1 Schmerz to Stroopwafel Smuggler" in told
    assert "plays Stroopwafel" not in told and "Stroopwafel is used up" not in told


def test_r_conf_3_a_secret_word_counts_as_a_whole_word_only(party):
    party.do("confront 'Tulip Bulb Speculator'", "use Ann Sadness --roll 2")
    assert "Cryface deals 1 Schmerz to Tulip Bulb Speculator" in story(party)
    party.do("use Bob Anger --roll 2", "foe Speculator 'Prices Only Go Up!' --on Bob")
    assert "Prices Only Go Up" not in story(party)              # its move stays the GM's


def test_r_ql_1_a_quote_told_is_told_on_the_tv_whatever_it_names(party):
    """R-QL-1: the GM reads the quote aloud to everyone (and the TV shows it as the last
    quote): a quote naming a shop's item with Usage (Poffertjes, quote 65) tells nobody who
    holds one, so the story keeps it, where it left the whole lottery out."""
    party.do("lottery --npc Tess --dice 6,5", "buy Ann Poffertjes")
    told = story(party)
    assert "quote 65" in told and "Tess says: Poffertjes are baked" in told
    assert "buys Poffertjes" not in told                      # the item itself stays secret
