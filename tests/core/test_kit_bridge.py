"""The bridge from every game's rules to the table (issue 23, item 2): one dice protocol and
shuffle, one refusal, one name resolver, one toolbar fitting, over every installed game."""

from __future__ import annotations

import dataclasses
import json

import pytest

from guide.core import settings
from guide.core.dice import Dice, DiceError, DiceLike, pick, shuffle
from guide.core.errors import CommandError
from guide.core.events import said
from guide.core.games import installed, load
from guide.core.players import Player
from guide.core.table import Table


def _table(game_id: str) -> Table:
    game = load(game_id)
    cls = game.settings.table_class or Table
    return cls(game, None, settings.load(game, []), Dice(1))


# --- one dice protocol and one shuffle (R-DICE-1, R-DICE-3) -----------------------------------
def test_the_table_dice_seeded_and_own_faces_fit_the_one_protocol_R_DICE_3():
    table: DiceLike = Dice(faces=[2, 6])
    assert [table.d(6), table.d(6)] == [2, 6]
    seeded = [Dice(5).d(20) for _ in range(3)]
    assert len(set(seeded)) == 1                  # one seed, one face


def test_a_shuffle_is_drawn_from_the_dice_so_the_table_faces_decide_it():
    # Fisher-Yates from the end: a d3 picks place 3's card, then a d2 place 2's
    assert shuffle(["a", "b", "c"], Dice(faces=[1, 1])) == ["b", "c", "a"]
    assert shuffle(["a", "b", "c"], Dice(faces=[3, 2])) == ["a", "b", "c"]
    deck = list(range(20))
    assert shuffle(deck, Dice(9)) == shuffle(deck, Dice(9)) != deck
    assert deck == list(range(20))                # a new list: the deck itself is untouched


def test_a_pick_is_one_die_of_as_many_faces():
    assert pick(["x", "y", "z"], Dice(faces=[2])) == "y"
    with pytest.raises(DiceError):
        pick([], Dice(1))
    with pytest.raises(DiceError, match="a d3 shows 1 to 3, not 4"):
        pick(["x", "y", "z"], Dice(faces=[4]))


def test_split_dice_are_reproducible_take_no_table_faces_and_record_nothing():
    a, b = Dice(3, faces=[1]), Dice(3, faces=[1])
    left, right = a.split(), b.split()
    assert [left.d(100) for _ in range(5)] == [right.d(100) for _ in range(5)]
    assert left.drawn == [] and a.drawn == [] and a.unused() == [1]


def test_a_simulator_dice_keeps_no_record():
    dice = Dice(1, record=False)
    for _ in range(100):
        dice.d(6)
    assert dice.drawn == []


# --- one refusal for rules ----------------------------------------------------------------
def test_every_game_refuses_with_the_core_rule_error_and_defines_none_of_its_own():
    import re
    from pathlib import Path

    import guide.games
    from guide.core.errors import CommandError, GuideError, RuleError

    assert issubclass(RuleError, CommandError) and issubclass(RuleError, GuideError)
    own = re.compile(r"^class (RuleError|Refused|\w*Refusal)\b", re.M)
    root = Path(guide.games.__file__).parent
    found = [str(p.relative_to(root)) for p in root.rglob("*.py") if own.search(p.read_text("utf-8"))]
    assert found == []


@pytest.mark.parametrize("game_id", sorted(installed()))
def test_a_rule_refusal_reaches_the_table_as_one_line_that_changes_nothing(game_id):
    from guide.core.errors import CommandError, RuleError

    table = _table(game_id)
    before = json.dumps(table.state, sort_keys=True)

    def refuse(t):
        """Refused by a rule."""
        t.state = {**t.state, "touched": True}
        raise RuleError("not now (X-TEST-1)")

    table.registry.command("refused", "table")(refuse)
    with pytest.raises(CommandError, match=r"^not now \(X-TEST-1\)$"):
        table.execute("refused")
    assert json.dumps(table.state, sort_keys=True) == before


