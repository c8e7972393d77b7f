"""What a CV bot believes (the think level, guide.core.bots.think): a whole state dealt from
its seat's view and the box, and how good a state looks for a seat.

`sample` reads the seat's view (the TV's view and its own part, `you`: seats.seat_view) and
the box (the table's card file), never the table's state. What the seat sees is copied as it
is: every CV's count and active card, its own CV card by card, its hand, tokens and goal, the
dice, the track and each deck's count, the public goals. What it cannot see is dealt at
random from what it has not seen: the cards under the others' active cards (of that stack's
type), the others' hands (events), their secret goals (V-SET-1: among the goals that are not
public and not its own), and the order of each deck face down (as many cards as the deck
holds, from that deck's cards it has not seen). A view that does not name the track's cards
(no card file: the table types its takes) gives no sample: the think level then plays as
`random` does.

`value` is the heuristic that judges a state where a play-out stops: the seat's points as
the score sheet would count them now (V-SCORE-1..4, its cards taken this turn included, as
phase 4 will record them), plus what its unused dice and tokens can still buy on its turn,
against the best of the others.
"""

from __future__ import annotations

import math
import random
from typing import Any

from guide.core import sealed

from . import pool
from .library import BoxCard, Library
from .model import Card, CvState, Player, Turn, active, new_card, new_player, new_turn, order_at, turn_player
from .score import cv_counts, goal_points, public_best
from .secrets import GOALS
from .track import card_of


# --- the cards a view names -------------------------------------------------------------------
def _card(lib: Library, named: dict[str, BoxCard], name: str, type_: str | None = None) -> Card:
    """The card a page names: the card file's (its type `type_` when two-coloured and laid in
    a stack), else a special card of the seed, else a card the table typed (name and type)."""
    printed = named.get(name)
    if printed is not None:
        card = card_of(printed)
        if type_ is not None and type_ in printed.types:
            card["type"] = type_
        return card
    found = lib.special(name)
    if found is not None:
        number, sp = found
        kind = type_ or sp.type or "event"
        box = lib.box.get(number)
        points = box.points if box is not None else None
        return new_card(sp.en, kind, number=number, cost=list(sp.cost or []), gives=[*sp.symbols, *sp.tokens],
                        points=points or (0 if kind == "property" else None))
    kind = type_ or "event"         # a Property card's printed points are not on the page: none counted
    return new_card(name, kind, points=0 if kind == "property" else None)


# --- the sampler ----------------------------------------------------------------------------
def sample(lib: Library, view: dict[str, Any], seat: str, rng: random.Random) -> CvState | None:
    """A whole state as the seat may believe it (see the module's words); None when the view
    does not name the track's cards, or the seat is not a player."""
    you = view.get("you")
    track = view.get("track")
    if not lib.dealt() or you is None or track is None or "stacks" not in you:
        return None
    if any(place["card"] is None for place in track["places"]):
        return None
    card = _Seen(lib)
    me = [p["name"] for p in view["players"]].index(seat)
    players = [_seen_player(lib, shown, you if i == me else None, card)
               for i, shown in enumerate(view["players"])]
    slots, cards = _seen_track(lib, track, card)
    turn = _turn(view, you, players, me, lib, card)
    unseen = [n for n in sorted(lib.box) if n not in card.seen]
    rng.shuffle(unseen)
    piles = _piles(lib, track, unseen, rng)
    _deal_hidden(lib, view, players, me, unseen, rng)
    bicycle = next((p["name"] for p, shown in zip(players, view["players"], strict=True)
                    if shown["bicycle"]), None)
    order = order_at([p["name"] for p in players], view["turn"], view["round"], over=view["over"])
    return {"players": players, "order": order, "bicycle": bicycle, "turn": turn,
            "track": {"slots": slots, "decks": dict(track["decks"]), "help": list(track["help"]),
                      "cards": cards, "piles": piles},
            "public": view_goals(view), "scored": False, "over": view["over"],
            "lang": view.get("lang", ""), "seal_key": sealed.new_key()}


class _Seen:
    """The cards a view names (`_card`), each card of the file noted as seen: the cards the
    sampler deals are the others."""

    def __init__(self, lib: Library) -> None:
        self.lib = lib
        self.named: dict[str, BoxCard] = {}     # the file's cards by every name a page may show
        for c in lib.box.values():
            for n in c.names:
                self.named.setdefault(n, c)
        self.seen: set[int] = set()

    def __call__(self, name: str, type_: str | None = None) -> Card:
        c = _card(self.lib, self.named, name, type_)
        if c["number"] is not None:
            self.seen.add(c["number"])
        return c


