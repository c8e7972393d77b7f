"""Cave escape on the bridge from the rules to the table (issue 23, item 2): its rules take
a unique beginning of a name (the one resolver; C-TURN-4)."""

from __future__ import annotations

from support import memory_table


def test_cave_takes_a_unique_beginning_give_annab_bob_C_TURN_4():
    table = memory_table("cave")
    for line in ("character Annabel", "character Bob", "start"):
        table.execute(line)
    table.state["characters"][0]["food"] = [3]
    table.execute("give Annab bo")
    assert table.state["characters"][1]["food"][-1] == 3
    assert table.story[-1] == {"kind": "gave", "who": "Annabel", "to": "Bob", "value": 3}
