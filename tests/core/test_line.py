"""A command line is split and built in one place, inverses of each other (guide.core.line,
docs/architecture.md "A command line"): each rule of the grammar, the registry's refusal of
a quote never closed, and a property test that building then splitting (and parsing) gives
back the same arguments for names with ', ’, ", --, = and spaces."""

from __future__ import annotations

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guide.core.errors import CommandError
from guide.core.i18n import speaking
from guide.core.line import Unclosed, build, join, partial, quote, split
from guide.core.params import arrange
from guide.core.registry import split as registry_split


@pytest.mark.parametrize("line, words", [
    ("member Ann", ["member", "Ann"]),
    ("  use   Ann  Love ", ["use", "Ann", "Love"]),
    # a quote groups words where it opens at the start of a word
    ('buddy "Hondje the Ship\'s Dog"', ["buddy", "Hondje the Ship's Dog"]),
    ("buy 'Lucky Mug'", ["buy", "Lucky Mug"]),
    # ... or right after =, and closes at the end of a word or right before =
    ('fight --split "Drowned Bell Spirit"=1', ["fight", "--split", "Drowned Bell Spirit=1"]),
    ('rename new="Comic Wit"', ["rename", "new=Comic Wit"]),
    ("rename new='Comic Wit' x", ["rename", "new=Comic Wit", "x"]),
    ('rename "old one"="new one"', ["rename", "old one=new one"]),
    # a doubled quote inside a group is one quote character
    ('end "Zed ""the"" Rock"', ["end", 'Zed "the" Rock']),
    ("end 'it''s'", ["end", "it's"]),
    ('x ""', ["x", ""]),
    ('x """"', ["x", '"']),
    # an apostrophe between letters is a letter, in every language
    ("buddy Hondje the Ship's Dog", ["buddy", "Hondje", "the", "Ship's", "Dog"]),
    ("member O'Brien", ["member", "O'Brien"]),
    ("card --type здоров'я", ["card", "--type", "здоров'я"]),
    ("arme l'Arme", ["arme", "l'Arme"]),
    # the typographic apostrophe is a letter wherever it stands
    ("member O’Brien ’twas", ["member", "O’Brien", "’twas"]),
    # a quote inside a word, at its end, or before a letter is a letter; no backslash escapes
    ('say 5" a\\b', ["say", '5"', "a\\b"]),
    ("Jesus' x", ["Jesus'", "x"]),
    ('say "a"b c"', ["say", 'a"b c']),
])
def test_each_rule_of_the_grammar(line, words):
    assert split(line) == words


@pytest.mark.parametrize("line, quote_char, at", [
    ('member "Ann', '"', 7),
    ("buy 'Lucky Mug", "'", 4),
    ('rename new="Comic Wit', '"', 11),
    ('x "a" "b', '"', 6),
    ('x "a"b', '"', 2),            # a quote closes only at a word's end or before =
])
def test_a_quote_never_closed_is_unclosed_and_says_where(line, quote_char, at):
    with pytest.raises(Unclosed) as e:
        split(line)
    assert (e.value.quote, e.value.at) == (quote_char, at)


def test_the_registry_refuses_a_quote_never_closed_in_the_tables_language():
    """It said "cannot read the line: No closing quotation", in English at every table."""
    with pytest.raises(CommandError, match=r'the quote " at character 8 is never closed'):
        registry_split('member "Ann')
    with speaking("fr"), pytest.raises(CommandError) as fr:
        registry_split('member "Ann')
    assert "guillemet" in str(fr.value) and "8" in str(fr.value)
    with speaking("uk"), pytest.raises(CommandError) as uk:
        registry_split('member "Ann')
    assert "лапк" in str(uk.value) and "8" in str(uk.value)


def test_the_registry_reads_apostrophes_as_letters():
    """`buddy Hondje the Ship's Dog` ended in "No closing quotation" (issue 40)."""
    assert registry_split("buddy Hondje the Ship's Dog") == ["buddy", "Hondje", "the", "Ship's", "Dog"]
    assert registry_split("card --type здоров'я") == ["card", "--type", "здоров'я"]


