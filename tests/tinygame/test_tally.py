"""Tally's own tests, as a new game keeps them beside it: its catalogue is the code's and
French says every message (kept outside guide/, in its package's locale/ folder, by the
project's own tooling: `PYTHONPATH=tests/tinygame python -m guide.locale update
tally:TallyGame`), a French table speaks it, and its rules run without a table."""

from __future__ import annotations

import pytest
from tally import TallyGame
from tally import rules
from tally.state import new_state

from guide.core import i18n
from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.core.table import Table
from guide.locale import catalogues
from guide.locale.__main__ import main as locale_main


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use("en")


def test_tallys_catalogue_is_the_codes_and_french_translates_it_all():
    assert catalogues.add_outside("tally:TallyGame") == "tally"
    assert catalogues.pot_path("tally").parent.parent.name == "tally"     # its own folder
    assert catalogues.translated("tally") == ("fr",)                       # its languages
    assert catalogues.check(("tally",)) == []


def test_the_tooling_finds_a_message_tallys_french_lacks(monkeypatch):
    catalogues.add_outside("tally:TallyGame")
    real = catalogues.extracted
    monkeypatch.setattr(catalogues, "extracted", lambda name: {
        **real(name), (None, "a message nobody translated yet"): {"tally/rules.py"}})
    problems = catalogues.check(("tally",))
    assert any("tally.pot: behind the code" in p for p in problems)
    assert any("fr/LC_MESSAGES/tally.po: lacks 1 messages" in p for p in problems)


def test_the_tooling_refuses_what_is_no_game_with_a_catalogue_of_its_own(capsys):
    assert locale_main(["check", "tally:nothing"]) == 2
    assert locale_main(["check", "guide.core.game:Game"]) == 2      # no package of its own
    assert capsys.readouterr().err.count("error: ") == 2


def test_a_french_table_speaks_tallys_own_words_and_its_help():
    t = Table(TallyGame(), None, None, Dice(1))
    t.lang = "fr"
    with i18n.recording() as misses:
        said = [line for cmd in ("join Ann", "add 3", "guess Ann 4", "total")
                for line in t.execute(cmd).lines]
        helped = "\n".join(t.execute("help guess").lines)
    assert said == ["Ann se joint à la table.", "3 ajouté\u00a0: le décompte est de 3.",
                    "Ann a pronostiqué (scellé).", "Pronostics\u00a0: Ann 4",
                    "Le décompte est de 3."]
    assert "Le pronostic scellé d’un joueur" in helped
    assert not {m for m in misses if m[0] == "tally"}
    assert i18n.domain_of("tally.commands").name == "tally"       # its help, its catalogue


def test_the_rules_run_without_a_table():
    state = new_state()
    assert rules.join(state, "Ann") == [{"kind": "joined", "name": "Ann"}]
    with pytest.raises(RuleError):
        rules.add(state, -1)
    dice = Dice(1)
    dice.give([5])
    assert rules.draw(state, "Ann", dice)[0] == {"kind": "drew", "private": "Ann", "name": "Ann",
                                                  "face": 5}
    assert state["hands"] == {"Ann": [5]} and state["count"] == 0
