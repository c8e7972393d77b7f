"""Each player's own seat (guide.core.seats): what their phone shows and the moves it offers.

A seat offers, as ready-made lines, every choice its player makes (docs/taverne.md, Seats):
call 2's Loot spent (a Weapon, a Pint, a Specialty), Assets into play and back into hand,
the Militia at 5 Prestige; Spells at any call (with the formula, or without it: the
Mistake); Weapons set aside as Dodges in call 3 (public); the sealed Attack of call 4 (with
a Dirty Trick or not); the Dodge division of call 5, one Attack at a time (the page asks
how many against whom, then the values on a 1-9 pad, and sends the one move that is that
division, found by its key); the Dirty Trick kept among those served; leaving the table and
coming back; the sealed bid of Auction Characters. Every public move is tried on a copy of
the state first: a seat is only offered what the rules accept now.

A sealed choice's line names it by a code (`sealed Marie 3f9a0c12b4d1`), not by its values:
the line is what the journal keeps and what `undo`, `redo` and `seats` show on the Pillar's
screen, and the Pillar is a player. The code is an HMAC of the choice under a key kept in
the state (never in `guide state`, the TV page or a seat's page), so nobody at the table
can read a choice from it; `sealed` finds the choice among the seat's current ones.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable
from itertools import combinations
from typing import Any, NamedTuple

from guide.core.errors import GuideError, RuleError
from guide.core.i18n import NP_, domain
from guide.core.line import build
from guide.core.seats import Move

from . import adjust, arrivals, cards, counters, placements, turn, variants
from .box import Box
from .model import UNNAMED_ASSET, UNNAMED_TRICK, Event, Player, State, active, find, free_specialties
from .quarrels import must_attack
from .render import card_name
from .render import values as spoken
from .seating import clockwise_from, targets
from .views import waiting


class Choice(NamedTuple):
    """A sealed choice open to a seat: its button, and the placement's arguments."""
    label: str
    kind: str                       # "attack", "dodge" or "bid"
    args: dict[str, Any]
    group: tuple[str, ...] = ()
    detail: str = ""


RANGES = (NP_("range", "melee"), NP_("range", "ranged"))   # how a target is reached, in words
GENERIC_TRICK = "Dirty Trick"   # the card the player holds; its name is the table's (call 8)
GENERIC_ASSET = UNNAMED_ASSET   # an Asset the box does not name: the table's card
MAX_BID = 30                    # T-VAR-AU-1: an initial Energy 1 to 30
CODE_LENGTH = 12
_, ngettext, pgettext = domain("taverne").functions()


def new_key() -> str:
    """The key the seats' codes are made with (made once per brawl, kept in the state)."""
    return secrets.token_hex(16)


def seats(state: State) -> list[str]:
    """Every player seated has a seat, away, entering or shown the door included (their
    page shows the table; an away player's move is coming back)."""
    return list(state["seating"])


def moves(state: State, seat: str, box: Box | None = None) -> list[Move]:
    """The seat's moves now, each legal as it is: public ones as plain lines (the very
    lines the Pillar would type), sealed ones by their code (plain lines when the brawl has
    no key yet: a campaign from before seats until its next command)."""
    p = state["players"].get(seat)
    if p is None:
        return []
    box = box or Box()
    out = _spend(state, p, box) + _dodges_set_aside(state, p)
    key = state.get("seal_key") or ""
    for c in sealed_choices(state, seat, box):
        line = build(["sealed", seat, code(key, state, seat, c.kind, c.args)]) if key else \
            _plain(seat, c.kind, c.args)
        tag = json.dumps({"dodge": c.args["against"], "values": sorted(c.args["values"])},
                         ensure_ascii=False) if c.kind == "dodge" else ""
        out.append(Move(c.label, line, c.group, c.detail, tag))
    return out + _auction_choice(state, p, box) + _next_call(state, seat) + _any_call(state, p, box)


def _next_call(state: State, seat: str) -> list[Move]:
    """The Pillar announces the next call (`call`, T-CALL-1) from their seat too, once the
    call waits for nobody (a table of bots, or a Pillar at their phone)."""
    if state["phase"] != "brawl" or state.get("pillar") != seat or waiting(state)[1]:
        return []
    if not _ok(lambda s: turn.call(s), state):
        return []
    return [Move(_("Next call"), "call", (_("The table"),))]


