"""The odds simulator's fast path (issue 32) plays the table's rules: a fight played without
events, or through Techniques.act and foe_act, ends as the table's `use` and `foe` would."""

import json

from guide.games.kaverini.commands.odds import build_setup
from guide.games.kaverini.rules import simulate
from guide.games.kaverini.rules.confrontation import Fight
from guide.games.kaverini.rules.fighters import Fighter

FOES = ("Tulip Bulb Speculator", "Grumpy Bridge Keeper")


def _setup(party):
    party.do("kaveri Cy --ability Passionate --technique Nervousness --technique \"Comic Wit\""
             " --technique Frustration", "xp Cy 4", "buddy \"Hondje the Ship's Dog\"",
             "companion Joop", "xp Ann 2", "xp Bob 3")
    return build_setup(party.table, FOES, None, None, ("The IJ at Night",))


def test_a_fight_nobody_listens_to_ends_as_one_told(party):
    """record=False builds no event, and changes nothing else: the same end, the same
    state left, seed by seed."""
    setup = _setup(party)
    for seed in range(40):
        told = simulate.play(setup, seed)
        quiet = simulate.play(setup, seed, record=False)
        assert told.events and not quiet.events
        assert simulate.outcome(quiet) == simulate.outcome(told)
        assert json.dumps(quiet.s, sort_keys=True) == json.dumps(told.s, sort_keys=True)
        assert quiet.ended == told.ended == told.events[-1]["result"]


def test_act_and_foe_act_are_use_and_foe_by_name(party, monkeypatch):
    """The policy's own calls tell the same story as the table's commands, by name."""
    setup = _setup(party)
    fast = [simulate.play(setup, seed).events for seed in range(40)]

    def use(self: Fight, user: Fighter, technique: str, target: Fighter) -> None:
        self.use(user.name, technique, [target.name])

    def foe(self: Fight, user: Fighter, technique: str | None, target: Fighter) -> None:
        self.foe_use(user.name, technique, target.name)

    monkeypatch.setattr(Fight, "act", use)
    monkeypatch.setattr(Fight, "foe_act", foe)
    by_name = [simulate.play(setup, seed).events for seed in range(40)]
    assert any(e["kind"] == "special" for run in fast for e in run)
    assert fast == by_name
