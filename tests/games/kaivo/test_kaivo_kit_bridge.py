"""Kaivo on the bridge from the rules to the table (issue 23, item 2): the terminal is told
only its own seat's secrets, and totals and seats take a unique beginning of a name (the
one resolver)."""

from __future__ import annotations

from support import memory_table


def test_kaivo_tells_the_terminal_only_its_own_seat_secrets():
    table = memory_table("kaivo")
    table.execute("deal --bots 2")
    told = [e for e in table.story if "private" in e]
    assert told and all(e["private"] == "You" for e in told)    # no bot's outer cards kept


def test_kaivo_totals_and_seats_take_a_unique_beginning():
    table = memory_table("kaivo")
    table.execute("players Annabel Benedikt Cid")
    table.execute("round anna=5 BEN=7 Cid=20 --caller bened")
    entry = table.state["entries"][-1]
    assert entry["caller"] == "Benedikt"
    assert entry["totals"] == {"Annabel": 5, "Benedikt": 7, "Cid": 20}
