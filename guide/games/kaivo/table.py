"""The rules of a dealt round (K-DEAL-1, K-TURN-1..3, K-POW-1..2, K-GLIMPSE-1, K-CALL-1).

Every function takes the round's Table (and the Rules, and the Dice where chance enters),
checks the move first (a RuleError changes nothing), then changes the Table in place and
returns events as data. An event with a "private" key (the core's key, a player's
name: Table.tell_all, Table.tell_private) is that player's alone; any other event is
public and carries only values the whole table may see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guide.core import turns
from guide.core.dice import DiceLike, shuffle
from guide.core.errors import RuleError
from guide.core.i18n import domain

from .deck import Rules
from .model import Table

Event = dict[str, Any]
Action = tuple[Any, ...]
_, ngettext, pgettext = domain("kaivo").functions()


def letters_for(names: list[str]) -> list[str]:
    """Badge letters (K-POW-2): initials, or A, B, C, D by seat when two would share one."""
    initials = [n[:1].upper() or "?" for n in names]
    if len(set(initials)) == len(initials):
        return initials
    return [chr(ord("A") + i) for i in range(len(names))]


def to_act(t: Table) -> int:
    """The seat to act (K-TURN-1): the current player's of the turn order; once the round
    is called, nobody's turn, and the caller's seat (K-CALL-1)."""
    now = turns.current(t["order"])
    return t["names"].index(now) if now is not None else t["caller"]  # type: ignore[return-value]


def played(t: Table) -> int:
    """The turns played this round (begun and ended; the call ends none)."""
    return t["order"]["turn"] - 1


def starter(t: Table) -> int:
    """The seat that started the round, the one after the dealer's (K-DEAL-1)."""
    first = t["order"]["first"]
    assert first is not None
    return t["names"].index(first)


def deal(rules: Rules, names: list[str], dealer: int, dice: DiceLike,
         scores: list[int] | None = None) -> tuple[Table, list[Event]]:
    """K-DEAL-1: four cards each face down, the outer two seen, one card face up to start
    the discard pile (the companion's choice); the player after the dealer starts, and the
    turn goes round the table in seat order (guide.core.turns)."""
    n = len(names)
    if not rules.min_players <= n <= rules.max_players:
        raise RuleError(_("Kaivo is for {min_players} to {max_players} players, not {n}").format(
            min_players=rules.min_players, max_players=rules.max_players, n=n))
    deck = shuffle(range(len(rules.values)), dice)
    hands = [[deck.pop() for _ in range(rules.hand)] for _ in range(n)]
    first = deck.pop()
    order = turns.new(names)
    turns.start(order, names[(dealer + 1) % n])
    t = Table(cards=list(rules.values), deck=deck, discard=[first], hands=hands,
              seen=[[hands[s][p] for p in rules.outer] for s in range(n)],
              caught=[[] for _ in range(n)], badges=[""] * len(rules.values), face_up=[],
              placed=[], order=order, phase="turn",
              held=None, power=None, glimpsed=False, caller=None, names=list(names),
              letters=letters_for(names), scores=list(scores or [0] * n),
              fresh=[[s, hands[s][p]] for s in range(n) for p in rules.outer])
    events: list[Event] = [{"kind": "dealt", "dealer": names[dealer], "first": turns.current(order),
                            "discard": t["cards"][first], "deck": len(deck)}]
    for s in range(n):
        events.append({"kind": "outer", "seat": s, "who": names[s], "private": names[s],
                       "cards": [[p, t["cards"][hands[s][p]]] for p in rules.outer]})
    return t, events


def _need(t: Table, *phases: str) -> None:
    if t["phase"] not in phases:
        raise RuleError({
            "turn": _("first draw or take a card, or call kaivo"),
            "drawn": _("you hold a drawn card: swap it into your row or discard it"),
            "taken": _("you hold the discard: swap it into your row, or put it back"),
            "power": _("use the {power} power or skip it").format(power=t["power"]),
            "over": _("the round is over"),
        }[t["phase"]])


def _pos(rules: Rules, pos: int) -> None:
    if not 0 <= pos < rules.hand:
        raise RuleError(_("a position is 1 to {hand}, not {value}").format(hand=rules.hand, value=pos + 1))


def _opponent(t: Table, target: int) -> None:
    if not 0 <= target < len(t["hands"]) or target == to_act(t):
        raise RuleError(_("pick an opponent"))


def _learn(t: Table, seat: int, card: int) -> None:
    if card not in t["seen"][seat]:
        t["seen"][seat].append(card)
    t.setdefault("fresh", []).append([seat, card])      # shown for the box's seconds
    if card in t["caught"][seat]:
        t["caught"][seat].remove(card)


