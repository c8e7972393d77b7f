"""What a brawl's state hides (Game.secret_variants, guide.core.secrets), as the rules say:
an Attack sealed in call 4, its Weapon and its Dirty Trick's name, until call 5 settles it
(T-CALL-4: the attacker's own; the target too before call 4 is over, `views.public_attacks`);
a defender's division of their Dodges until it is settled (T-CALL-5: the defender's); an
Auction bid until the bids are revealed (T-VAR-AU-1: the bidder's); a Weapon pile below its
top (T-WPN-1: only the top is public; the owner's page shows the pile). A hand is public
in this companion (every Counter shows it, docs/taverne.md), so nothing of it is varied.
Sealed choices are no one's but the chooser's: the Pillar, at the terminal, is a player."""

from __future__ import annotations

import copy

from guide.core.secrets import Secret

from .model import State
from .seating import targets


def _copy(state: State) -> State:
    return copy.deepcopy(state)


def secret_variants(state: State) -> list[Secret]:
    out: list[Secret] = []
    if state["revealed"] < 5:
        for i, q in enumerate(state["quarrels"]):
            hand = state["players"][q["attacker"]]["hand"]
            odd = q["range"] == "ranged"                 # T-WPN-2: ranged Attacks are odd
            other = next((w for w in hand if w != q["weapon"] and (not odd or w % 2)), None)
            if other is not None:
                s = _copy(state)
                s["quarrels"][i]["weapon"] = other
                out.append(Secret(q["attacker"], dict(s), f"{q['attacker']}'s sealed Weapon"))
            aim = next((n for n, r in targets(state, q["attacker"]).items()
                        if n != q["target"] and r == q["range"]), None)
            if state["revealed"] < 4 and aim is not None:      # whom: sealed until call 4 ends
                s = _copy(state)
                s["quarrels"][i]["target"] = aim
                out.append(Secret(q["attacker"], dict(s), f"{q['attacker']}'s sealed target"))
            if q["trick"] is not None:
                s = _copy(state)
                s["quarrels"][i]["trick"] = q["trick"] + " (another)"
                out.append(Secret(q["attacker"], dict(s),
                                  f"{q['attacker']}'s sealed Dirty Trick"))
            dodges = q["dodges"]
            if dodges:
                free = next(v for v in range(1, 10) if v not in dodges)
                s = _copy(state)
                s["quarrels"][i]["dodges"] = sorted([free, *dodges[1:]])
                out.append(Secret(q["target"], dict(s), f"{q['target']}'s Dodges against"
                                                        f" {q['attacker']}"))
    for name, p in state["players"].items():
        if p["bid"] is not None and not state["auction_revealed"]:
            s = _copy(state)
            s["players"][name]["bid"] = p["bid"] + 1 if p["bid"] < 30 else p["bid"] - 1
            out.append(Secret(name, dict(s), f"{name}'s sealed bid"))
        if len(p["pile"]) >= 3:
            s = _copy(state)
            pile = s["players"][name]["pile"]
            pile[1], pile[2] = pile[2], pile[1]
            out.append(Secret(name, dict(s), f"{name}'s Weapon pile under its top"))
    return out
