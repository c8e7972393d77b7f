"""Card text at the right moment (issue 13): GM questions asked once per confrontation and
remembered (R-DMG-7), a flip condition met said when it happens, tokens a card creates
offered, a setting's free text repeated each round only when it acts each round."""

from conftest import kaveri
from guide.games.kaverini.cardtext import acts_each_round, emotions_named, flip_met, tokens_in


def at_one_hp(play, name: str) -> None:
    """A foe one Schmerz from neutralized (whatever HP the box gives it)."""
    next(f for f in play.raw["confrontation"]["foes"] if f["name"] == name)["hp"] = 1


def next_round(play) -> str:
    """`next` until a new round begins (each passes whoever's turn it is, R-CONF-2)."""
    start, shown = play.raw["confrontation"]["turns"]["round"], []
    while play.raw["confrontation"] and play.raw["confrontation"]["turns"]["round"] == start:
        shown.append(play.do("next"))
    return "\n".join(shown)


def test_r_dmg_7_the_gm_is_asked_once_and_the_answer_holds(field):
    kaveri(field, "Ann")
    field.do("confront 'Bird-Shy Foe'")
    assert "GM: does 'Techniques from Bird Characters' apply" in field.do("use Ann Kick")
    next_round(field)                                       # round 2
    again = field.do("use Ann Kick")
    assert "GM: does" not in again                          # asked once, not on every hit
    next_round(field)
    field.do("use Ann Kick --matches yes")                  # round 3: the answer
    hp = field.foe("Bird-Shy Foe")["hp"]
    next_round(field)
    field.do("use Ann Kick")                                # round 4: remembered
    assert "Heel x2" in field.do("log 1")
    assert field.foe("Bird-Shy Foe")["hp"] == hp - 4


def test_a_met_flip_condition_is_said_with_the_flip_line(party):
    party.do("confront --scene 3")
    at_one_hp(party, "Painted Musketeer")
    next_round(party)
    out = party.do("use Ann Cheer --on 'Painted Musketeer' --roll 1")
    assert "GM: Painted Musketeer's flip condition is met" in out
    assert "flip Painted Musketeer" in out
    assert "technique.)" not in out         # the card's sentence, its full stop left out


def test_a_flip_condition_not_met_says_it_does_not_flip(party):
    party.do("confront --scene 3")
    at_one_hp(party, "Painted Musketeer")
    next_round(party)
    party.do("next")                                        # Ann passes: Bob's turn
    out = party.do("use Bob Anger --on 'Painted Musketeer' --roll 1")
    assert "was not neutralized as its flip condition says" in out


def test_a_flip_after_the_confrontation_says_the_line_that_brings_the_buddy_in(party):
    """5.6, 4.5: the GM's flip of a neutralized foe once the fight is over (the Musketeer
    that gladness, not a Love or Cheer technique, finished) turns the card, and the buddy
    joins only by `buddy NAME`; the flip says so, where '(buddy)' alone let a new Tour Guide
    think he had joined."""
    party.do("confront --scene 3", "end")
    out = " ".join(party.do("flip Painted Musketeer").split())
    assert "it is now Musketeer of the Night Watch (buddy). To type: buddy Musketeer of the" \
        " Night Watch" in out
    party.do("flip Painted Musketeer", "confront --scene 3")    # back, and in a fight:
    out = party.do("flip Painted Musketeer")                        # he joins at once
    assert "joins" in out and "To type" not in out


def test_a_card_that_creates_tokens_offers_the_token_line(party):
    party.do("companion Sem")
    out = party.do("confront Runaway Rental Bike")
    assert "GM: Sem the Bike Mechanic creates Spare Bike tokens (card text): token Spare Bike" in out


def test_scene_tokens_already_present_are_not_offered(party):
    assert "creates" not in party.do("confront --scene 5")


def test_a_setting_without_a_round_effect_is_said_once(party):
    party.do("confront --scene 4")                          # The Canal Ring: no round effect
    assert "The Canal Ring" in party.do("log --gm")
    next_round(party)
    assert "GM (settings)" not in party.do("log 1 --gm")


def test_a_setting_that_acts_each_round_is_reminded_each_round(party):
    party.do("confront --scene 1")                          # Amsterdam Centraal: each round
    again = next_round(party)                               # the part that acts, only
    assert "GM (settings): Amsterdam Centraal: Each round, the crowd bumps someone" in again
    assert "red-brick" not in again


def test_the_readings_of_card_text():
    condition = "When the Painted Musketeer is neutralized by a Love or Cheer technique."
    assert emotions_named(condition) == {"Love", "Cheer"}
    assert flip_met(condition, "Cheer") is True and flip_met(condition, "Anger") is False
    assert flip_met("When the moon is full.", "Love") is None
    assert acts_each_round("Each round, the crowd bumps someone") is True
    assert acts_each_round("A character at 0 HP here falls in the canal") is False
    assert tokens_in("Creates a Drowned Bell Spirit token.", ["Drowned Bell Spirit", "X"]) == [
        "Drowned Bell Spirit"]
    assert tokens_in("Rings a Drowned Bell Spirit.", ["Drowned Bell Spirit"]) == []
