"""The recap read aloud at the start of the next game night, from the campaign's story
events (data: their kinds and fields) and the state: who the party is, what happened scene
by scene, who ran away from whom, what is still open, which scene comes next. Pure: the
events and the state in, short paragraphs out."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from guide.core.i18n import domain
from guide.games.kaverini.model import Adventure
from guide.games.kaverini.rules.leveling import level
from guide.games.kaverini.words import listed

Event = dict[str, Any]
_, ngettext, pgettext = domain("kaverini").functions()


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
    story = _Story()
    for e in events:
        tell = _TELLS.get(e["kind"])
        if tell is not None:
            tell(story, e)
    out = story.out
    return [c for c in out if not c.empty() or c is out[-1]]


class _Story:
    """The chapters told so far, and the confrontation under way: its foes and the fallen."""

    def __init__(self) -> None:
        self.out = [Chapter(_("Before the first scene"))]
        self.foes: list[str] = []
        self.fallen: list[str] = []
        self.battle: list[str] = []          # a Strategy Game's players, while it runs
        self.winner: str | None = None

    @property
    def now(self) -> Chapter:
        return self.out[-1]

    def adventure(self, e: Event) -> None:
        self.out.append(Chapter(_("The beginning of {title}").format(
            title=e.get("title") or e.get("adventure"))))

    def scene(self, e: Event) -> None:
        self.out.append(Chapter(e["name"] if str(e["name"]).startswith(f"{e['scene']}.")
                                else f"{e['scene']}. {e['name']}"))

    def confront(self, e: Event) -> None:
        self.foes, self.fallen = [f["name"] for f in e["foes"]], []

    def neutralized(self, e: Event) -> None:
        if not e.get("player"):
            self.fallen.append(e["name"])

    def battle_(self, e: Event) -> None:
        self.battle, self.winner = [p["name"] for p in e["players"]], None

    def victory(self, e: Event) -> None:
        if e.get("strategy"):
            self.winner = e["winner"] or ""

    def over(self, e: Event) -> None:
        now = self.now
        if self.battle:                  # a Strategy Game, not the party's fight (R-STRAT-7)
            now.fights.append(_battle(self.battle, self.winner))
            self.battle = []
            return
        again = bool(now.fights) and now.last_foes == self.foes
        now.fights.append(_fight(self.foes, self.fallen, e["result"], again))
        now.last_foes = self.foes
        now.settled = True

    def joins_or_leaves(self, e: Event) -> None:
        """A buddy or companion card joining the party, or leaving it."""
        if not e["joins"]:
            self.now.left.append(_("{card} left the party").format(card=e["card"]))
        else:
            said = _("{card} (buddy)") if e["kind"] == "buddy" else _("{card} (companion)")
            self.now.joined.append(said.format(card=e["card"]))

    def leave(self, e: Event) -> None:
        said = (_("{name} was out of HP and left for good") if e["who"] == "buddy" else
                _("{name} ran for their life, gone for this adventure"))
        self.now.left.append(said.format(name=e["name"]))

    def turncoat(self, e: Event) -> None:
        self.now.joined.append(_("{buddy} (buddy, once a foe)").format(buddy=e["buddy"]))

    def level(self, e: Event) -> None:
        levels = self.now.levels
        levels[e["kaveri"]] = max(levels.get(e["kaveri"], 0), e["level"])

    def item(self, e: Event) -> None:
        if e.get("uses") is None:          # Usage items: as the log
            self.now.items.append(_("{kaveri} got {item}").format(**e))

    def stand(self, e: Event) -> None:
        self.now.fights.append(_("{names} took a stand when every Kaveri cowered.").format(
            names=_and([s["name"] for s in e["stand"]])))

    def adventure_done(self, e: Event) -> None:
        self.now.ending = e.get("ending", "")
        self.now.settled = True

    def quote(self, e: Event) -> None:
        self.now.quotes.append(e["quote"])


# What each story event adds to the recap: the _Story method of its kind's name, a buddy or
# companion card joining or leaving and an item got by theirs. A runaway is told by the
# "over" that follows it (result "ran away"); other kinds are not told.
_TELLS: dict[str, Callable[[_Story, Event], None]] = {
    **{kind: getattr(_Story, kind) for kind in (
        "adventure", "scene", "confront", "neutralized", "over", "leave", "turncoat", "level",
        "stand", "adventure_done", "quote", "victory")},
    "battle": _Story.battle_,
    "buddy": _Story.joins_or_leaves, "companion": _Story.joins_or_leaves,
    "item_given": _Story.item, "item_bought": _Story.item,
}


def _fight(foes: list[str], fallen: list[str], result: str, again: bool = False) -> str:
    against = _("them again") if again else _and(foes) or _("the foes")
    if result == "won":
        return _("They faced {against} and won.").format(against=against)
    if result in ("ran away", "runaway", "escaped"):
        if fallen:
            return _("They ran away from {against} after neutralizing {fallen}.").format(
                against=against, fallen=_and(fallen))
        return _("They ran away from {against}.").format(against=against)
    if result == "lost":
        return _("They faced {against} and lost: every Kaveri cowered.").format(against=against)
    return _("They faced {against}; the GM ended the confrontation early.").format(against=against)


def _battle(players: list[str], winner: str | None) -> str:
    """A Strategy Game's end: its winner (R-STRAT-7), nobody, or none when it was ended."""
    if winner:
        return _("{players} played the Strategy Game: {winner} won.").format(
            players=_and(players), winner=winner)
    if winner is not None:
        return _("{players} played the Strategy Game: every character was neutralized, nobody"
                 " won.").format(players=_and(players))
    return _("{players} played the Strategy Game; it ended with no winner.").format(
        players=_and(players))


