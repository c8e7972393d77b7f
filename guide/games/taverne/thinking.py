"""Taverne's `think` level (guide.core.bots.think): the sampler, the heuristic, the moves
weighed, and the same sealed move on a sampled table. docs/taverne.md, Bots.

The sampler (`sample`) builds a whole brawl as a seat may believe it from its page alone:
every public Counter as shown (Pints, Energy, Loot, the Weapons in hand, the pile's top, the
Dodges set aside), the seat's own pile, Attack and Dodge divisions as its page shows them;
what it cannot see is dealt at random within what the page allows:
- another player's pile under its top: the Weapons 1 to 9 that are neither in hand, nor set
  aside, nor on top, in any order (T-WPN-1);
- an Attack another player has placed face down (call 4, T-CALL-4): a target in their range
  and a Weapon of their hand that reaches it (odd at range); once the placements are shown,
  the Weapon alone, the same way;
- another defender's division, answered but sealed (call 5): values the Weapon can be, as
  many as their Dodges left allow (at most 3 an Attack, T-CALL-5);
- the brawl's key for the seats' codes: a fresh one (the seat does not know the table's).

The heuristic (`value`) reads a brawl as each player's strength: the Pints they hold and
may buy (every Loot a Pint in call 2, worth a little less until bought; 11 Pints is 5
Prestige: the Militia, T-CNT-1, T-CALL-7), their Energy (at 0 they are shown the door,
T-CALL-6), a Militia called at 5 Prestige with Energy left nearly a win; and the quarrels
not yet settled counted at what they bring on average: each Attack placed hits unless its
defender guesses the Weapon among the values it can be (their hand, odd at range,
T-CALL-5), each one still to come (call 3 and 4) on each target in range alike. The seat's
share of exp(strength / T) over the players in the brawl is its value.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

from guide.core import turns

from . import counters
from .box import Box
from .model import LARGE, SMALL, State, active, new_player, new_quarrel, new_state, seated
from .seating import reaching, targets
from .seats import can_be_values, sealed_choices, sealed_offer

WEAPONS = set(SMALL) | set(LARGE)
MOST_PINTS = 11                 # T-CNT-1: 5 Prestige
TEMPERATURE = 2.5               # how sharply the strengths split the win
ENERGY_WEIGHT = 0.2             # a Pint is worth 5 Energy to the heuristic
LOOT_WEIGHT = 0.9               # a Loot is a Pint not yet bought (only in call 2, at most 9)
MILITIA = 25.0                  # the Militia called at 5 Prestige, Energy left: nearly won


# --- the sampler ---------------------------------------------------------------------------
def sample(view: dict, seat: str, rng: random.Random) -> dict | None:
    """A whole brawl as `seat` may believe it (see the module's words), or None outside a
    brawl (setup, auction, over) or for a variant the sampler does not deal (Specialties,
    Auction, Double Tavern: the bench plays the beginner game)."""
    you = view.get("you")
    if view.get("over") or you is None or not view.get("beginner") or view.get("variants") \
            or not view.get("turn") or view.get("pillar") is None:
        return None
    state = new_state()
    call = int(view["call"])
    state.update({"phase": "brawl", "beginner": True, "turn": view["turn"], "call": call,
                  "turns": turns.new(c["name"] for c in view["players"]),
                  "militia": list(view["militia"]),
                  "winners": list(view["winners"]), "ko_pile": list(view["ko_pile"]),
                  "revealed": 0 if call <= 4 else 4 if call == 5 else 5,
                  "seal_key": f"{rng.getrandbits(128):032x}"})
    for c in view["players"]:
        name = c["name"]
        extra = view["counters"][name]
        p = new_player(name, None, extra["character"], extra["tavern"], 0)
        p.update({"eliminated": c["eliminated"],
                  "entering": extra["entering"], "returning": extra["returning"],
                  "pints": c["pints"], "energy": c["energy"], "loot": c["loot"],
                  "hand": sorted(c["hand"]), "dodges": sorted(c["dodges"]),
                  "dodge_cap": c["prestige"], "ko": ["?"] * int(extra["ko"])})
        if name == seat:
            p["pile"] = list(you["pile"])
        else:
            top = c["pile_top"]
            rest = sorted(WEAPONS - set(c["hand"]) - set(c["dodges"]) - {top})
            rng.shuffle(rest)
            p["pile"] = ([top] if top is not None else []) + rest
        state["players"][name] = p
    _turn_order(state, view)
    waiting = view["waiting"]["who"]
    if call == 3:
        state["ready"] = [n for n in seated(state) if active(state, n) and n not in waiting]
    if call == 4:
        _sealed_attacks(state, seat, you, waiting, rng)
    elif view["attacks"]:
        _shown_attacks(state, seat, you, view["attacks"], rng)
    return dict(state)


def _turn_order(state: State, view: dict) -> None:
    """The turn order as the Counters show it (model.present): the Pillar's turn, and out of
    it whoever is not present or was shown the door, but the Pillar (who keeps the Pillar
    until the turn ends)."""
    order = state["turns"]
    turns.start(order, view["pillar"])
    for c in view["players"]:
        if (not c["present"] or c["eliminated"]) and c["name"] != view["pillar"]:
            turns.leave(order, c["name"])


def _sealed_attacks(state: State, seat: str, you: dict, waiting: list[str],
                    rng: random.Random) -> None:
    """Call 4: the seat's own Attack as its page shows it; every other player in the brawl
    who has attacked (not in the waiting list) a guessed one."""
    for name in seated(state):
        p = state["players"][name]
        if not active(state, name) or name in waiting or not p["hand"]:
            continue
        if name == seat:
            mine = you.get("attack")
            if mine:
                state["quarrels"].append(new_quarrel(name, mine["target"], mine["weapon"], mine["range"]))
            continue
        reach = targets(state, name)
        if not reach:
            continue
        target = rng.choice(sorted(reach))
        weapon = _weapon(p["hand"], reach[target], rng)
        if weapon is not None:
            state["quarrels"].append(new_quarrel(name, target, weapon, reach[target]))


def _shown_attacks(state: State, seat: str, you: dict, attacks: list[dict],
                   rng: random.Random) -> None:
    """Calls 5 to 9: the placements as shown; a Weapon still face down guessed from its
    attacker's hand, a sealed division guessed within its defender's Dodges."""
    left = {n: len(p["dodges"]) for n, p in state["players"].items()}
    mine = you.get("attack") or {}
    for a in attacks:
        weapon = a["weapon"]
        if weapon is None:          # face down: the seat's own, or guessed from the hand
            weapon = mine.get("weapon") if a["attacker"] == seat else \
                _weapon(state["players"][a["attacker"]]["hand"], a["range"], rng)
        q = new_quarrel(a["attacker"], a["target"], weapon or 1, a["range"])
        q["void"] = a["void"]
        if a["dodged"] is not None:
            q["dodges"] = list(a["dodged"])
        elif a["target"] == seat:
            shown = you.get("dodges", {})
            q["dodges"] = list(shown[a["attacker"]]) if a["attacker"] in shown else None
            if q["dodges"] is not None:
                left[seat] -= len(q["dodges"])
        elif a["answered"]:
            can_be = can_be_values(state, a)
            k = max(0, min(3, left[a["target"]], len(can_be)))
            q["dodges"] = sorted(rng.sample(can_be, k))
            left[a["target"]] -= k
        if a["settled"]:
            q["result"] = {"guessed": not a["hit"], "energy": a["energy"],
                           "winner": a["loot_to"], "loot": a["loot"]}
        state["quarrels"].append(q)


def _weapon(hand: list[int], reach: str, rng: random.Random) -> int | None:
    fits = reaching(hand, reach)
    return rng.choice(fits) if fits else None


# --- the same sealed move on a sampled table ---------------------------------------------
def recast(move: Any, state: State, seat: str, box: Box) -> str | None:
    """A sealed move's line on a sampled brawl: the choice with the same words and key
    among the sample's own, coded with the sample's key; any other line as it is."""
    if move.command != "sealed":
        return move.line
    for c in sealed_choices(state, seat, box):
        if (c.label, c.group, c.key) == (move.label, move.group, move.key):
            return sealed_offer(state, seat, c).line
    return None


# --- the moves weighed -----------------------------------------------------------------
def candidates(moves: list, view: dict) -> list:
    """A Dodge division naming values the Weapon cannot be is never better than one naming
    only values it can be: those are left out (every move kept if none is left); the kit
    then draws the ones it weighs among the rest (BotKit.candidates)."""
    can_be = {q["attacker"]: set(q["can_be"]) for q in (view.get("you") or {}).get("quarrels", [])}
    kept = []
    for m in moves:
        if m.key:
            said = json.loads(m.key)
            if not set(said["values"]) <= can_be.get(said["dodge"], set(range(1, 10))):
                continue
        kept.append(m)
    return kept or list(moves)


# --- the heuristic ---------------------------------------------------------------------------
def value(state: State, seat: str) -> float:
    """The seat's chance to win as the heuristic reads the brawl (see the module's words)."""
    players = state["players"]
    if state["winners"]:
        return 1.0 if seat in state["winners"] else 0.0
    me = players.get(seat)
    if me is None or me["eliminated"]:
        return 0.0
    energy = {n: float(p["energy"]) for n, p in players.items()}
    loot = {n: float(p["loot"]) for n, p in players.items()}
    if state["call"] <= 5 and state["revealed"] < 5:
        _pending(state, seat, energy, loot)
    live = [n for n, p in players.items() if not p["eliminated"] and not p["entering"]]
    strength = {}
    for n in live:
        p = players[n]
        pints = min(p["pints"] + LOOT_WEIGHT * min(loot[n], 9.0), MOST_PINTS)
        s = pints + ENERGY_WEIGHT * max(energy[n], 0.0)
        if energy[n] < 1:
            s -= 6.0 if state["call"] <= 6 else 0.0
        if n in state["militia"] and counters.prestige(p) == 5 and energy[n] >= 1:
            s += MILITIA
        strength[n] = s
    if seat not in strength:
        return 0.0
    top = max(strength.values())
    weights = {n: math.exp((s - top) / TEMPERATURE) for n, s in strength.items()}
    return weights[seat] / sum(weights.values())


def _pending(state: State, seat: str, energy: dict[str, float], loot: dict[str, float]) -> None:
    """The quarrels not yet settled, at what they bring on average (T-CALL-5): the Attacks
    placed, and in calls 3 and 4 those still to come (each player's largest Weapon that
    reaches, on each target in range alike). The seat knows its own Attack's Weapon; any
    other is any value it can be (its attacker's hand, odd at range), so that a guess of it
    on a sampled brawl weighs every value alike. A division not yet made guesses with the
    defender's Dodges spread over the Attacks on them."""
    coming = _placed(state, seat)
    if state["call"] <= 4:
        coming += _to_come(state)
    on: dict[str, float] = {}
    for _a, target, _w, _d, share, _c in coming:
        on[target] = on.get(target, 0.0) + share
    pres = {n: counters.prestige(p) for n, p in state["players"].items()}
    for attack in coming:
        _weigh(state, attack, on, pres, energy, loot)


# an Attack weighed: attacker, target, the Weapons it may be, the defender's division (None:
# not made yet), its share (1, or split over the targets in reach) and every value it can be
Coming = tuple[str, str, list[int], list[int] | None, float, list[int]]


def _placed(state: State, seat: str) -> list[Coming]:
    """The Attacks placed and not settled: the seat's own Weapon, any other's every value it
    can be (its attacker's hand, odd at range: T-WPN-2)."""
    coming: list[Coming] = []
    for q in state["quarrels"]:
        if q["void"] or q["result"] is not None:
            continue
        can_be = can_be_values(state, q)
        weapons = [q["weapon"]] if q["attacker"] == seat else can_be or [q["weapon"]]
        coming.append((q["attacker"], q["target"], weapons, q["dodges"], 1.0, can_be or weapons))
    return coming


def _to_come(state: State) -> list[Coming]:
    """In calls 3 and 4, the Attacks of the players who have not placed one: their largest
    Weapon that reaches, on each target in range alike."""
    done = {q["attacker"] for q in state["quarrels"]}
    coming: list[Coming] = []
    for n, p in state["players"].items():
        if n in done or not active(state, n) or not p["hand"]:
            continue
        reach = targets(state, n)
        for target, how in reach.items():
            fits = reaching(p["hand"], how)
            if fits:
                coming.append((n, target, [max(fits)], None, 1.0 / len(reach), fits))
    return coming


def _weigh(state: State, attack: Coming, on: dict[str, float], pres: dict[str, int],
           energy: dict[str, float], loot: dict[str, float]) -> None:
    """One Attack at what it brings on average: a hit costs the target Energy and gains the
    attacker Loot, a Dodge gains the defender Loot (T-CALL-5); a division not yet made is
    guessed with the defender's Dodges spread over the Attacks `on` them."""
    attacker, target, weapons, dodges, share, can_be = attack
    chance = 0.0
    if dodges is None:
        spread = len(state["players"][target]["dodges"]) / max(round(on[target]), 1)
        chance = min(3.0, spread, len(can_be)) / len(can_be)
    for w in weapons:
        guessed = (1.0 if w in dodges else 0.0) if dodges is not None else chance
        hit = share * (1 - guessed) / len(weapons)
        missed = share * guessed / len(weapons)
        energy[target] -= hit * w
        loot[attacker] += hit * (pres[target] if w > 5 else 1)
        loot[target] += missed * (pres[attacker] if w > 5 else 1)