def _seen_player(lib: Library, shown: dict[str, Any], you: dict[str, Any] | None, card: _Seen) -> Player:
    """A player as the view shows them: the seat's own CV card by card, hand, tokens and goal
    (`you`); another's active cards and tokens; anyone's cards waiting for a stack."""
    p = new_player(shown["name"], lib)
    if you is not None:
        for stack in you["stacks"]:
            p["cv"][stack["type"]] = [card(n, stack["type"]) for n in reversed(stack["cards"])]
        p["hand"] = [card(h["name"], "event") for h in you["hand"]]
        p["tokens"] = [{"symbol": k["id"], "card": k["card"], "used": k["used"]}
                       for k in you["tokens"]]
        p["goal"] = you["goal"]["id"] if you["goal"] else None
    else:
        for x, stack in shown["stacks"].items():
            if stack["active"] is not None:
                p["cv"][x] = [card(stack["active"], x)]
        p["tokens"] = [{"symbol": k, "card": "", "used": False} for k in shown["tokens"]]
    p["waiting"] = [card(w["name"]) for w in shown["waiting"]]
    p["no_more_jobs"] = any(c["number"] == 41 for s in p["cv"].values() for c in s)
    return p


def _seen_track(lib: Library, track: dict[str, Any],
                card: _Seen) -> tuple[list[str | None], list[Card | None]]:
    """The track's places as the view names them: each card and the deck it came from."""
    slots: list[str | None] = []
    cards: list[Card | None] = []
    for place in track["places"]:
        while len(slots) < place["place"] - 1:
            slots.append(None)
            cards.append(None)
        c = card(place["card"])
        printed = lib.box.get(c["number"]) if c["number"] is not None else None
        slots.append(printed.deck if printed is not None else lib.decks[0].id)
        cards.append(c)
    return slots, cards


def _piles(lib: Library, track: dict[str, Any], unseen: list[int],
           rng: random.Random) -> dict[str, list[Card]]:
    """Each deck face down: its count, from its cards not seen (taken out of `unseen`),
    more of its cards at random when the file has fewer left."""
    piles: dict[str, list[Card]] = {}
    for d in lib.decks:
        mine = [n for n in unseen if lib.box[n].deck == d.id][: track["decks"][d.id]]
        piles[d.id] = [card_of(lib.box[n]) for n in mine]
        unseen[:] = [n for n in unseen if n not in mine]
        while len(piles[d.id]) < track["decks"][d.id]:     # more than the file has left
            piles[d.id].append(card_of(lib.box[rng.choice(lib.deck_cards(d.id))]))
    return piles


def _deal_hidden(lib: Library, view: dict[str, Any], players: list[Player], me: int, unseen: list[int],
                 rng: random.Random) -> None:
    """What the seat cannot see of the others, dealt from the cards not seen: the cards under
    each active one, the hands, the secret goals (V-SET-1: one each, none public, never the
    seat's own)."""
    own = players[me]["goal"]
    goals = [g for g in GOALS if g not in view_goals(view) and g != own
             and lib.special_by_id(g) is not None]
    for i, (p, shown) in enumerate(zip(players, view["players"], strict=True)):
        if i == me:
            continue
        for x, stack in shown["stacks"].items():     # the cards under the active one
            p["cv"][x][:0] = [_dealt(lib, unseen, x, rng) for _ in range(stack["count"] - 1)]
        p["hand"] = [_dealt(lib, unseen, "event", rng) for _ in range(shown["hand"])]
        p["goal"] = goals.pop(rng.randrange(len(goals))) if goals else None


def view_goals(view: dict[str, Any]) -> list[int]:
    return [g["id"] for g in view.get("public_goals", [])]


def _dealt(lib: Library, unseen: list[int], type_: str, rng: random.Random) -> Card:
    """A card the seat has not seen, of that type (a stack's, or an event): from the card
    file's unseen cards, else a card of that type the file prints, else one the table typed."""
    at = next((i for i, n in enumerate(unseen) if type_ in lib.box[n].types), None)
    if at is not None:
        printed = lib.box[unseen.pop(at)]
    else:
        kinds = [c for c in lib.box.values() if type_ in c.types]
        if not kinds:
            return new_card("?", type_, points=0 if type_ == "property" else None)
        printed = rng.choice(kinds)
    c = card_of(printed)
    c["type"] = type_
    if type_ == "property" and c["points"] is None:
        c["points"] = 0
    return c