def _end_turn(t: Table) -> None:
    """K-TURN-1: the turn passes to the next seat round the table."""
    turns.end_turn(t["order"])
    t["phase"] = "turn"
    t["held"] = None
    t["power"] = None
    t["glimpsed"] = False


def _refill(t: Table, dice: DiceLike) -> list[Event]:
    """K-DEAL-1: an empty deck takes the discard pile but its top, shuffled; what was known
    of those cards is gone with them."""
    top = t["discard"].pop()
    back = t["discard"]
    t["discard"] = [top]
    gone = set(back)
    for lst in (*t["seen"], *t["caught"]):
        lst[:] = [c for c in lst if c not in gone]
    t["face_up"] = [c for c in t["face_up"] if c not in gone]
    t["placed"] = [c for c in t["placed"] if c not in gone]
    for c in back:
        t["badges"][c] = ""
    t["deck"] = shuffle(back, dice)
    return [{"kind": "refilled", "deck": len(back)}]


def draw(t: Table, rules: Rules, dice: DiceLike) -> list[Event]:
    """K-TURN-1: only the drawer sees the card."""
    _need(t, "turn")
    events = _refill(t, dice) if not t["deck"] else []
    s = to_act(t)
    card = t["deck"].pop()
    t["held"] = card
    t["phase"] = "drawn"
    _learn(t, s, card)
    events.append({"kind": "drew", "seat": s, "who": t["names"][s], "deck": len(t["deck"])})
    value = t["cards"][card]
    power = rules.powers.get(value)                 # a power card is said by its name too
    events.append({"kind": "held", "seat": s, "value": value, "private": t["names"][s],
                   **({"power": power} if power else {})})
    return events


def take(t: Table) -> list[Event]:
    """K-TURN-2: the top of the discard pile, public."""
    _need(t, "turn")
    s = to_act(t)
    card = t["discard"].pop()
    t["held"] = card
    t["phase"] = "taken"
    return [{"kind": "took", "seat": s, "who": t["names"][s], "value": t["cards"][card]}]


def putback(t: Table) -> list[Event]:
    """K-TURN-2: a taken card goes back; nothing revealed, the turn is not used."""
    if t["phase"] == "drawn":
        raise RuleError(_("a card drawn from the deck cannot be put back (K-TURN-1): swap it into your row"
                          " or discard it"))
    _need(t, "taken")
    s = to_act(t)
    card = t["held"]
    assert card is not None
    t["discard"].append(card)
    t["held"] = None
    t["phase"] = "turn"
    return [{"kind": "put_back", "seat": s, "who": t["names"][s]}]


def swap(t: Table, rules: Rules, pos: int) -> list[Event]:
    """K-TURN-1/2: the held card takes position pos; the old card goes face up."""
    _need(t, "drawn", "taken")
    _pos(rules, pos)
    s = to_act(t)
    card = t["held"]
    assert card is not None
    old = t["hands"][s][pos]
    t["hands"][s][pos] = card
    t["discard"].append(old)
    t["badges"][old] = ""
    event: Event = {"kind": "swapped", "seat": s, "who": t["names"][s], "pos": pos,
                    "out": t["cards"][old], "from": "deck" if t["phase"] == "drawn" else "discard"}
    if t["phase"] == "taken":             # a public card: the whole table knows it is there
        for seat in range(len(t["hands"])):
            _learn(t, seat, card)
        event["value"] = t["cards"][card]
    else:
        t["placed"].append(card)
    _end_turn(t)
    return [event]


def discard(t: Table, rules: Rules) -> list[Event]:
    """K-TURN-1, K-POW-1: a drawn card discarded; a power card then waits for its power."""
    if t["phase"] == "taken":
        raise RuleError(_("a card taken from the discard pile must be swapped in, or put back"))
    _need(t, "drawn")
    s = to_act(t)
    card = t["held"]
    assert card is not None
    t["discard"].append(card)
    t["held"] = None
    value = t["cards"][card]
    events: list[Event] = [{"kind": "discarded", "seat": s, "who": t["names"][s], "value": value}]
    power = rules.powers.get(value)
    if power is None:
        _end_turn(t)
    else:
        t["phase"] = "power"
        t["power"] = power
        events[0]["power"] = power
    return events


def _power(t: Table, name: str) -> int:
    _need(t, "power")
    if t["power"] != name:
        raise RuleError(_("the power to use is {power}, not {name}").format(power=t['power'], name=name))
    return to_act(t)


