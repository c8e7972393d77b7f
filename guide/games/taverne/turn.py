"""The nine calls announced by the Pillar (T-CALL-1..9) and the end of a turn (T-END-1)."""

from __future__ import annotations

from collections.abc import Callable

from guide.core import turns
from guide.core.errors import RuleError
from guide.core.i18n import domain

from . import chrono, counters
from .adjust import asset_warning
from .arrivals import SETS, enter_arrivals, show_the_door, too_many
from .guards import in_brawl
from .model import Event, State, active, active_names, pillar, seated
from .quarrels import resolve, reveal, serve_tricks
from .seating import clockwise_from, pass_pillar, take_pillar
from .variants import close_auction

_, ngettext, pgettext = domain("taverne").functions()


def start(state: State, variants: list[str], beginner: bool) -> list[Event]:
    """`start`: the first turn, call 1; the first player seated is the Pillar (the first
    present: a Pillar who leaves passes the Pillar on, T-LEAVE-1). With Auction Characters
    the sealed Energy bids come first (T-VAR-AU-1)."""
    if state["phase"] != "setup":
        raise RuleError(_("the brawl has already started"))
    seats = seated(state)
    if len(seats) < 2:
        raise RuleError(_("seat at least two players first (`player NAME --loot N`)"))
    if len(seats) > SETS and "double-tavern" not in variants:
        raise RuleError(too_many(len(seats)))
    state["variants"] = sorted(set(variants))
    state["beginner"] = beginner
    events: list[Event] = [{"kind": "started", "variants": state["variants"],
                            "beginner": beginner, "pillar": turns.start(state["turns"]),
                            "players": seats}]
    if "auction" in state["variants"]:
        state["phase"] = "auction"
        return events + [{"kind": "auction_open", "players": seats}]
    missing = [n for n in seats if state["players"][n]["initial_loot"] is None]
    if missing:
        # the lines to type, each naming its player (a name is one word, T-NEW-1)
        raise RuleError(_("Initial Loot missing for {value}: {lines}").format(
            value=', '.join(missing), lines=", ".join(f"`player {n} --loot N`" for n in missing)))
    state["phase"] = "brawl"
    return events + begin_turn(state)


def begin_turn(state: State) -> list[Event]:
    """Call 1, "Start of turn!" (T-CALL-1): the new arrivals come in with their bonus and the
    others' Loot (T-NEW-1), then those back from the bar (T-LEAVE-1): in the turn order
    again from now on."""
    state["turn"] += 1
    state["call"] = 1
    state.update({"militia": [], "quarrels": [], "revealed": 0, "ready": [], "served": {},
                  "arrivals": []})
    for p in state["players"].values():
        p["spells"] = 0
    arrived = enter_arrivals(state)
    back = [n for n in seated(state) if state["players"][n]["returning"]]
    for n in back:
        state["players"][n]["returning"] = False
        turns.back(state["turns"], n)
    events: list[Event] = [{"kind": "call", "turn": state["turn"], "call": 1,
                            "pillar": take_pillar(state)}, *arrived]
    if back:
        events.append({"kind": "back", "who": back})
    return events


def call(state: State) -> list[Event]:
    """`call`: finish the current call and announce the next one."""
    if state["phase"] == "auction":
        opened = close_auction(state)
        state["phase"] = "brawl"
        return opened + begin_turn(state)
    in_brawl(state)
    c = state["call"]
    over = [n for n in active_names(state) if len(state["players"][n]["assets"])
            > counters.prestige(state["players"][n])]
    if over:
        # T-SPELL-1: never more Assets in play than Prestige; the discard is asked first
        raise RuleError(_("still to discard an Asset down to their Prestige: {players}"
                          " (`asset NAME CARD --discard`, T-SPELL-1)").format(
            players=", ".join(over)))
    events = FINISHED[c](state) if c in FINISHED else []
    if state["phase"] == "over":            # the Militia's win (call 7), or the turn's end (9)
        return events + chrono.close_round(state)
    if c == 9:
        record = chrono.clock(state)
        if record is not None and record["last_turn"] == state["turn"]:
            return events + chrono.close_round(state)   # T-CHRONO-2: the round's last turn
        return events + begin_turn(state)
    state["call"] = c + 1
    state["ready"] = []
    events.append({"kind": "call", "turn": state["turn"], "call": c + 1,
                   "pillar": pillar(state)})
    if c + 1 == 2:
        at_five = [n for n in active_names(state) if counters.prestige(state["players"][n]) == 5]
        if at_five:
            events.append({"kind": "militia_reminder", "who": at_five})
    return events


def judge_militia(state: State) -> list[Event]:
    """T-CALL-7: the Militia called this turn finds the player at 5 Prestige with 1 Energy or
    more; several: the most Loot; still tied: they share the win. Nobody: a false alarm."""
    if not state["militia"]:
        return []
    standing = [n for n in clockwise_from(state, pillar(state))
                if active(state, n) and counters.prestige(state["players"][n]) == 5
                and not counters.stunned(state["players"][n])]
    if not standing:
        return [{"kind": "false_alarm", "called": list(state["militia"])}]
    best = max(state["players"][n]["loot"] for n in standing)
    state["winners"] = [n for n in standing if state["players"][n]["loot"] == best]
    state["phase"] = "over"
    return [{"kind": "militia_wins", "winners": list(state["winners"]), "standing": standing,
             "loot": {n: state["players"][n]["loot"] for n in standing}}]


def end_of_turn(state: State) -> list[Event]:
    """Finishing call 9 (T-CALL-9, T-END-1): a Loot for every player with positive Energy,
    the Pillar passes left, the lone survivor wins, and without a Militia call this turn
    every player at 5 Prestige loses a Pint."""
    events: list[Event] = []
    pocket = [n for n in active_names(state) if state["players"][n]["energy"] > 0]
    lost = [n for n in pocket if counters.add_loot(state["players"][n], 1)["lost"]]
    events.append({"kind": "pocket", "who": pocket, "lost": lost,
                   "loot": {n: state["players"][n]["loot"] for n in pocket}})
    alive = [n for n in seated(state) if not state["players"][n]["eliminated"]
             and not state["players"][n]["entering"] and state["players"][n]["energy"] > 0]
    if len(alive) <= 1:
        state["winners"] = alive
        state["phase"] = "over"
        return events + [{"kind": "lone_survivor", "winners": alive}]
    if not state["militia"]:
        for n in active_names(state):
            p = state["players"][n]
            if counters.prestige(p) == 5:
                events.append({**counters.add_pints(p, -1), "kind": "pint_lost_at_five"})
                events += asset_warning(p)      # T-SPELL-1: the discard down to Prestige
    old = pillar(state)
    events.append({"kind": "pillar", "from": old, "to": pass_pillar(state)})
    return events


# what finishing each call does (T-CALL-4..9); calls 1 to 3 only announce the next
FINISHED: dict[int, Callable[[State], list[Event]]] = {
    4: reveal, 5: resolve, 6: show_the_door, 7: judge_militia, 8: serve_tricks, 9: end_of_turn}
