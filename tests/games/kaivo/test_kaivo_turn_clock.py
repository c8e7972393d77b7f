"""Kaivo's turn clock on the core's timer (K-CLOCK-1): with `deal --clock`, a turn's 20
seconds run out and the safe move is played on time."""

from __future__ import annotations

from guide.core import settings
from guide.core.dice import Dice
from guide.core.result import text
from guide.core.store import Store
from guide.core.table import Table


def test_k_clock_1_kaivos_turn_clock_plays_the_safe_move_on_time(tmp_path, monkeypatch):
    from guide.games.kaivo.game import KaivoGame

    clock = [1000.0]
    game = KaivoGame()
    t = Table(game, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(game, []), Dice(5))
    t.now = lambda: clock[0]
    assert t.timer() is None
    t.execute("deal --bots 1")                               # no clock asked for
    assert t.timer() is None
    t.execute("deal --bots 1 --clock")
    mine = list(t.state["table"]["hands"][0])
    assert 20 < t.timer() < 20.001 and t.due() is None       # 20 seconds a turn
    clock[0] += 20
    assert t.due() is None                                   # more than 20 runs it out
    clock[0] += 0.5
    line = t.due()
    assert line == "draw"
    shown = text(t.execute(line, timed=True))
    assert shown.startswith("(on time)\nYour 20 seconds ran out: the safe move is played")
    assert t.state["table"]["hands"][0] == mine              # drawn and discarded
    t.close()
