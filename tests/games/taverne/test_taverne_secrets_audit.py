"""Secrets audit (T-CALL-4, T-LEAVE-1): a sealed Attack's target stays its owner's until
call 4 is finished, also when a player in its quarrel leaves the table.

Found by running, at each point of the secrets contract's Taverne scene, every line and
every seat's move on the state and on each secret variant: `leave` in call 4 told the whole
table (the story, `log`, `redo` at the Pillar's terminal) who a sealed Attack aims at
("Pierre leaves the table (T-LEAVE-1); void: Marie -> Pierre"), where the contract compares
only what `undo` says after the next line, not that line's own story. The Pillar is a
player (docs/taverne.md, "Sealed choices and who sees what"), and the seats' Attacks come
by code, so the terminal knew nothing of them before."""

from __future__ import annotations

from pathlib import Path

from guide.core.dice import Dice
from guide.core.seats import moves_for
from guide.core.store import Store
from guide.core.story import say
from guide.core.table import Table
from guide.games.taverne.game import TaverneGame

GAME = TaverneGame()
PLAYERS = ("Marie", "Pierre", "Cecile", "Jacques")


def _table(path: Path) -> Table:
    from guide.core import settings

    store = Store(path, game=GAME.id, state_version=GAME.settings.state_version)
    t = Table(GAME, store, settings.load(GAME, []), Dice(1))
    for line in [*(f"player {n} --loot 1" for n in PLAYERS), "start", "call", "call",
                 "dodges Pierre 1", "call"]:
        t.execute(line)
    assert t.state["call"] == 4 and t.state["revealed"] < 4
    return t


def _attack_from_seat(t: Table, seat: str, label: str) -> str:
    """The seat's sealed Attack, sent as its page sends it (`sealed NAME CODE`)."""
    line = next(m.line for m in moves_for(t, seat) if m.label == label)
    assert line.startswith(f"sealed {seat} ")
    t.execute(line, seat=seat)
    return line


def _told_by_leaving(tmp_path: Path, target: str, leaver: str) -> tuple[list[str], list[str]]:
    """What everyone learns (the story as `log` says it, and `redo` at the terminal) of
    `leaver` leaving in call 4 after Marie's sealed Attack on `target`."""
    t = _table(tmp_path / f"{target}-{leaver}.sqlite")
    try:
        _attack_from_seat(t, "Marie", f"Attack {target} (melee) with Weapon 4")
        t.execute(f"leave {leaver}", seat=leaver)
        story = say(t, t.story, "log")
        t.execute("undo")
        redo = t.execute("redo").lines
        return story, redo
    finally:
        t.close()


def test_leaving_in_call_4_does_not_tell_a_sealed_attacks_target(tmp_path):
    """Marie's Attack is sealed from her seat, on Pierre at one table and on Jacques at the
    other; Pierre leaves: the table hears the same words at both."""
    on_pierre = _told_by_leaving(tmp_path, "Pierre", "Pierre")
    on_jacques = _told_by_leaving(tmp_path, "Jacques", "Pierre")
    assert on_pierre == on_jacques, (on_pierre, on_jacques)


def test_the_attacker_leaving_in_call_4_does_not_tell_whom_she_attacked(tmp_path):
    """Marie leaves after sealing her Attack: the table hears she leaves, not whom her
    Attack was on (it shows, void, when call 4's placements are revealed)."""
    on_pierre = _told_by_leaving(tmp_path, "Pierre", "Marie")
    on_jacques = _told_by_leaving(tmp_path, "Jacques", "Marie")
    assert on_pierre == on_jacques, (on_pierre, on_jacques)
    assert not any("Pierre" in line or "Jacques" in line for line in on_pierre[0] if "void" in line)


def test_the_target_leaving_in_call_4_does_not_tell_who_attacked_them(tmp_path):
    """Pierre leaves: whether a sealed Attack was on him is not said before the reveal."""
    t = _table(tmp_path / "target.sqlite")
    try:
        _attack_from_seat(t, "Marie", "Attack Pierre (melee) with Weapon 4")
        t.execute("leave Pierre", seat="Pierre")
        told = say(t, t.story, "log")
        assert not any("Marie -> Pierre" in line for line in told), told
        log = t.execute("log 5").lines
        assert not any("Marie -> Pierre" in line for line in log), log
    finally:
        t.close()


def test_once_call_4_is_revealed_a_leave_names_the_public_placements_it_voids(tmp_path):
    """The placements are public from the end of call 4 (T-CALL-4): a leave in call 5 still
    says which Attacks it voids."""
    t = _table(tmp_path / "call5.sqlite")
    try:
        _attack_from_seat(t, "Marie", "Attack Pierre (melee) with Weapon 4")
        t.execute("leave Cecile", seat="Cecile")
        for seat in ("Pierre", "Jacques"):
            if seat in [q["attacker"] for q in t.state["quarrels"]]:
                continue
            line = next(m.line for m in moves_for(t, seat) if m.line.startswith("sealed "))
            t.execute(line, seat=seat)
        revealed = say(t, t.execute("call") and t.story, "log")
        assert t.state["revealed"] == 4
        assert any("Marie -> Pierre" in line for line in revealed), revealed
        t.execute("leave Marie", seat="Marie")
        told = say(t, t.story, "log")
        assert any("void: " in line and "Marie -> Pierre" in line for line in told), told
    finally:
        t.close()
