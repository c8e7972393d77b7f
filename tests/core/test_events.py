"""A game's events in words: one registry per game (guide.core.events), kind -> renderer."""

from __future__ import annotations

from guide.core.events import Events, core_render


def test_a_registry_says_its_kinds_and_leaves_the_cores_to_the_core():
    events = Events.of({"added": lambda e: f"+{e['n']}"})
    assert events.render({"kind": "added", "n": 2}, None) == "+2"
    assert events.render({"kind": "roll", "breakdown": "1d6 (3) = 3"}, None) == "1d6 (3) = 3"
    assert events.render({"kind": "unknown"}, None) is None
    assert "added" in events and "roll" in events and "unknown" not in events


def test_the_game_masters_kinds_and_a_test_for_single_events():
    events = Events.of({"remind": lambda e: "r", "item": lambda e: "i"}, gm={"remind"},
                       gm_if=lambda e, table: e.get("secret", False))
    assert events.gm_only({"kind": "remind"}, None)
    assert events.gm_only({"kind": "item", "secret": True}, None)
    assert not events.gm_only({"kind": "item"}, None)


def test_a_story_is_said_one_line_an_event_or_joined_by_the_game():
    events = Events.of({"a": lambda e: "A", "b": lambda e: None})
    assert events.story([{"kind": "a"}, {"kind": "b"}, {"kind": "a"}], None) == ["A", "A"]
    joined = Events.of({"a": lambda e: "A"}, join=lambda run, say: [" ".join(map(say, run))])
    assert joined.story([{"kind": "a"}, {"kind": "a"}], None) == ["A A"]


def test_a_default_says_an_older_event_before_the_core():
    events = Events.of({}, default=lambda e, t: e.get("text"))
    assert events.render({"kind": "old", "text": "as stored"}, None) == "as stored"
    assert events.render({"kind": "seat", "seat": "Ann"}, None) == core_render(
        {"kind": "seat", "seat": "Ann"})
