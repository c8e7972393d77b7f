"""Names the way people say them, and parameter types that carry conversion, completion and
the "did you mean" error together (guide.core.names, guide.core.params)."""

from __future__ import annotations

import sys
from pathlib import Path

import click
import pytest

from guide.core.errors import GuideError
from guide.core.names import resolve
from guide.core.params import Faces, KeyValue, Named, arrange, param_at

NAMES = ["Rogue Herring Gull", "Rogue Herring Gull 2", "Tess the Bell-Ringer", "Hondje"]


@pytest.mark.parametrize("typed, found", [
    ("Hondje", "Hondje"),                        # exact
    ("hondje", "Hondje"),                        # any case
    ("Te", "Tess the Bell-Ringer"),              # a unique beginning
    ("bell", "Tess the Bell-Ringer"),            # a unique word
    ("Gull 2", "Rogue Herring Gull 2"),          # a run of words: the duplicate's tag
    ("Rogue Herring Gull", "Rogue Herring Gull"),
])
def test_resolve_exact_then_case_then_prefix_then_word(typed, found):
    assert resolve(typed, NAMES, "card") == found


@pytest.mark.parametrize("typed, found", [
    ("здоровя", "Здоров'я"),                     # the apostrophe left out: the same symbol
    ("здоров’я", "Здоров'я"),                    # the typographic one is the straight one
    ("здоровʼя", "Здоров'я"),                    # and so is the Ukrainian letter ʼ
    ("здоров", "Здоров'я"),                      # a beginning
    ("Ship’s", "Hondje the Ship's Dog"),
    ("ships dog", "Hondje the Ship's Dog"),
    ("OBrien", "O'Brien"),
    ("l’arme", "l'Arme"),
])
def test_every_apostrophe_is_one_letter_and_may_be_left_out(typed, found):
    """Issue 40: `здоров` finds Здоров'я, "здоровя" is the same symbol, ’ is '."""
    assert resolve(typed, ["Здоров'я", "Знання", "Hondje the Ship's Dog", "O'Brien", "l'Arme"],
                   "name") == found


def test_a_word_two_names_share_is_ambiguous_even_when_one_begins_with_it():
    names = ["Bike Bell Bandit", "Runaway Rental Bike"]
    with pytest.raises(GuideError, match="'Bike' could be 'Bike Bell Bandit', 'Runaway Rental Bike'"):
        resolve("Bike", names, "card")
    assert resolve("Bike Bell", names, "card") == "Bike Bell Bandit"
    assert resolve("Rental", names, "card") == "Runaway Rental Bike"


def test_resolve_lists_the_choices_when_ambiguous():
    with pytest.raises(GuideError, match="'Rogue H' could be 'Rogue Herring Gull', 'Rogue"
                                         " Herring Gull 2'; which card"):
        resolve("Rogue H", ["Rogue Herring Gull", "Rogue Herring Gull 2"], "card")
    with pytest.raises(GuideError, match="could be"):
        resolve("Herring", NAMES, "card")


def test_resolve_suggests_a_close_name_or_lists_the_known_ones():
    with pytest.raises(GuideError, match="did you mean 'Hondje'"):
        resolve("Hondie", NAMES, "card")
    with pytest.raises(GuideError, match=r"no card named 'xyz' \(known: Rogue"):
        resolve("xyz", NAMES, "card")


def test_either_says_each_way_to_give_an_option_as_a_line_types_it():
    """A refusal asking which one names the option with each choice as typed (a name of
    several words quoted, so that the line reads it back), a few at most."""
    from guide.core.line import split
    from guide.core.names import MOST_NAMED, either

    said = either("--on", ["Mia", "Dumb Turkey", "Hondje the Ship's Dog"])
    assert said == "--on Mia or --on \"Dumb Turkey\" or --on \"Hondje the Ship's Dog\""
    assert split(said)[-1] == "Hondje the Ship's Dog"
    many = either("--on", [f"Spirit {n}" for n in range(20)])
    assert many.count("--on") == MOST_NAMED and many.endswith(" ...")


