"""Events (data) -> the lines the table reads, in the table's language. One function per
event kind. The words the rules keep as data (a side, a tile's shape and content, a cause of
death) are said through the catalogue too (contexts "side", "shape", "content", "cause");
a meal's result is the box's own word."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guide.core.i18n import NP_, domain

_, ngettext, pgettext = domain("cave").functions()

Ev = dict[str, Any]

# The rules' words, marked for the catalogue (box.py SIDES, CAVE_SHAPES, CONTENTS; flow.py).
WORDS = (NP_("side", "up"), NP_("side", "right"), NP_("side", "down"), NP_("side", "left"),
         NP_("shape", "straight"), NP_("shape", "four-way"), NP_("shape", "three-way"),
         NP_("shape", "turn"), NP_("shape", "dead end"), NP_("shape", "start"),
         NP_("content", "food"), NP_("content", "event"), NP_("content", "normal"),
         NP_("content", "challenge"), NP_("content", "start"), NP_("content", "exit"),
         NP_("cause", "starved"), NP_("cause", "starved while stuck"),
         NP_("deck", "tiles"), NP_("deck", "events"), NP_("deck", "meals"), NP_("shape", "exit"))


def word(context: str, value: object) -> str:
    """One of the rules' words in the table's language (a box's own word stays as it is)."""
    return pgettext(context, str(value))


def _meal(e: Ev) -> str:
    sign = f"{e['change']:+d}" if e["change"] else "+0"
    said = (_("{who} eats a food card of {value} cooked: {result}, Energy {sign} -> {energy}")
            if e["cooked"] else
            _("{who} eats a food card of {value} raw: {result}, Energy {sign} -> {energy}"))
    return said.format(who=e["who"], value=e["value"], result=word("cause", e["result"]),
                       sign=sign, energy=e["energy"])


def _mental(e: Ev) -> str:
    return _("{who}'s mental strength {change:+d} -> {mental}").format(**e)


def _over(e: Ev) -> str:
    return _("The game is over in round {rounds}: {escaped} escaped, {dead} died (ended by"
             " {rule})").format(**e)


def _rolled(e: Ev) -> str:
    return (_("{who} rolls {face} (needs {need} or under): crosses the challenge") if e["crossed"]
            else _("{who} rolls {face} (needs {need} or under): fails and stays")).format(**e)


def _started(e: Ev) -> str:
    return ngettext(
        "The start tile lies on {squares}; {tiles} tile in the draw pile, the exit among the"
        " last ones; {characters} set out from ({x},{y})",
        "The start tile lies on {squares}; {tiles} tiles in the draw pile, the exit among the"
        " last ones; {characters} set out from ({x},{y})", e["tiles"]).format(
            squares=_(" and ").join(f"({x},{y})" for x, y in e["squares"]), tiles=e["tiles"],
            characters=", ".join(e["characters"]), x=e["at"][0], y=e["at"][1])


def _placed(e: Ev) -> str:
    return _("New tile at ({x},{y}): {shape}, {content}, turned {turn} (open {openings})").format(
        x=e["x"], y=e["y"], shape=word("shape", e["shape"]), content=word("content", e["content"]),
        turn=e["turn"], openings=", ".join(word("side", s) for s in e["openings"]))


_EVENT_CARDS = {"fire": NP_("card", "{who} draws a fire card"),
                "item": NP_("card", "{who} draws a challenge item (+2 on challenge rolls)"),
                "paranoia": NP_("card", "{who} draws paranoia")}


def _pruned(e: Ev) -> str:
    return (_("Out of sight, removed: {squares}; the start tile leaves the game") if e["start"]
            else _("Out of sight, removed: {squares}")).format(
                squares=", ".join(f"({x},{y})" for x, y in e["squares"]))


def _challenge(e: Ev) -> str:
    return _("A challenge blocks {who}: next turn, roll {need} or under on a d20 to go on (Energy"
             " {energy} by then), or go back {back}").format(
                 who=e["who"], need=e["need"], energy=e["energy"], back=word("side", e["back"]))


def _reshuffled(e: Ev) -> str:
    return _("The {deck} discards are shuffled into a new draw pile ({cards})").format(
        deck=word("deck", e["deck"]), cards=e["cards"])


RENDER: dict[str, Callable[[Ev], str]] = {
    "joined": lambda e: _("{who} joins the expedition").format(**e),
    "started": _started,
    "turn": lambda e: _("Round {round}: {who}'s turn").format(**e),
    "placed": _placed,
    "moved": lambda e: _("{who} moves {side} to ({x},{y})").format(
        who=e["who"], side=word("side", e["side"]), x=e["x"], y=e["y"]),
    "food": lambda e: _("{who} finds food: a food card of {value}").format(**e),
    "food_taken": lambda e: _("{who} finds no food: this tile's food was taken").format(**e),
    "event": lambda e: pgettext("card", _EVENT_CARDS[e["card"]]).format(**e),
    "mental": _mental,
    "stuck": lambda e: _("{who} is stuck until another character comes to the tile").format(**e),
    "saved": lambda e: _("{by} saves {who}").format(**e),
    "challenge": _challenge,
    "rolled": _rolled,
    "fire": lambda e: (_("{who}'s fire cooks the meal") if e["who"] == e["for"]
                       else _("{who}'s fire cooks {for_}'s meal")).format(who=e["who"], for_=e["for"]),
    "meal": _meal,
    "gave": lambda e: _("{who} gives a food card of {value} to {to}").format(**e),
    "energy": lambda e: _("{who} spends 1 Energy -> {energy}").format(**e),
    "pruned": _pruned,
    "reshuffled": _reshuffled,
    "died": lambda e: _("{who} dies: {cause} ({rule})").format(
        who=e["who"], cause=word("cause", e["cause"]), rule=e["rule"]),
    "exited": lambda e: _("{who} finds the way out and leaves the cave!").format(**e),
    "over": _over,
}


def render(event: Ev) -> str | None:
    fn = RENDER.get(str(event.get("kind")))
    return fn(event) if fn else None