def _auction_choice(state: State, p: Player, box: Box) -> list[Move]:
    """Auction Characters, after the reveal (T-VAR-AU-2, T-VAR-AU-3): the player's own choice
    of a Character laid out, when it is their turn to choose (the lowest bid first); its
    Initial Loot from the box's card, else the three a card may print, to read off it."""
    if state["phase"] != "auction" or not state["auction_revealed"] or \
            p["initial_loot"] is not None:
        return []
    name = p["name"]
    head = _("Choose your Character")
    out: list[Move] = []
    gone = arrivals.taken(state, but=name)
    for c in sorted(box.characters.values(), key=lambda c: c.name.casefold()):
        if c.name.casefold() in gone:
            continue
        loots = [c.initial_loot] if c.initial_loot is not None else [1, 2, 3]
        if not _ok(variants.choose, state, name, c.name, loots[0], None):
            continue                      # a lower bid chooses first: nothing yet
        for loot in loots:
            out.append(Move(_("{character}, Initial Loot {loot}").format(
                                character=box.shown(c.name), loot=loot),
                            build(["character", name, c.name],
                                  [] if c.initial_loot is not None else [("--loot", loot)]),
                            (head, box.shown(c.name)), c.power or ""))
    return out


def _ok(rule: Callable[..., list[Event]], state: State, *args: Any) -> bool:
    """Whether the rules accept this move now (tried on a copy: nothing changes)."""
    try:
        rule(copy.deepcopy(state), *args)
    except GuideError:
        return False
    return True


def _in(state: State, p: Player, call: int | None = None) -> bool:
    return (state["phase"] == "brawl" and active(p) and not p["entering"]
            and (call is None or state["call"] == call))


def _spend(state: State, p: Player, box: Box) -> list[Move]:
    """Call 2 (T-CALL-2): 1 Loot for the top Weapon of the pile, a Pint, a Specialty; the
    Militia at 5 Prestige; Assets into play and back into hand (T-SPELL-1)."""
    if not _in(state, p, 2):
        return []
    name = p["name"]
    out: list[Move] = []
    spend = (_("Spend your Loot ({loot} left)").format(loot=p["loot"]),)
    if p["pile"] and _ok(placements.buy, state, name, "weapon"):
        rest = p["pile"][1:]
        out.append(Move(_("Weapon {weapon} from your pile").format(weapon=p["pile"][0]),
                        build(["buy", name, "weapon"]), spend,
                        _("1 Loot; then {next} on top").format(next=rest[0]) if rest
                        else _("1 Loot; your pile is then empty")))
    if _ok(placements.buy, state, name, "pint"):
        out.append(Move(_("A Pint: {before} to {after} Pints").format(
                            before=p["pints"], after=p["pints"] + 1),
                        build(["buy", name, "pint"]), spend,
                        _("1 Loot; Prestige {before} to {after}").format(
                            before=counters.prestige(p), after=counters.LADDER[p["pints"] + 1])))
    if _ok(placements.buy, state, name, "specialty"):
        out.append(Move(_("A Specialty from the {tavern} pile").format(tavern=p["tavern"] or "?"),
                        build(["buy", name, "specialty"]), spend, _("1 Loot; drawn into your hand")))
    if _ok(placements.militia, state, name):
        head = (_("The Militia"),)
        first = not state["militia"]
        out.append(Move(_("Call the Militia!"), build(["militia", name]), head,
                        _("you are first: your Dirty Trick {trick} is discarded").format(
                            trick=p["trick"]) if first and p["trick"]
                        else _("you are at 5 Prestige")))
        if first and p["trick"]:
            out.append(Move(_("Call the Militia, keep the Dirty Trick {trick}").format(
                trick=p["trick"]), build(["militia", name], [("--keep-trick", None)]), head))
    assets = (_("Assets"),)
    cap = counters.prestige(p)
    for card in _offered(state, p, box, "asset", GENERIC_ASSET,
                         lambda c: _ok(adjust.asset, state, name, c, "play")):
        if card is not None and (card == GENERIC_ASSET or card not in p["assets"]):
            out.append(Move(_("Put an Asset into play") if card == GENERIC_ASSET else
                            _("Put {card} into play").format(card=card),
                            build(["asset", name, card]), (*assets, _("Into play")),
                            _("{count} of at most {most} in play").format(
                                count=len(p["assets"]) + 1, most=cap)))
    for card in dict.fromkeys(p["assets"]):
        if _ok(adjust.asset, state, name, card, "back"):
            out.append(Move(_("Take an Asset back into hand") if card == GENERIC_ASSET else
                            _("Take {card} back into hand").format(card=card),
                            build(["asset", name, card], [("--back", None)]), assets,
                            _("if it has not been used this turn")))
    return out


