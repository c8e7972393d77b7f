"""K-JOIN-1: a player who left a dealt match comes back only by `join NAME` (before the round
ends they keep their seat; after it, a bot's seat at the next deal). Every line the game
master meets around a leave names that way back, as a line that runs as it is written:
`leave`'s own, `bot NAME` (a bot at a seat whose player left), `bot NAME --off` (the seat is
no person's until they come back), their refusals, and `bot` alone; and `join NAME` says
when a bot still plays the seat they come back to."""

from __future__ import annotations

import subprocess
import sys

import pytest

from guide.core import settings
from guide.core.dice import Dice
from guide.core.errors import CommandError
from guide.core.line import split
from guide.core.result import text
from guide.core.seats import Desk
from guide.core.store import Store
from guide.core.table import Table
from guide.games.kaivo import match
from guide.games.kaivo.game import KaivoGame

GAME = KaivoGame()
ZED = 'Zed "the" Rock'
ZED_TYPED = "'Zed \"the\" Rock'"


@pytest.fixture
def table(tmp_path):
    t = Table(GAME, Store(tmp_path / "k.sqlite", game="kaivo"), settings.load(GAME, []), Dice(5))
    yield t
    t.close()


def refusal(t: Table, line: str) -> str:
    with pytest.raises(CommandError) as e:
        t.execute(line)
    return str(e.value)


def end_round(t: Table) -> None:
    """Ann (the friend to act first) calls; the bots and the safe moves finish the round."""
    t.execute("kaivo --as Ann")
    assert t.state["table"]["phase"] == "over"


def join_line(said: str) -> list[str]:
    """The `join ...` line a message names, read as the table reads a typed line."""
    start = said.index("join ")
    end = min(said.find(w, start) for w in (" before", " brings") if said.find(w, start) > 0)
    return split(said[start:end])


