"""Tally's own tests, as a new game keeps them beside it: its catalogue is the code's and
French says every message (kept outside guide/, in its package's locale/ folder, by the
project's own tooling: `PYTHONPATH=tests/tinygame python -m guide.locale update
tally:TallyGame`), a French table speaks it, its rules run without a table, and its players
guess in turn (guide.core.turns)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tally import TallyGame, rules
from tally.state import migrate, new_state

from guide.core import i18n, turns
from guide.core.dice import Dice
from guide.core.errors import CommandError, RuleError
from guide.core.players import acting
from guide.core.players import seats as seats_of
from guide.core.store import Store
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


# --- the turn order (guide.core.turns) ------------------------------------------------------
def tally(*lines: str) -> Table:
    t = Table(TallyGame(), None, None, Dice(1))
    for line in lines:
        t.execute(line)
    return t


def test_whoever_guesses_first_opens_the_round_and_the_others_follow_in_seating_order():
    t = tally("join Ann", "join Bob", "join Cid")
    assert acting(t) == [] and seats_of(t) == ["Ann", "Bob", "Cid"]    # anyone may open
    assert [len(t.game.seat_moves(t, s)) for s in ("Ann", "Bob", "Cid")] == [6, 6, 6]
    assert t.execute("guess Bob 2").lines == ["Bob has guessed (sealed).", "Cid's turn to guess."]
    assert acting(t) == ["Cid"] and t.game.view(t)["turn"] == "Cid"
    assert [len(t.game.seat_moves(t, s)) for s in ("Ann", "Bob", "Cid")] == [0, 0, 6]
    t.execute("guess Cid 5")
    assert t.execute("guess Ann 1").lines == ["Ann has guessed (sealed).",
                                              "Guesses: Bob 2, Cid 5, Ann 1"]
    assert acting(t) == [] and "turn" not in t.game.view(t)         # the next round is open
    assert t.state["turns"]["round"] == 1


def test_a_guess_out_of_turn_is_refused_in_one_line_and_changes_nothing():
    t = tally("join Ann", "join Bob", "join Cid", "guess Ann 3")
    before = json.dumps(t.state, sort_keys=True)
    with pytest.raises(CommandError, match="^it is Bob's turn, not Cid's$"):
        t.execute("guess Cid 4")
    assert json.dumps(t.state, sort_keys=True) == before


def test_one_who_leaves_on_their_turn_passes_it_on_and_comes_back_to_their_seat():
    t = tally("join Ann", "join Bob", "join Cid", "guess Ann 3")
    assert t.execute("leave Bob").lines == ["Bob leaves.", "Cid's turn to guess."]
    assert seats_of(t) == ["Ann", "Cid"]                       # his page goes with him
    assert t.execute("join Bob").lines == ["Bob comes back to their seat."]
    assert seats_of(t) == ["Ann", "Bob", "Cid"]                # at his own seat, not at the end
    t.execute("guess Cid 1")
    assert acting(t) == ["Bob"]                                # he guesses in this round too
    assert t.execute("guess Bob 6").lines[-1] == "Guesses: Ann 3, Cid 1, Bob 6"


def test_a_newcomer_sits_at_the_end_and_guesses_when_the_turn_reaches_them():
    t = tally("join Ann", "join Bob", "guess Bob 2", "join Dee")
    assert acting(t) == ["Ann"]
    assert t.execute("guess Ann 4").lines[-1] == "Dee's turn to guess."


def test_the_last_one_to_guess_leaving_reveals_the_others():
    t = tally("join Ann", "join Bob", "guess Ann 3")
    assert t.execute("leave Bob").lines == ["Bob leaves.", "Guesses: Ann 3"]
    assert acting(t) == []


def test_undo_and_redo_restore_whose_turn_it_was(tmp_path):
    t = Table(TallyGame(), Store(tmp_path / "c.sqlite", game="tally",
                                 state_version=TallyGame.settings.state_version), None, Dice(1))
    for line in ("join Ann", "join Bob", "guess Ann 3"):
        t.execute(line)
    assert acting(t) == ["Bob"]
    t.execute("undo")
    assert acting(t) == [] and t.state["turns"]["turn"] == 0
    t.execute("redo")
    assert acting(t) == ["Bob"]
    t.close()


def test_a_campaign_of_state_2_keeps_its_players_in_order_and_a_round_under_way():
    old = {"count": 0, "rolls": [], "players": ["Ann", "Bob", "Cid"], "alarm": None,
           "hands": {"Ann": [], "Bob": [2], "Cid": []},
           "guesses": {"choices": {"Bob": 4}, "revealed": False, "key": "k"}}
    state = migrate(old, 2)
    assert "players" not in state and turns.seated(state["turns"]) == ["Ann", "Bob", "Cid"]
    assert turns.current(state["turns"]) == "Ann" and state["turns"]["first"] == "Bob"
    done = migrate({**old, "guesses": {"choices": {"Bob": 4}, "revealed": True}}, 2)
    assert turns.current(done["turns"]) is None and done["turns"]["round"] == 0
    assert migrate({**old, "players": ["Ann"]} | {"hands": {}}, 1)["hands"] == {"Ann": []}


def test_a_campaign_where_nobody_joined_upgrades_from_what_the_store_gives():
    """The store rebuilds an old campaign without a snapshot from today's new_state and the
    old changes: a key the old game never changed (its players, if nobody joined) is absent."""
    given = {**new_state(), "count": 7, "rolls": [4]}
    assert migrate(given, 1) == {**new_state(), "count": 7, "rolls": [4]}


# --- docs/architecture.md, as a new game's author reads it -----------------------------------
ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def test_the_games_table_says_each_games_state_version_as_its_settings_say():
    """The table at the top of docs/architecture.md: each game's state version is the one its
    Settings carry (Tally's said 2 after its state 3 moved the players to the core's turns)."""
    from guide.core import games

    rows = {cells[2].strip(" `"): cells[4].strip() for line in ARCHITECTURE.read_text("utf-8").splitlines()
            if line.startswith("| ") and len(cells := line.split("|")) > 5}
    for game in [TallyGame(), *(games.load(g) for g in ("kaverini", "taverne", "kaivo", "cave", "cv"))]:
        assert rows[game.id] == str(game.settings.state_version), game.id


def test_the_walkthroughs_pyproject_builds_its_package():
    """Step 6's pyproject.toml: a distribution named otherwise than its package (liars-game,
    liars/) names the package its wheel ships, or hatchling finds no liars_game/ and refuses
    to build ("Unable to determine which files to ship inside the wheel")."""
    import re
    import tomllib

    example = re.search(r"```\n(\s*\[project\]\s+# a Liar's dice.*?)```", ARCHITECTURE.read_text("utf-8"),
                        re.S)
    assert example
    text = "\n".join(line.strip() for line in example.group(1).splitlines())
    project = tomllib.loads(text)
    package = project["project"]["entry-points"]["guide.games"]["liars"].split(".")[0]
    assert project["project"]["name"].replace("-", "_") != package
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == [package]