def _turn(view: dict[str, Any], you: dict[str, Any], players: list[Player], me: int, lib: Library,
          card: Any) -> Turn | None:
    """The turn as the view tells it (whose it is and the round: `order_at`): the dice (the
    public ones; the seat's own with its tokens, this turn's symbols, rerolls left and what
    it owes to Failure)."""
    if view["turn"] is None:
        return None
    index = [p["name"] for p in players].index(view["turn"])
    p = players[index]
    shown = view["players"][index]
    dice = [d["id"] for d in view["dice"]]
    turn = new_turn(p)          # the upkeep its active cards owe (V-UPKEEP-1), nothing used
    turn.update({"dice": dice, "used": [d["used"] for d in view["dice"]], "rolled": bool(dice),
                 "rolls_left": view["rolls_left"], "taken": len(shown["taken"]),
                 "pending": [{"card": card(n), "under": None} for n in shown["taken"]]})
    if index == me:
        turn["rolled"] = you["rolled"]
        turn["extra"] = [{"symbol": k["id"], "card": k["card"], "used": k["used"]} for k in you["extra"]]
        turn["taken"] = you.get("taken_count", turn["taken"])
        turn["psycho"] = any(d["id"] == "failure" and d["frozen"] for d in you["dice"]) and any(
            c["number"] == 53 for c in active(p).values())
        if you["tally"] is not None:
            turn["lost"] = max(0, you["tally"]["failures"] // lib.triple - you["tally"]["owed"])
    return turn


# --- the heuristic --------------------------------------------------------------------------
def _counts(p: Player, pending: list[Card]) -> dict[str, int]:
    """The sheet's counts of a CV with the cards taken this turn recorded (V-SCORE-1..4)."""
    cv = {t: list(cards) for t, cards in p["cv"].items()}
    for c in pending:
        if c["type"] in cv:
            cv[c["type"]].append(c)
    return cv_counts(cv)


def _goal(lib: Library, goal: int | None, counts: dict[str, int]) -> int:
    """V-SCORE-4: the goal's points on these counts, as the score sheet counts them (none
    for no goal)."""
    sp = lib.special_by_id(goal)
    return 0 if sp is None or sp.goal is None else goal_points(sp, counts)[0]


def points(state: CvState, lib: Library) -> dict[str, float]:
    """Every player's points as the sheet would count them now (V-SCORE-1..4), each one's
    cards taken this turn recorded; a public goal scores for its best players only."""
    turn = state["turn"]
    sheets: dict[str, dict[str, int]] = {}
    out: dict[str, float] = {}
    now = turn_player(state)
    for p in state["players"]:
        pending = [w["card"] for w in turn["pending"]] if turn is not None and p is now else []
        counts = _counts(p, pending)
        sheets[p["name"]] = counts
        top = len(lib.stack_points) - 1
        out[p["name"]] = (counts["property"] + _goal(lib, p["goal"], counts)
                          + sum(lib.stack_points[min(counts[t], top)] for t in lib.counted))
    for best, top_players in public_best(state, lib, sheets).values():
        for n in top_players:
            out[n] += best
    return out


def _can_buy(state: CvState, lib: Library, seat: str) -> float:
    """On the seat's own turn, after its roll: the most points a track card its unused dice
    and tokens pay for would add (none once it has taken two, V-TURN-1)."""
    turn = state["turn"]
    tr = state["track"]
    if turn is None or tr is None or not turn["rolled"] or turn["taken"] >= 2:
        return 0.0
    p = turn_player(state)
    if p is None or p["name"] != seat:
        return 0.0
    base = points(state, lib)[seat]
    best = 0.0
    for c in tr.get("cards") or []:
        if c is None or c["type"] == "event" or not pool.pays(turn, p, list(c["cost"]), lib):
            continue
        turn["pending"].append({"card": c, "under": None})
        try:
            best = max(best, points(state, lib)[seat] - base)
        finally:
            turn["pending"].pop()
    return best


def value(state: CvState, lib: Library, seat: str) -> float:
    """How good the state looks for the seat, 0 to 1: its points (and what it can still buy
    this turn) against the best of the others', through a logistic of the difference."""
    pts = points(state, lib)
    if seat not in pts:
        return 0.5
    mine = pts[seat] + 0.8 * _can_buy(state, lib, seat)
    others = max((v for n, v in pts.items() if n != seat), default=0.0)
    return 1 / (1 + math.exp(-(mine - others) / 8))
