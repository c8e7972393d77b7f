"""The rest of a turn: misfortune (V-FAIL-1) and Life insurance, events from the hand
(V-EVENT-1), 36 Friend from work, upkeep (V-UPKEEP-1) and phase 5 (V-TURN-1, V-TURN-3:
track, tokens, next player), with the game's start (V-SET-1) and end (V-END-1)."""

from __future__ import annotations

from typing import Any

from guide.core import sealed, turns
from guide.core.errors import RuleError
from guide.core.i18n import current as current_lang
from guide.core.i18n import domain
from guide.core.names import fold, suggest

from . import pool
from . import track as track_rules
from .library import Library, Special
from .model import (
    Card,
    CvState,
    Player,
    Token,
    Turn,
    active,
    active_effect,
    current,
    find_card,
    last_of_round,
    new_card,
    new_player,
    new_turn,
    own_turn,
    player,
    taken_now,
)
from .protocol import Event, emits
from .take import record_pending, social_taker

_, ngettext, pgettext = domain("cv").functions()


@emits
def players(state: CvState, lib: Library, names: list[str]) -> list[Event]:
    """V-SET-1: 2 to 4 players in turn order, the first holding the Bicycle (12): it is the
    first card of their Property and they start."""
    if state["players"]:
        raise RuleError(_("the players are set: {players}").format(
            players=", ".join(p["name"] for p in state["players"])))
    if not 2 <= len(names) <= 4:
        raise RuleError(_("CV is played by 2 to 4 players"))
    if len({fold(n) for n in names}) != len(names):
        raise RuleError(_("two players have the same name"))
    state["players"] = [new_player(n, lib) for n in names]
    if not state.get("seal_key"):         # the seats' goal codes (seats.py), made once
        state["seal_key"] = sealed.new_key()
    sp, printed = lib.special_by_id(12), lib.box.get(12)
    # the card file's Bicycle keeps its name, its points (V-SCORE-3), tokens, upkeep and dice
    bike = new_card(sp.en if sp else "Bicycle", "property", number=12) if printed is None else new_card(
        printed.en, "property", number=12, points=printed.points, gives=list(printed.tokens),
        upkeep=list(printed.upkeep), dice=printed.dice)
    state["players"][0]["cv"]["property"].append(bike)
    state["bicycle"] = state["players"][0]["name"]
    state["order"] = turns.new(p["name"] for p in state["players"])
    turns.start(state["order"])             # round 1, the Bicycle holder's turn (V-SET-1)
    state["turn"] = new_turn(state["players"][0])
    # V-SCORE-3: points the box does not give are typed from the printed card; said now,
    # not first at `score`
    due = [{"kind": "points_due", "player": state["bicycle"], "card": bike["name"], "number": 12}
           ] if bike["points"] is None else []
    return [{"kind": "players_set", "players": [p["name"] for p in state["players"]],
             "bicycle": state["bicycle"]}, *due,
            {"kind": "turn", "player": state["bicycle"], "round": 1}]


@emits
def lose(state: CvState, lib: Library, who: str, type_: str) -> list[Event]:
    """V-FAIL-1: for every three Failures the player discards one active card (their choice
    of stack); a loss that is not owed is refused."""
    turn, p = own_turn(state, who)
    owed = pool.misfortunes_owed(turn, p, lib)
    if owed == 0:
        if turn["lost"]:        # the card these Failures cost is lost already
            raise RuleError(_("{player} has already lost a card to these Failures (V-FAIL-1)").format(
                player=p['name']))
        raise RuleError(_("{player} owes no card: {failures} Failures (V-FAIL-1)").format(
            player=p['name'], failures=pool.failures(turn, p)))
    stack = p["cv"].get(type_)
    if not stack:
        raise RuleError(_("{player} has no {type} card").format(player=p['name'], type=lib.types[type_].here))
    card = stack.pop()
    turn["lost"] += 1
    return [{"kind": "lost", "player": p["name"], "card": card["name"], "number": card["number"],
             "type": type_, "reason": "misfortune", "owed": owed - 1}]


