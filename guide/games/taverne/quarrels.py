"""Calls 4 and 5 finished: the Attacks revealed, every quarrel settled together, the
Weapons put back (T-CALL-4, T-CALL-5, T-WPN-1), and the Dirty Tricks served (T-CALL-8)."""

from __future__ import annotations

from guide.core.errors import RuleError
from guide.core.i18n import domain

from . import counters
from .model import Event, Quarrel, State, active, pillar, seated, take_specialty
from .seating import clockwise_from, targets

_, ngettext, pgettext = domain("taverne").functions()


def must_attack(state: State) -> list[str]:
    """Who has still to attack in call 4: every player in the brawl with a Weapon in hand
    and someone in range (T-CALL-4)."""
    done = {q["attacker"] for q in state["quarrels"]}
    return [n for n in clockwise_from(state, pillar(state))
            if active(state, n) and n not in done
            and state["players"][n]["hand"] and targets(state, n)]


def attacks_on(state: State, name: str) -> list[Quarrel]:
    """This turn's Attacks on `name`, the void ones left out (T-LEAVE-1)."""
    return [q for q in state["quarrels"] if q["target"] == name and not q["void"]]


def must_dodge(state: State) -> dict[str, list[str]]:
    """Defenders who set Dodges aside, and the Attacks they have not answered yet (call 5):
    each Attack on them, none left unanswered, even once every Dodge is committed (else
    who drops out of the list would tell how their sealed division went)."""
    out: dict[str, list[str]] = {}
    for name in clockwise_from(state, pillar(state)):
        open_ = [q["attacker"] for q in attacks_on(state, name) if q["dodges"] is None]
        if open_ and state["players"][name]["dodges"] and active(state, name):
            out[name] = open_
    return out


def reveal(state: State) -> list[Event]:
    """Finishing call 4: refused while someone has to attack; then every placement is seen
    (who attacks whom, melee or ranged, a Dirty Trick or not); the values stay face down."""
    late = must_attack(state)
    if late:
        raise RuleError(_("still to attack: {players} (T-CALL-4)").format(players=", ".join(late)))
    state["revealed"] = 4
    for q in state["quarrels"]:   # the sealed Tricks leave the hands now (model.sealed_tricks)
        if q["trick"] is not None:
            take_specialty(state["players"][q["attacker"]])
            held = state.get("hands", {}).get(q["attacker"], [])
            if q["trick"] in held:        # a named card of the box (cards.py)
                held.remove(q["trick"])
    return [{"kind": "placements",
             "attacks": [{"attacker": q["attacker"], "target": q["target"], "range": q["range"],
                          "trick": q["trick"] is not None, "void": q["void"]}
                         for q in state["quarrels"]]}]


def resolve(state: State) -> list[Event]:
    """Finishing call 5 (T-CALL-5): every quarrel at once. Guessed: the Attack fails and the
    defender gains Loot; not guessed: the defender loses the Weapon's value in Energy and the
    attacker gains Loot. Loot "1 or P": 1 for a small Weapon, the loser's Prestige for a
    large one. Then the Weapons go back (T-WPN-1)."""
    players = state["players"]
    pres = {n: counters.prestige(p) for n, p in players.items()}
    hitters: dict[str, list[str]] = {}
    for q in state["quarrels"]:
        if not q["void"] and q["weapon"] not in (q["dodges"] or []):
            hitters.setdefault(q["target"], []).append(q["attacker"])
    order = clockwise_from(state, pillar(state))
    events: list[Event] = []
    totals: dict[str, dict[str, int]] = {}
    for q in sorted(state["quarrels"], key=lambda q: (order.index(q["target"]),
                                                      order.index(q["attacker"]))):
        if q["void"]:
            q["result"] = {"void": True}
            events.append({"kind": "quarrel_void", "attacker": q["attacker"],
                           "target": q["target"], "weapon": q["weapon"]})
            continue
        events.append(_settle(state, q, pres, hitters.get(q["target"], [])))
        _count(totals, q)
    for name in order:
        if name in totals:
            t = totals[name]
            events.append({"kind": "quarrels_total", "who": name, "attacks": t["count"],
                           "energy": t["energy"], "loot": t["loot"],
                           "energy_left": players[name]["energy"]})
    events.extend(_weapons_back(state))
    state["revealed"] = 5
    stunned = [n for n in order if active(state, n) and counters.stunned(players[n])]
    if stunned:
        events.append({"kind": "stunned", "who": stunned})
    return events


