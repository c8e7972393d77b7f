"""The Counter: Pints and Prestige, Energy, Loot, and the three limits that beat every card
(T-CNT-1..4)."""

from __future__ import annotations

from .model import Event, Player

MIN_PINTS, MAX_PINTS = 1, 11       # T-CNT-1
MAX_ENERGY = 30                    # T-CNT-2
MAX_LOOT = 9                       # T-CNT-3
# T-CNT-1: the Prestige of each Pint (1 = 1, 7-10 = 4 and 11 = 5 from the rulebook; the
# 2-3 / 4-6 split is the rules page's reading of the Counter)
LADDER = {1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 3, 7: 4, 8: 4, 9: 4, 10: 4, 11: 5}


def prestige(p: Player) -> int:
    return LADDER[p["pints"]]


def stunned(p: Player) -> bool:
    """T-CNT-2: below 1 Energy a player is Stunned."""
    return p["energy"] < 1


def add_pints(p: Player, n: int) -> Event:
    """Move the Prestige pawn n Pints (signed), kept within 1..11 (T-CNT-1, T-CNT-4)."""
    before, pres = p["pints"], prestige(p)
    p["pints"] = max(MIN_PINTS, min(MAX_PINTS, before + n))
    return {"kind": "pints", "who": p["name"], "change": n, "pints": p["pints"],
            "lost": n - (p["pints"] - before), "prestige_before": pres,
            "prestige": prestige(p)}


def add_energy(p: Player, n: int, by: list[str] | None = None) -> Event:
    """Energy changed by n (signed), kept within 0..30 (T-CNT-2, T-CNT-4). `by`: the
    attackers whose hits did it (None: a card, adjudicated by the table)."""
    before = p["energy"]
    was = stunned(p)
    p["energy"] = max(0, min(MAX_ENERGY, before + n))
    if stunned(p) and not was:
        p["stunned_by"] = list(by or [])       # T-CHRONO-1: who gets the Character
    elif not stunned(p):
        p["stunned_by"] = None
    return {"kind": "energy", "who": p["name"], "change": n, "energy": p["energy"],
            "lost": n - (p["energy"] - before), "stunned": stunned(p),
            "was_stunned": was}


def add_loot(p: Player, n: int) -> Event:
    """Loot changed by n (signed), kept within 0..9; gains beyond 9 are lost (T-CNT-3)."""
    before = p["loot"]
    p["loot"] = max(0, min(MAX_LOOT, before + n))
    return {"kind": "loot", "who": p["name"], "change": n, "loot": p["loot"],
            "lost": n - (p["loot"] - before)}
