"""The table's own Specialty cards (T-BOX-1): when the box file names a Tavern's
Specialties, `buy NAME specialty` draws the top card of that Tavern's shuffled pile and only
its owner sees its name (their seat); the card is then named where it is played (a Spell
cast, an Asset put into play, a Dirty Trick attached) and goes under its pile when
discarded. A Tavern whose cards the box does not name keeps a count only, as before."""

from __future__ import annotations

from guide.core.dice import DiceLike, shuffle
from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.names import fold

from .box import Box, Specialty
from .model import UNNAMED_TRICK, State, among

_, ngettext, pgettext = domain("taverne").functions()


def hand(state: State, name: str) -> list[str]:
    """The named Specialties in `name`'s hand (secret: their seat's only)."""
    return list(state.get("hands", {}).get(name, []))


def unnamed(state: State, name: str) -> int:
    """Specialties held that the box does not name (drawn from a Tavern it has no cards for)."""
    p = state["players"][name]
    return max(0, sum(p["specialties"].values()) - len(hand(state, name)))


def held(state: State, box: Box, name: str, kind: str) -> list[str]:
    """The named cards in `name`'s hand that may be played as `kind` (a card the box does
    not describe may be any), each once."""
    return [c for c in dict.fromkeys(hand(state, name))
            if (known := box.specialties.get(c.casefold())) is None or known.kind == kind]


def deck(box: Box, tavern: str | None) -> list[Specialty]:
    """The box's cards of that Tavern's pile (a card with no Tavern is the box's own)."""
    return [s for s in box.specialties.values()
            if (s.tavern or box.home) == (tavern or box.home)]


def draw(state: State, box: Box, name: str, tavern: str | None, dice: DiceLike) -> str | None:
    """The top card of the Tavern's pile into `name`'s hand (the pile shuffled with the table's
    dice the first time), or None when the box names no card of that Tavern."""
    cards = deck(box, tavern)
    if not cards:
        return None
    piles = state.setdefault("piles", {})
    key = tavern or box.home or "?"
    if key not in piles or not piles[key]:
        held = [c for n in state.get("hands", {}) for c in state["hands"][n]]
        in_play = [a for p in state["players"].values() for a in p["assets"]] + \
            [p["trick"] for p in state["players"].values() if p["trick"]]
        pool = [c.name for c in cards for _copy in range(max(1, c.count))]
        for gone in held + in_play:
            if gone in pool:
                pool.remove(gone)
        if not pool:
            return None
        piles[key] = shuffle(pool, dice)
    card = piles[key].pop(0)
    state.setdefault("hands", {}).setdefault(name, []).append(card)
    return card


def play(state: State, box: Box, name: str, card: str | None, kind: str) -> str | None:
    """A Specialty of `kind` leaves `name`'s hand to be played: the named card (the core's
    resolver among the hand), or an unnamed one; None: an unnamed card. Refused, naming no
    card of the hand, when the hand holds only named cards and none is that one. Called
    once the rules have taken the card from the hand's count (adjust.spell, adjust.asset)."""
    mine = hand(state, name)
    if card is not None and mine:
        found = among(card, mine, pgettext("what", "Specialty"))
        known = box.specialties.get(found.casefold()) if found is not None else None
        if found is not None and (known is None or known.kind == kind):
            state["hands"][name].remove(found)
            return found
        # a card of another kind is refused as one not held: the refusal tells the screen
        # that typed it nothing of what the hand holds (the secrets of T-BOX-1)
    count = sum(state["players"][name]["specialties"].values())    # the card played taken off
    if mine and (card is not None or len(mine) > count):
        raise RuleError(_("{player} holds no such Specialty: name a card of their hand"
                          " (`{kind} {player} CARD`)").format(player=name, kind=kind))
    return None


def trick_card(state: State, box: Box, name: str, card: str) -> str:
    """The Dirty Trick attached (`attack ... --trick CARD`), named among the hand when it
    holds named cards; it leaves the hand at the reveal (quarrels.reveal)."""
    mine = hand(state, name)
    refused = RuleError(_("{player} holds no such Specialty: name a card of their hand"
                          " (`attack {player} ... --trick CARD`)").format(player=name))
    if fold(card) == fold(UNNAMED_TRICK):      # a seat's "Dirty Trick": named once served
        if unnamed(state, name) > 0:           # a card the box does not name: its count
            return UNNAMED_TRICK
        raise refused                          # a named hand: the card itself is attached
    found = among(card, mine, pgettext("what", "Specialty"))
    if found is None:
        if unnamed(state, name) > 0:
            return card
        raise refused
    known = box.specialties.get(found.casefold())
    if known is not None and known.kind != "dirty trick":
        raise refused                          # said as a card not held: nothing told
    return found


def discard(state: State, box: Box, card: str | None) -> None:
    """A named card discarded goes under its Tavern's pile ("placed under the corresponding
    Specialty pile")."""
    known = box.specialties.get(card.casefold()) if card else None
    if known is None:
        return
    state.setdefault("piles", {}).setdefault(known.tavern or box.home or "?", []).append(
        known.name)


def drop_hand(state: State, box: Box, name: str) -> None:
    """Shown the door: every named card of the hand goes under its pile (T-CALL-6)."""
    for card in hand(state, name):
        discard(state, box, card)
    state.get("hands", {}).pop(name, None)