def _count(totals: dict[str, dict[str, int]], q: Quarrel) -> None:
    """A settled quarrel in the call's totals, for both its players: the summary says what
    each actually gained and lost in the call (T-CALL-5), the Loot won as an attacker as
    well as a defender, and only what the limits let in (T-CNT-2, T-CNT-3)."""
    r = q["result"]
    assert r is not None
    for name in (q["target"], q["attacker"]):
        t = totals.setdefault(name, {"count": 0, "energy": 0, "loot": 0})
        t["count"] += 1
        if name == q["target"]:
            t["energy"] -= r["energy"]
        if name == r["winner"]:
            t["loot"] += r["loot"] - r["loot_lost"]


def _settle(state: State, q: Quarrel, pres: dict[str, int], hitters: list[str]) -> Event:
    a, d = state["players"][q["attacker"]], state["players"][q["target"]]
    dodged = q["dodges"] or []
    guessed = q["weapon"] in dodged
    large = q["weapon"] >= 6
    winner, loser = (d, a) if guessed else (a, d)
    gain = pres[loser["name"]] if large else 1
    energy = 0
    if not guessed:
        hit = counters.add_energy(d, -q["weapon"], by=hitters)
        energy = -(hit["change"] - hit["lost"])      # the Energy actually lost (T-CNT-2)
    won = counters.add_loot(winner, gain)
    q["result"] = {"guessed": guessed, "energy": energy, "winner": winner["name"],
                   "loot": gain, "loot_lost": won["lost"]}
    return {"kind": "quarrel", "attacker": a["name"], "target": d["name"],
            "weapon": q["weapon"], "range": q["range"], "dodged": sorted(dodged),
            "guessed": guessed, "energy": energy, "energy_left": d["energy"],
            "stunned": counters.stunned(d), "winner": winner["name"], "loot": gain,
            "loot_rule": "P" if large else "1", "prestige": pres[loser["name"]],
            "loser": loser["name"], "loot_lost": won["lost"], "loot_total": winner["loot"]}


def _weapons_back(state: State) -> list[Event]:
    """T-WPN-1: small Weapons back to hand; every large one placed this turn (the Attack
    first, then the Dodges in ascending order) under its owner's pile."""
    events: list[Event] = []
    for name in seated(state):
        p = state["players"][name]
        under: list[int] = []
        for q in state["quarrels"]:
            if q["attacker"] == name and q["weapon"] >= 6 and q["weapon"] in p["hand"]:
                p["hand"].remove(q["weapon"])
                under.append(q["weapon"])
        under += [v for v in p["dodges"] if v >= 6]
        p["hand"] = sorted(p["hand"] + [v for v in p["dodges"] if v < 6])
        p["pile"].extend(under)
        p["dodges"] = []
        p["dodge_cap"] = 0
        if under:
            events.append({"kind": "under_pile", "who": name, "weapons": under,
                           "pile_top": p["pile"][0]})
    return events


def serve_tricks(state: State) -> list[Event]:
    """Finishing call 8 (T-CALL-8): Dirty Tricks of successful Attacks are inflicted on
    victims still in the brawl; a victim suffers one (kept: the one already suffered, else
    the first served; `trick` changes the choice); the others are discarded."""
    events: list[Event] = []
    offered: dict[str, list[str]] = {}
    for q in state["quarrels"]:
        if q["trick"] is None:
            continue
        hit = bool(q["result"]) and not q["void"] and not (q["result"] or {}).get("guessed")
        victim = state["players"][q["target"]]
        if hit and active(state, victim["name"]):
            offered.setdefault(victim["name"], []).append(q["trick"])
        else:
            events.append({"kind": "trick_discarded", "attacker": q["attacker"],
                           "target": q["target"], "trick": q["trick"]})
    for name, tricks in offered.items():
        p = state["players"][name]
        choices = ([p["trick"]] if p["trick"] else []) + tricks
        p["trick"] = choices[0]
        state["served"][name] = choices
        events.append({"kind": "trick_served", "who": name, "tricks": tricks,
                       "kept": p["trick"], "choices": choices})
    return events
