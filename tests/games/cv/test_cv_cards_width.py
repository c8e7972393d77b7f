"""`guide cards --game cv` keeps to 79 columns (guide.core.result.WIDTH) like every table,
also when its output is a pipe, which nothing folds: the special cards' text ("what it
does") was one line up to 244 columns wide. It is broken into lines under its heading and
each card's two names stand one under the other; nothing is cut. At an 80-column terminal
the lines are shown as they are (no line is folded by the terminal either)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from terminal import Terminal, terminal_env

from guide.core import result, settings
from guide.core.result import WIDTH, Result, lines
from guide.games.cv.game import CvGame

# The project measures no display width (no wide characters in CV's cards): the Cyrillic,
# the en dash and the apostrophes of its names are one column each, as len counts them.


def cards(*args: str) -> list[str]:
    """`guide [ARGS] cards --game cv` with standard output a pipe (not a terminal)."""
    run = subprocess.run([sys.executable, "-m", "guide", *args, "cards", "--game", "cv"],
                         capture_output=True, text=True, timeout=60, check=True)
    return run.stdout.splitlines()


def read_back(shown: list[str]) -> dict[str, tuple[str, str]]:
    """Each card of the listing, by its numbers: its names' column and its text's column
    read back across the lines it takes, each as one line of words."""
    head = shown[0]
    name_at, type_at, text_at = (head.index(w) for w in (head.split()[1], head.split()[2],
                                                         head.split()[-3]))
    found: dict[str, list[list[str]]] = {}
    key = ""
    for line in shown[2:]:
        if line[:name_at].strip():
            key = line[:name_at].strip()
            found[key] = [[], []]
        found[key][0].append(line[name_at:type_at].strip())
        found[key][1].append(line[text_at:].strip())
    return {k: (" ".join(" ".join(n).split()), " ".join(" ".join(t).split()))
            for k, (n, t) in found.items()}


@pytest.mark.parametrize("lang", [[], ["--lang", "uk"]], ids=["en", "uk"])
def test_the_cv_cards_listing_keeps_to_79_columns_in_a_pipe(lang):
    shown = cards(*lang)
    too_wide = [line for line in shown if len(line) > WIDTH]
    assert not too_wide, "\n".join(too_wide)


def test_every_special_card_is_listed_whole(tmp_path):
    """Nothing cut: each special card's numbers, both names and its whole text are read back
    from the lines the listing takes."""
    library = settings.load(CvGame(), [])
    listed = read_back(cards())
    assert len(listed) == len(library.specials)
    for s in library.specials:
        names, text = listed[", ".join(map(str, s.ids))]
        assert names == f"{s.en} {s.uk}"
        assert text == " ".join(s.text["en"].split())


def test_at_an_80_column_terminal_the_listing_is_shown_as_it_is(tmp_path):
    """pexpect + pyte: the screen, 80 columns wide (and tall enough for the whole listing),
    shows the very lines the pipe gets, none folded."""
    piped = cards()
    term = Terminal(["cards", "--game", "cv"], terminal_env(tmp_path), rows=len(piped) + 2)
    try:
        screen = term.wait_for(piped[-1].strip()).split("\n")
    finally:
        term.close()
    assert screen[:len(piped)] == [line.rstrip() for line in piped]


def test_a_column_is_wrapped_only_where_the_table_is_too_wide():
    narrow = [["1", "a short text"]]
    assert result.wrap_column(narrow, ["no.", "text"]) == narrow
    text = " ".join(f"word{i}" for i in range(60))
    rows = [["1", "x" * 20, text], ["2", "y", "short"]]
    fitted = result.wrap_column(rows, ["no.", "name", "text"])
    shown = lines(Result(headers=["no.", "name", "text"], rows=fitted))
    assert max(map(len, shown)) <= WIDTH
    assert " ".join(fitted[0][2].split()) == text and fitted[1][2] == "short"
    assert fitted[0][:2] == rows[0][:2]
    assert max(map(len, shown)) > WIDTH - 8     # as wide as the room allows, not narrower
