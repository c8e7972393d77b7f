"""Each player's own seat (guide.core.seats): what their phone shows and the moves it offers.

A seat offers, as ready-made lines, the choices its player may make now: Weapons set aside
as Dodges in call 3 (public), the sealed Attack of call 4 (with a Dirty Trick or not), one
Dodge division per Attack in call 5, and the sealed bid of Auction Characters. A sealed
choice's line names it by a code (`sealed Marie 3f9a0c12b4d1`), not by its values: the
line is what the journal keeps and what `undo`, `redo` and `seats` show on the Pillar's
screen, and the Pillar is a player. The code is an HMAC of the choice under a key kept in
the state (never in `guide state`, the TV page or a seat's page), so nobody at the table
can read a choice from it; `sealed` finds the choice among the seat's current ones.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import shlex
from itertools import combinations
from typing import Any

from guide.core.errors import RuleError
from guide.core.i18n import NP_, domain

from . import counters, placements, variants
from .model import Event, Player, State, active, find
from .quarrels import must_attack
from .render import values as spoken
from .seating import clockwise_from, targets

Move = tuple[str, str]                   # (label on the seat's page, command line)
Choice = tuple[str, str, dict[str, Any]]  # (label, kind, the placement's arguments)

RANGES = (NP_("range", "melee"), NP_("range", "ranged"))   # how a target is reached, in words
GENERIC_TRICK = "Dirty Trick"   # the card the player holds; its name is the table's (call 8)
MAX_BID = 30                    # T-VAR-AU-1: an initial Energy 1 to 30
CODE_LENGTH = 12
_, ngettext, pgettext = domain("taverne").functions()
_, ngettext, pgettext = domain("taverne").functions()



def new_key() -> str:
    """The key the seats' codes are made with (made once per brawl, kept in the state)."""
    return secrets.token_hex(16)


def seats(state: State) -> list[str]:
    """Every player seated has a seat, away, entering or shown the door included (their
    page shows the table; they have no moves then)."""
    return list(state["seating"])


def moves(state: State, seat: str) -> list[Move]:
    """The seat's moves now, each legal as it is: public ones as plain lines, sealed ones
    by their code (plain lines when the brawl has no key yet: a campaign from before seats
    until its next command)."""
    p = state["players"].get(seat)
    if p is None:
        return []
    out = _dodges_set_aside(state, p)
    key = state.get("seal_key") or ""
    for label, kind, args in sealed_choices(state, seat):
        line = f"sealed {_q(seat)} {code(key, state, seat, kind, args)}" if key else \
            _plain(seat, kind, args)
        out.append((label, line))
    return out


def sealed_choices(state: State, seat: str) -> list[Choice]:
    """The sealed choices open to the seat's player now: an Attack (call 4), a Dodge
    division against each Attack not yet answered (call 5), a bid (Auction Characters)."""
    p = state["players"].get(seat)
    if p is None:
        return []
    if state["phase"] == "auction":
        if state["auction_revealed"] or p["bid"] is not None:
            return []
        return [(_("Bid {energy} Energy").format(energy=e), "bid", {"energy": e})
                for e in range(1, MAX_BID + 1)]
    if state["phase"] != "brawl" or not active(p) or p["entering"]:
        return []
    if state["call"] == 4 and seat in must_attack(state):
        return _attacks(state, p)
    if state["call"] == 5 and state["revealed"] == 4:
        return _divisions(state, p)
    return []


def _dodges_set_aside(state: State, p: Player) -> list[Move]:
    """Call 3 (T-CALL-3): one Weapon from hand at a time, while the Prestige allows and a
    Weapon stays in hand; or no (more) Dodges. Public: plain lines."""
    if state["phase"] != "brawl" or state["call"] != 3 or not active(p) or p["entering"]:
        return []
    name, cap = p["name"], counters.prestige(p)
    out: list[Move] = []
    if len(p["dodges"]) < cap and len(p["hand"]) > 1:
        out += [(_("Set aside Weapon {weapon} as a Dodge ({count} of at most {most})").format(
                    weapon=v, count=len(p["dodges"]) + 1, most=cap),
                 f"dodges {_q(name)} {v}") for v in p["hand"]]
    if name not in state["ready"]:                  # not yet acted in this call
        out.append((_("No Dodges"), f"dodges {_q(name)}"))
    return out


