"""A command's table (guide.core.result): tabulate's "simple" table as it is, and narrowed to
its words' widths only where that would not fit an 80-column terminal (79 columns)."""

import tabulate

from guide.core.result import WIDTH, Result, lines

HEADERS = ["name", "state", "at", "energy", "mental", "food", "fire", "items", "held by"]


def test_a_table_that_fits_is_tabulates_own():
    rows = [["Lin", "in", "5,3", 8, 4, "-", 0, 0, ""]]
    assert lines(Result(headers=HEADERS, rows=rows)) == \
        tabulate.tabulate(rows, headers=HEADERS, tablefmt="simple").splitlines()


def test_a_table_too_wide_is_narrowed_to_its_words_and_tabulate_is_left_as_it_was():
    rows = [['Zed "the" Rock', "in", "5,3", 8, 4, "-", 0, 0, "a cave bear"]]
    assert max(map(len, tabulate.tabulate(rows, headers=HEADERS).splitlines())) > WIDTH
    shown = lines(Result(headers=HEADERS, rows=rows))
    assert max(map(len, shown)) <= WIDTH
    assert shown[0].split() == ["name", "state", "at", "energy", "mental", "food", "fire",
                                "items", "held", "by"]
    assert shown[2].startswith('Zed "the" Rock  in     5,3       8       4')
    assert tabulate.MIN_PADDING == 2


def test_a_table_as_wide_as_the_terminal_is_narrowed_too():
    """Taverne's status of six players was exactly 80 wide: the REPL breaks lines at the
    columns but one (a terminal wraps a line that fills it), so its dashes went on alone on
    the next line. A table is made at most 79 wide."""
    rows = [["Dorothe", "in", "5,3", 8, 4, "-", 0, 0, "a cave bear"]]
    assert max(map(len, tabulate.tabulate(rows, headers=HEADERS).splitlines())) == 80
    assert WIDTH == 79 and max(map(len, lines(Result(headers=HEADERS, rows=rows)))) < 80