def _offered(state: State, p: Player, box: Box, kind: str, generic: str | None,
             allowed: Callable[[str | None], bool]) -> list[str | None]:
    """The Specialties of `kind` ("asset" or "spell") the player may play now: the named
    cards in their hand (T-BOX-1: drawn from their Tavern's pile, each tried), and for the
    Specialties they hold that the box does not name, the box's names of that kind or
    `generic` (the command's unnamed card; one trial: the same rule for any of them)."""
    named = [c for c in dict.fromkeys(cards.hand(state, p["name"]))
             if (known := box.specialties.get(c.casefold())) is None or known.kind == kind]
    out: list[str | None] = [c for c in named if allowed(c)]
    if cards.unnamed(state, p["name"]) > 0:
        others: list[str | None] = [s.name for s in box.specialties.values()
                                    if s.kind == kind] or [generic]
        if allowed(others[0]):
            out += [c for c in others if c not in out]
    return out


def _any_call(state: State, p: Player, box: Box) -> list[Move]:
    """At any call: Spells (T-SPELL-1, with the formula or, a Mistake, without it), an
    Asset discarded when the Prestige no longer holds them all, the Dirty Trick kept among
    those served (T-CALL-8); leaving the table and coming back (T-LEAVE-1)."""
    name = p["name"]
    out: list[Move] = []
    if _in(state, p) and not state["beginner"] and free_specialties(state, p) > 0:
        head = (_("Cast a Spell"),)
        formula = box.taverns.get(p["tavern"] or "") or next(
            (f for f in box.taverns.values() if f), None)
        cast, cap = p["spells"], counters.prestige(p)
        for card in _offered(state, p, box, "spell", None,
                             lambda c: _ok(adjust.spell, state, name, c)):
            spell = card or _("a Spell")
            out.append(Move(_("Shout \u201c{formula}\u201d and cast {spell}").format(
                                formula=formula, spell=spell) if formula
                            else _("Cast {spell} with its formula").format(spell=spell),
                            build(["spell", name, *([card] if card else [])]), head,
                            _("{count} of at most {most} this turn").format(
                                count=cast + 1, most=cap)))
        if out:
            out.append(Move(_("A Spell cast without the formula"),
                            build(["spell", name], [("--no-formula", None)]), head,
                            _("a Mistake: no effect, the card discarded, -1 Pint (T-MIS-1)")))
    if _in(state, p) and len(p["assets"]) > counters.prestige(p):
        head = (_("Too many Assets in play: discard one"),)
        out += [Move(_("Discard an Asset") if card == GENERIC_ASSET else
                     _("Discard {card}").format(card=card),
                     build(["asset", name, card], [("--discard", None)]), head)
                for card in dict.fromkeys(p["assets"])
                if _ok(adjust.asset, state, name, card, "discard")]
    served = state["served"].get(name, []) if _in(state, p) else []
    if len(served) > 1 or (served and p["trick"] not in served):
        head = (_("Dirty Tricks served to you: you suffer one"),)
        out += [Move(_("Keep a Dirty Trick") if card == UNNAMED_TRICK else _("Keep {card}").format(card=card),
                     build(["trick", name, card]), head)
                for card in dict.fromkeys(served)
                if card != p["trick"] and _ok(adjust.trick, state, name, card)]
    table = (_("The table"),)
    if state["phase"] == "brawl" and active(p) and _ok(arrivals.leave, state, name):
        out.append(Move(_("Leave the table"), build(["leave", name]), table,
                        _("nothing affects you while away; come back at a turn's start")))
    elif state["phase"] == "brawl" and _ok(arrivals.back, state, name):
        out.append(Move(_("Come back to the table"), build(["back", name]), table,
                        _("now") if state["call"] == 1 else _("at the next call 1")))
    return out


