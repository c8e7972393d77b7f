"""The five-card track and its decks (V-SET-1, V-TURN-1 phase 5, V-TURN-3), social help
(V-HELP-1) and the end of the game (V-END-1).

Without a card file the companion does not know the cards: the table types the decks' sizes
and the companion keeps, for every card on the track, the deck it came from. With one
(box.yaml, library.BoxCard) `deal` shuffles each deck with the table's dice and the track
holds the real cards: `cards` beside `slots` (the card at each place, as the CV records it:
model.Card) and `piles` (each deck's cards in the order they will be drawn: face down, never
shown). The cards are copied from the file at the deal, so a saved game keeps them."""

from __future__ import annotations

from dataclasses import dataclass

from guide.core import turns
from guide.core.dice import DiceLike, shuffle
from guide.core.errors import RuleError
from guide.core.i18n import domain

from .library import BoxCard, Library
from .model import Card, CvState, Track, cv_cards, new_card
from .protocol import Event, emits

_, ngettext, pgettext = domain("cv").functions()


@emits
def setup(state: CvState, lib: Library, decks: dict[str, int]) -> list[Event]:
    """V-SET-1: the decks' sizes as the table counts them; five Youth cards go on the track."""
    if state["track"] is not None:
        raise RuleError(_("the track is laid out already"))
    if any(d.id not in decks for d in lib.decks):
        raise RuleError(_("the size of every deck: {decks}").format(
            decks=" ".join(f"{d.id}=N" for d in lib.decks)))
    return _lay(state, lib, decks)


@emits
def deal(state: CvState, lib: Library, dice: DiceLike) -> list[Event]:
    """V-SET-1 with the table's card file: each track deck shuffled by the dice, five Youth
    cards laid out (`track` alone deals only a track not laid out yet)."""
    if not lib.dealt():
        raise RuleError(_("the card file lists no track cards: track youth=N maturity=N old_age=N"))
    piles = {d.id: [card_of(lib.box[n]) for n in shuffle(lib.deck_cards(d.id), dice)] for d in lib.decks}
    return _lay(state, lib, {d: len(p) for d, p in piles.items()}, piles)


def _lay(state: CvState, lib: Library, sizes: dict[str, int],
         piles: dict[str, list[Card]] | None = None) -> list[Event]:
    """V-SET-1: the first deck's (Youth) top cards laid out on the track, the rest left in
    the decks of these sizes; `piles`: a card file's decks, shuffled, whose cards the track
    then holds (the first deck's laid out, each deck's rest face down in drawing order)."""
    first = lib.decks[0].id
    if sizes[first] <= lib.track_size:
        raise RuleError(_("the {deck} deck needs more than {track_size} cards").format(
            deck=lib.decks[0].of_here, track_size=lib.track_size))
    if any(n < 0 for n in sizes.values()):
        raise RuleError(_("a deck holds 0 cards or more"))
    left = {d.id: sizes[d.id] for d in lib.decks}
    left[first] -= lib.track_size
    track: Track = {"slots": [first] * lib.track_size, "decks": left, "help": []}
    if piles is not None:
        track["cards"] = list(piles[first][:lib.track_size])
        track["piles"] = piles
        del piles[first][:lib.track_size]
    state["track"] = track
    return [shown(track)]


def card_of(printed: BoxCard) -> Card:
    """A card of the file as the track and the CV hold it (its first type until a
    two-coloured card's stack is chosen, V-TWO-1)."""
    return new_card(printed.en, printed.types[0], number=printed.number, cost=list(printed.cost or ()),
                    gives=list(printed.tokens), upkeep=list(printed.upkeep), points=printed.points,
                    dice=printed.dice, types=list(printed.types) if len(printed.types) > 1 else [])


def dealt(track: Track | None) -> bool:
    """Does the track hold the real cards of a card file (dealt: its decks face down too)?"""
    return track is not None and "piles" in track and "cards" in track


def slide(track: Track) -> None:
    """The cards left on the track slide left (V-TURN-1 phase 5)."""
    if dealt(track):
        kept = [(d, c) for d, c in zip(track["slots"], track["cards"], strict=True) if d is not None]
        track["slots"], track["cards"] = [d for d, _ in kept], [c for _, c in kept]
    else:
        track["slots"] = [d for d in track["slots"] if d is not None]