# --- tell: a list of events, each private to one or to no one --------------------------------
def test_tell_all_tells_private_events_as_tell_private_does_and_the_gm_ones_are_gm_only(monkeypatch):
    table = _table("kaverini")
    monkeypatch.setattr(table.game, "players", lambda t: [Player("Ann")])
    table.story = []
    table.tell_all([{"kind": "roll", "expression": "1d6", "breakdown": "1d6 (3) = 3", "total": 3},
                    {"kind": "roll", "expression": "1d6", "breakdown": "x", "total": 1,
                     "private": "gm"},
                    {"kind": "roll", "expression": "1d6", "breakdown": "y", "total": 2,
                     "private": "Ann"}])
    assert [e.get("private") for e in table.story] == [None, "gm", "Ann"]
    assert [table.game.events.gm_only(e) for e in table.story] == [False, False, False]   # log: private
    with pytest.raises(CommandError, match="no seat 'Bob'"):      # the one check, as tell_private's
        table.tell_all([{"kind": "roll", "total": 1, "private": "Bob"}])


def test_kaivo_tells_the_terminal_only_its_own_seat_secrets():
    table = _table("kaivo")
    table.execute("deal --bots 2")
    told = [e for e in table.story if "private" in e]
    assert told and all(e["private"] == "You" for e in told)    # no bot's outer cards kept


# --- the library is the table's (CV used to keep it on the process-wide Game) ------------
def test_two_cv_tables_keep_their_own_library_and_words():
    game = load("cv")
    lib = settings.load(game, [])
    # the words of the box (a deck's name; the messages are the gettext catalogue's)
    other = dataclasses.replace(lib, decks=[dataclasses.replace(d, en="OTHER WORDS") for d in lib.decks])
    first = Table(game, None, lib, Dice(1))
    Table(game, None, other, Dice(1))                  # a second table opened after it
    event = {"kind": "deck_out", "deck": "youth"}
    assert "OTHER WORDS" not in (said(first, event) or "")
    assert "OTHER WORDS" in (said(Table(game, None, other, Dice(1)), event) or "")


# --- one toolbar fitting: one width rule, one ellipsis ----------------------------------------
LONG = ["Maximiliana Wolkenstein", "Bartholomew Featherstonehaugh", "Konstantinopoli Ente",
        "Evangelina Montgomery"]
CROWDED = {     # each game's table with four long names, playing
    "kaverini": [f"kaveri {n.split()[0]} --ability Focused --technique Cheer --technique Love"
                 f" --technique custom:Hug" for n in LONG],
    "cv": ["players " + " ".join(n.split()[0] for n in LONG)],
    "taverne": [f"player {n.split()[0]} --loot 2" for n in LONG] + ["start --beginner"],
    "kaivo": ["players " + " ".join(n.split()[0] for n in LONG)],
    "cave": [f"character {n.split()[0]}" for n in LONG] + ["start"],
}


def _lines(bar: object) -> list[str]:
    text = bar if isinstance(bar, str) else "".join(t for _, t in bar or [])
    return text.split("\n")


