"""Eating raw or cooked (C-TURN-4, C-DECK-2, C-EV-2) and sharing food on a tile."""

from __future__ import annotations

from guide.core.dice import DiceLike
from guide.core.errors import RuleError
from guide.core.i18n import domain

from .board import Event
from .box import Box
from .flow import acting, close_turn, die, draw
from .state import CaveState, Character, find, others_here

_, ngettext, pgettext = domain("cave").functions()


def fire_at_hand(state: CaveState, ch: Character) -> Character | None:
    """C-EV-2: whose fire a cooked meal uses: the eater's own, else one on the same tile."""
    if ch["fire"]:
        return ch
    return next((o for o in others_here(state, ch) if o["fire"]), None)


def pick(held: list[int], values: list[int] | None, who: str) -> list[int]:
    """The food cards to eat or give, by value; None: every card held."""
    if not held:
        raise RuleError(_("{who} has no food card").format(who=who))
    if values is None:
        return list(held)
    left = list(held)
    for v in values:
        if v not in left:
            raise RuleError(_("{who} holds no food card of value {v} (holds {value})").format(
                who=who, v=v, value=', '.join(map(str, held))))
        left.remove(v)
    return list(values)


def eat(state: CaveState, box: Box, dice: DiceLike, name: str, cooked: bool = False,
        values: list[int] | None = None) -> list[Event]:
    """`eat NAME [--cooked] [--food N]...`: one meal card per food card; cooked reads the
    prepared side and spends one fire for the whole meal. Energy never exceeds the top; poison
    or a catastrophe costs 1 Energy, and at 0 the character dies (C-TURN-6)."""
    ch = acting(state, name)
    who = ch["name"]
    foods = pick(ch["food"], values, who)
    fire = fire_at_hand(state, ch) if cooked else None
    if cooked and fire is None:
        raise RuleError(_("{who} has no fire card at hand to cook with").format(who=who))
    events: list[Event] = []
    if fire is not None:
        fire["fire"] -= 1
        state["events"]["discard"].append("fire")
        events.append({"kind": "fire", "who": fire["name"], "for": who})
    for value in foods:
        ch["food"].remove(value)
        card = draw(state["meals"], dice, "meals", events)
        result = card[1] if cooked else card[0]
        state["meals"]["discard"].append(card)
        counts, bonus = box.results[result]
        gain = (value if counts else 0) + bonus
        before = ch["energy"]
        ch["energy"] = max(0, min(box.energy, before + gain))
        events.append({"kind": "meal", "who": who, "value": value, "cooked": cooked, "result": result,
                       "energy": ch["energy"], "change": ch["energy"] - before})
        if ch["energy"] == 0:
            events += die(state, ch, result, "C-TURN-4")
            return events + close_turn(state, box, ch, "C-TURN-4")
    return events


def give(state: CaveState, name: str, other: str, value: int | None = None) -> list[Event]:
    """`give NAME OTHER [--food N]`: a food card to a character on the same tile (C-TURN-4)."""
    ch = acting(state, name)
    to = find(state, other)
    if to is ch:
        raise RuleError(_("{ch} cannot give to itself").format(ch=ch['name']))
    if to["state"] != "in" or to not in others_here(state, ch):
        raise RuleError(_("{to} is not on {ch}'s tile").format(to=to['name'], ch=ch['name']))
    card = pick(ch["food"], None if value is None else [value], ch["name"])[0]
    ch["food"].remove(card)
    to["food"].append(card)
    return [{"kind": "gave", "who": ch["name"], "to": to["name"], "value": card}]