def _and(names: list[str]) -> str:
    """Each name once, as a sentence says them."""
    return listed(list(dict.fromkeys(names)))


def party(state: Mapping[str, Any], currency: str) -> list[str]:
    """One sentence per Kaveri, then who is with them; read aloud during a confrontation, no
    item with Usage (R-CONF-12: secret from the other players there at all times)."""
    out = []
    fighting = bool(state.get("confrontation"))      # rulebook 4.3: Usage is secret in fights
    for k in state["kaverit"]:
        items = [(_("{item} (bonded)") if i.get("bonded") else "{item}").format(item=i["card"])
                 for i in k["items"] if not (fighting and i.get("uses") is not None)]
        extras = [ngettext("{count} point to spend", "{count} points to spend", k["points"]).format(
                      count=k["points"]) if k["points"] else "",
                  ngettext("{count} world point", "{count} world points", k["world_points"]).format(
                      count=k["world_points"]) if k["world_points"] else "",
                  f"{k['money']} {currency}".strip() if k["money"] else ""]
        out.append(_("{name}: level {level}, {hp}/{max_hp} HP, {ability}; items: {items}").format(
            name=k["name"], level=level(k["xp"]), hp=k["hp"], max_hp=k["max_hp"],
            ability=k["ability"], items=", ".join(items) or _("none"))
                   + "".join(f"; {x}" for x in extras if x) + ".")
    withthem = [_("{name} (buddy, {hp}/{max_hp} HP)").format(**b) for b in state["buddies"]] + [
        _("{card} (companion)").format(card=c) for c in state["companions"]]
    if withthem:
        out.append(_("With them: {names}.").format(names=", ".join(withthem)))
    return out


def chapter_text(c: Chapter) -> str:
    said = [*c.fights]
    if c.joined:
        said.append(_("{names} joined the party.").format(names=_and(c.joined)))
    said += [f"{x}." for x in c.left]
    if c.levels:
        by_level: dict[int, list[str]] = {}
        for name, lv in c.levels.items():
            by_level.setdefault(lv, []).append(name)
        said.append(_and([_("{names} reached level {level}").format(names=_and(names), level=lv)
                          for lv, names in by_level.items()]) + ".")
    if c.items:
        said.append(_and(c.items) + ".")
    if c.quotes:
        told = ", ".join(map(str, c.quotes))
        said.append(ngettext("Quote {told} of the lottery told.",
                             "Quotes {told} of the lottery told.", len(c.quotes)).format(told=told))
    return f"{c.title}: " + (" ".join(said) if said else _("under way, nothing settled yet."))


def still_open(state: Mapping[str, Any]) -> list[str]:
    out = []
    conf = state["confrontation"]
    if conf:
        foes = [_("{name} {hp}/{max_hp} HP").format(**f) for f in conf["foes"] if f["hp"] > 0]
        out.append(_("A confrontation is still running: round {round}, {phase}; standing:"
                     " {foes}.").format(round=conf["turns"]["round"],
                                        phase=pgettext("phase", conf["turns"]["phase"]),
                                        foes=", ".join(foes)))
    banked = [f"{k['name']} {k['points']}" for k in state["kaverit"] if k["points"]]
    if banked:
        out.append(_("Points still to spend: {banked} (spend NAME shows the choices).").format(
            banked=", ".join(banked)))
    hurt = [k["name"] for k in state["kaverit"] if k["hp"] < k["max_hp"]]
    if hurt and not conf:
        out.append(_("Not at full HP: {names} (heal all full, if the GM allows).").format(
            names=", ".join(hurt)))
    if state.get("lost_companions"):
        out.append(_("Gone for this adventure: {names}.").format(
            names=", ".join(state["lost_companions"])))
    return out


def next_scene(state: Mapping[str, Any], adventure: Adventure | None, done: list[Chapter]) -> str:
    if adventure is None or not adventure.scenes:
        return ""
    current = state.get("scene")          # None: no scene read yet, the first comes next
    if current is not None and not (done and done[-1].settled and not state["confrontation"]):
        return _("Next: carry on with {scene} (scene {number}).").format(
            scene=adventure.scenes[current - 1].name, number=current)
    upcoming = 0 if current is None else current
    if upcoming >= len(adventure.scenes):
        return _("That was the last scene of the adventure.")
    return _("Next: {scene} (scene {number}).").format(scene=adventure.scenes[upcoming].name,
                                                       number=upcoming + 1)


def recap(events: list[Event], state: Mapping[str, Any], adventure: Adventure | None) -> list[str]:
    """The paragraphs, blank lines between them."""
    a = state["adventure"]
    currency = a["currency"] if a else ""
    head = _("Previously, in {title}...").format(title=a["title"] or a["id"] if a else "Kaverini")
    paragraphs: list[list[str]] = [[head]]
    paragraphs.append(party(state, currency) or [_("No Kaveri has joined yet (kaveri NAME).")])
    done = chapters(events)
    story = [c for c in done if not c.empty()]
    for chapter in story:
        paragraphs.append([chapter_text(chapter)])
        if chapter.ending is not None:
            paragraphs.append([_("The adventure is done.") + " " + " ".join(chapter.ending.split())])
    if not story:
        paragraphs.append([_("Nothing has happened yet.")])
    paragraphs.append(still_open(state))
    paragraphs.append([next_scene(state, adventure, done)])
    out: list[str] = []
    for p in paragraphs:
        p = [line for line in p if line]
        if p:
            out += ([""] if out else []) + p
    return out
