"""Tab completion reads the line with the table's own splitter (guide.core.line): a name
with an apostrophe completes as it is typed, a line with a quote still open completes, and
what Tab writes splits back to the name (guide.core.repl.completer)."""

from __future__ import annotations

from types import SimpleNamespace

import click
from prompt_toolkit.document import Document

from guide.core.line import split
from guide.core.params import Named
from guide.core.registry import Registry
from guide.core.repl.completer import TableCompleter, context

NAMES = ["Hondje the Ship's Dog", "O'Brien", "Zed \"the\" Rock", "Ann", "Cécile"]
registry = Registry(families=("test",))


@registry.command("hug", "test")
@click.argument("name", type=Named("name", lambda t, w: NAMES))
def hug(t, name: str) -> None:
    """Hug someone. Example: hug Ann"""


def completions(text: str) -> list[tuple[str, str]]:
    """(what Tab writes, the line after it) for each completion offered."""
    completer = TableCompleter(SimpleNamespace(registry=registry))   # type: ignore[arg-type]
    out = []
    for c in completer.get_completions(Document(text), None):
        line = text[:len(text) + c.start_position] + c.text
        out.append((c.text, line))
    return out


def test_context_reads_an_apostrophe_inside_a_word_as_a_letter():
    """`hug O'B` read as an open quote: the word being typed was `OB`."""
    assert context("hug O'B") == (["hug"], "O'B")
    assert context('hug "Hondje the Sh') == (["hug"], "Hondje the Sh")
    assert context("hug Ann ") == (["hug", "Ann"], "")


def test_a_name_with_an_apostrophe_completes_as_it_is_typed():
    assert completions("hug O'B") == [("O'Brien", "hug O'Brien")]
    assert completions("hug O’B") == [("O'Brien", "hug O'Brien")]       # ’ is '
    assert completions("hug OB") == [("O'Brien", "hug O'Brien")]        # or left out
    assert completions('hug "Hondje the Ship’') == [
        ('"Hondje the Ship\'s Dog"', 'hug "Hondje the Ship\'s Dog"')]
    assert completions("hug Hon") == [('"Hondje the Ship\'s Dog"', 'hug "Hondje the Ship\'s Dog"')]


def test_what_tab_writes_splits_back_to_the_name():
    for text in ("hug Ze", "hug 'Ze", 'hug "Ze', "hug Cec", "hug Hondje"):
        for _written, line in completions(text):
            assert split(line)[1] in NAMES, line
    assert [c for c, _ in completions("hug Ze")] == ["'Zed \"the\" Rock'"]