def _attacks(state: State, p: Player) -> list[Choice]:
    """T-CALL-4, T-WPN-2: every target in range with every Weapon in hand that may reach it
    (odd ones only at range), each with a Dirty Trick attached too when the player holds a
    Specialty (not in the beginner game)."""
    trick = not state["beginner"] and sum(p["specialties"].values()) > 0
    out: list[Choice] = []
    for target, how in targets(state, p["name"]).items():
        for w in p["hand"]:
            if how == "ranged" and w % 2 == 0:
                continue
            label = _("Attack {target} ({range}) with Weapon {weapon}").format(
                target=target, range=pgettext("range", how), weapon=w)
            out.append((label, "attack", {"target": target, "weapon": w, "trick": None}))
            if trick:
                out.append((label + _(" + a Dirty Trick"), "attack",
                            {"target": target, "weapon": w, "trick": GENERIC_TRICK}))
    return out


def _divisions(state: State, p: Player) -> list[Choice]:
    """T-CALL-5, one Attack at a time (the Pillar's advantage order): no Dodge, or 1 to 3
    different values within the Dodges not yet committed, among the values the Weapon can
    be: those in the attacker's hand, odd ones only at range (the rulebook's own reasoning:
    "it can only be an odd-valued Weapon since it is a ranged attack, either the 3 or the
    5"). A value the Weapon cannot be is legal but never guesses; the Pillar can type it."""
    if not p["dodges"]:
        return []
    mine = [q for q in state["quarrels"] if q["target"] == p["name"] and not q["void"]]
    left = len(p["dodges"]) - sum(len(q["dodges"] or []) for q in mine)
    order = clockwise_from(state, state["pillar"])
    out: list[Choice] = []
    for q in sorted((q for q in mine if q["dodges"] is None),
                    key=lambda q: order.index(q["attacker"])):
        a = state["players"][q["attacker"]]
        can_be = [v for v in a["hand"] if q["range"] == "melee" or v % 2]
        head = _("Against {attacker} ({range}): ").format(attacker=a["name"],
                                                          range=pgettext("range", q["range"]))
        for k in range(min(placements.MAX_DODGES_PER_ATTACK, left, len(can_be)) + 1):
            for vs in combinations(can_be, k):
                label = head + (_("dodge {values}").format(values=spoken(vs)) if vs else _("no Dodge"))
                out.append((label, "dodge", {"against": a["name"], "values": list(vs)}))
    return out


def code(key: str, state: State, seat: str, kind: str, args: dict[str, Any]) -> str:
    """The choice's code: an HMAC under the brawl's key, of the turn, the call, the seat and
    the choice (so a code read on the screen says nothing, and is good for this call only)."""
    said = json.dumps([state["turn"], state["call"], seat, kind, args], sort_keys=True)
    return hmac.new(key.encode(), said.encode(), hashlib.sha256).hexdigest()[:CODE_LENGTH]


def apply_sealed(state: State, name: str, given: str) -> list[Event]:
    """`sealed NAME CODE`: the seat's choice whose code this is, placed as `attack`, `dodge`
    or `bid` would place it; refused, saying nothing of any choice, if none has it now."""
    p = find(state, name)
    key = state.get("seal_key") or ""
    for _seat, kind, args in sealed_choices(state, p["name"]) if key else []:
        # bytes: compare_digest refuses non-ASCII str, and a code typed is any text
        if hmac.compare_digest(code(key, state, p["name"], kind, args).encode(),
                               given.strip().encode()):
            if kind == "attack":
                return placements.attack(state, p["name"], args["target"], args["weapon"],
                                         args["trick"])
            if kind == "dodge":
                return placements.dodge(state, p["name"], args["against"], args["values"])
            return variants.bid(state, p["name"], args["energy"])
    raise RuleError(_("that choice is not open to {player} now; choose again on the seat's page").format(
        player=p['name']))


def _plain(seat: str, kind: str, args: dict[str, Any]) -> str:
    """The command form of a choice (only when the brawl has no key)."""
    if kind == "attack":
        trick = f" --trick {_q(args['trick'])}" if args["trick"] else ""
        return f"attack {_q(seat)} --on {_q(args['target'])} --weapon {args['weapon']}{trick}"
    if kind == "dodge":
        return " ".join([f"dodge {_q(seat)} --against {_q(args['against'])}",
                         *map(str, args["values"])]).rstrip()
    return f"bid {_q(seat)} {args['energy']}"


def _q(name: str) -> str:
    return shlex.quote(name)