def take_slot(track: Track, lib: Library, slot: int | None) -> str:
    """A card leaves the track: the slot given (1-based), or the only deck the track holds.
    Returns the deck it came from."""
    cards = [(i, d) for i, d in enumerate(track["slots"]) if d is not None]
    if not cards:
        raise RuleError(_("the track is empty"))
    if slot is None:
        decks = {d for _, d in cards}
        if len(decks) > 1:
            of = [x.of_here for x in lib.decks if x.id in decks]
            names = pgettext("list", "{items} and {last}").format(items=", ".join(of[:-1]), last=of[-1])
            raise RuleError(_("the track holds cards of several decks ({names}): say which place with"
                              " --slot 1..{count}").format(names=names, count=len(track['slots'])))
        i = cards[0][0]
    else:
        if not 1 <= slot <= len(track["slots"]) or track["slots"][slot - 1] is None:
            places = ", ".join(str(i + 1) for i, _ in cards)
            raise RuleError(_("no card at place {slot} of the track (cards at {places})").format(
                slot=slot, places=places))
        i = slot - 1
    deck = dict(cards)[i]
    track["slots"][i] = None
    if dealt(track):
        track["cards"][i] = None
    return deck


def shown(track: Track) -> Event:
    """The track as it stands, as the event that laid it out tells it."""
    e: Event = {"kind": "track_laid", "slots": [d for d in track["slots"] if d is not None],
                "decks": dict(track["decks"])}
    if dealt(track):
        e["cards"] = [c for c in track["cards"] if c is not None]
    return e


@dataclass(frozen=True)
class Offer:
    """A track card as a seat sees it: its place (1-based), its deck, the card when the
    companion knows it (a card file's deal), else None."""
    place: int
    deck: str
    card: Card | None


def track_cards(track: Track | None) -> list[Offer]:
    """The cards on the track, left to right. The track keeps the deck of each card
    (`slots`); a card file's deal keeps the card itself beside it, place for place
    (`cards`, a Card or None): the one place the screens and seats read a track card from."""
    if track is None:
        return []
    cards = track.get("cards") or [None] * len(track["slots"])
    return [Offer(i, deck, card)
            for i, (deck, card) in enumerate(zip(track["slots"], cards, strict=True), 1)
            if deck is not None]


def on_track(track: Track | None) -> list[tuple[int, Card]]:
    """The dealt cards on the track: (place 1..5, card)."""
    if not dealt(track):
        return []
    return [(o.place, o.card) for o in track_cards(track) if o.card is not None]


def entitled(state: CvState) -> list[str]:
    """V-HELP-1: players with at most half the CV cards of some other player (and fewer
    than that player: the companion's reading when all have none), in turn order from the
    player who just played (guide.core.turns)."""
    order = state["order"]
    now = turns.current(order)
    cards = {p["name"]: cv_cards(p) for p in state["players"]}
    return [name for name in ([now] if now is not None else []) + turns.after(order)
            if any(n >= 2 * cards[name] and n > cards[name] for other, n in cards.items() if other != name)]


def tidy(state: CvState, lib: Library, round_end: bool) -> list[Event]:
    """V-TURN-1 phase 5, V-TURN-3: slide the cards left, remove the leftmost at the end of
    a round, then refill (refill() may stop for social help)."""
    track = state["track"]
    assert track is not None
    events: list[Event] = []
    slide(track)
    if round_end and track["slots"]:
        gone = track["slots"].pop(0)
        removed: Event = {"kind": "track_removed", "deck": gone}
        if dealt(track):
            removed["card"] = track["cards"].pop(0)
        events.append(removed)
    return events + refill(state, lib)


def refill(state: CvState, lib: Library) -> list[Event]:
    """Refill the track to five from the first deck with cards. When a deck runs out, even
    in the middle of a refill, play stops for social help (V-HELP-1); `track.help` then
    lists who may choose, and refill() goes on once they have."""
    track = state["track"]
    assert track is not None and state["turn"] is not None
    events: list[Event] = []
    drawn: list[str] = []
    cards: list[Card] = []
    slide(track)

    def refilled() -> Event:
        e: Event = {"kind": "track_refilled", "drawn": drawn, "decks": dict(track["decks"])}
        if dealt(track):
            e["cards"] = list(cards)
        return e

    while len(track["slots"]) < lib.track_size:
        deck = next((d.id for d in lib.decks if track["decks"][d.id] > 0), None)
        if deck is None:
            break
        track["slots"].append(deck)
        track["decks"][deck] -= 1
        if dealt(track):
            cards.append(track["piles"][deck].pop(0))
            track["cards"].append(cards[-1])
        drawn.append(deck)
        if track["decks"][deck] == 0:
            events.append(refilled())
            drawn, cards = [], []
            events.append({"kind": "deck_out", "deck": deck})
            track["help"] = entitled(state)
            if track["help"]:
                events.append({"kind": "help_due", "players": list(track["help"]), "dealt": dealt(track)})
                return events
    if drawn:                   # a track nobody took from is not refilled: nothing to say
        events.append(refilled())
    return events


def game_over(state: CvState, lib: Library) -> bool:
    """V-END-1: after a round's refill, the Old age deck holds fewer cards than there are
    players (the caller asks at the end of a round only)."""
    track = state["track"]
    return track is not None and track["decks"][lib.decks[-1].id] < len(state["players"])
