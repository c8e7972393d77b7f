"""A command's table (guide.core.result): tabulate's "simple" table as it is, and narrowed to
its words' widths only where that would be wider than an 80-column terminal."""

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
