"""Auction Characters (T-VAR-AU-1..3): sealed initial Energy bids, revealed together, the
lowest choosing first. Double Tavern and Long Range are checked where they act
(`seating.targets`, `placements.buy`, the `player` command)."""

from __future__ import annotations

from guide.core.errors import RuleError
from guide.core.i18n import domain

from .arrivals import taken
from .model import Event, State, find, seated

_, ngettext, pgettext = domain("taverne").functions()


def bid(state: State, name: str, energy: int) -> list[Event]:
    """T-VAR-AU-1: each player's initial Energy, sealed until every bid is in."""
    if state["phase"] != "auction":
        raise RuleError(_("bids are for Auction Characters, before the first turn"))
    if state["auction_revealed"]:
        raise RuleError(_("the bids are already revealed"))
    if not 1 <= energy <= 30:
        raise RuleError(_("an initial Energy bid is 1 to 30 (T-CNT-2)"))
    p = find(state, name)
    p["bid"] = energy
    events: list[Event] = [{"kind": "sealed", "who": p["name"], "what": "bid"}]
    if all(state["players"][n]["bid"] is not None for n in seated(state)):
        events += _reveal(state)
    return events


def _reveal(state: State) -> list[Event]:
    """T-VAR-AU-2: all bids shown at once; the lowest chooses first, then upwards; ties are
    the table's rock-paper-scissors (listed in seating order)."""
    state["auction_revealed"] = True
    bids = {n: state["players"][n]["bid"] or 30 for n in seated(state)}
    for n, e in bids.items():
        state["players"][n]["energy"] = e
    order = sorted(seated(state), key=lambda n: bids[n])
    ties = sorted({e for e in bids.values() if list(bids.values()).count(e) > 1})
    return [{"kind": "bids", "bids": bids, "order": order,
             "ties": [[n for n in order if bids[n] == e] for e in ties]}]


def choose(state: State, name: str, character: str, loot: int,
           tavern: str | None = None) -> list[Event]:
    """T-VAR-AU-3: after the reveal, each player takes a Character from those laid out; its
    Initial Loot goes on the Counter."""
    if state["phase"] != "auction" or not state["auction_revealed"]:
        raise RuleError(_("Characters are chosen after the Auction's bids are revealed"))
    p = find(state, name)
    if not 1 <= loot <= 3:
        raise RuleError(_("a Character's Initial Loot is 1 to 3 (T-CNT-3)"))
    mine = p["bid"] if p["bid"] is not None else 30
    first = [n for n in seated(state) if n != p["name"] and not _chosen(state, n)
             and (state["players"][n]["bid"] or 30) < mine]
    if first:
        # T-VAR-AU-2: "the player with the lowest score chooses his Character first, then
        # the next player in ascending order"
        raise RuleError(_("{player} bid {bid}: {first} chooses first (lowest bid first,"
                          " T-VAR-AU-2)").format(player=p["name"], bid=mine,
                                                 first=", ".join(first)))
    if character.casefold() in taken(state) and (p["character"] or "").casefold() != \
            character.casefold():
        raise RuleError(_("{character} is already taken").format(character=character))
    before = p["character"] if p["character"] != character else None    # a correction
    p.update({"character": character, "initial_loot": loot, "loot": loot,
              "tavern": tavern or p["tavern"]})
    return [{"kind": "chosen", "who": p["name"], "character": character, "loot": loot,
             "instead": before}]


def _chosen(state: State, name: str) -> bool:
    p = state["players"][name]
    return p["character"] is not None and p["initial_loot"] is not None


def close_auction(state: State) -> list[Event]:
    """`call` after the Auction: refused while a bid or a Character is missing."""
    waiting = [n for n in seated(state) if state["players"][n]["bid"] is None]
    if waiting:
        raise RuleError(_("still to bid: {players} (T-VAR-AU-1)").format(players=", ".join(waiting)))
    unchosen = [n for n in seated(state) if state["players"][n]["initial_loot"] is None]
    if unchosen:
        raise RuleError(_("still to choose a Character: {players} (`character NAME C --loot N`)"
                          ).format(players=", ".join(unchosen)))
    return [{"kind": "auction_closed"}]