@emits
def note_hand(state: CvState, lib: Library, who: str, name: str, gives: list[str]) -> list[Event]:
    """A Childhood or Event card in a player's hand (after the draft of V-SET-1)."""
    p = player(state, who)
    printed = lib.box_card(name)        # a card of the table's card file: its name and symbols
    if printed is not None and printed.deck != "childhood" and "event" not in printed.types:
        raise RuleError(_("{card} is not held in the hand").format(card=printed.here))
    found = lib.special(name) if printed is None or printed.special is None else \
        (printed.number, printed.special)
    if found and not found[1].hand and found[1].type != "event" and printed is None:
        raise RuleError(_("{card} is not held in the hand").format(card=found[1].here))
    card = new_card(printed.en if printed else found[1].en if found else name.strip(), "event",
                    number=printed.number if printed else found[0] if found else None,
                    gives=list(gives) or (list(printed.tokens) if printed else [])
                    or (list(found[1].symbols) if found else []))
    p["hand"].append(card)
    # a hand is its player's (V-EVENT-1): as a typed goal, the table's one screen says it to
    # the typist, the story keeps it out of `log` but with --gm; no seat or TV hears it
    return [{"kind": "in_hand", "player": p["name"], "card": card["name"], "number": card["number"],
             "gives": card["gives"], "private": "gm"}]


class EventLost(RuleError):
    """V-EVENT-1: an event played where what it gives cannot be used: the table says so
    before accepting (asked at the terminal, `play ... --anyway` in a script or a seat)."""

    def __init__(self, said: str, card: str):
        super().__init__(said)
        self.said = said
        self.card = card        # the card's name as the table reads it, not as typed


def _unusable(state: CvState, lib: Library, p: Player, sp: Any) -> dict[str, Any] | None:
    """V-EVENT-1: why what an event gives cannot be used in the turn under way, or None. It
    counts in that turn: in another player's turn (or while social help stops play) the
    player takes no card, owes no Failure and rolls no dice, so all of it is lost."""
    turn, current_player = current(state)
    tr = state["track"]
    if tr is not None and tr["help"]:
        return {"why": "help"}
    if current_player is not p:
        return {"why": "turn", "turn": current_player["name"]}
    if sp is not None and sp.effect == "insurance" and pool.misfortunes_owed(turn, p, lib) == 0:
        return {"why": "owed"}
    if sp is not None and sp.effect == "extra_dice" and turn["rolled"] and \
            (turn["rolls_left"] == 0 or turn["taken"]):
        return {"why": "rolls"}
    return None


@emits
def play(state: CvState, lib: Library, who: str, name: str, gives: list[str] | None = None,
         anyway: bool = False) -> list[Event]:
    """V-EVENT-1: an event (or Childhood card) from the hand, at any moment, also in another
    player's turn, then to the box: what it gives counts in the turn under way (its symbols
    serve that turn only). What cannot be used in it is lost, and the table says so before
    accepting (EventLost; `anyway` accepts). 5/30 Life insurance saves a card owed to
    Failure; 11 Zoo trip adds two dice to the next roll (once a turn); 29 Pension fund
    needs an Old age card on the track."""
    if state["over"]:
        raise RuleError(_("the game is over (V-END-1): score"))
    turn, _current = current(state)
    p = player(state, who)
    i = _held(p, name, lib)
    card = p["hand"][i]
    sp = lib.special_by_id(card["number"])
    _check_playable(state, lib, p, sp)
    event = _played(p, card, sp, gives)
    lost = _unusable(state, lib, p, sp)
    if lost is not None:
        event["lost"] = lost
        if not anyway:
            from .render import Renderer

            raise EventLost(Renderer(lib, current_lang()).event_lost(event), lib.shown(card))
    else:
        _counts_in_turn(turn, event, p, card, name)
    p["hand"].pop(i)
    return [event]


def _held(p: Player, name: str, lib: Library) -> int:
    """Where in `p`'s hand the card `name` is; refused when it is not there (without
    telling the hand, V-EVENT-1)."""
    i = find_card(p["hand"], name, lib)
    if i is None:       # the hand is its player's: the table's one screen is not told it
        raise RuleError(_("{player} holds no {name!r} (a hand is secret: V-EVENT-1)").format(
            player=p['name'], name=name))
    return i


def _check_playable(state: CvState, lib: Library, p: Player, sp: Special | None) -> None:
    """29 Pension fund needs an Old age card on the track; 11 Zoo trip is played once a
    turn by the player whose turn it is."""
    if sp is None:
        return
    turn, current_player = current(state)
    tr = state["track"]        # 29: the last deck's (Old age) card on the track
    if sp.needs == "old_age_on_track" and tr is not None and lib.decks[-1].id not in tr["slots"]:
        raise RuleError(_("{card} is played only with an Old age card on the track").format(card=sp.here))
    if sp.effect == "extra_dice" and turn["zoo"] and current_player is p:
        raise RuleError(_("{card} is played once a turn").format(card=sp.here))


