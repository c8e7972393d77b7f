"""The Kaivo toolbar at 80 columns: nothing cut. In a round, the cards you know now, the
card you hold, what you see of the others, the pile, the deck and the clock (K-DEAL-1,
K-CLOCK-1) on the first line; the round and every score on a second line (the 4-seat row
cut the scores off with an ellipsis). Seen at the table in a real 80x24 terminal too."""

from __future__ import annotations

import re

import pytest
from kaivo_helpers import rig
from terminal import Terminal, terminal_env

from guide.core import settings
from guide.core.dice import Dice
from guide.core.store import Store
from guide.core.table import Table
from guide.core.text import ELLIPSIS
from guide.games.kaivo import screen
from guide.games.kaivo.game import KaivoGame
from guide.games.kaivo.model import new_state

GAME = KaivoGame()


@pytest.fixture(autouse=True)
def _80_columns(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")


def _fits(bar: str | None) -> list[str]:
    lines = (bar or "").split("\n")
    assert all(len(line) <= 79 and ELLIPSIS not in line for line in lines), lines
    return lines


def test_a_round_against_three_bots_shows_everything_within_80_columns(tmp_path):
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(5))
    try:
        for line in ("deal --bots 3 --level hard --clock", "kaivo", "deal", "draw"):
            t.execute(line)
        cards, scores = _fits(GAME.toolbar(t))
        assert re.fullmatch(r" \[3\]\[\?\]\[\?\]\[11\] \| hold 4 \| see Aino 1:4 \| pile 11"
                            r" \| deck 28 \| (20|19)s", cards), cards
        assert scores == " round 2: You 40 · Aino 23 · Eero 29 · Lumi 26"
    finally:
        t.close()


def test_the_score_sheet_has_the_round_and_every_score(tmp_path):
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(5))
    try:
        t.execute("players Maximiliana Bartholomew Konstantinopoli Evangelina")
        t.execute("round Maximiliana=12 Bartholomew=52 Konstantinopoli=7 Evangelina=49"
                  " --caller Konstantinopoli")
        (line,) = _fits(GAME.toolbar(t))
        assert line == " round 2: Maximiliana 12 · Bartholomew 52 · Konstantinopoli 0 ·" \
                       " Evangelina 49"
    finally:
        t.close()


def test_seen_cards_go_by_badge_letter_when_the_names_do_not_fit():
    names = ["You", "Maximiliana", "Bartholomew", "Konstantinopoli"]
    t = rig([[3, 10, 11, 12], [1, 2, 3, 4], [5, 6, 7, 8], [9, 13, 0, 2]], [5], [6, 7, 8],
            names=names)
    t["seen"][0] += [t["hands"][s][p] for s in (1, 2, 3) for p in (0, 2)]   # Spy, Swap...
    state = new_state()
    state.update(mode="play", round=3, table=t, players=[
        {"name": n, "score": 40 + i, "bot": "" if i == 0 else "hard"} for i, n in enumerate(names)])
    cards, scores = _fits(screen.toolbar(state, None, 17.2))
    assert cards == " [3][?][?][12] | see M 1:1 3:3, B 1:5 3:7, K 1:9 3:0 | pile 5" \
                    " | deck 3 | 18s"
    assert scores.startswith(" round 3: You 40 · ")


@pytest.mark.terminal
def test_the_toolbar_at_80_by_24_shows_both_lines_whole(tmp_path):
    term = Terminal(["play", "--game", "kaivo", "--campaign", str(tmp_path / "k.sqlite"),
                     "--seed", "5"], terminal_env(tmp_path), rows=24, cols=80)
    try:
        term.wait_for("kaivo>")
        term.line("deal --bots 3 --level hard")
        term.wait_for("draw, take or kaivo)>")
        term.line("draw")
        shown = term.wait_for("| hold ")
        rows = shown.rstrip().split("\n")
        cards, scores = rows[-2], rows[-1]
        assert cards.startswith(" [") and "| pile " in cards and "| deck " in cards, shown
        assert re.fullmatch(r" round 1: You 0 · Aino 0 · Eero 0 · Lumi 0", scores), shown
        assert ELLIPSIS not in shown
    finally:
        term.close()