def sealed_choices(state: State, seat: str, box: Box | None = None) -> list[Choice]:
    """The sealed choices open to the seat's player now: an Attack (call 4), a Dodge
    division against each Attack not yet answered (call 5), a bid (Auction Characters)."""
    p = state["players"].get(seat)
    if p is None:
        return []
    if state["phase"] == "auction":
        if state["auction_revealed"] or p["bid"] is not None:
            return []
        return [Choice(_("Bid {energy} Energy").format(energy=e), "bid", {"energy": e},
                       (_("Your initial Energy (sealed)"),)) for e in range(1, MAX_BID + 1)]
    if state["phase"] != "brawl" or not active(p) or p["entering"]:
        return []
    if state["call"] == 4 and seat in must_attack(state):
        return _attacks(state, p, box or Box())
    if state["call"] == 5 and state["revealed"] == 4:
        return _divisions(state, p)
    return []


def _dodges_set_aside(state: State, p: Player) -> list[Move]:
    """Call 3 (T-CALL-3): one Weapon from hand at a time, while the Prestige allows and a
    Weapon stays in hand; or no (more) Dodges. Public: plain lines."""
    if not _in(state, p, 3):
        return []
    name, cap = p["name"], counters.prestige(p)
    head = (_("Prepare your dodges"),)
    out: list[Move] = []
    if len(p["dodges"]) < cap and len(p["hand"]) > 1:
        out += [Move(_("Set aside Weapon {weapon} as a Dodge ({count} of at most {most})").format(
                         weapon=v, count=len(p["dodges"]) + 1, most=cap),
                     build(["dodges", name, v]), head) for v in p["hand"]]
    if name not in state["ready"]:                  # not yet acted in this call
        out.append(Move(_("No Dodges"), build(["dodges", name]), head))
    return out


def _tricks(state: State, p: Player, box: Box) -> list[str]:
    """The Dirty Tricks the player may attach (T-CALL-4): each named Dirty Trick card in
    their hand (T-BOX-1), and the generic one while they hold Specialties the box does not
    name; none in the beginner game or with no free Specialty."""
    if state["beginner"] or free_specialties(state, p) < 1:
        return []
    named = [c for c in dict.fromkeys(cards.hand(state, p["name"]))
             if (known := box.specialties.get(c.casefold())) is None
             or known.kind == "dirty trick"]
    return named + ([GENERIC_TRICK] if cards.unnamed(state, p["name"]) > 0 else [])


def _attacks(state: State, p: Player, box: Box) -> list[Choice]:
    """T-CALL-4, T-WPN-2: every target in range with every Weapon in hand that may reach it
    (odd ones only at range), each with a Dirty Trick attached too when the player holds
    one (not in the beginner game). Grouped: Attack > the target > the Weapon."""
    tricks = _tricks(state, p, box)
    out: list[Choice] = []
    for target, how in targets(state, p["name"]).items():
        group = (_("Your Attack (sealed)"), _("{target} ({range})").format(
            target=target, range=pgettext("range", how)))
        detail = _("odd Weapons only at range") if how == "ranged" else ""
        for w in p["hand"]:
            if how == "ranged" and w % 2 == 0:
                continue
            label = _("Attack {target} ({range}) with Weapon {weapon}").format(
                target=target, range=pgettext("range", how), weapon=w)
            out.append(Choice(label, "attack", {"target": target, "weapon": w, "trick": None},
                              group, detail))
            for trick in tricks:
                out.append(Choice(label + (_(" + a Dirty Trick") if trick == GENERIC_TRICK
                                           else _(" + the Dirty Trick {card}").format(card=trick)),
                                  "attack", {"target": target, "weapon": w, "trick": trick},
                                  group, detail))
    return out


