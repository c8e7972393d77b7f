"""An apostrophe inside a word is a letter (issue 40): Kaverini's names with one are typed
without quotes, with the straight or the typographic apostrophe, or without it."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("line", ["buddy Hondje the Ship's Dog", "buddy Hondje the Ship’s Dog",
                                  "buddy Ships Dog", 'buddy "Hondje the Ship\'s Dog"'])
def test_a_buddy_with_an_apostrophe_is_typed_as_it_is_written(party, line):
    """`buddy Hondje the Ship's Dog` said "cannot read the line: No closing quotation"."""
    assert "Hondje the Ship's Dog joins the party" in party.do(line)
    assert [b["name"] for b in party.table.state["buddies"]] == ["Hondje the Ship's Dog"]


def test_a_kaveri_named_with_an_apostrophe_is_found_with_either_apostrophe(party):
    party.do("kaveri O'Brien --ability Lagom --technique Cheer --technique Love --technique Happy")
    assert "O'Brien gains 1 XP" in party.do("xp O’Brien 1")
    assert "O'Brien gains 1 XP" in party.do("xp obrien 1")
