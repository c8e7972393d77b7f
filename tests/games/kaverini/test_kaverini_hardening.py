"""Kaverini's part of the hardening issues. Issue 31, item 12: a party of 400 made each
command take 570 ms with the view on, growing with the square of the party: what a table
holds is bounded (docs/limits.md), with a refusal naming the bound, and the seats' pages
read the journal once per command, not once per seat. Issue 41, item 5: `house RULE` with
no value was an internal error; it says the rule."""

from __future__ import annotations

from guide.core.seats import desk_of

SHEET = "--ability Lagom --technique Sadness --technique Love --technique Cheer"


def test_a_thirteenth_kaveri_is_refused_naming_the_bound(party):
    for i in range(10):
        party.do(f"kaveri K{i} {SHEET}")
    assert party.fails(f"kaveri K10 {SHEET}") == ("at most 12 Kaverit in the party"
                                                  " (docs/limits.md); this would make 13")
    assert len(party.state["kaverit"]) == 12
    party.reopen().close()                      # nothing half saved


def test_items_a_kaveri_holds_are_bounded(party):
    for _ in range(50):
        party.do("item Ann Stroopwafel")
    assert party.fails("item Ann Stroopwafel") == ("at most 50 items held by Ann"
                                                   " (docs/limits.md); this would make 51")
    party.do("item Bob Stroopwafel")


def test_a_confrontation_of_too_many_foes_is_refused(party):
    foes = " ".join(["'Runaway Rental Bike'"] * 25)
    assert party.fails(f"confront {foes}") == ("at most 24 foes in the confrontation"
                                               " (docs/limits.md); this would make 25")
    party.do("confront " + " ".join(["'Runaway Rental Bike'"] * 24))
    assert len(party.state["confrontation"]["foes"]) == 24




def test_the_seats_pages_read_the_journal_once_per_command(party):
    """Every seat's page holds the last dice and quote (R-CONF-3's public part) and its own
    private lines: the journal is read once for all seats, not once a seat, so a command's
    cost does not grow with the square of the party (the wall-clock ratio is
    `benchmarks/run.py size`'s)."""
    for i in range(10):
        party.do(f"kaveri K{i} {SHEET}")
    reads: list[str] = []
    party.table.store.db.set_trace_callback(
        lambda sql: reads.append(sql) if sql.startswith("SELECT seq, at, line, kind, story"
                                                         " FROM commands WHERE active=1")
        else None)
    desk = desk_of(party.table)
    pages: dict[str, bytes] = {}
    party.table.listeners.append(lambda t: desk.publish(pages.__setitem__))
    for line in ("roll 1d6", "sheet Ann", "wp Ann 1", "undo"):
        reads.clear()
        party.do(line)
        assert len(pages) == 12
        assert len(reads) <= 2, (line, reads)       # the view's last 20, the private lines'
    assert b'"last_dice": [{"die": "d6"' in pages[desk.tokens["Ann"]]
    assert party.table.store.entries(limit=1)[0].line == "roll 1d6"   # wp undone: not cached


def test_house_with_a_rule_and_no_value_says_the_rule(play):
    assert play.do("house gladness") == ("gladness = confrontation (How long Cheer's gladness"
                                         " lasts (R-FX-4).)")
    play.do("house gladness round")
    assert play.do("house gladness").startswith("gladness = round (")
