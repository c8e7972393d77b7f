"""What a Kaivo round hides (Game.secret_variants, guide.core.secrets): a face-down card's
value is its knowers' (K-DEAL-1 the outer peek, K-TURN-1 the drawn card, K-POW-1 Peek, Spy,
a Swap received, K-GLIMPSE-1 a glimpse caught: `knowledge.known`); the deck's order is
no one's. Each variant swaps the values of two hidden cards known to one seat at most:
what the table sees (how many cards, where, who looked at them) stays as it is."""

from __future__ import annotations

from guide.core.secrets import Secret
from guide.core.state import copied

from .model import KaivoState, Table


def _hidden(t: Table) -> dict[int, frozenset[int]]:
    """The cards whose value is hidden from the table (in a hand, held, or in the deck),
    each with the seats that know it."""
    if t["phase"] == "over":                      # K-CALL-1: every card is shown
        return {}
    ids = [c for h in t["hands"] for c in h] + list(t["deck"])
    if t["held"] is not None and t["phase"] != "taken":     # one taken from the discard is public
        ids.append(t["held"])
    public = set(t["face_up"]) | set(t["discard"])
    seats = range(len(t["hands"]))
    return {c: frozenset(s for s in seats if c in t["seen"][s] or c in t["caught"][s])
            for c in ids if c not in public}


def _swapped(state: KaivoState, a: int, b: int) -> dict:
    out = copied(state)
    cards = out["table"]["cards"]                 # type: ignore[index]
    cards[a], cards[b] = cards[b], cards[a]
    return dict(out)


def secret_variants(state: KaivoState) -> list[Secret]:
    t = state["table"]
    if t is None:
        return []
    hidden = _hidden(t)
    deck = [c for c in t["deck"] if c in hidden and not hidden[c]]     # unknown to every seat
    # each kind of hidden value, as variants of the state (in this order)
    return (_deck_order(state, t, deck) + _known_to_one(state, t, hidden, deck)
            + _seen_by_none(state, t, hidden, deck))


def _deck_order(state: KaivoState, t: Table, deck: list[int]) -> list[Secret]:
    """The deck's order is no one's: two neighbouring cards of different values swapped."""
    cards = t["cards"]
    for a, b in zip(deck, deck[1:], strict=False):
        if cards[a] != cards[b]:
            return [Secret(None, _swapped(state, a, b), "the deck's order")]
    return []


def _known_to_one(state: KaivoState, t: Table, hidden: dict[int, frozenset[int]],
                  deck: list[int]) -> list[Secret]:
    """A card only one seat knows (its held one first), up to two a seat: that seat's."""
    cards = t["cards"]
    out: list[Secret] = []
    for seat, name in enumerate(t["names"]):
        mine = sorted((c for c, who in hidden.items() if who == {seat}),
                      key=lambda c: c != t["held"])       # the card held first
        for c in mine[:2]:
            other = next((d for d in deck if cards[d] != cards[c]), None)
            if other is not None:
                what = "held card" if c == t["held"] else "face-down card"
                out.append(Secret(name, _swapped(state, c, other), f"{name}'s {what}"))
    return out


def _seen_by_none(state: KaivoState, t: Table, hidden: dict[int, frozenset[int]],
                  deck: list[int]) -> list[Secret]:
    """A face-down card in a hand that nobody has seen: no one's."""
    cards = t["cards"]
    unknown = [c for h in t["hands"] for c in h if c in hidden and not hidden[c]]
    for c in unknown[:1]:
        other = next((d for d in deck if cards[d] != cards[c]), None)
        if other is not None:
            return [Secret(None, _swapped(state, c, other), "a card nobody has seen")]
    return []