def _played(p: Player, card: Card, sp: Special | None, gives: list[str] | None) -> Event:
    """The `played` event: Life insurance's effect, the Zoo trip's dice, or the symbols the
    card gives (`gives` typed now, else those typed with it)."""
    effect = sp.effect if sp is not None and sp.effect in ("insurance", "extra_dice") else None
    event: Event = {"kind": "played", "player": p["name"], "card": card["name"], "number": card["number"],
                    "symbols": [] if effect else list(gives or card["gives"]), "effect": effect}
    if sp is not None and effect == "extra_dice":
        event["count"] = sp.dice
    return event


def _counts_in_turn(turn: Turn, event: Event, p: Player, card: Card, name: str) -> None:
    """What a played event gives, into the turn under way: a card saved from Failure, more
    dice for the next roll, or symbols to pay with this turn (refused when none is known)."""
    if event["effect"] == "insurance":
        turn["insured"] += 1
    elif event["effect"] == "extra_dice":
        turn["zoo"] = True
        turn["more_dice"] += event["count"]
    else:
        if not event["symbols"]:
            raise RuleError(_("what does {card} give? play {player} {name!r} --gives SYMBOLS").format(
                card=card['name'], player=p['name'], name=name))
        turn["extra"] += [{"symbol": s, "card": card["name"], "used": False} for s in event["symbols"]]


@emits
def borrow(state: CvState, lib: Library, who: str, neighbour: str, symbol: str) -> list[Event]:
    """36 Friend from work, once a turn while active: one symbol of a neighbour's active Job;
    the neighbour loses nothing."""
    turn, p = own_turn(state, who)
    if active_effect(p, lib, "borrow") is None:
        raise RuleError(_("{player} has no active Friend from work (36)").format(player=p['name']))
    if turn["borrowed"]:
        raise RuleError(_("Friend from work lends one symbol a turn"))
    o = player(state, neighbour)
    around = turns.after(state["order"], p["name"])      # the seats after p's, round the table
    if o["name"] not in (around[0], around[-1]):
        raise RuleError(_("{other} does not sit beside {player}").format(other=o['name'], player=p['name']))
    job = active(o).get("job")
    if job is None or (symbol not in job["gives"] and not (symbol in lib.plain and "choice" in job["gives"])):
        raise RuleError(_("{other}'s active Job gives no {value}").format(
            other=o['name'], value=lib.symbols[symbol].here))
    turn["extra"].append({"symbol": symbol, "card": f"{job['name']} ({o['name']})", "used": False})
    turn["borrowed"] = True
    return [{"kind": "borrowed", "player": p["name"], "from": o["name"], "card": job["name"],
             "symbol": symbol}]


@emits
def amend(state: CvState, lib: Library, who: str, name: str, *, gives: list[str] | None = None,
          points: int | None = None, upkeep: list[str] | None = None, dice: int | None = None) -> list[Event]:
    """What the table reads off a card already in a CV (the Bicycle's points, say)."""
    p = player(state, who)
    places = [*p["cv"].values(), p["waiting"], p["hand"], taken_now(state, p)]
    for cards, i in ((cards, find_card(cards, name, lib, loose)) for loose in (False, True)
                     for cards in places):           # the exact name first, in every place
        if i is None:
            continue
        card = cards[i]
        if points is not None and "property" not in (card["type"], *card["types"]):
            raise RuleError(_("points are printed on Property cards (V-SCORE-3)"))
        if gives is not None:
            card["gives"] = list(gives)
            if active(p).get(card["type"]) is card:
                p["tokens"] = [t for t in p["tokens"] if t["card"] != card["name"]] + _tokens(card)
        if points is not None:
            card["points"] = points
        if upkeep is not None:
            card["upkeep"] = list(upkeep)
        if dice is not None:
            card["dice"] = dice
        return [{"kind": "amended", "player": p["name"], "card": card["name"], "number": card["number"],
                 "gives": card["gives"],
                 "points": card["points"], "upkeep": card["upkeep"], "die": card["dice"]}]
    near = suggest(name, [c["name"] for cards in places for c in cards])
    raise RuleError(_("{player} has no card {name!r}{near}").format(
        player=p["name"], name=name, near=near))