@pytest.mark.parametrize("word, written", [
    ("Ann", "Ann"),
    ("O'Brien", "O'Brien"),                       # an apostrophe inside needs no quotes
    ("Hondje the Ship's Dog", '"Hondje the Ship\'s Dog"'),
    ('Zed "the" Rock', "'Zed \"the\" Rock'"),      # the quote that needs no doubling
    ("Zed's \"Rock\"", "'Zed''s \"Rock\"'"),
    ("'twas", '"\'twas"'),                        # would open a group
    ("a='b", "\"a='b\""),                         # would open one after =
    ("", '""'),
    ("5\"", '5"'),
])
def test_quote_writes_a_word_as_it_needs(word, written):
    assert quote(word) == written
    assert split(written) == [word]


def test_build_writes_dash_dash_before_a_positional_value_that_starts_with_a_dash():
    assert build(["give", "Ann", "-Zed", 2], [("--as", "Bob")]) == "give Ann --as Bob -- -Zed 2"
    assert build(["end", "--roll"]) == "end -- --roll"
    assert build(["end", "Ann"], [("--cooked", None), ("--food", 3)]) == "end Ann --cooked --food 3"
    assert build(["look", 2], [("--of", "-x"), ("--as", "Zed \"the\" Rock")]) == \
        "look 2 --of -x --as 'Zed \"the\" Rock'"


def test_partial_reads_an_open_quote_for_completion():
    assert partial('buddy "Hondje the Sh') == partial('buddy "Hondje the Sh')
    p = partial('buddy "Hondje the Sh')
    assert (p.words, p.word, p.start, p.open) == (["buddy"], "Hondje the Sh", 6, '"')
    p = partial("member O'B")
    assert (p.words, p.word, p.start, p.open) == (["member"], "O'B", 7, "")
    p = partial("member Ann ")
    assert (p.words, p.word, p.start, p.open) == (["member", "Ann"], "", 11, "")
    p = partial("rename new='Comic")
    assert (p.words, p.word, p.start, p.open) == (["rename"], "new=Comic", 7, "'")


# Words as names come: letters, spaces, both apostrophes, quotes, dashes, =, and any other
# character (a tab, a backslash, a letter of any script).
NAME_BITS = st.sampled_from(["'", "’", '"', "--", "-", "=", " ", "  ", "\t", "\\", "Ann",
                             "O'Brien", "Здоров'я", "l'Arme", "x", "é"])
WORD = st.lists(st.one_of(NAME_BITS, st.text(max_size=3)), max_size=6).map("".join)
WORDS = st.lists(WORD, max_size=6)


@settings(max_examples=600, deadline=None)
@given(WORDS)
def test_split_undoes_build(words):
    """split(build(words)) == words, with the `--` build writes before the first value after
    the command that starts with `-`."""
    dash = next((k for k, w in enumerate(words) if k and w.startswith("-")), None)
    expected = words if dash is None else [*words[:dash], "--", *words[dash:]]
    assert split(build(words)) == expected


@settings(max_examples=600, deadline=None)
@given(WORDS)
def test_split_undoes_join(words):
    assert split(join(words)) == words


@click.command()
@click.argument("names", nargs=-1)
@click.option("--as", "who")
@click.option("--of", "of")
@click.option("--flag", is_flag=True)
def move(names, who, of, flag):
    return names, who, of, flag


@settings(max_examples=400, deadline=None)
@given(st.lists(WORD, max_size=4), st.none() | WORD, st.booleans())
def test_a_built_move_parses_back_to_its_arguments(names, who, flag):
    """Through the registry's splitter and the arranging click reads: the positional names,
    the option's value and the flag come back as built, whatever the names hold (a name
    like `--as`, `-Zed`, `Zed" --roll "20`)."""
    options: list[tuple[str, object]] = [] if who is None else [("--as", who)]
    if flag:
        options.append(("--flag", None))
    words = split(build(["move", *names], options))
    assert words[0] == "move"
    ctx = move.make_context("move", arrange(move, words[1:]))
    assert ctx.params["names"] == tuple(names)
    assert ctx.params["who"] == who
    assert ctx.params["flag"] is flag


def test_a_name_that_reads_like_options_stays_one_name():
    """Issue 41: `Zed" --roll "20` turned a Cave button into a fixed roll."""
    line = build(["roll", 'Zed" --roll "20'])
    assert split(line) == ["roll", 'Zed" --roll "20']
