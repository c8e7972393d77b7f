"""The recap read aloud at the start of the next game night, from the campaign's story
events (data: their kinds and fields) and the state: who the party is, what happened scene
by scene, who ran away from whom, what is still open, which scene comes next. Pure: the
events and the state in, short paragraphs out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from guide.games.kaverini.model import Adventure
from guide.games.kaverini.rules.leveling import level

Event = dict[str, Any]


@dataclass
class Chapter:
    """What happened in one scene (or before the first)."""

    title: str
    fights: list[str] = field(default_factory=list)      # one sentence per confrontation
    joined: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)
    levels: dict[str, int] = field(default_factory=dict)  # Kaveri -> highest level reached
    items: list[str] = field(default_factory=list)
    quotes: list[int] = field(default_factory=list)
    settled: bool = False                                # a confrontation here came to an end
    last_foes: list[str] = field(default_factory=list)
    ending: str | None = None                            # the booklet's good ending, once won

    def empty(self) -> bool:
        return not (self.fights or self.joined or self.left or self.levels or self.items
                    or self.quotes or self.ending is not None)


def chapters(events: Iterable[Event]) -> list[Chapter]:
    out = [Chapter("Before the first scene")]
    foes: list[str] = []
    fallen: list[str] = []
    for e in events:
        kind, now = e["kind"], out[-1]
        if kind == "adventure":
            out.append(Chapter(f"The adventure began: {e.get('title') or e.get('adventure')}"))
        elif kind == "scene":
            out.append(Chapter(e["name"] if str(e["name"]).startswith(f"{e['scene']}.")
                               else f"{e['scene']}. {e['name']}"))
        elif kind == "confront":
            foes, fallen = [f["name"] for f in e["foes"]], []
        elif kind == "neutralized" and not e.get("player"):
            fallen.append(e["name"])
        elif kind == "over":
            again = bool(now.fights) and now.last_foes == foes
            now.fights.append(_fight(foes, fallen, e["result"], again))
            now.last_foes = foes
            now.settled = True
        elif kind == "runaway" and e["escaped"]:
            pass                      # told by the "over" that follows (result "ran away")
        elif kind in ("buddy", "companion") and e["joins"]:
            now.joined.append(f"{e['card']} ({kind})")
        elif kind in ("buddy", "companion"):
            now.left.append(f"{e['card']} left the party")
        elif kind == "leave":
            now.left.append(f"{e['name']} " + ("was out of HP and left for good" if e["who"] == "buddy"
                                               else "ran for their life, gone for this adventure"))
        elif kind == "turncoat":
            now.joined.append(f"{e['buddy']} (buddy, once a foe)")
        elif kind == "level":
            now.levels[e["kaveri"]] = max(now.levels.get(e["kaveri"], 0), e["level"])
        elif kind in ("item_given", "item_bought") and e.get("uses") is None:
            now.items.append(f"{e['kaveri']} got {e['item']}")     # Usage items: secret (4.3)
        elif kind == "stand":
            now.fights.append(f"{_and([s['name'] for s in e['stand']])} took a stand"
                              " when every Kaveri cowered.")
        elif kind == "adventure_done":
            now.ending = e.get("ending", "")
            now.settled = True
        elif kind == "quote":
            now.quotes.append(e["quote"])
    return [c for c in out if not c.empty() or c is out[-1]]


def _fight(foes: list[str], fallen: list[str], result: str, again: bool = False) -> str:
    against = "them again" if again else _and(foes) or "the foes"
    if result == "won":
        return f"They faced {against} and won."
    if result in ("ran away", "runaway", "escaped"):
        beaten = f" after neutralizing {_and(fallen)}" if fallen else ""
        return f"They ran away from {against}{beaten}."
    if result == "lost":
        return f"They faced {against} and lost: every Kaveri cowered."
    return f"They faced {against}; the GM ended the confrontation early."


def _and(names: list[str]) -> str:
    names = list(dict.fromkeys(names))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


def party(state: Mapping[str, Any], currency: str) -> list[str]:
    """One sentence per Kaveri, then who is with them."""
    out = []
    for k in state["kaverit"]:
        items = [i["card"] + (" (bonded)" if i.get("bonded") else "") for i in k["items"]
                 if i.get("uses") is None]               # items with Usage are secret (4.3)
        extras = [f"{k['points']} point(s) to spend" if k["points"] else "",
                  f"{k['world_points']} world point(s)" if k["world_points"] else "",
                  f"{k['money']} {currency}".strip() if k["money"] else ""]
        out.append(f"{k['name']}: level {level(k['xp'])}, {k['hp']}/{k['max_hp']} HP, {k['ability']};"
                   f" items: {', '.join(items) or 'none'}"
                   + "".join(f"; {x}" for x in extras if x) + ".")
    withthem = [f"{b['name']} (buddy, {b['hp']}/{b['max_hp']} HP)" for b in state["buddies"]] + [
        f"{c} (companion)" for c in state["companions"]]
    if withthem:
        out.append("With them: " + ", ".join(withthem) + ".")
    return out


def chapter_text(c: Chapter) -> str:
    said = [*c.fights]
    if c.joined:
        said.append(f"{_and(c.joined)} joined the party.")
    said += [f"{x}." for x in c.left]
    if c.levels:
        by_level: dict[int, list[str]] = {}
        for name, lv in c.levels.items():
            by_level.setdefault(lv, []).append(name)
        said.append(_and([f"{_and(names)} reached level {lv}" for lv, names in by_level.items()]) + ".")
    if c.items:
        said.append(_and(c.items) + ".")
    if c.quotes:
        told = ", ".join(map(str, c.quotes))
        said.append(f"Quote{'s' if len(c.quotes) > 1 else ''} {told} of the lottery told.")
    return f"{c.title}: " + (" ".join(said) if said else "under way, nothing settled yet.")


def still_open(state: Mapping[str, Any]) -> list[str]:
    out = []
    conf = state["confrontation"]
    if conf:
        foes = [f"{f['name']} {f['hp']}/{f['max_hp']} HP" for f in conf["foes"] if f["hp"] > 0]
        out.append(f"A confrontation is still running: round {conf['round']}, {conf['phase']};"
                   f" standing: {', '.join(foes)}.")
    banked = [f"{k['name']} {k['points']}" for k in state["kaverit"] if k["points"]]
    if banked:
        out.append("Points still to spend: " + ", ".join(banked) + " (spend NAME shows the choices).")
    hurt = [k["name"] for k in state["kaverit"] if k["hp"] < k["max_hp"]]
    if hurt and not conf:
        out.append("Not at full HP: " + ", ".join(hurt) + " (heal all full, if the GM allows).")
    if state.get("lost_companions"):
        out.append("Gone for this adventure: " + ", ".join(state["lost_companions"]) + ".")
    return out


def next_scene(state: Mapping[str, Any], adventure: Adventure | None, done: list[Chapter]) -> str:
    if adventure is None or not adventure.scenes:
        return ""
    current = state.get("scene")
    if current is None:
        return f"Next: {adventure.scenes[0].name} (scene 1)."
    settled = bool(done) and done[-1].settled and not state["confrontation"]
    if not settled:
        return f"Next: carry on with {adventure.scenes[current - 1].name} (scene {current})."
    if current >= len(adventure.scenes):
        return "That was the last scene of the adventure."
    return f"Next: {adventure.scenes[current].name} (scene {current + 1})."


def recap(events: list[Event], state: Mapping[str, Any], adventure: Adventure | None) -> list[str]:
    """The paragraphs, blank lines between them."""
    a = state["adventure"]
    currency = a["currency"] if a else ""
    head = f"Previously, in {a['title'] or a['id']}..." if a else "Previously, in Kaverini..."
    paragraphs: list[list[str]] = [[head]]
    paragraphs.append(party(state, currency) or ["No Kaveri has joined yet (kaveri NAME)."])
    done = chapters(events)
    story = [c for c in done if not c.empty()]
    for chapter in story:
        paragraphs.append([chapter_text(chapter)])
        if chapter.ending is not None:
            paragraphs.append(["The adventure is done. " + " ".join(chapter.ending.split())])
    if not story:
        paragraphs.append(["Nothing has happened yet."])
    paragraphs.append(still_open(state))
    paragraphs.append([next_scene(state, adventure, done)])
    out: list[str] = []
    for p in paragraphs:
        p = [line for line in p if line]
        if p:
            out += ([""] if out else []) + p
    return out
