"""Schmerz that is not a technique shows its sum as a hit does (R-DMG-8): a Chutzpah return
(R-ABIL-1) and Anger's Schmerz to its user (R-FX-4), each through the taker's H and its
Sensitive or Insensitive; a Tour Guide who sees "takes 1" where half of 4 is 2 must see why."""

from conftest import Play


def test_r_abil_1_a_chutzpah_return_shows_half_and_the_takers_h(party):
    party.do("companion Anouk", "confront --scene 5",
             "use Ann Sadness --on Captain --roll 1")                # Confidence stops it
    out = party.do("use Bob Anger --on Captain --roll 1")
    # Bob (Insensitive, H 1 from Anouk) deals 1; half of 1 rounded up is 1, x 1/2, - 1 H
    assert "Bob takes 1 Schmerz back (half of 1, rounded up: 1 x 1/2 - 1 H, at least 1 = 1)" \
           " (R-ABIL-1)." in out


def test_r_abil_1_a_chutzpah_return_without_h_says_half(tmp_path):
    play = Play(tmp_path / "c.sqlite")
    play.do("adventure amsterdam", "kaveri Cy --ability Lagom --technique Anger"
            " --technique Love --technique Happy", "confront --scene 5",
            "use Cy Happy --on Captain --roll 1", "next", "next", "next")
    out = play.do("use Cy Love --on Captain --roll 1")           # 1 x 2 - 1 H = 1
    assert "Cy takes 1 Schmerz back (half of 1, rounded up) (R-ABIL-1)." in out
    play.close()


def test_r_fx_4_angers_schmerz_to_its_user_shows_the_h_that_took_from_it(party):
    party.do("companion Anouk", "confront --scene 1")
    party.do("use Ann Sadness --roll 2")
    out = party.do("use Bob Anger --roll 20")                      # Anger 1: 19+
    assert "and takes 1 Schmerz (Lv 1 x 1/2 - 1 H, at least 1 = 1): 19/20 HP." in out