def _tokens(card: Card) -> list[Token]:
    return [{"symbol": s, "card": card["name"], "used": False} for s in card["gives"]]


def _upkeep(state: CvState, lib: Library, p: Player) -> list[Event]:
    """V-UPKEEP-1: the cards active at the start of the turn that cost a symbol pay it from
    dice and tokens still unused; a card that cannot be paid goes to the box."""
    turn = state["turn"]
    assert turn is not None
    events: list[Event] = []
    for due in turn["upkeep"]:
        t = due["type"]
        stack = p["cv"][t]
        owing = next((c for c in stack if c["name"] == due["card"] and c["upkeep"]), None)
        if owing is None:
            continue
        try:
            chosen = pool.allocate(turn, p, owing["upkeep"], lib)
        except RuleError:
            stack.remove(owing)
            events.append({"kind": "lost", "player": p["name"], "card": owing["name"],
                           "number": owing["number"], "type": t, "reason": "upkeep", "owed": 0})
            continue
        pool.spend(turn, p, chosen)
        events.append({"kind": "upkeep_paid", "player": p["name"], "card": owing["name"],
                       "symbols": owing["upkeep"]})
    return events


@emits
def end(state: CvState, lib: Library, who: str) -> list[Event]:
    """The end of a turn: phase 3's misfortune must be settled (from the cards recorded
    before this turn, V-FAIL-1), upkeep is paid, phase 4 records the cards taken, then phase 5."""
    turn, p = own_turn(state, who)
    if not state.get("seal_key"):         # a campaign from before the seats: its key now
        state["seal_key"] = sealed.new_key()
    owed = pool.misfortunes_owed(turn, p, lib)
    if owed and active(p):
        raise RuleError(ngettext("{player} owes {owed} active card to Failure:"
                                 " lose {player} TYPE (V-FAIL-1)",
                                 "{player} owes {owed} active cards to Failure:"
                                 " lose {player} TYPE (V-FAIL-1)",
                                 owed).format(player=p["name"], owed=owed))
    events = _upkeep(state, lib, p)     # V-UPKEEP-1: between misfortune and recording
    record_pending(state, lib)           # V-TURN-1 phase 4
    if state["track"] is not None:
        round_end = len(state["players"]) == 2 or last_of_round(state)
        events += track_rules.tidy(state, lib, round_end=round_end)
        if state["track"]["help"]:
            return events
    return events + _finish(state, lib)


@emits
def pass_help(state: CvState, lib: Library, who: str) -> list[Event]:
    """V-HELP-1: an entitled player declines the free card."""
    _no_turn, p = social_taker(state, who)
    tr = state["track"]
    assert tr is not None
    tr["help"].pop(0)
    events: list[Event] = [{"kind": "help_passed", "player": p["name"]}]
    return events + (resume(state, lib) if not tr["help"] else [])


def resume(state: CvState, lib: Library) -> list[Event]:
    """After social help: the refill goes on from the next deck, then the turn ends."""
    events = track_rules.refill(state, lib)
    tr = state["track"]
    if tr is not None and tr["help"]:
        return events
    return events + _finish(state, lib)


def _finish(state: CvState, lib: Library) -> list[Event]:
    """V-TURN-1 phase 5: tokens are exactly what the active cards give; then V-END-1 (only
    at the end of a round, after the last player, the one right of the Bicycle: every
    player has had as many turns) or the next player's turn (guide.core.turns)."""
    _turn, p = current(state)
    p["tokens"] = [t for c in active(p).values() for t in _tokens(c)]
    events: list[Event] = [{"kind": "tokens", "player": p["name"],
                            "tokens": [t["symbol"] for t in p["tokens"]]}]
    order = state["order"]
    if last_of_round(state) and track_rules.game_over(state, lib):
        state["over"] = True
        turns.stop(order)
        decks = dict(state["track"]["decks"]) if state["track"] else {}
        return events + [{"kind": "game_over", "decks": decks}]
    name = turns.end_turn(order)
    assert name is not None                  # nobody leaves a game of CV
    state["turn"] = new_turn(player(state, name))
    return events + [{"kind": "turn", "player": name, "round": order["round"]}]