def _divisions(state: State, p: Player) -> list[Choice]:
    """T-CALL-5, one Attack at a time (the Pillar's advantage order): no Dodge, or 1 to 3
    different values within the Dodges not yet committed, among the values the Weapon can
    be: those in the attacker's hand, odd ones only at range (the rulebook's own reasoning:
    "it can only be an odd-valued Weapon since it is a ranged attack, either the 3 or the
    5"). A value the Weapon cannot be is legal but never guesses; the Pillar can type it.
    The page does not list these as buttons: it asks how many, then the values (a pad), and
    sends the move whose key is that division."""
    if not p["dodges"]:
        return []
    left = dodges_left(state, p)
    out: list[Choice] = []
    for q in open_attacks(state, p):
        a = state["players"][q["attacker"]]
        can_be = can_be_values(state, q)
        head = _("Against {attacker} ({range}): ").format(attacker=a["name"],
                                                          range=pgettext("range", q["range"]))
        group = (_("Settle your quarrels (sealed)"), head.rstrip(": "))
        for k in range(min(placements.MAX_DODGES_PER_ATTACK, left, len(can_be)) + 1):
            for vs in combinations(can_be, k):
                label = head + (_("dodge {values}").format(values=spoken(vs)) if vs else _("no Dodge"))
                out.append(Choice(label, "dodge", {"against": a["name"], "values": list(vs)},
                                  group))
    return out


def open_attacks(state: State, p: Player) -> list[Any]:
    """The Attacks on the player not yet answered, in the Pillar's advantage order."""
    order = clockwise_from(state, state["pillar"])
    mine = [q for q in state["quarrels"] if q["target"] == p["name"] and not q["void"]
            and q["dodges"] is None]
    return sorted(mine, key=lambda q: order.index(q["attacker"]) if q["attacker"] in order else 99)


def dodges_left(state: State, p: Player) -> int:
    """The Dodges set aside not yet committed against an Attack (the player's own)."""
    mine = [q for q in state["quarrels"] if q["target"] == p["name"] and not q["void"]]
    return len(p["dodges"]) - sum(len(q["dodges"] or []) for q in mine)


def can_be_values(state: State, q: Any) -> list[int]:
    """The values an Attack's Weapon can be, as its target reads the attacker's public
    Counter: the attacker's hand (the sealed Weapon stays there), odd ones at range."""
    a = state["players"][q["attacker"]]
    return [v for v in a["hand"] if q["range"] == "melee" or v % 2]


def code(key: str, state: State, seat: str, kind: str, args: dict[str, Any]) -> str:
    """The choice's code: an HMAC under the brawl's key, of the turn, the call, the seat and
    the choice (so a code read on the screen says nothing, and is good for this call only)."""
    said = json.dumps([state["turn"], state["call"], seat, kind, args], sort_keys=True)
    return hmac.new(key.encode(), said.encode(), hashlib.sha256).hexdigest()[:CODE_LENGTH]


def apply_sealed(state: State, name: str, given: str, box: Box | None = None) -> list[Event]:
    """`sealed NAME CODE`: the seat's choice whose code this is, placed as `attack`, `dodge`
    or `bid` would place it; refused, saying nothing of any choice, if none has it now."""
    p = find(state, name)
    key = state.get("seal_key") or ""
    for _label, kind, args, *_rest in sealed_choices(state, p["name"], box) if key else []:
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
        trick = [("--trick", args["trick"])] if args["trick"] else []
        return build(["attack", seat], [("--on", args["target"]), ("--weapon", args["weapon"]), *trick])
    if kind == "dodge":
        return build(["dodge", seat, *args["values"]], [("--against", args["against"])])
    return build(["bid", seat, args["energy"]])