def peek(t: Table, rules: Rules, pos: int) -> list[Event]:
    """K-POW-1 Peek: one of one's own cards; K-POW-2 the badge."""
    s = _power(t, "peek")
    _pos(rules, pos)
    card = t["hands"][s][pos]
    _learn(t, s, card)
    _badge(t, card, s)
    _end_turn(t)
    return [{"kind": "peeked", "seat": s, "who": t["names"][s], "pos": pos},
            {"kind": "saw", "seat": s, "target": s, "pos": pos, "value": t["cards"][card],
             "private": t["names"][s]}]


def spy(t: Table, rules: Rules, target: int, pos: int) -> list[Event]:
    """K-POW-1 Spy: one card of an opponent, player first; K-POW-2 the badge."""
    s = _power(t, "spy")
    _opponent(t, target)
    _pos(rules, pos)
    card = t["hands"][target][pos]
    _learn(t, s, card)
    _badge(t, card, s)
    _end_turn(t)
    return [{"kind": "spied", "seat": s, "who": t["names"][s], "target": target,
             "whom": t["names"][target], "pos": pos},
            {"kind": "saw", "seat": s, "target": target, "pos": pos, "value": t["cards"][card],
             "private": t["names"][s]}]


def swapwith(t: Table, rules: Rules, pos: int, target: int, tpos: int) -> list[Event]:
    """K-POW-1 Swap: one's card at pos for an opponent's at tpos; each sees what it receives."""
    s = _power(t, "swap")
    _pos(rules, pos)
    _opponent(t, target)
    _pos(rules, tpos)
    mine, theirs = t["hands"][s][pos], t["hands"][target][tpos]
    t["hands"][s][pos], t["hands"][target][tpos] = theirs, mine
    t["placed"] = [c for c in t["placed"] if c not in (mine, theirs)]
    _learn(t, s, theirs)
    _learn(t, target, mine)
    _end_turn(t)
    return [{"kind": "swapped_power", "seat": s, "who": t["names"][s], "pos": pos,
             "target": target, "whom": t["names"][target], "tpos": tpos},
            {"kind": "saw", "seat": s, "target": s, "pos": pos, "value": t["cards"][theirs],
             "private": t["names"][s]},
            {"kind": "saw", "seat": target, "target": target, "pos": tpos,
             "value": t["cards"][mine], "private": t["names"][target]}]


def mindread(t: Table, rules: Rules, target: int, pos: int) -> list[Event]:
    """K-POW-1 Mind Read: an opponent's card face up for everyone, for the rest of the round."""
    s = _power(t, "mindread")
    _opponent(t, target)
    _pos(rules, pos)
    card = t["hands"][target][pos]
    if card not in t["face_up"]:
        t["face_up"].append(card)
    for seat in range(len(t["hands"])):
        _learn(t, seat, card)
    _end_turn(t)
    return [{"kind": "mind_read", "seat": s, "who": t["names"][s], "target": target,
             "whom": t["names"][target], "pos": pos, "value": t["cards"][card]}]


def skip(t: Table) -> list[Event]:
    """K-POW-1: a discarded power need not be used."""
    _need(t, "power")
    s = to_act(t)
    power = t["power"]
    _end_turn(t)
    return [{"kind": "skipped", "seat": s, "who": t["names"][s], "power": power}]


def _badge(t: Table, card: int, seat: int) -> None:
    letter = t["letters"][seat]
    if letter not in t["badges"][card]:
        t["badges"][card] += letter


def glimpse(t: Table, rules: Rules, dice: DiceLike) -> list[Event]:
    """K-GLIMPSE-1: each opponent catches the drawn card with the deck file's chance; who
    caught it is known only to the catcher."""
    if t["phase"] == "taken":
        raise RuleError(_("the discard is public already; a glimpse is of a card drawn from the deck"))
    _need(t, "drawn")
    if t["glimpsed"]:
        raise RuleError(_("the table has had its glimpse of this card, once a turn (K-GLIMPSE-1): swap it"
                          " into your row or discard it"))
    s = to_act(t)
    card = t["held"]
    assert card is not None
    t["glimpsed"] = True
    # the drawer sees the card glimpsed as long as a catcher does (it holds it already): a
    # catcher's look ending republishes every page and the TV (seats.hide_seen), so one ends
    # then whether or not anyone caught it, and the redraw's moment tells no one
    t.setdefault("fresh", []).append([s, card])
    events: list[Event] = [{"kind": "glimpse", "seat": s, "who": t["names"][s]}]
    for o in range(len(t["hands"])):
        if o == s:
            continue
        if dice.d(rules.glimpse_in) <= rules.glimpse_chance and card not in t["seen"][o]:
            if card not in t["caught"][o]:
                t["caught"][o].append(card)
            t.setdefault("fresh", []).append([o, card])
            events.append({"kind": "caught", "seat": o, "who": t["names"][s],
                           "value": t["cards"][card], "private": t["names"][o]})
    return events