@click.command()
@click.argument("expression", nargs=-1)
@click.option("--technique", multiple=True, type=Named("technique", lambda t, w: [
    "Comic Wit", "Comic Silly", "Love"], multiword=True, convert=False))
@click.option("--roll", type=Faces())
@click.option("--flag", is_flag=True)
def sample(expression, technique, roll, flag):
    return expression


def test_arrange_keeps_negative_numbers_as_values():
    assert arrange(sample, ["1d20", "-2"]) == ["--", "1d20", "-2"]
    assert arrange(sample, ["-1", "--flag"]) == ["--flag", "--", "-1"]
    assert arrange(sample, ["--roll", "3", "x"]) == ["--roll", "3", "--", "x"]
    assert arrange(sample, ["--bogus"]) == ["--bogus"]     # click refuses it


def test_an_option_left_without_its_value_is_said_to_lack_it():
    """`use Bram Sadness --world-point`: click said "'--' is not one of ..." (the `--`
    arrange puts before the positional words taken for the value)."""
    assert arrange(sample, ["x", "--roll"]) == ["--roll"]
    with pytest.raises(click.UsageError, match="requires an argument"):
        sample.make_context("sample", arrange(sample, ["1d20", "--roll"]))


def test_arrange_joins_a_multi_word_name_while_it_still_names_something():
    assert arrange(sample, ["--technique", "Comic", "Wit", "--technique", "Love"]) == [
        "--technique", "Comic Wit", "--technique", "Love"]
    assert arrange(sample, ["--technique", "Love", "Wit"]) == ["--technique", "Love", "--", "Wit"]


def test_a_name_left_out_on_that_players_turn_is_put_in_by_arrange():
    """Named.or_turn: `move up` on Ann's turn is `move Ann up`, `reroll 1 4` is `reroll Ann
    1 4`; never when the word names someone (a side missing), could be several, or is no
    value of the next argument (a name misspelt), or when it is nobody's turn or several
    players'."""
    from types import SimpleNamespace

    from guide.core.players import Player

    who = Named("player", lambda table, words: ["Ann", "Abe", "Bob"]).or_turn()
    move = click.Command("move", params=[click.Argument(["name"], type=who),
                                         click.Argument(["side"], type=click.Choice(["up"]))])
    reroll = click.Command("reroll", params=[click.Argument(["name"], type=who),
                                             click.Argument(["places"], nargs=-1, type=int)])

    def at(*turn: str) -> SimpleNamespace:
        players = [Player(n, turn=n in turn) for n in ("Ann", "Abe", "Bob")]
        return SimpleNamespace(game=SimpleNamespace(players=lambda table: players))

    assert arrange(move, ["up"], at("Bob")) == ["--", "Bob", "up"]
    assert arrange(move, [], at("Bob")) == ["--", "Bob"]
    assert arrange(move, ["Ann"], at("Bob")) == ["--", "Ann"]        # a name: its side is missing
    assert arrange(move, ["A"], at("Bob")) == ["--", "A"]            # Ann or Abe: the refusal says
    assert arrange(move, ["Anx", "up"], at("Bob")) == ["--", "Anx", "up"]
    assert arrange(move, ["up"], at()) == ["--", "up"]
    assert arrange(move, ["up"], at("Ann", "Bob")) == ["--", "up"]
    assert arrange(move, ["up"], None) == ["--", "up"]
    assert arrange(reroll, ["1", "4"], at("Bob")) == ["--", "Bob", "1", "4"]   # a die's place
    assert arrange(reroll, ["Anx", "4"], at("Bob")) == ["--", "Anx", "4"]      # a name misspelt
    assert arrange(reroll, [], at("Bob")) == ["--", "Bob"]
    plain = click.Command("move", params=[click.Argument(["name"], type=Named("p", who.names)),
                                          click.Argument(["side"])])
    assert arrange(plain, ["up"], at("Bob")) == ["--", "up"]


