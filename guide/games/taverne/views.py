"""What leaves the state, and for whom. `view_for` is the only way a sealed choice (an
Attack and its Dirty Trick before call 5 is settled, a Dodge division, an Auction bid)
leaves the state: everyone sees the public Counters and who has chosen; a seat also sees
its own sealed choices. `guide state`, `status` and the TV page are built from it."""

from __future__ import annotations

from typing import Any

from guide.core import turns
from guide.core.players import Player

from . import chrono, counters
from .model import State, active, away, pillar, present, seated
from .quarrels import must_attack, must_dodge
from .seating import targets


def _counter(state: State, name: str) -> dict[str, Any]:
    p = state["players"][name]
    return {"name": name, "present": present(state, name), "eliminated": p["eliminated"],
            "pints": p["pints"], "prestige": counters.prestige(p), "energy": p["energy"],
            "loot": p["loot"], "stunned": counters.stunned(p), "hand": sorted(p["hand"]),
            "pile_top": p["pile"][0] if p["pile"] else None, "dodges": list(p["dodges"])}


def public_attacks(state: State) -> list[dict[str, Any]]:
    """The Attacks as the table sees them: nothing before call 4 is finished; then who
    attacks whom (melee or ranged, a Dirty Trick or not); values and Dodges once settled."""
    if state["revealed"] < 4:
        return []
    settled = state["revealed"] >= 5
    out = []
    for q in state["quarrels"]:
        r = q["result"] or {}
        shown = {"weapon": q["weapon"], "dodged": sorted(q["dodges"] or []),
                 "hit": None if q["void"] else not r.get("guessed"), "energy": r.get("energy"),
                 "loot_to": r.get("winner"), "loot": r.get("loot")}
        out.append({"attacker": q["attacker"], "target": q["target"], "range": q["range"],
                    "trick": q["trick"] is not None, "void": q["void"],
                    "answered": q["dodges"] is not None, "settled": settled,
                    **(shown if settled else dict.fromkeys(shown))})   # the values once settled
    return out


def public_state(state: State) -> dict[str, Any]:
    """`guide state --game taverne`: the rules page's shape, plus the variants, whether the
    brawl is over, and the Attacks as far as they are public."""
    return {"schema": 1, "game": "taverne", "turn": state["turn"], "call": state["call"],
            "pillar": pillar(state), "militia": list(state["militia"]),
            "winners": list(state["winners"]), "over": state["phase"] == "over",
            "variants": list(state["variants"]), "beginner": state["beginner"],
            "players": [_counter(state, n) for n in seated(state)],
            "attacks": public_attacks(state)}


def waiting(state: State) -> tuple[str, list[str]]:
    """What the current call waits for, and who (names only: public)."""
    if state["phase"] == "auction":
        if state["auction_revealed"]:
            return "to choose a Character", [n for n in seated(state)
                                             if state["players"][n]["initial_loot"] is None]
        return "to bid", [n for n in seated(state) if state["players"][n]["bid"] is None]
    if state["phase"] != "brawl":
        return "", []
    c = state["call"]
    if c == 3:
        return "to set Dodges", [n for n in seated(state)
                                 if active(state, n) and n not in state["ready"]]
    if c == 4:
        return "to attack", must_attack(state)
    if c == 5 and state["revealed"] == 4:
        return "to dodge", list(must_dodge(state))
    return "", []


def players(state: State) -> list[Player]:
    """Every seated player, away, entering or shown the door included, each with a seat;
    the calls are played at once (T-CALL-1..9), so it is the turn (Player.turn) of whoever
    the call waits for (`waiting`), else of the Pillar, to announce the next call (the
    core's turn order: guide.core.turns.player); nobody's before the brawl and after it."""
    order = state["turns"]
    if state["phase"] in ("setup", "over"):
        return [Player(n) for n in turns.seated(order)]
    who = waiting(state)[1]
    return [Player(n, turn=n in who) if who else turns.player(order, n)
            for n in turns.seated(order)]


def view_for(state: State, viewer: str | None = None) -> dict[str, Any]:
    """The state as `viewer` may see it (None: the table, the TV page, `guide state`)."""
    out = public_state(state)
    what, who = waiting(state)
    out["waiting"] = {"for": what, "who": who}
    out["ko_pile"] = list(state["ko_pile"])
    out["counters"] = {n: {"character": p["character"], "assets": list(p["assets"]),
                           "trick": p["trick"], "specialties": sum(p["specialties"].values()),
                           "by_tavern": {k: v for k, v in p["specialties"].items() if v},
                           "tavern": p["tavern"], "entering": p["entering"],
                           "returning": p["returning"], "away": away(state, n),
                           "ko": len(p["ko"])}
                       for n, p in state["players"].items()}
    if viewer is not None and viewer in state["players"]:
        p = state["players"][viewer]
        mine = [q for q in state["quarrels"] if q["attacker"] == viewer]
        out["me"] = {"name": viewer, "pile": list(p["pile"]), "bid": p["bid"],
                     "cards": list(state.get("hands", {}).get(viewer, [])),
                     "attack": ({k: mine[0][k] for k in ("target", "weapon", "range", "trick")}
                                if mine else None),
                     "dodges": {q["attacker"]: list(q["dodges"]) for q in state["quarrels"]
                                if q["target"] == viewer and q["dodges"] is not None},
                     "targets": targets(state, viewer) if active(state, viewer) else {}}
    return out


# what a TV seat shows of the player's counters beside their public Counter
SEAT_COUNTER = ("character", "assets", "trick", "specialties", "away", "entering")


def tv(state: State, words: dict[int, str]) -> dict[str, Any]:
    """The players' view: the table from above (clockwise), each public Counter, the
    quarrels and whether settled, the call in large letters."""
    view = view_for(state, None)
    n = len(seated(state))
    seats = []
    for i, c in enumerate(view["players"]):
        extra = view["counters"][c["name"]]
        seats.append({**c, "seat": i, "of": n, "pillar": c["name"] == pillar(state),
                      **{k: extra[k] for k in SEAT_COUNTER}, "hand_size": len(c["hand"])})
    return {"game": "taverne", "turn": state["turn"], "call": state["call"],
            "words": words.get(state["call"], "") if state["phase"] == "brawl" else "",
            "phase": state["phase"], "pillar": pillar(state), "seats": seats,
            "quarrels": view["attacks"], "waiting": view["waiting"],
            "militia": view["militia"], "winners": view["winners"], "over": view["over"],
            "false_alarm": false_alarm(state), "chrono": chrono.tv(state)}   # T-CHRONO-2


def false_alarm(state: State) -> bool:
    """T-CALL-7: the Militia was called this turn, call 7 is past and nobody won: a false
    alarm, the brawl goes on (shown until the turn ends)."""
    return (state["phase"] == "brawl" and state["call"] >= 8 and bool(state["militia"])
            and not state["winners"])