# --- what the seat's page shows (TaverneGame.seat_view adds it to the seat's own view) ------------
def page(state: State, seat: str, box: Box, tv_words: dict[str, Any]) -> dict[str, Any]:
    """The seat page's own part: the player's Counter, hand, pile, Specialties, Trick,
    targets, the Attacks on them to divide their Dodges among, and every sentence the page
    shows, in the table's language (`tv_words`: the TV's words, public). Only the seat's
    own secrets and public facts: it goes to that seat alone."""
    p = state["players"].get(seat)
    if p is None:
        return {"said": {}}
    cap = counters.prestige(p)
    mine = next((q for q in state["quarrels"] if q["attacker"] == seat), None)
    what, who = _waiting(state)
    due = (_in(state, p, 2) and cap == 5 and seat not in state["militia"])
    trick = p["trick"]
    said = {
        "title": f"{seat} · Taverne de la Licorne",
        "who": " · ".join(x for x in [box.shown(p["character"] or ""), p["tavern"] or ""] if x),
        "call": tv_words.get("call", ""), "turn": tv_words.get("turn", ""),
        "now": _now(state, p, seat in who, what, due),
        "due": due,
        "counter": [[_("Prestige"), cap, ngettext("{count} Pint", "{count} Pints", p["pints"]).format(
                        count=p["pints"])],
                    [_("Energy"), p["energy"], _("Stunned") if counters.stunned(p) else "/ 30"],
                    [_("Loot"), p["loot"], "/ 9"]],
        "energy": _("Energy"),
        "h": _headings(state),
        "pile": _pile(p),
        "dodges": spoken(p["dodges"]) if p["dodges"] else _("none"),
        "specialties": _specialties(p) + (
            _("; 1 placed as your Dirty Trick") if free_specialties(state, p)
            < sum(p["specialties"].values()) else ""),
        "held": _held(state, seat, box),
        "assets": (_("Assets in play: {cards} ({count} of at most {most})").format(
                      cards=", ".join(map(card_name, p["assets"])), count=len(p["assets"]), most=cap)
                   if p["assets"] else _("no Asset in play (at most {most})").format(most=cap)),
        "spells": _("Spells cast this turn: {count} of at most {most}").format(
                      count=p["spells"], most=cap),
        "trick": _("Dirty Trick: {card}").format(card=trick) if trick else pgettext("trick", "none"),
        "targets": _targets(state, seat, p),
        "attack": _attack(mine),
        "left": ngettext("{count} Dodge left to divide", "{count} Dodges left to divide",
                         dodges_left(state, p)).format(count=dodges_left(state, p)),
        "how_many": _("How many Dodges?"), "none": _("No Dodge"),
        "count": [ngettext("{count} Dodge", "{count} Dodges", k).format(count=k) for k in range(4)],
        "tap": _("Tap the values you name"),
        "militia": tv_words.get("militia", ""),
        "quarrel_lines": tv_words.get("quarrels", []),
        "seats": [{"name": n, **w} for n, w in zip(state["seating"], tv_words.get("seats", []),
                                                     strict=False)],   # the TV's, in seat order
    }
    return {"hand": _hand(state, p, box, mine), "quarrels": _quarrels(state, seat, p),
            "dodges_left": dodges_left(state, p), "said": said}


def _hand(state: State, p: Any, box: Box, mine: Any) -> list[dict[str, Any]]:
    """The Weapons in the seat's hand, its sealed Attack's marked (until call 5 shows it)."""
    weapon_names = {w["value"]: box.shown(w["name"]) for w in box.weapons if w.get("value")}
    sealed_weapon = mine["weapon"] if mine and state["revealed"] < 5 else None
    return [{"value": v, "name": weapon_names.get(v), "attack": v == sealed_weapon,
             "sub": (_("your Attack") if v == sealed_weapon else
                     _("small") if v <= 5 else _("large"))} for v in p["hand"]]


def _quarrels(state: State, seat: str, p: Any) -> list[dict[str, Any]]:
    """At call 5, the Attacks on the seat to divide its Dodges among (T-DODGE)."""
    if not (state["phase"] == "brawl" and state["call"] == 5 and state["revealed"] == 4
            and active(p)):
        return []
    return [_quarrel(state, q) for q in state["quarrels"] if q["target"] == seat and not q["void"]]