def test_key_value_and_faces_convert_or_fail_with_one_line():
    kv = KeyValue(["e", "hp"], bare=("reset",))
    assert kv.convert("hp=3", None, None) == ("hp", 3)
    assert kv.convert("RESET", None, None) == "reset"
    assert list(kv.choices(None, [])) == ["e=", "hp=", "reset"]
    with pytest.raises(click.BadParameter, match="not of the form KEY=VALUE"):
        kv.convert("hp3", None, None)
    assert Faces().convert("4, 5", None, None) == [4, 5]
    with pytest.raises(click.BadParameter, match="takes 2 face"):
        Faces(2).convert("4", None, None)


def test_param_at_finds_the_parameter_the_next_word_fills():
    assert param_at(sample, []).name == "expression"
    assert param_at(sample, ["--technique"]).name == "technique"
    assert param_at(sample, ["--flag"]) is None
    assert param_at(sample, ["--roll", "3", "x"]).name == "expression"


def test_a_name_s_last_words_pick_it_among_numbered_duplicates():
    from guide.core.names import resolve

    names = ["Captain Van der Decken", "Drowned Bell Spirit", "Drowned Bell Spirit 2"]
    assert resolve("Spirit", names) == "Drowned Bell Spirit"      # as the toolbar shows it
    assert resolve("spirit 2", names) == "Drowned Bell Spirit 2"
    assert resolve("Decken", names) == "Captain Van der Decken"


def test_a_latin_accent_is_ignored_and_a_cyrillic_letter_kept():
    """`cec` finds Cécile (Taverne, issue 27): the table types names without accents; the
    Ukrainian й and ї stay letters of their own."""
    from guide.core.names import Unknown, fold, resolve
    assert resolve("cec", ["Cécile", "Marie"]) == "Cécile"
    assert resolve("sorciere", ["Sorcière Pustuleuse", "Ghoul"]) == "Sorcière Pustuleuse"
    assert fold("Їжак") != fold("Іжак") and fold("Йосип") != fold("Иосип")
    with pytest.raises(Unknown):
        resolve("Иосип", ["Йосип"], "player")


def test_what_a_name_names_is_said_when_the_refusal_is_made():
    """A game passes its word as a callable (translated in its own domain, issue 23): it is
    called for each refusal, so the table's language of that moment applies; the English
    words are the placeholder."""
    said = iter(["player", "гравець"])
    kind = Named(lambda: next(said, "joueur"), lambda t, w: ["Ann"])
    assert kind.name == "player"
    with pytest.raises(GuideError, match="no гравець named 'Zed'"):
        resolve("Zed", ["Ann"], kind.what)
    with pytest.raises(GuideError, match="no joueur named 'Zed'"):
        resolve("Zed", ["Ann"], kind.what)
    with pytest.raises(GuideError, match="no name named 'Zed'"):
        resolve("Zed", ["Ann"])


def test_an_unknown_name_is_refused_in_the_engine_s_one_line_for_every_game(tmp_path):
    """A name a parameter type resolves (Named, a named KeyValue) is refused as the rules
    refuse one (`no Kaveri named 'Anuk' (known: Ann, Bob)`), with the resolver's "did you
    mean": never with click's "spend: Invalid value for 'NAME': ..." before it."""
    from guide.core.errors import CommandError
    from guide.core.registry import Registry, parse

    registry = Registry()
    players = Named("player", lambda t, w: ["Ann", "Ben"])

    @registry.command("pick", "x")
    @click.argument("who", type=players)
    @click.option("--total", multiple=True, type=KeyValue(
        lambda t, w: ["Ann", "Ben"], metavar="NAME=TOTAL", named="player"))
    def pick(t, who, total):
        return None

    table = object()                  # what the types see as ctx.obj
    cmd, _ = registry.lookup(["pick"])
    for words, said in ((["Bne"], "no player named 'Bne'; did you mean 'Ben'?"),
                        (["Zed"], "no player named 'Zed' (known: Ann, Ben)"),
                        (["Ann", "--total", "Bne=3"],
                         "no player named 'Bne'; did you mean 'Ben'?")):
        with pytest.raises(CommandError) as refused:
            parse(cmd, words, table)
        assert str(refused.value) == said
    with pytest.raises(CommandError) as refused:     # a value that is no name: click's words
        parse(cmd, ["Ann", "--total", "Ben"], table)
    assert str(refused.value) == \
        "pick: Invalid value for '--total': 'Ben' is not of the form NAME=TOTAL"
    assert parse(cmd, ["ben"], table) == {"who": "Ben", "total": ()}

    sys.path.insert(0, str(Path(__file__).parents[1] / "tinygame"))
    from tally import TallyGame

    from guide.core.dice import Dice
    from guide.core.store import Store
    from guide.core.table import Table
    t = Table(TallyGame(), Store(tmp_path / "c.sqlite", game="tally",
                                 state_version=TallyGame.settings.state_version), None, Dice(1))
    t.execute("join Ann")
    with pytest.raises(CommandError) as refused:     # the core's own command, in every game
        t.execute("roll 1d6 --for Anb")
    assert str(refused.value) == "no seat named 'Anb'; did you mean 'Ann'?"