@pytest.mark.parametrize("game_id", sorted(installed()))
def test_every_game_toolbar_fits_80_columns(game_id, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    table = _table(game_id)
    for line in CROWDED.get(game_id, []):
        table.execute(line)
    lines = _lines(table.game.toolbar(table))
    assert lines and all(len(line) <= 79 for line in lines), lines
    prompt = table.game.prompt(table)
    assert len(prompt) <= 40


def test_the_one_width_rule_and_the_one_ellipsis(monkeypatch):
    from guide.core.text import ELLIPSIS, clip, fit, length, short_name, toolbar_width

    monkeypatch.setenv("COLUMNS", "80")
    assert toolbar_width() == 79
    monkeypatch.setenv("COLUMNS", "20")
    assert toolbar_width() == 40                      # never narrower
    assert clip("x" * 100, 10) == "x" * 9 + ELLIPSIS
    assert clip("short", 10) == "short"
    assert short_name("Tess the Bell-Ringer", 8) == "Tess"
    assert short_name("Rogue Herring Gull 2", 8) == "Gull 2"
    assert short_name("Konstantinopolitanische Ente", 8) == "Ente"
    assert short_name("Featherstonehaugh", 8) == "Feather" + ELLIPSIS
    entries = [(f"Rogue Herring Gull {i}", [("", " 10/10")], [("", " 10")]) for i in range(30)]
    line = fit(entries, 79)
    assert length(line) <= 79 and line[-1][1].endswith("more")


# --- one name resolver for every name in every game -------------------------------------------
def _named_params(table: Table):
    from guide.core.params import Named

    for cmd in table.registry.commands.values():
        for param in cmd.click_command.params:
            if isinstance(param.type, Named):
                yield cmd, param


@pytest.mark.parametrize("game_id", sorted(installed()))
def test_every_name_parameter_takes_any_case_and_a_unique_beginning(game_id):
    import click

    table = _table(game_id)
    for line in CROWDED.get(game_id, []):
        table.execute(line)
    checked = 0
    for cmd, param in _named_params(table):
        if not param.type._convert:
            continue
        names = list(dict.fromkeys(param.type.choices(table, [cmd.name])))
        ctx = click.Context(cmd.click_command, obj=table)
        for name in names[:6]:
            assert param.type.convert(name.upper(), param, ctx) == name, (cmd.name, name)
            beginning = name[:max(4, len(name) - 2)]
            if sum(n.casefold().startswith(beginning.casefold()) for n in names) == 1 \
                    and beginning != name:
                assert param.type.convert(beginning.lower(), param, ctx) == name
            checked += 1
        if names:
            with pytest.raises(click.BadParameter, match="did you mean|known|no "):
                param.type.convert(names[0] + "zzq", param, ctx)
    assert checked > 0 or game_id == "cave"       # Cave's rules resolve its names (find)


def test_cave_takes_a_unique_beginning_give_annab_bob_C_TURN_4():
    table = _table("cave")
    for line in ("character Annabel", "character Bob", "start"):
        table.execute(line)
    table.state["characters"][0]["food"] = [3]
    table.execute("give Annab bo")
    assert table.state["characters"][1]["food"][-1] == 3
    assert table.story[-1] == {"kind": "gave", "who": "Annabel", "to": "Bob", "value": 3}


def test_kaivo_totals_and_seats_take_a_unique_beginning():
    table = _table("kaivo")
    table.execute("players Annabel Benedikt Cid")
    table.execute("round anna=5 BEN=7 Cid=20 --caller bened")
    entry = table.state["entries"][-1]
    assert entry["caller"] == "Benedikt"
    assert entry["totals"] == {"Annabel": 5, "Benedikt": 7, "Cid": 20}


def test_cv_symbols_take_a_unique_beginning_and_suggest():
    from guide.core.errors import RuleError

    lib = settings.load(load("cv"), [])
    assert lib.symbol("MONE") == "money"
    with pytest.raises(RuleError, match="did you mean 'Money'"):
        lib.symbol("monney")


# --- the core's wording is every game's ---------------------------------------------------------
KAVERINI_WORDS = ("kaveri", "schmerz", "adventure", "tour guide", "r-dice", "confront", "foe")


@pytest.mark.parametrize("game_id", sorted(installed()))
def test_the_core_commands_help_and_examples_belong_to_every_game(game_id):
    import re

    from guide.core.commands import CORE

    table = _table(game_id)
    for cmd in CORE.commands.values():
        text = cmd.help()
        assert not [w for w in KAVERINI_WORDS if w in text.casefold()], (cmd.name, text)
        for example in re.findall(r"Example: (.+)", text):
            words = example.split()
            found, rest = table.registry.lookup(words)
            if found.name == "help" and rest:             # the command it names is there too
                table.registry.lookup(rest)


def test_cv_cards_in_a_cv_take_a_unique_beginning_and_the_exact_name_wins():
    from guide.games.cv.model import find_card

    lib = settings.load(load("cv"), [])
    cards = [{"name": "Bike shop", "number": None}, {"name": "Bike", "number": None},
             {"name": "Garden", "number": None}]
    assert find_card(cards, "bike", lib) == 1              # exact, any case
    assert find_card(cards, "gard", lib) == 2              # a unique beginning
    assert find_card(cards, "gard", lib, loose=False) is None
    assert find_card(cards, "Piano", lib) is None