def test_k_join_1_while_a_player_leaves_every_bot_line_names_join(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    said = text(table.execute("leave Ben"))
    assert "join Ben before the round ends brings Ben back to their seat." in said
    assert refusal(table, "bot Ben --off") == (
        "no bot plays Ben's seat; Ben is leaving the table (safe moves until the round"
        " ends): join Ben brings them back to their seat")
    said = text(table.execute("bot Ben --level random"))
    assert said.splitlines() == [
        "A bot (random) plays Ben's seat; bot Ben --off gives it back.",
        "Ben is leaving the table (safe moves until the round ends): join Ben brings them"
        " back to their seat."]
    assert text(table.execute("bot")) == (
        "Ben: a bot, random; Ben is leaving the table (safe moves until the round ends):"
        " join Ben brings them back to their seat")
    page = Desk.payload_of(table, "Ben")["bot"]["said"]         # his phone says it too
    assert page == ("A bot (random) plays this seat now; the game master gives it back with:"
                    " bot Ben --off; Ben is leaving the table (safe moves until the round"
                    " ends): join Ben brings them back to their seat")
    said = text(table.execute("bot Ben --off"))
    assert "person's again" not in said            # Ben is not back: he left
    assert said == ("No bot plays Ben's seat now; Ben is leaving the table (safe moves until"
                    " the round ends): join Ben brings them back to their seat.")


def test_k_join_1_once_the_seat_went_to_a_bot_the_refusals_name_join(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    table.execute("leave Ben")
    table.execute("bot Ben --level random")
    end_round(table)
    assert "Ben" not in [p["name"] for p in table.state["players"]]
    back = "Ben left the table: join Ben brings them back (to a bot's seat, at the next deal)"
    assert refusal(table, "bot Ben") == f"no seat named 'Ben' (known: Ann); {back}"
    assert text(table.execute("bot")) == f"Ben: a bot, random; {back}"
    # the bot given to Ben's seat outlives it; --off still takes it away (it was refused)
    assert text(table.execute("bot ben --off")) == f"No bot plays Ben's seat now; {back}."
    assert text(table.execute("bot")) == "No bot plays a seat."
    assert refusal(table, "bot Ben --off") == f"no seat named 'Ben' (known: Ann); {back}"
    # a name nobody left under is refused as before
    assert refusal(table, "bot Bob") == "no seat named 'Bob' (known: Ann)"


def test_k_join_1_leaving_between_rounds_names_join_at_once(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    end_round(table)
    said = text(table.execute("leave Ben"))
    assert "join Ben brings Ben back, to a bot's seat at the next deal." in said


def test_k_join_1_join_says_when_a_bot_still_plays_the_seat_it_comes_back_to(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    table.execute("leave Ben")
    table.execute("bot Ben --level easy")
    assert text(table.execute("join Ben")).splitlines() == [
        "Ben stays at the table.",
        "A bot (easy) still plays Ben's seat; bot Ben --off gives it back."]
    table.execute("leave Ben")
    end_round(table)
    said = text(table.execute("join Ben")).splitlines()
    assert said[-1] == "A bot (easy) still plays Ben's seat; bot Ben --off gives it back."
    # on their way back: no more "left the table" once they have joined, nor once seated
    assert refusal(table, "bot Bob") == "no seat named 'Bob' (known: Ann, Ben)"
    assert match.away(table.state, "Ben") is None
    table.execute("deal")
    assert match.away(table.state, "Ben") is None and table.state.get("left") == []


def test_k_join_1_the_join_lines_said_run_as_written_for_a_name_with_quotes(table):
    table.execute(f'deal --friends "Ann,{ZED.replace(chr(34), 2 * chr(34))}" --bots 1')
    said = text(table.execute(f"leave {ZED_TYPED}"))
    assert join_line(said) == ["join", ZED]
    note = text(table.execute(f"bot {ZED_TYPED}")).splitlines()[-1]
    assert join_line(note) == ["join", ZED]
    end_round(table)
    note = refusal(table, f"bot {ZED_TYPED}")
    line = note[note.index("join "):note.index(" brings")]
    assert split(line) == ["join", ZED]
    table.execute(line)
    assert table.state["joining"] == [ZED]


def test_k_join_1_you_leaving_may_join_again_before_the_round_ends(table):
    """`join You` was refused as a friend's name, so You, leaving, had no way back."""
    table.execute("deal --bots 2")
    table.execute("join Dee")
    table.execute("kaivo")
    table.execute("deal")                   # Dee takes a bot's seat and plays first
    said = text(table.execute("leave You"))
    assert "join You before the round ends brings you back to your seat." in said
    assert text(table.execute("join You")) == "You stay at the table."
    assert not table.state["players"][0]["leaving"]


def test_k_join_1_a_new_match_forgets_who_left_the_last_one(table):
    table.execute("deal --friends Ann,Ben --bots 1")
    table.execute("leave Ben")
    end_round(table)
    assert match.away(table.state, "Ben") == ("Ben", False)
    table.execute("deal --friends Ann,Cid --bots 1")
    assert match.away(table.state, "Ben") is None
    assert refusal(table, "bot Ben") == "no seat named 'Ben' (known: Ann, Cid)"


def test_k_join_1_a_script_sees_the_way_back(tmp_path):
    """The same from `guide play` reading a script on stdin."""
    script = "deal --friends Ann,Ben --bots 1\nleave Ben\nbot Ben\nbot Ben --off\nbot Ben --off\n"
    run = subprocess.run([sys.executable, "-m", "guide", "play", "--game", "kaivo", "--campaign",
                          str(tmp_path / "k.sqlite"), "--seed", "3"], input=script,
                         capture_output=True, text=True, timeout=120)
    out = run.stdout + run.stderr
    assert "join Ben before the round ends brings Ben back to their seat." in out
    assert out.count("join Ben brings them back to their seat") == 3, out
    assert "person's again" not in out
