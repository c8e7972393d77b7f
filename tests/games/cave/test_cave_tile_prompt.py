"""C-TURN-2 at a terminal: the new tile's orientation is asked among those that let the mover
in; the question shows the default a script gets (the first angle that fits), Enter takes
it, and a wrong answer asks again, the move kept (it was dropped, and the next command was
read as a bad answer)."""

from __future__ import annotations

from guide.core import settings
from guide.core.dice import Dice
from guide.core.table import Table
from guide.core.viewers import public_state
from guide.games.cave.game import CaveGame

GAME = CaveGame()


def table(answers: list[str]) -> tuple[Table, list[str]]:
    """Seed 8: the next tile is a turn, which fits moving left at 0 and 90."""
    t = Table(GAME, None, settings.load(GAME, []), Dice(8))
    for line in ("character Ann", "start"):
        t.execute(line)
    asked: list[str] = []

    def ask(question: str, choices: list[str], default: str = "", meta=None) -> str:
        asked.append(question)
        assert default == "0" and choices == ["0", "90"]
        return answers.pop(0)
    t.ask = ask
    return t, asked


def test_C_TURN_2_enter_takes_the_default_the_question_shows():
    t, asked = table([""])
    t.execute("move Ann left")
    assert asked == ["turn the turn tile: 0 (up right), 90 (right down) (Enter: 0)"]
    assert t.state["characters"][0]["x"] == 4          # moved, the tile turned 0
    assert public_state(t)["board"]["tiles"][0]["openings"] == ["up", "right"]


def test_C_TURN_2_a_wrong_answer_asks_again_and_keeps_the_move():
    t, asked = table(["180", "status", "90"])
    t.execute("move Ann left")
    assert len(asked) == 3
    assert asked[1] == ("  ! turn the tile 0 or 90, not '180'\n"
                        "turn the turn tile: 0 (up right), 90 (right down) (Enter: 0)")
    assert "not 'status'" in asked[2]
    assert public_state(t)["board"]["tiles"][0]["openings"] == ["right", "down"]