def _quarrel(state: State, q: Any) -> dict[str, Any]:
    return {"attacker": q["attacker"], "range": q["range"], "can_be": can_be_values(state, q),
            "answered": q["dodges"] is not None, "values": q["dodges"],
            "title": _("{attacker} attacks you ({range})").format(
                attacker=q["attacker"], range=pgettext("range", q["range"])),
            "sub": _("the Weapon can be {values} (their hand)").format(
                values=spoken(can_be_values(state, q))),
            "done": (_("your Dodges: {values}").format(values=spoken(q["dodges"]))
                     if q["dodges"] else _("no Dodge")) if q["dodges"] is not None else ""}


def _headings(state: State) -> dict[str, str]:
    """The headings of the seat's page."""
    return {"hand": _("Your Weapons in hand"), "pile": _("Your Weapon pile"),
            "dodges": _("Set aside as Dodges"), "specialties": _("Specialties"),
            "trick": _("Dirty Trick suffered"), "targets": _("Targets in range"),
            "attack": _("Your Attack (only you see it)") if state["revealed"] < 4
            else _("Your Attack (face down until call 5 is settled)") if state["revealed"] < 5
            else _("Your Attack this turn"), "quarrels": _("Settle your quarrels"),
            "table": _("The table"), "moves": _("What you may do"), "said": _("Quarrels")}


def _pile(p: Any) -> str:
    """The seat's Weapon pile: its top, and under it what only the seat knows."""
    if len(p["pile"]) > 1:
        return _("{top} on top; {rest} under it (only you know them)").format(
            top=p["pile"][0], rest=spoken(p["pile"][1:]))
    return _("{top} on top, the last one").format(top=p["pile"][0]) if p["pile"] else _("empty")


def _targets(state: State, seat: str, p: Any) -> list[str]:
    return [_("{target} ({range})").format(target=t, range=pgettext("range", r))
            + (_(": odd Weapons only") if r == "ranged" else "")
            for t, r in (targets(state, seat).items() if active(p) else [])]


def _attack(mine: Any) -> str:
    """The seat's own Attack this turn (its target, Weapon and Trick), or nothing."""
    if not mine:
        return ""
    return (_("{target}, Weapon {weapon}").format(target=mine["target"], weapon=mine["weapon"])
            + (_(" + a Dirty Trick") if mine["trick"] else ""))


def _held(state: State, seat: str, box: Box) -> str:
    """The named Specialties in the seat's hand, each with its kind (T-BOX-1: drawn from
    the Tavern's pile, only their owner knows them); empty when the box names none."""
    named = cards.hand(state, seat)
    if not named:
        return ""
    said = [f"{c} ({pgettext('kind', known.kind)})" if (known := box.specialties.get(c.casefold()))
            else c for c in named]
    return _("In your hand: {cards}").format(cards=", ".join(said))


def _specialties(p: Player) -> str:
    held = {t: k for t, k in p["specialties"].items() if k}
    total = sum(held.values())
    if not total:
        return _("no Specialty in hand")
    where = ", ".join(f"{t} {k}" for t, k in held.items())
    return ngettext("{count} Specialty in hand ({where})", "{count} Specialties in hand ({where})",
                    total).format(count=total, where=where)


def _waiting(state: State) -> tuple[str, list[str]]:
    from .views import waiting
    return waiting(state)


def _now(state: State, p: Player, waited: bool, what: str, due: bool) -> str:
    """What is asked of the player now, in a line."""
    if state["phase"] == "over":
        return ""
    if p["eliminated"]:
        return _("You were shown the door: the Pillar seats you again with a new Character")
    if p["entering"]:
        return _("You enter the brawl at the next call 1")
    if not p["present"]:
        return _("You are away: nothing affects you") if not p["returning"] \
            else _("You are back at the next call 1")
    if due:
        return _("You are at 5 Prestige: call the Militia!")
    if waited:
        return {"to bid": _("Your bid: your initial Energy, sealed"),
                "to set Dodges": _("Your Dodges: set Weapons aside, or none"),
                "to attack": _("Your Attack: a target and a Weapon, sealed"),
                "to dodge": _("Your Dodges: how many against whom, then the values"),
                }.get(what, "")
    if state["phase"] == "brawl" and state["call"] == 2:
        return _("Spend your Loot, or wait for the next call")
    return ""