def call(t: Table) -> list[Event]:
    """K-TURN-3, K-CALL-1: at the start of one's turn; the round ends at once, all revealed."""
    _need(t, "turn")
    s = to_act(t)
    t["caller"] = s
    t["phase"] = "over"
    turns.stop(t["order"])                 # nobody's turn: the round is over
    return [{"kind": "called", "seat": s, "who": t["names"][s]},
            {"kind": "revealed", "hands": {t["names"][i]: [t["cards"][c] for c in h]
                                           for i, h in enumerate(t["hands"])},
             "totals": dict(zip(t["names"], totals(t), strict=True))}]


def totals(t: Table) -> list[int]:
    return [sum(t["cards"][c] for c in h) for h in t["hands"]]


def act(t: Table, rules: Rules, dice: DiceLike, action: Action) -> list[Event]:
    """One move as a tuple: ("draw",), ("swap", pos), ("spy", target, pos), ..."""
    kind, args = action[0], action[1:]
    if kind in BY_CHANCE:
        return BY_CHANCE[kind](t, rules, dice)
    if kind in BY_RULES:
        return BY_RULES[kind](t, rules, *args)
    if kind in PLAIN:
        return PLAIN[kind](t)
    raise RuleError(_("no such move: {kind}").format(kind=kind))


# the values of each move that takes some, in order, by the name of its command's parameter
# (`spy PLAYER POS`): a player is a seat, a position counts from 0 (1 in the command)
VALUES = {"swap": ("pos",), "peek": ("pos",), "spy": ("player", "pos"), "mindread": ("player", "pos"),
          "swapwith": ("pos", "player", "their_pos")}

# each move by what it reads besides the round: the rules and the dice, the rules and the
# move's own values (positions, an opponent), or the round alone
BY_CHANCE = {"draw": draw, "glimpse": glimpse}
BY_RULES: dict[str, Callable[..., list[Event]]] = {
    "swap": swap, "discard": discard, "peek": peek, "spy": spy, "swapwith": swapwith, "mindread": mindread}
PLAIN = {"take": take, "putback": putback, "skip": skip, "kaivo": call}


def legal(t: Table, rules: Rules) -> list[Action]:
    """Every move the seat to act may make now."""
    s, n, positions = to_act(t), len(t["hands"]), range(rules.hand)
    others = [o for o in range(n) if o != s]
    phase = t["phase"]
    if phase == "turn":
        return [("draw",), ("take",), ("kaivo",)]
    if phase == "drawn":
        return [("swap", p) for p in positions] + [("discard",)] + ([] if t["glimpsed"] else [("glimpse",)])
    if phase == "taken":
        return [("swap", p) for p in positions] + [("putback",)]
    if phase == "power":
        moves: list[Action] = [("skip",)]
        if t["power"] == "peek":
            moves += [("peek", p) for p in positions]
        elif t["power"] in ("spy", "mindread"):
            moves += [(t["power"], o, p) for o in others for p in positions]
        elif t["power"] == "swap":
            moves += [("swapwith", p, o, q) for p in positions for o in others for q in positions]
        return moves
    return []


def clock_limit(rules: Rules, phase: str) -> int | None:
    """K-CLOCK-1: the seconds a player has now (20 for the turn, 10 to pick a power's
    target), None where no clock runs (the round is over)."""
    if phase == "power":
        return rules.clock_target
    return None if phase == "over" else rules.clock_turn


def safe_step(t: Table) -> Action | None:
    """K-CLOCK-1 (and K-JOIN-1 for a player who left): the safe move, one step at a time:
    draw, discard it, skip the power; a card taken from the discard pile is put back first.
    None once the turn has passed (or the round is over)."""
    return {"turn": ("draw",), "taken": ("putback",), "drawn": ("discard",),
            "power": ("skip",)}.get(t["phase"])


def play_safe(t: Table, rules: Rules, dice: DiceLike) -> list[Event]:
    """The whole safe move of the seat to act, to the end of its turn."""
    order, events = t["order"], []
    begun = order["turn"]
    while order["turn"] == begun:
        step = safe_step(t)
        if step is None:
            break
        events += act(t, rules, dice, step)
    return events