def test_a_missing_choice_is_refused_with_its_choices_in_one_line():
    """A missing argument of fixed choices (Cave's `move NAME SIDE`) says them, where the
    refusal kept only click's first line: "Missing argument 'SIDE'. Choose from:"."""
    from guide.core.errors import CommandError
    from guide.core.registry import Registry, parse

    registry = Registry()

    @registry.command("go", "x")
    @click.argument("side", type=click.Choice(["up", "down", "left", "right"]), metavar="SIDE")
    def go(t, side):
        return None

    cmd, _ = registry.lookup(["go"])
    with pytest.raises(CommandError) as refused:
        parse(cmd, [], object())
    assert str(refused.value) == "go: Missing argument 'SIDE'. Choose from: up, down, left, right"


@pytest.mark.parametrize("game, typed, said", [
    ("taverne", "clear", ""),                   # 'leave' shares three letters, not a slip
    ("kaivo", "clear", ""),
    ("kaverini", "clear", ""),                  # nor 'card'
    ("cv", "reset", ""),                        # nor 'seats'
    ("kaverini", "score", ""),                  # nor 'scene'
    ("kaverini", "start", ""),                  # nor 'state'
    ("taverne", "hlep", "; did you mean 'help'?"),      # two letters swapped
    ("cave", "stauts", "; did you mean 'status'?"),
    ("cv", "undoo", "; did you mean 'undo'?"),          # one too many
    ("kaverini", "stats", "; did you mean 'status'?"),  # one left out
    ("taverne", "buj", "; did you mean 'buy'?"),        # one for another, in three letters
])
def test_an_unknown_command_suggests_only_a_slip_of_the_fingers(game, typed, said):
    from guide.core.games import load
    from guide.core.names import suggest
    from guide.core.reference import registry_of
    assert suggest(typed, registry_of(load(game)).commands, mistyped=True) == said
    with pytest.raises(GuideError) as refused:
        registry_of(load(game)).lookup([typed])
    assert str(refused.value) == f"unknown command {typed!r}{said} (help lists the commands)"


def test_a_missing_name_of_a_long_list_gives_examples_and_the_command_that_lists_them():
    """A parameter type may name the command that lists all its choices with what each is
    (`listed_by`, Kaverini's `buy` and `shop`): a refusal for the missing value gives a few
    examples and that command, not a long run of names; without it, the first names."""
    from guide.core.errors import CommandError
    from guide.core.registry import Registry, parse

    items = ["Map", "Bike", "Bell", "Tulip", "Cheese"]
    registry = Registry()

    @registry.command("get", "x")
    @click.argument("item", type=Named(lambda: "item", lambda t, words: items, listed_by="list"))
    def get(t, item):
        return None

    @registry.command("take", "x")
    @click.argument("item", type=Named(lambda: "item", lambda t, words: items))
    def take(t, item):
        return None

    for name, said in (("get", "Map, Bike, Bell, ... (list lists them all)"),
                       ("take", "Map, Bike, Bell, Tulip, Cheese")):
        cmd, _ = registry.lookup([name])
        with pytest.raises(CommandError) as refused:
            parse(cmd, [], object())
        assert str(refused.value).endswith(said), str(refused.value)
