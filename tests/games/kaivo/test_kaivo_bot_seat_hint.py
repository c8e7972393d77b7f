"""A seat a bot plays says on its page how the game master gives it back: that line, typed
as it is written, must run, also for a name with spaces and quotes (`Zed "the" Rock`)."""

from __future__ import annotations

from guide.core import settings
from guide.core.dice import Dice
from guide.core.line import split
from guide.core.seats import desk_of
from guide.core.store import Store
from guide.core.table import Table
from guide.games.kaivo.game import KaivoGame

GAME = KaivoGame()
ZED = 'Zed "the" Rock'


def test_the_give_back_line_on_a_bot_seat_page_runs_as_written(tmp_path):
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(5))
    try:
        t.execute('deal --friends "Ann,Zed ""the"" Rock" --bots 1')
        t.execute("bot 'Zed \"the\" Rock' --level easy")
        said = desk_of(t).payload(ZED)["bot"]["said"]
        line = said[said.rindex("bot "):]
        assert split(line) == ["bot", ZED, "--off"], said
        t.execute(line)
        assert "bot" not in desk_of(t).payload(ZED)
    finally:
        t.close()


def test_the_give_back_line_the_terminal_says_runs_as_written(tmp_path):
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(5))
    try:
        t.execute('deal --friends "Ann,Zed ""the"" Rock" --bots 1')
        said = "\n".join(t.execute("bot 'Zed \"the\" Rock' --level easy").lines)
        line = said[said.rindex("; ") + 2:said.rindex(" gives it back")]
        assert split(line) == ["bot", ZED, "--off"], said
        t.execute(line)
        assert "bot" not in desk_of(t).payload(ZED)
    finally:
        t.close()
