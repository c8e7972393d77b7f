"""Kaivo's seats (guide.core.seats): friends at the table, each on their own phone.

Every person at a dealt table has a seat, and so has a friend waiting to join (K-JOIN-1: they
take a bot's seat at the next deal); bots have none. A seat's page shows its own row as that
seat knows it (the outer peek, its peeks, what it drew, what a Swap gave it), the opponents'
rows as it knows them, the card in play if it may see it, the pile, the deck, the scores and
the round's public news; on its turn, its moves as buttons (the glimpse is one tap), and
between rounds the deal. Every value comes through `knowledge.view(table, seat)`: nothing
here reads a card of the state itself. A seat's move is a line of the same commands
(`draw --as Ann`), run at once (seat_policy "apply"), then the bots play as after a command
typed at the terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guide.core.i18n import N_, domain
from guide.core.moves import Move

from . import match
from .deck import Rules
from .knowledge import SeatView, view
from .library import KaivoTable
from .model import KaivoState
from .render import POWER_NAMES, score_line, whose
from .screen import OFFERED, news, person, round_of, row, showing
from .table import VALUES, Action, legal, played

_, ngettext, pgettext = domain("kaivo").functions()


def _held(v: SeatView, me: int | None) -> tuple[str | None, str | None]:
    """The card in play as this seat may know it: (its own, another's), in words."""
    if v["held"] is None:
        return None, None
    how = _("taken from the discard") if v["held_from"] == "discard" else _("drawn from the deck")
    if v["turn"] == me:
        return f"{v['held']} ({how})", None
    caught = "" if v["held_from"] == "discard" else _(", you caught the glimpse")
    return None, _("{who} holds {card} ({how}{caught})").format(who=v["names"][v["turn"]], card=v["held"],
                                                                how=how, caught=caught)


def seat_view(tb: KaivoTable, seat: str, clock_left: float | None = None,
              memory: bool = False) -> dict[str, Any]:
    """What the seat's page shows (seat.html): the public table and that seat's own
    knowledge, a card it saw only for the box's seconds (K-DEAL-1: `showing` at the table's
    `now`): `you.hand` (the row as cards to tap, no value but a face-up one), `you.seeing`
    (each card shown for the box's seconds, as a private reveal), `you.held` (the card in
    hand, a power by name), `you.clock` (K-CLOCK-1's seconds left, `clock_left`), and `taps`
    (which move a tap on a card sends). `memory` (a bot plays the seat, guide.core.bots):
    also `you.memory`, all the seat has seen and remembers (knowledge.view with no
    `showing`: the seat's own knowledge, never a card it has not seen), since a page shows a
    seen card only for the box's seconds (K-DEAL-1). Values come from the seat's own view
    only; a seen card's value is in `seeing` (for the box's seconds), never in `hand`."""
    state, rules, at = tb.state, tb.library.rules, tb.now()
    me = person(state, seat)
    players = state["players"]
    plan = _plan(tb, seat)
    out: dict[str, Any] = {"title": tb.game.title, "round": state["round"],
                           "dealer": players[state["dealer"]]["name"] if players else None,
                           "winners": list(state["winners"]),
                           "taps": _taps(state, plan, rules), "words": _words(state, me),
                           "turn_is_yours": me is not None and match.acting(state) == me,
                           "table_moves": [i for i, (m, _move) in enumerate(plan)
                                           if m[0] in ("leave", "join")]}
    you: dict[str, Any] = {"name": seat}
    if me is None:
        you["joins"] = _joins(state, seat)
    else:
        you["score"] = players[me]["score"]
        you["leaving"] = players[me]["leaving"]
    out["you"] = you
    t = state["table"]
    if t is not None:
        v = view(t, me, showing(state, me, at, rules.hints))
        out["table"] = {
            "phase": "over" if t["phase"] == "over" else "in play", **round_of(v),
            "held": _held(v, me)[1] if me is not None else None,
            "rows": {name: row(v, s) for s, name in enumerate(v["names"]) if s != me},
        }
        if me is not None:
            _mine(out, tb, me, v, clock_left, memory)
    out["scores"] = {p["name"] + (" (bot)" if p["bot"] else ""): p["score"] for p in players}
    out["news"] = news(state, seat)
    if state["last"]:
        out["last_round"] = [score_line(line) for line in state["last"]]
    return out


CHECKED = "kaivo seen checked"        # table.services: when hide_seen last looked


def hide_seen(tb: KaivoTable) -> None:
    """K-DEAL-1 on the served pages: a page holds what the table last published (after a
    command), so a card seen would stay on it past the box's seconds until the next command.
    The core asks the game's clock at least every second (Game.clock, at the prompt and in a
    script); when a look's seconds ended since it last asked, the table publishes the pages
    (and the TV) again (Table.redraw), without the card: as the terminal's toolbar, redrawn,
    hides it."""
    now = tb.now()
    since = tb.services.get(CHECKED)
    tb.services[CHECKED] = now
    if since is not None and any(since < look[2] <= now for look in tb.state.get("looks", [])):
        tb.redraw()                                 # a look is [seat, card, until, at]


def _mine(out: dict[str, Any], tb: KaivoTable, me: int, v: SeatView, clock_left: float | None,
          memory: bool) -> None:
    """A seated player's own part of its page (seat_view), and the other players' cards."""
    state, rules, t = tb.state, tb.library.rules, tb.state["table"]
    assert t is not None
    you = out["you"]
    you["row"] = row(v, me)
    you["cards"] = list(v["hands"][me])
    you["holding"] = _held(v, me)[0]
    if memory:
        you["memory"] = view(t, me, None)
    you["hand"] = _cards(v, me, t["phase"] == "over")
    you["seeing"] = _seeing(state, me, v, tb.now(), rules.hints, rules.show_seconds)
    you["held"] = _held_card(v, me, rules)
    out["table"]["players"] = [{"name": name, "score": state["players"][o]["score"],
                                "cards": _cards(v, o, t["phase"] == "over")}
                               for o, name in enumerate(v["names"]) if o != me]
    if clock_left is not None and match.acting(state) == me:
        you["clock"] = {"key": f"{played(t)}:{state['clock_at']}:{t['phase'] == 'power'}",
                        "seconds": max(0, round(clock_left, 1))}
    you["step"] = _step(v, me)


def _cards(v: SeatView, seat: int, over: bool) -> list[dict[str, Any]]:
    """A row as the page's cards to tap: a value only face up, or once the round is over
    (after the call every hand is shown, K-CALL-1)."""
    return [{"pos": p + 1, "badges": v["badges"][seat][p], "face_up": v["face_up"][seat][p],
             "value": v["hands"][seat][p] if v["face_up"][seat][p] or over else None}
            for p in range(len(v["hands"][seat]))]


def _seeing(state: KaivoState, me: int, v: SeatView, at: float, hints: bool,
            seconds: int) -> list[dict[str, Any]]:
    """K-DEAL-1: the cards the seat sees now, each for the seconds left of the box's: "Your
    5 at position 1", "You see Ben's 0 at position 1". Under the hints house rule none (the
    row keeps them shown). The card in hand is shown as held, not here."""
    t = state["table"]
    if hints or t is None or t["phase"] == "over":
        return []
    out = []
    known = view(t, me, None)            # an offered look's value: the seat's own memory
    for o, p, until, key in _looked(state, me, lambda until: until == OFFERED or until > at):
        offered = until == OFFERED          # K-DEAL-1: waiting for its player's tap
        value = (known if offered else v)["hands"][o][p]
        if value is None or v["face_up"][o][p]:
            continue
        said = {"who": v["names"][o], "value": value, "pos": p + 1}
        whom = v["names"][o]
        label = _("your card at position {pos}") if o == me else whose(
            whom, _("{who}'s card at position {pos}"), _("the card at position {pos} of {who}"))
        text = (_("Your {value} at position {pos}") if o == me else whose(
            whom, _("You see {who}'s {value} at position {pos}"),
            _("You see {value} at position {pos} of {who}")))
        out.append({"key": key, "label": label.format(**said), "text": text.format(**said),
                    "seconds": seconds if offered else max(1, round(until - at)),
                    "offered": offered, "whose": v["names"][o], "pos": p + 1})
    return out


def _held_card(v: SeatView, me: int, rules: Rules) -> dict[str, Any] | None:
    """The card in the seat's hand on its turn: "You drew Mind Read (13)", "You drew 4",
    "You took 3 from the discard"."""
    if v["held"] is None or v["turn"] != me:
        return None
    value = v["held"]
    power = rules.powers.get(value)
    name = _(POWER_NAMES[power]) if power in POWER_NAMES else None
    if v["held_from"] == "discard":
        text = _("You took {card} from the discard").format(card=value)
    elif name:
        text = _("You drew {power} ({card})").format(power=name, card=value)
    else:
        text = _("You drew {card}").format(card=value)
    return {"value": value, "power": name, "from": v["held_from"], "text": text}


# what a tap on a card does, by the phase of the turn, or in the power phase by the power
STEPS = {"drawn": N_("Tap one of your cards to swap the drawn card in, or discard it."),
         "taken": N_("Tap one of your cards to swap the discard in, or put it back."),
         "peek": N_("Tap one of your cards to peek at it."),
         "spy": N_("Tap a card of an opponent to spy on it."),
         "swap": N_("Swap: tap your card, then their card."),
         "mindread": N_("Tap a card of an opponent to turn it face up.")}


def _step(v: SeatView, me: int) -> str | None:
    """What a tap on a card does now, in words (the page's hint)."""
    kind = (v["power"] or "") if v["phase"] == "power" else v["phase"]
    if v["turn"] != me or kind not in STEPS:
        return None
    return _(STEPS[kind])


def _taps(state: KaivoState, plan: list[tuple[Action, Move]], rules: Rules) -> dict[str, Any]:
    """Which move (its number in the seat's moves) a tap sends: `mine` per own position,
    `theirs` per opponent and position, `swap` per own position then opponent and position
    (a Swap in two steps), `glimpse` and `discard` the held card's halves (`discard` is
    "Put it back" for a card taken from the pile), `buttons` the other moves (draw, take,
    call, skip, deal)."""
    t = state["table"]
    names = t["names"] if t is not None else []
    hand = rules.hand
    mine: list[int | None] = [None] * hand
    theirs: dict[str, list[int | None]] = {}
    swap: list[dict[str, list[int | None]]] = [{} for _ in range(hand)]
    out: dict[str, Any] = {"glimpse": None, "discard": None}
    buttons: list[int] = []
    for i, (m, _move) in enumerate(plan):
        kind, *args = m
        if kind in ("swap", "peek"):
            mine[args[0]] = i
        elif kind in ("spy", "mindread"):
            theirs.setdefault(names[args[0]], [None] * hand)[args[1]] = i
        elif kind == "swapwith":
            swap[args[0]].setdefault(names[args[1]], [None] * hand)[args[2]] = i
        elif kind == "glimpse":
            out["glimpse"] = i
        elif kind in ("discard", "putback"):
            out["discard"] = i
        elif kind not in ("leave", "join"):
            buttons.append(i)
    return {"mine": mine, "theirs": theirs, "swap": swap if any(swap) else None,
            "buttons": buttons, **out}


def _waiting(state: KaivoState, me: int | None) -> str:
    """The page's banner when nobody plays: a match with its winners waits for no deal
    (K-SCORE-3); between rounds, the seat that deals reads that the deal is theirs (above
    its Deal button), the others who deals, where every page read 'Waiting for the deal'."""
    t = state["table"]
    if state["winners"]:
        return _("No more rounds: a new match is dealt at the terminal")
    deals = _deals(state) if t is not None and t["phase"] == "over" else None
    if deals is None:
        return _("Waiting for the deal")
    if deals == me:
        return _("Your deal: tap Deal round {round}").format(round=state["round"])
    return _("Waiting for {who} to deal round {round}").format(who=state["players"][deals]["name"],
                                                               round=state["round"])


def _words(state: KaivoState, me: int | None) -> dict[str, str]:
    """The page's own words, in the table's language, for the seat `me`."""
    return {"your_turn": _("Your turn!"), "whose": _("{who} to play"), "waiting": _waiting(state, me),
            "time_left": _("Time left"), "your_cards": _("Your cards"), "the_table": _("The table"),
            "swap_then": _("Your card {pos}: now tap their card."), "pile": _("discard pile"),
            "deck": _("deck"), "score": _("your score"), "news": _("News"),
            "last_round": _("Last round"),
            "leaving": _("You are leaving: safe moves until the round ends.")}


def _joins(state: KaivoState, seat: str) -> str:
    """K-JOIN-1 for a friend waiting: whose seat they take at the next deal."""
    waiting = state["joining"]
    bots = [p["name"] for p in state["players"] if p["bot"]]
    i = waiting.index(seat) if seat in waiting else -1
    bot = bots[i] if 0 <= i < len(bots) else _("a bot")
    return _("You take {bot}'s seat at the next deal, with the average of the other seats'"
             " scores.").format(bot=bot)


def seat_moves(t: KaivoTable, seat: str) -> list[Move]:
    """The seat's moves now: every legal move on its turn; between rounds, the deal (for the
    dealer, or the first person after a bot dealer); and at any time, Leave (K-JOIN-1; a
    friend waiting: not join after all) or, for one leaving in the round, Join again."""
    return [move for _m, move in _plan(t, seat)] + _looks(t, seat)


def _looks(t: KaivoTable, seat: str) -> list[Move]:
    """K-DEAL-1 at a phone: a look offered and not yet taken is a move its page sends when
    the player taps (`look POS [--of NAME] --as SEAT`), found by its key; after the numbered
    moves, so the page's taps keep their numbers."""
    state = t.state
    me, tbl = person(state, seat), state["table"]
    if me is None or tbl is None or tbl["phase"] == "over":
        return []
    return [t.registry.move("look", _("Look"), key=key, pos=p + 1,
                            of=None if o == me else tbl["names"][o], who=seat)
            for o, p, _until, key in _looked(state, me, lambda until: until == OFFERED)]


def _looked(state: KaivoState, me: int, keep: Callable[[float], bool]
            ) -> list[tuple[int, int, float, str]]:
    """The seat's looks (K-DEAL-1) whose `until` passes `keep`, at cards lying in a row:
    (whose row, position, until, the key that names it on the page), each card once; a card
    in hand or discarded is not here."""
    t = state["table"]
    assert t is not None
    out, done = [], set()
    for s, raw, until, *when in state.get("looks", []):
        c = int(raw)
        where = next(((o, h.index(c)) for o, h in enumerate(t["hands"]) if c in h), None)
        if s != me or not keep(until) or c in done or where is None:
            continue
        done.add(c)
        o, p = where
        out.append((o, p, until, f"{o}:{p}:{when[0] if when else until}"))
    return out


def _plan(t: KaivoTable, seat: str) -> list[tuple[Action, Move]]:
    """The seat's moves as (rules move, move), in the order the page numbers them
    (seat_moves and the page's taps both read this)."""
    state, rules, move = t.state, t.library.rules, t.registry.move
    me = person(state, seat)
    tbl = state["table"]
    if state["mode"] != "play" or tbl is None or state["winners"]:
        return []
    table = (_("The table"),)
    if me is None:                         # a friend waiting for a bot's seat
        return [(("leave",), move("leave", _("Do not join after all"), table, name=seat))]
    out: list[tuple[Action, Move]] = []
    if tbl["phase"] == "over":
        if _deals(state) == me:
            out.append((("deal",), move("deal", _("Deal round {round}").format(round=state["round"]))))
    elif match.acting(state) == me:
        v = view(tbl, me, set())             # the labels name no remembered value
        for m in legal(tbl, rules):
            command, values = as_command(tbl["names"], m)
            out.append((m, move(command, _label(v, rules, m, values), who=seat, **values)))
    if state["players"][me]["leaving"]:
        out.append((("join",), move("join", _("Join again (stay at the table)"), table, name=seat)))
    else:
        out.append((("leave",), move("leave", _("Leave the table"), table, name=seat)))
    return out


def _deals(state: KaivoState) -> int | None:
    """The person who deals the next round from their seat: the dealer, or after a bot
    dealer the first person in seat order from it."""
    n = len(state["players"])
    for k in range(n):
        i = (state["dealer"] + k) % n
        if not state["players"][i]["bot"]:
            return i
    return None


def as_command(names: list[str], move: Action) -> tuple[str, dict[str, Any]]:
    """A rules move as its command and values by parameter name (positions 1..4, players
    by name)."""
    kind, *args = move
    return kind, {name: names[a] if name == "player" else a + 1
                  for name, a in zip(VALUES.get(kind, ()), args, strict=True)}


# the buttons of the moves said by their command's values alone (as_command: a player by
# name, positions from 1)
LABELS = {"draw": N_("Draw from the deck"), "kaivo": N_("Call KAIVO!"),
          "glimpse": N_("Let the table glimpse it"), "putback": N_("Put it back"),
          "peek": N_("Peek at your position {pos}"), "spy": N_("Spy on {who}'s position {pos}"),
          "mindread": N_("Mind Read {who}'s position {pos}"),
          "swapwith": N_("Swap your {pos} for {who}'s {their}")}
# the same buttons naming the terminal's own player, You, who has no "You's" (render.whose)
OF_YOU = {"spy": N_("Spy on position {pos} of {who}"),
          "mindread": N_("Mind Read position {pos} of {who}"),
          "swapwith": N_("Swap your {pos} for position {their} of {who}")}


def _label(v: SeatView, rules: Rules, move: Action, values: dict[str, Any]) -> str:
    """A move as its button says it (`values`: its command's, as_command)."""
    kind = move[0]
    if kind in LABELS:
        said = whose(values.get("player", ""), _(LABELS[kind]), _(OF_YOU.get(kind, LABELS[kind])))
        return said.format(pos=values.get("pos"), who=values.get("player"),
                                      their=values.get("their_pos"))
    if kind == "take":
        return _("Take the discard ({card})").format(card=v["discard"][-1])
    if kind == "swap":
        verb = _("Keep it at position {pos}") if v["phase"] == "drawn" else _("Put it at position {pos}")
        return verb.format(pos=values["pos"])
    if kind == "discard":
        power = rules.powers.get(v["held"]) if v["held"] is not None else None
        return _("Discard it and use {power}").format(power=_(POWER_NAMES[power])) if power \
            else _("Discard it")
    if kind == "skip":
        power = v["power"] or ""
        return _("Skip the {power} power").format(power=_(POWER_NAMES[power]) if power in POWER_NAMES
                                                 else _("power"))
    return kind
